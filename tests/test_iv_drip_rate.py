import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example():
    r = calculate("iv-drip-rate", volume=1000, drop_factor=20, time="8 h")  # 1000 × 20 / 480 = 41.7
    assert r.value == pytest.approx(1000 * 20 / 480) and r.rounded == 42
    assert "125 mL/h" in r.interpretation


@pytest.mark.parametrize(("time", "drops"), [(411, 49), ("6.85 h", 49)])
def test_time_units_and_whole_drops(time, drops):
    assert calculate("iv-drip-rate", volume="1 L", drop_factor="20 gtts/mL", time=time).rounded == drops


def test_errors():
    with pytest.raises(CalculatorInputError, match="time"):
        calculate("iv-drip-rate", volume=1000, drop_factor=20, time=0)
