import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(urine_creatinine=95, plasma_creatinine=2.7, urine_urea=520, plasma_urea=48, urine_volume=1200)


def test_worked_example():
    r = calculate("residual-kidney-function", BASE)
    kcr = 95 * 1200 / (2.7 * 1440)
    kur = 520 * 1200 / (48 * 1440)
    assert r.outputs["creatinine_clearance"]["value"] == pytest.approx(kcr)
    assert r.outputs["urea_clearance"]["value"] == pytest.approx(kur)
    assert r.value == pytest.approx((kcr + kur) / 2) and r.rounded == 19.2


def test_collection_time_and_units():
    r = calculate("residual-kidney-function", {**BASE, "collection_hours": 12, "urine_volume": "0.6 L"})
    assert r.value == pytest.approx(calculate("residual-kidney-function", BASE).value)


def test_errors():
    with pytest.raises(CalculatorInputError, match="plasma_urea"):
        calculate("residual-kidney-function", {**BASE, "plasma_urea": 0})
