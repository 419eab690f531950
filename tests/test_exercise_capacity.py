import pytest

from medreckon import CalculatorInputError, calculate


def mets(**kw):
    return calculate("exercise-capacity", {"sex": "male", "age": 50, "speed": 3, "grade": 10, **kw})


def test_walking_equation():
    # S = 3 × 26.8 = 80.4 m/min; VO2 = 0.1 × 80.4 + 1.8 × 80.4 × 0.10 + 3.5 = 26.012; / 3.5 = 7.432
    r = mets()
    assert r.value == pytest.approx(7.432) and r.rounded == 7.43
    assert r.outputs["vo2"]["value"] == pytest.approx(26.012)


def test_running_equation():
    r = mets(speed=6, grade=2, gait="running")  # S = 160.8; 0.2 × 160.8 + 0.9 × 160.8 × 0.02 + 3.5
    assert r.value == pytest.approx((0.2 * 160.8 + 0.9 * 160.8 * 0.02 + 3.5) / 3.5)


@pytest.mark.parametrize("sex, predicted", [("male", 14.7 - 0.11 * 70), ("female", 14.7 - 0.13 * 70)])
def test_predicted_by_sex(sex, predicted):
    assert mets(sex=sex, age=70).outputs["predicted_mets"]["value"] == pytest.approx(predicted)


def test_units():
    assert mets(speed="4.828032 km/h").value == pytest.approx(7.432)  # 3 mph
    assert mets(grade="0.10 fraction").value == pytest.approx(7.432)


def test_85_percent_of_predicted():
    low = mets(sex="female", age=76, speed=1.5, grade=5)  # 3.18 of 4.82: 66%
    assert low.rounded == 3.18 and "< 85%" in low.interpretation
    assert "≥ 85%" in mets(age=70).interpretation


def test_grade_over_100_percent_is_refused():
    with pytest.raises(CalculatorInputError, match="grade"):
        mets(grade=150)
