import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench


def ldl(**kw):
    return calculate("ldl-calculated", kw)


def test_friedewald():
    r = ldl(total_cholesterol=200, hdl=50, triglycerides=150)
    assert r.value == pytest.approx(200 - 50 - 150 / 5)
    assert r.interpretation.startswith("near or above optimal")


def test_mmol_per_l():
    # cholesterol 38.665 mg/dL per mmol/L (386.65 g/mol); triglycerides 88.57 (885.7 g/mol)
    r = ldl(total_cholesterol="5.2 mmol/L", hdl="1.3 mmol/L", triglycerides="1.7 mmol/L")
    assert r.value == pytest.approx(5.2 * 38.665 - 1.3 * 38.665 - 1.7 * 88.57 / 5)


def test_triglycerides_400_warns_and_399_does_not():
    assert any(w.field == "triglycerides" for w in ldl(total_cholesterol=300, hdl=40, triglycerides=400).warnings)
    assert not any(w.field == "triglycerides" for w in ldl(total_cholesterol=300, hdl=40, triglycerides=399).warnings)


@pytest.mark.parametrize(
    "tc, start",
    [(150.9, "optimal"), (151, "near or above optimal"), (180.9, "near or above optimal"), (181, "borderline high"),
     (210.9, "borderline high"), (211, "high"), (240.9, "high"), (241, "very high")],
)
def test_atp3_bands_both_sides(tc, start):
    # HDL 50, TG 5 → LDL = TC − 51: 100, 130, 160, 190 are each band's inclusive lower limit
    r = ldl(total_cholesterol=tc, hdl=50, triglycerides=5)
    assert r.value == pytest.approx(tc - 51)
    assert r.interpretation.startswith(start)


def test_errors():
    with pytest.raises(CalculatorInputError, match="hdl"):
        calculate("friedewald", total_cholesterol=200, triglycerides=150)
    with pytest.raises(CalculatorInputError, match="triglycerides"):
        ldl(total_cholesterol=200, hdl=50, triglycerides=-5)


def test_medcalc_bench_row_512():
    r = from_medcalc_bench(44, "{'Total cholesterol': [182.0, 'mg/dL'], "
                               "'high-density lipoprotein cholesterol': [39.0, 'mg/dL'], 'Triglycerides': [196.0, 'mg/dL']}")
    assert r.value == pytest.approx(182 - 39 - 196 / 5)
    assert r.value == pytest.approx(103.8)
