import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench


def osm(**kw):
    return calculate("serum-osmolality", kw)


def test_formula():
    # 2 x 140 + 14 / 2.8 + 90 / 18 = 280 + 5 + 5
    r = osm(sodium=140, bun=14, glucose=90)
    assert r.value == pytest.approx(290.0)
    assert r.interpretation.startswith("within")


def test_si_units():
    # urea 5 mmol/L = 5 x 2.80134 mg/dL BUN; glucose 5 mmol/L = 5 x 18.016 mg/dL
    r = osm(sodium="140 mmol/L", bun="5 mmol/L", glucose="5 mmol/L")
    assert r.value == pytest.approx(280 + 5 * 2.80134 / 2.8 + 5 * 18.016 / 18, abs=1e-3)


@pytest.mark.parametrize(
    "sodium, glucose, expected, band",
    [
        (137, 16.2, 274.9, "below"),  # 274 + 0.9
        (137, 18, 275.0, "within"),  # 274 + 1: the lower limit is inside
        (147, 18, 295.0, "within"),  # 294 + 1: the upper limit is inside
        (147, 19.8, 295.1, "above"),  # 294 + 1.1
    ],
)
def test_reference_interval_both_sides(sodium, glucose, expected, band):
    r = osm(sodium=sodium, bun=0, glucose=glucose)
    assert r.value == pytest.approx(expected)
    assert r.interpretation.startswith(band)


def test_missing_bun_is_an_error():
    with pytest.raises(CalculatorInputError, match="bun"):
        osm(sodium=140, glucose=90)


def test_medcalc_bench_row():
    # row 405: 2 x 131 + 18 / 2.8 + 70 / 18 = 262 + 6.4286 + 3.8889
    r = from_medcalc_bench(30, "{'Sodium': [131.0, 'mEq/L'], 'Glucose': [70.0, 'mg/dL'], "
                               "'Blood Urea Nitrogen (BUN)': [18.0, 'mg/dL']}")
    assert r.value == pytest.approx(272.317, abs=1e-3)


def test_ethanol_adds_its_osmoles_over_37_by_default():
    # MDCalc's Serum Osmolality/Osmolarity: 2 × 140 + 48 / 2.8 + 120 / 18 + 40 / 3.7 = 314.6
    r = calculate("serum-osmolality", sodium=140, bun=48, glucose=120, ethanol=40)
    assert r.value == pytest.approx(280 + 48 / 2.8 + 120 / 18 + 40 / 3.7)
    r46 = calculate("serum-osmolality", sodium=140, bun=48, glucose=120, ethanol=40, ethanol_divisor="4.6")
    assert r46.value == pytest.approx(280 + 48 / 2.8 + 120 / 18 + 40 / 4.6)
    assert r.outputs["osmolal_gap"]["value"] is None  # no measured osmolality given


@pytest.mark.parametrize(("measured", "elevated"), [(305, False), (305.1, True)])
def test_osmolal_gap_above_10_with_a_measured_osmolality(measured, elevated):
    r = calculate("serum-osmolality", sodium=140, bun=28, glucose=90, measured_osmolality=measured)  # calc 295
    assert r.value == pytest.approx(295)
    assert r.outputs["osmolal_gap"]["value"] == pytest.approx(measured - 295)
    assert ("> 10" in r.interpretation) is elevated and ("not elevated" in r.interpretation) is not elevated
