import pytest

from medreckon import CalculatorInputError, calculate

ZERO = dict(mood=0, self_confidence=0, sleep=0, speech=0, activity=0)


def test_worked_example():
    assert calculate("Altman Self-Rating Mania Scale (ASRM)", mood=4, self_confidence=4, sleep=4, speech=3,
                     activity=3).value == 18


@pytest.mark.parametrize("sleep, speech, high", [(3, 2, False), (3, 3, True)])
def test_cut_off_6(sleep, speech, high):
    r = calculate("asrm", {**ZERO, "sleep": sleep, "speech": speech})
    assert r.interpretation.startswith("≥ 6" if high else "< 6")


def test_item_range():
    with pytest.raises(CalculatorInputError, match="mood"):
        calculate("asrm", {**ZERO, "mood": 5})
