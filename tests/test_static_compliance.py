import pytest

from medreckon import CalculatorInputError, calculate


def cstat(vt, pplat, peep):
    return calculate("static-compliance", tidal_volume=vt, plateau_pressure=pplat, peep=peep)


def test_worked_example():
    assert cstat(440, 30, 12).value == pytest.approx(440 / 18)  # 24.4 mL/cm H2O


@pytest.mark.parametrize(("vt", "words"), [(499, "below the normal"), (500, "within"), (1000, "within"),
                                           (1001, "above")])
def test_normal_50_to_100(vt, words):
    assert words in cstat(vt, 20, 10).interpretation


def test_units():
    assert cstat("0.44 L", 30, 12).value == pytest.approx(440 / 18)
    assert cstat(440, "22.07 mmHg", "8.83 mmHg").value == pytest.approx(440 / ((22.07 - 8.83) / 0.735559), rel=1e-6)


def test_plateau_must_exceed_peep():
    with pytest.raises(CalculatorInputError, match="plateau_pressure"):
        cstat(440, 12, 12)
