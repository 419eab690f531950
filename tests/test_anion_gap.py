import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench

# ---------------------------------------------------------------- anion gap


def test_anion_gap_and_its_normal_boundary():
    at = calculate("anion-gap", sodium=140, chloride=104, bicarbonate=24)  # 140 - 128
    assert at.value == pytest.approx(12.0)
    assert "not above" in at.interpretation
    above = calculate("anion-gap", sodium=141, chloride=104, bicarbonate=24)  # 141 - 128
    assert above.value == pytest.approx(13.0)
    assert "not above" not in above.interpretation and "above" in above.interpretation


def test_anion_gap_in_mmol_per_litre():
    assert calculate("ag", sodium="139 mmol/L", chloride="104 mmol/L", bicarbonate="20 mmol/L").value == 15.0


def test_negative_anion_gap_warns():
    r = calculate("ag", sodium=120, chloride=110, bicarbonate=20)  # 120 - 130
    assert r.value == pytest.approx(-10.0)
    assert any("negative anion gap" in w.message for w in r.warnings)


def test_missing_chloride_and_impossible_bicarbonate():
    with pytest.raises(CalculatorInputError, match="chloride"):
        calculate("ag", sodium=140, bicarbonate=24)
    with pytest.raises(CalculatorInputError, match="bicarbonate"):
        calculate("ag", sodium=140, chloride=100, bicarbonate=-1)


# ---------------------------------------------------------------- delta gap and delta ratio


def test_delta_gap():
    # anion gap 140 - (100 + 14) = 26; delta gap 26 - 12 = 14
    assert calculate("delta-gap", sodium=140, chloride=100, bicarbonate=14).value == pytest.approx(14.0)


@pytest.mark.parametrize(
    "chloride, ratio, band",
    [
        # sodium 140, bicarbonate 14: anion gap 126 - Cl, ratio (126 - Cl - 12) / (24 - 14)
        (110.1, 0.39, "pure normal anion gap"),
        (110, 0.4, "mixed high and normal"),
        (106.1, 0.79, "mixed high and normal"),
        (106, 0.8, "pure high anion gap"),
        (94, 2.0, "pure high anion gap"),
        (93.9, 2.01, "concurrent metabolic alkalosis"),
    ],
)
def test_delta_ratio_bands_both_sides(chloride, ratio, band):
    r = calculate("delta-ratio", sodium=140, chloride=chloride, bicarbonate=14)
    assert r.value == pytest.approx(ratio)
    assert band in r.interpretation


def test_delta_ratio_undefined_at_bicarbonate_24():
    with pytest.raises(CalculatorInputError, match="bicarbonate"):
        calculate("delta-ratio", sodium=140, chloride=100, bicarbonate=24)


@pytest.mark.parametrize(
    "chloride, bicarbonate, ratio",
    [
        (104, 28.2, -5.2 / -4.2),  # no acidosis: bicarbonate above 24 (anion gap 6.8)
        (108, 20, -4 / 4),  # anion gap 12 - 4 = 8, not elevated
    ],
)
def test_delta_ratio_without_high_gap_acidosis_is_not_interpreted(chloride, bicarbonate, ratio):
    sodium = 139 if bicarbonate > 24 else 136
    r = calculate("delta-ratio", sodium=sodium, chloride=chloride, bicarbonate=bicarbonate)
    assert r.value == pytest.approx(ratio)
    assert r.interpretation.startswith("not interpretable")
    assert any(w.field == "bicarbonate" for w in r.warnings)


# ---------------------------------------------------------------- albumin-corrected forms

LYTES = dict(sodium=140, chloride=100, bicarbonate=20)  # anion gap 20


def test_albumin_corrected_anion_gap():
    # 20 + 2.5 x (4 - 2) = 25
    assert calculate("albumin-corrected-anion-gap", **LYTES, albumin=2.0).value == pytest.approx(25.0)
    # albumin above 4 lowers it: 20 + 2.5 x (4 - 5) = 17.5
    assert calculate("corrected-ag", **LYTES, albumin=5.0).value == pytest.approx(17.5)


