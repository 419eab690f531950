import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example():
    r = calculate("Newborn Hyperbilirubinemia Rate of Rise", bilirubin_1=13.2, bilirubin_2=15.0, hours_between=8)
    assert r.outputs["mg_dl_per_hour"]["rounded"] == 0.23 and r.outputs["mg_dl_per_day"]["rounded"] == 5.4
    assert r.value == pytest.approx(0.225 * 17.104, rel=1e-3) and r.rounded == 3.85
    assert r.outputs["rapid_rise"]["value"] is True


def test_slow_rise_and_per_day():
    r = calculate("bilirubin-rate-of-rise", bilirubin_1=5.6, bilirubin_2=7.1, hours_between="1 d")
    assert r.outputs["mg_dl_per_hour"]["value"] == pytest.approx(0.0625)
    assert r.outputs["mg_dl_per_day"]["value"] == pytest.approx(1.5) and r.rounded == 1.07
    assert r.outputs["rapid_rise"]["value"] is False


def test_micromolar_inputs_keep_their_difference():
    r = calculate("bilirubin-rate-of-rise", bilirubin_1="200 umol/L", bilirubin_2="240 umol/L", hours_between=10)
    assert r.value == pytest.approx(4.0)


@pytest.mark.parametrize("rise, rapid", [(2.0, False), (2.01, True)])
def test_threshold_02_per_hour(rise, rapid):
    r = calculate("bilirubin-rate-of-rise", bilirubin_1=10, bilirubin_2=10 + rise, hours_between=10)
    assert r.outputs["rapid_rise"]["value"] is rapid and r.interpretation.startswith("rise >" if rapid else "rise ≤")


def test_zero_interval_is_refused():
    with pytest.raises(CalculatorInputError, match="hours_between"):
        calculate("bilirubin-rate-of-rise", bilirubin_1=10, bilirubin_2=12, hours_between=0)
