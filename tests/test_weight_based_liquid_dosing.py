import pytest

from medreckon import CalculatorInputError, calculate


def liquid(**kw):
    return calculate("weight-based-liquid-dosing", {"weight": 42, "daily_dose_per_kg": 0.45, "dosing_interval": 8,
                                                    "formulation_amount": 4, "formulation_volume": 5, **kw})


def test_split_daily_dose():
    r = liquid()  # 18.9 mg a day, 3 doses of 6.3 mg, 7.875 mL each
    assert r.value == pytest.approx(6.3)
    assert r.outputs["daily_dose"]["value"] == pytest.approx(18.9)
    assert r.outputs["volume_per_dose"]["value"] == pytest.approx(7.875) and r.outputs["volume_per_dose"]["rounded"] == 7.88


def test_once_daily():
    r = liquid(weight=80, daily_dose_per_kg=15, dosing_interval=24, formulation_amount=10, formulation_volume=1)
    assert r.value == pytest.approx(1200) and r.outputs["volume_per_dose"]["value"] == pytest.approx(120)


def test_units():
    assert liquid(weight="92.594 lb").value == pytest.approx(6.3, rel=1e-4)
    assert liquid(dosing_interval="8").value == pytest.approx(6.3)
    assert liquid(formulation_amount="4000 mcg").outputs["volume_per_dose"]["value"] == pytest.approx(7.875)


@pytest.mark.parametrize("hours, doses", [(24, 1), (12, 2), (6, 4), (4, 6), (1, 24)])
def test_intervals(hours, doses):
    assert liquid(dosing_interval=hours).value == pytest.approx(18.9 / doses)


@pytest.mark.parametrize("hours", [7, 48, "q8h"])
def test_interval_must_divide_the_day(hours):
    with pytest.raises(CalculatorInputError, match="dosing_interval"):
        liquid(dosing_interval=hours)
