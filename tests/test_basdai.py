import pytest

from medreckon import CalculatorInputError, calculate

ALL = ("fatigue", "spinal_pain", "peripheral_joint_pain", "enthesis_tenderness", "morning_stiffness_severity",
       "morning_stiffness_duration")


def test_worked_example():
    # (6.5 + 7 + 3 + 4 + (7 + 6) / 2) / 5 = 27 / 5
    r = calculate("BASDAI", fatigue=6.5, spinal_pain=7, peripheral_joint_pain=3, enthesis_tenderness=4,
                  morning_stiffness_severity=7, morning_stiffness_duration=6)
    assert r.value == pytest.approx(5.4) and r.interpretation.startswith("≥ 4")


def test_stiffness_questions_count_half():
    r = calculate("basdai", {**dict.fromkeys(ALL, 0), "morning_stiffness_severity": 10, "morning_stiffness_duration": 10})
    assert r.value == pytest.approx(2.0)


@pytest.mark.parametrize("level, active", [(4, True), (3.9, False)])
def test_threshold_4(level, active):
    r = calculate("basdai", dict.fromkeys(ALL, level))
    assert r.value == pytest.approx(level) and r.interpretation.startswith("≥ 4" if active else "< 4")


def test_rating_above_10_is_refused():
    with pytest.raises(CalculatorInputError, match="fatigue"):
        calculate("basdai", {**dict.fromkeys(ALL, 5), "fatigue": 11})
