import pytest

from medreckon import CalculatorInputError, calculate

NORMAL = dict(facial_palsy="normal", arm_weakness="no drift", speech_changes="absent", eye_deviation="absent",
              denial_neglect="absent")


def fast_ed(**kw):
    return calculate("fast-ed", {**NORMAL, **kw})


def test_normal_is_zero():
    assert fast_ed().value == 0


def test_maximum_is_nine():
    r = fast_ed(facial_palsy="partial or complete paralysis", arm_weakness="no effort against gravity or no movement",
                speech_changes="severe, global aphasia or mute", eye_deviation="forced deviation",
                denial_neglect="does not recognise own hand or orients only to one side")
    assert r.value == 9


@pytest.mark.parametrize("kw, likely", [
    (dict(arm_weakness="no effort against gravity or no movement", speech_changes="mild to moderate"), False),  # 3
    (dict(arm_weakness="no effort against gravity or no movement", eye_deviation="forced deviation"), True),  # 4
])
def test_lvo_likely_from_4(kw, likely):
    assert fast_ed(**kw).outputs["lvo_likely"]["value"] is likely


def test_partial_items():
    assert fast_ed(arm_weakness="drift or some effort against gravity", eye_deviation="partial",
                   denial_neglect="extinction to bilateral simultaneous stimulation in one sensory modality").value == 3


def test_unknown_level():
    with pytest.raises(CalculatorInputError, match="eye_deviation"):
        fast_ed(eye_deviation="gaze palsy")
