import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(facial_expression="relaxed", body_movements="absence of movements", muscle_tension="relaxed",
            intubated=True, ventilator_compliance="tolerating")


def cpot(**kw):
    return calculate("cpot", {**BASE, **kw})


def test_worked_example():
    assert cpot(facial_expression="grimacing", body_movements="restlessness", muscle_tension="tense",
                ventilator_compliance="coughing but tolerating").value == 6


@pytest.mark.parametrize(("kw", "points"), [
    (dict(facial_expression="tense"), 1), (dict(facial_expression="grimacing"), 2),
    (dict(body_movements="protection"), 1), (dict(body_movements="restlessness"), 2),
    (dict(muscle_tension="tense"), 1), (dict(muscle_tension="very tense"), 2),
    (dict(ventilator_compliance="coughing but tolerating"), 1), (dict(ventilator_compliance="fighting"), 2),
    (dict(intubated=False, ventilator_compliance=None, vocalization="sighing or moaning"), 1),
    (dict(intubated=False, ventilator_compliance=None, vocalization="crying out or sobbing"), 2),
])
def test_each_item(kw, points):
    assert cpot(**kw).value == points


@pytest.mark.parametrize(("kw", "pain"), [
    (dict(facial_expression="grimacing"), False),  # 2
    (dict(facial_expression="grimacing", muscle_tension="tense"), True),  # 3
])
def test_pain_above_2(kw, pain):
    assert ("unacceptable" in cpot(**kw).interpretation) is pain


def test_the_fourth_item_matches_intubation():
    with pytest.raises(CalculatorInputError, match="ventilator_compliance"):
        cpot(ventilator_compliance=None)
    with pytest.raises(CalculatorInputError, match="vocalization"):
        cpot(intubated=False, ventilator_compliance=None)
    with pytest.raises(CalculatorInputError, match="intubated"):
        cpot(vocalization="sighing or moaning")
