import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(eye="eyes open spontaneously", verbal="oriented", motor="obeys commands", pupils="both reactive")


def gcsp(**kw):
    return calculate("gcs-pupils", {**BASE, **kw})


@pytest.mark.parametrize("pupils, value", [("both reactive", 15), ("one unreactive", 14), ("both unreactive", 13)])
def test_pupils_subtract(pupils, value):
    assert gcsp(pupils=pupils).value == value


def test_brennan_range_reaches_one():
    r = gcsp(eye="no eye opening", verbal="no verbal response", motor="no motor response", pupils="both unreactive")
    assert r.value == 1


def test_example():
    # E2 V2 M4 = 8, one pupil unreactive: 7
    r = gcsp(eye="eye opening to pain", verbal="incomprehensible sounds", motor="withdrawal from pain",
             pupils="one unreactive")
    assert r.value == 7


def test_not_testable_verbal_is_refused():
    with pytest.raises(CalculatorInputError, match="verbal"):
        gcsp(verbal="not testable")


def test_unknown_pupil_choice():
    with pytest.raises(CalculatorInputError, match="pupils"):
        gcsp(pupils="sluggish")