def test_albumin_in_grams_per_litre():
    assert calculate("corrected-ag", **LYTES, albumin="20 g/L").value == pytest.approx(25.0)


def test_albumin_corrected_delta_gap_and_ratio():
    # corrected anion gap 25; delta gap 25 - 12 = 13; ratio 13 / (24 - 20) = 3.25
    assert calculate("albumin-corrected-delta-gap", **LYTES, albumin=2.0).value == pytest.approx(13.0)
    r = calculate("albumin-corrected-delta-ratio", **LYTES, albumin=2.0)
    assert r.value == pytest.approx(3.25)
    assert r.interpretation.startswith("high anion gap metabolic acidosis with a concurrent metabolic alkalosis")
    # uncorrected the same patient reads as a pure high anion gap acidosis: (20 - 12) / 4 = 2.0
    assert calculate("delta-ratio", **LYTES).value == pytest.approx(2.0)


def test_albumin_is_required():
    with pytest.raises(CalculatorInputError, match="albumin"):
        calculate("albumin-corrected-anion-gap", **LYTES)


def test_albumin_labelled_mg_per_dl_converts_and_warns():
    # 3.2 mg/dL = 0.0032 g/dL: 20 + 2.5 x (4 - 0.0032); the warning suggests g/dL
    r = calculate("corrected-ag", **LYTES, albumin="3.2 mg/dL")
    assert r.value == pytest.approx(20 + 2.5 * (4 - 0.0032))
    (w,) = [w for w in r.warnings if w.field == "albumin"]
    assert w.code == "implausible" and "did you mean 3.2 g/dL" in w.message


# ---------------------------------------------------------------- MedCalc-Bench rows


@pytest.mark.parametrize(
    "cid, entities, expected",
    [
        (39, "{'Chloride': [104.0, 'mmol/L'], 'Bicarbonate': [20.0, 'mmol/L'], 'Sodium': [139.0, 'mmol/L']}", 15.0),
        (63, "{'Chloride': [108.0, 'mEq/L'], 'Bicarbonate': [4.6, 'mEq/L'], 'Sodium': [139.0, 'mEq/L']}", 14.4),
        # row 749: (134 - 107.2 - 12) / (24 - 7.2) = 14.8 / 16.8
        (64, "{'Sodium': [134.0, 'mEq/L'], 'Bicarbonate': [7.2, 'mmol/L'], 'Chloride': [100.0, 'mEq/L']}", 0.881),
        (65, "{'Chloride': [135.0, 'mEq/L'], 'Albumin': [4.5, 'g/dL'], 'Bicarbonate': [18.5, 'mEq/L'], "
             "'Sodium': [174.0, 'mEq/L']}", 19.25),
        (66, "{'Albumin': [3.7, 'g/dL'], 'Sodium': [125.0, 'mmol/L'], 'Chloride': [87.0, 'mmol/L'], "
             "'Bicarbonate': [28.0, 'mmol/L']}", -1.25),
        (67, "{'Chloride': [116.0, 'mEq/L'], 'Albumin': [3.7, 'g/dL'], 'Bicarbonate': [12.1, 'mEq/L'], "
             "'Sodium': [137.0, 'mEq/L']}", -0.197),
    ],
)
def test_medcalc_bench_rows(cid, entities, expected):
    assert from_medcalc_bench(cid, entities).value == pytest.approx(expected, abs=1e-3)


def test_medcalc_bench_sodium_labelled_mg_per_dl_is_converted_with_a_warning():
    # row 753: the note's "sodium 137 mg/dL" means mmol/L; taken as labelled it is 1370 / 22.99 = 59.59 mEq/L
    r = from_medcalc_bench(64, "{'Chloride': [95.0, 'mmol/L'], 'Bicarbonate': [30.0, 'mmol/L'], "
                               "'Sodium': [137.0, 'mg/dL']}")
    assert r.inputs["sodium"] == pytest.approx(1370 / 22.99)
    assert r.value == pytest.approx((1370 / 22.99 - 125 - 12) / (24 - 30))
    assert any(w.field == "sodium" and "did you mean 137 mEq/L" in w.message for w in r.warnings)
