import pytest

from medreckon import CalculatorInputError, calculate

NONE = dict(loss_of_consciousness=False, seizure=False, facial_weakness=False, arm_weakness=False,
            leg_weakness=False, speech_disturbance=False, visual_field_defect=False)


def rosier(**kw):
    return calculate("rosier", {**NONE, **kw})


def test_range():
    assert rosier().value == 0
    assert rosier(loss_of_consciousness=True, seizure=True).value == -2
    assert rosier(facial_weakness=True, arm_weakness=True, leg_weakness=True, speech_disturbance=True,
                  visual_field_defect=True).value == 5


@pytest.mark.parametrize("kw, likely", [
    (dict(arm_weakness=True), True),  # 1 > 0
    (dict(arm_weakness=True, seizure=True), False),  # 0
    (dict(seizure=True), False),  # -1
])
def test_stroke_likely_above_zero(kw, likely):
    r = rosier(**kw)
    assert r.outputs["stroke_likely"]["value"] is likely
    assert ("stroke likely" in r.interpretation) is likely


def test_not_a_boolean():
    with pytest.raises(CalculatorInputError, match="seizure"):
        rosier(seizure="maybe")
