import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example_checked_by_hand():
    # PAO2 = 0.21 × (760 − 47) − 34 / 0.8 = 149.73 − 42.5 = 107.23; gradient 107.23 − 62 = 45.2; expected 48/4 + 4 = 16
    r = calculate("aa-gradient", fio2=21, pao2=62, paco2=34, age=48)
    assert r.value == pytest.approx(45.23) and "above the age-expected 16" in r.interpretation


def test_fraction_kpa_and_altitude():
    r = calculate("aa-gradient", fio2="0.4 fraction", pao2="12 kPa", paco2="5.3 kPa", barometric_pressure=630)
    pao2, paco2 = 12 * 7.500615758, 5.3 * 7.500615758
    assert r.value == pytest.approx(0.4 * (630 - 47) - paco2 / 0.8 - pao2)


@pytest.mark.parametrize("gradient, above", [(14, False), (14.01, True)])
def test_age_expected_cut_off(gradient, above):
    # age 40: expected 40/4 + 4 = 14; PAO2 at FiO2 21%, PaCO2 40: 0.21 × 713 − 50 = 99.73
    r = calculate("aa-gradient", fio2=21, pao2=99.73 - gradient, paco2=40, age=40)
    assert r.value == pytest.approx(gradient)
    assert r.interpretation.startswith("above") is above


def test_warnings():
    r = calculate("aa-gradient", fio2=50, pao2=400, paco2=40, age=30)
    assert any(w.field == "fio2" for w in r.warnings) and any("negative" in w.message for w in r.warnings)
    assert "give the age" in calculate("aa-gradient", fio2=21, pao2=90, paco2=40).interpretation


def test_fio2_above_100_rejected():
    with pytest.raises(CalculatorInputError, match="fio2"):
        calculate("aa-gradient", fio2=101, pao2=90, paco2=40)


def test_age_expected_gradient_is_an_output():
    r = calculate("aa-gradient", fio2=21, pao2=62, paco2=34, age=58)
    assert r.outputs["expected_gradient"]["value"] == pytest.approx(58 / 4 + 4)
    assert calculate("aa-gradient", fio2=21, pao2=62, paco2=34).outputs["expected_gradient"]["value"] is None
