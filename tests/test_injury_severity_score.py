import pytest

from medreckon import CalculatorInputError, calculate

NONE = dict(head_neck="no injury", face="no injury", chest="no injury", abdomen="no injury",
            extremities="no injury", external="no injury")


def iss(**kw):
    return calculate("injury-severity-score", {**NONE, **kw})


def test_no_injury():
    assert iss().value == 0


def test_three_highest_squared():
    # Baker 1974's rule: 5² + 4² + 3² = 50; the fourth and fifth regions do not count
    r = iss(head_neck="serious", face="minor", chest="severe", abdomen="critical", extremities="serious",
            external="moderate")
    assert r.value == 50


def test_unsurvivable_is_75():
    assert iss(face="unsurvivable").value == 75


@pytest.mark.parametrize("kw, value, major", [
    (dict(chest="serious", abdomen="serious", extremities="minor"), 19, True),
    (dict(chest="serious", abdomen="moderate", extremities="minor"), 14, False),
    (dict(chest="severe"), 16, True),
    (dict(chest="serious", abdomen="moderate", extremities="moderate"), 17, True),
])
def test_major_trauma_above_15(kw, value, major):
    r = iss(**kw)
    assert r.value == value and ("major trauma (ISS > 15)" == r.interpretation) is major


def test_missing_region():
    kw = dict(NONE)
    del kw["face"]
    with pytest.raises(CalculatorInputError, match="face"):
        calculate("injury-severity-score", kw)
