import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(high_peep=15, low_peep=5, tidal_volume=400, exhaled_vt_high_peep=400, plateau_pressure_low_peep=25)


def ri(**kw):
    return calculate("recruitment-to-inflation-ratio", {**BASE, **kw})


def test_worked_example():
    # released 750 − 400 = 350; Crs 400 / 20 = 20; recruited 350 − 20 × 10 = 150; Crec 15; R/I 0.75
    r = ri(exhaled_volume_peep_drop=750)
    assert r.value == pytest.approx(0.75) and "high recruiter" in r.interpretation


@pytest.mark.parametrize(("volume", "words"), [(700, "high recruiter"), (699, "low recruiter")])
def test_high_recruiter_from_05(volume, words):
    # released 300: recruited 100, Crec 10, R/I 0.5; 299: 0.495
    assert words in ri(exhaled_volume_peep_drop=volume).interpretation


def test_airway_opening_pressure_above_low_peep_replaces_it():
    # P_low 8: Crs 400 / 17; step 7; released 350
    r = ri(exhaled_volume_peep_drop=750, airway_opening_pressure=8)
    crs = 400 / 17
    assert r.value == pytest.approx((350 - crs * 7) / 7 / crs)
    assert ri(exhaled_volume_peep_drop=750, airway_opening_pressure=4).value == pytest.approx(0.75)  # below: unused


def test_impossible_inputs_are_refused():
    with pytest.raises(CalculatorInputError, match="exhaled_volume_peep_drop"):
        ri(exhaled_volume_peep_drop=300)  # less than a tidal volume: no volume released
    with pytest.raises(CalculatorInputError, match="high_peep"):
        ri(exhaled_volume_peep_drop=750, high_peep=5)
    with pytest.raises(CalculatorInputError, match="plateau_pressure_low_peep"):
        ri(exhaled_volume_peep_drop=750, plateau_pressure_low_peep=5)
