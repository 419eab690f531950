import math

import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench

BASE = dict(creatinine=1.0, bilirubin=1.0, inr=1.0, sodium=137)


def meld(**kw):
    return calculate("meld-na", {**BASE, **kw})


def test_floor_values_give_6():
    # 0.643 → 0.6 → 6
    r = meld()
    assert r.value == 6 and r.rounded == 6


def test_lower_bounds_of_1_0():
    assert meld(creatinine=0.5, bilirubin=0.3, inr=0.8).value == 6


def test_meld_i_rounded_to_tenth_then_times_10():
    # 0.957 ln 2 + 1.120 ln 1.59 + 0.643 = 1.8257 → 1.8 → 18 (not 20)
    raw = 0.957 * math.log(2.0) + 1.120 * math.log(1.59) + 0.643
    assert round(raw, 1) == 1.8
    assert meld(creatinine=2.0, inr=1.59, sodium=142).value == 18


def test_sodium_term_only_when_meld_i_above_11():
    # Cr 1.61: 0.957 ln 1.61 + 0.643 = 1.0988 → 11 → no sodium term even at Na 125
    assert round(0.957 * math.log(1.61) + 0.643, 1) == 1.1
    assert meld(creatinine=1.61, sodium=125).value == 11
    # Cr 1.75: 1.1786 → 12 > 11 → 12 + 1.32 × 7 − 0.033 × 12 × 7 = 18.468 → 18
    assert round(0.957 * math.log(1.75) + 0.643, 1) == 1.2
    assert meld(creatinine=1.75, sodium=130).value == round(12 + 1.32 * 7 - 0.033 * 12 * 7)


def test_sodium_bounds_125_137():
    # MELD(i) 12 (Cr 1.75): Na 120 counts as 125, Na 140 as 137
    assert meld(creatinine=1.75, sodium=120).value == round(12 + 1.32 * 12 - 0.033 * 12 * 12)  # 18.09 → 18
    assert meld(creatinine=1.75, sodium=125).value == meld(creatinine=1.75, sodium=120).value
    assert meld(creatinine=1.75, sodium=140).value == 12


def test_creatinine_cap_and_dialysis():
    # Cr 4.0: 0.957 ln 4 + 0.643 = 1.9697 → 2.0 → 20
    assert meld(creatinine=4.0).value == 20
    assert meld(creatinine=6.0).value == 20
    assert meld(creatinine=1.0, dialysis_twice_past_week=True).value == 20
    assert meld(creatinine=1.0, cvvhd_24h_past_week=True).value == 20


def test_capped_at_40():
    # Cr 4, bili 40, INR 5: raw 5.1667 → 52 → 52 + 15.84 − 20.592 = 47.2 → 40
    raw = 0.957 * math.log(4) + 0.378 * math.log(40) + 1.120 * math.log(5) + 0.643
    assert round(raw, 1) == 5.2
    assert meld(creatinine=4.0, bilirubin=40, inr=5, sodium=120).value == 40


def test_bilirubin_umol_per_l():
    # 2 mg/dL × 17.1 µmol/L per mg/dL; 0.378 ln 2 + 0.643 = 0.905 → 0.9 → 9
    assert meld(bilirubin="34.2 umol/L").value == 9
    assert "1.9%" in meld(bilirubin="34.2 umol/L").interpretation


def test_findings_not_given_are_warned():
    r = meld()
    assert {w.field for w in r.warnings if w.code == "assumed_default"} == {
        "dialysis_twice_past_week", "cvvhd_24h_past_week"}


def test_missing_inr():
    with pytest.raises(CalculatorInputError, match="inr"):
        calculate("meldna", creatinine=1.0, bilirubin=1.0, sodium=137)


def test_medcalc_bench_row_344_follows_optn_rounding():
    r = from_medcalc_bench(23, "{'creatinine': [10.48, 'mg/dL'], "
                               "'Continuous veno-venous hemodialysis for ≥24 hours in the past week': True, "
                               "'Dialysis at least twice in the past week': True, 'international normalized ratio': 1.1, "
                               "'Sodium': [134.0, 'mEq/L'], 'Bilirubin': [1.14, 'mg/dL']}")
    raw = 0.957 * math.log(4.0) + 0.378 * math.log(1.14) + 1.120 * math.log(1.1) + 0.643  # 2.126 → 21
    assert round(raw, 1) == 2.1
    assert r.value == round(21 + 1.32 * 3 - 0.033 * 21 * 3)  # 22.881 → 23


@pytest.mark.parametrize("score, band", [(9, "≤ 9"), (10, "10-19"), (19, "10-19"), (20, "20-29"), (29, "20-29"),
                                         (30, "30-39"), (39, "30-39"), (40, "≥ 40")])
def test_mortality_band_edges(score, band):
    from medreckon.calculators.library.meld_na import mortality_band

    assert mortality_band(score).startswith(f"MELD {band}")
