import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(mouth_opening=5, thyromental_distance=7, mallampati="I", neck_movement=100, can_prognath=True, weight=70,
            difficult_intubation_history="none")


def egri(**kw):
    return calculate("el-ganzouri", {**BASE, **kw})


def test_zero():
    assert egri().value == 0


@pytest.mark.parametrize("cm, points", [(4, 0), (3.9, 1)])
def test_mouth_opening(cm, points):
    assert egri(mouth_opening=cm).value == points


@pytest.mark.parametrize("cm, points", [(6.6, 0), (6.5, 1), (6.0, 1), (5.9, 2), ("65 mm", 1)])
def test_thyromental(cm, points):
    assert egri(thyromental_distance=cm).value == points


@pytest.mark.parametrize("cls, points", [("I", 0), ("II", 1), ("III", 2), ("IV", 2)])
def test_mallampati(cls, points):
    assert egri(mallampati=cls).value == points


@pytest.mark.parametrize("deg, points", [(91, 0), (90, 1), (80, 1), (79, 2)])
def test_neck_movement(deg, points):
    assert egri(neck_movement=deg).value == points


@pytest.mark.parametrize("kg, points", [(89.9, 0), (90, 1), (110, 1), (110.1, 2), ("250 lb", 2)])
def test_weight(kg, points):
    assert egri(weight=kg).value == points


@pytest.mark.parametrize("history, points", [("none", 0), ("questionable", 1), ("definite", 2)])
def test_history(history, points):
    assert egri(difficult_intubation_history=history).value == points


def test_high_risk_from_4():
    assert "low risk" in egri(can_prognath=False, mallampati="IV").interpretation  # 3
    assert "high risk" in egri(can_prognath=False, mallampati="IV", mouth_opening=3).interpretation  # 4


def test_neck_above_180():
    with pytest.raises(CalculatorInputError, match="neck_movement"):
        egri(neck_movement=200)
