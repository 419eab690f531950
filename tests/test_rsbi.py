import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example():
    r = calculate("rsbi", respiratory_rate=20, tidal_volume=380)
    assert r.value == pytest.approx(52.63, abs=0.01) and r.rounded == 53


@pytest.mark.parametrize(("rr", "likely"), [(41.9, True), (42, False)])  # 42 / 0.4 L = 105
def test_threshold_105(rr, likely):
    r = calculate("rsbi", respiratory_rate=rr, tidal_volume="0.4 L")
    assert ("likely to succeed" in r.interpretation) is likely


def test_errors():
    with pytest.raises(CalculatorInputError, match="respiratory_rate"):
        calculate("rsbi", respiratory_rate=0, tidal_volume=400)
