import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example_with_fluid_balance():
    r = calculate("urine-output", weight=80, urine_output=1200, hours=24, fluid_intake=2500)
    assert r.value == pytest.approx(1200 / 80 / 24)
    assert r.outputs["fluid_balance"]["value"] == 1300
    assert calculate("urine-output", weight=80, urine_output=1200, hours=24).outputs["fluid_balance"]["value"] is None


@pytest.mark.parametrize(("urine", "oliguric"), [(959, True), (960, False)])  # 960 / 80 / 24 = 0.5
def test_oliguria_below_05(urine, oliguric):
    r = calculate("urine-output", weight=80, urine_output=urine, hours=24)
    assert r.interpretation.startswith("oliguria") is oliguric


def test_units():
    r = calculate("urine-output", weight="176 lb", urine_output="0.24 L", hours="1 d")
    assert r.value == pytest.approx(240 / (176 * 0.45359237) / 24)


def test_errors():
    with pytest.raises(CalculatorInputError, match="hours"):
        calculate("urine-output", weight=80, urine_output=100, hours=0)
