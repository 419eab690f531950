import pytest

from medreckon import CalculatorInputError, calculate

ZERO = dict(resting_pulse=70, sweating=0, restlessness=0, pupil_size=0, bone_joint_aches=0, runny_nose_tearing=0,
            gi_upset=0, tremor=0, yawning=0, anxiety_irritability=0, gooseflesh=0)


def cows(**kw):
    return calculate("cows", {**ZERO, **kw})


def test_worked_example():
    # pulse 104 (2) + 2 + 3 + 2 + 2 + 2 + 2 + 1 + 2 + 2 + 3 = 23: moderate
    r = cows(resting_pulse=104, sweating=2, restlessness=3, pupil_size=2, bone_joint_aches=2, runny_nose_tearing=2,
             gi_upset=2, tremor=1, yawning=2, anxiety_irritability=2, gooseflesh=3)
    assert r.value == 23 and r.interpretation.startswith("moderate withdrawal")


@pytest.mark.parametrize("pulse, points", [(80, 0), (80.5, 1), (81, 1), (100, 1), (101, 2), (120, 2), (121, 4)])
def test_pulse_bands(pulse, points):
    assert cows(resting_pulse=pulse).value == points


@pytest.mark.parametrize("field, allowed, refused", [
    ("restlessness", (0, 1, 3, 5), (2, 4)), ("pupil_size", (0, 1, 2, 5), (3, 4)), ("gi_upset", (0, 1, 2, 3, 5), (4,)),
    ("gooseflesh", (0, 3, 5), (1, 2, 4)), ("yawning", (0, 1, 2, 4), (3,)), ("sweating", (0, 1, 2, 3, 4), (5,)),
])
def test_items_take_only_their_published_points(field, allowed, refused):
    for v in allowed:
        assert cows(**{field: v}).value == v
    for v in refused:
        with pytest.raises(CalculatorInputError, match=field):
            cows(**{field: v})


TWELVE = dict(resting_pulse=130, gooseflesh=5, sweating=3)  # 4 + 5 + 3
TWENTY_FOUR = dict(resting_pulse=130, gooseflesh=5, restlessness=5, pupil_size=5, gi_upset=5)
THIRTY_SIX = dict(TWENTY_FOUR, sweating=4, bone_joint_aches=4, runny_nose_tearing=4)


@pytest.mark.parametrize("kw, total, band", [
    (dict(resting_pulse=130), 4, "no active"), (dict(resting_pulse=130, tremor=1), 5, "mild"), (TWELVE, 12, "mild"),
    (dict(TWELVE, tremor=1), 13, "moderate withdrawal"), (TWENTY_FOUR, 24, "moderate withdrawal"),
    (dict(TWENTY_FOUR, tremor=1), 25, "moderately severe"), (THIRTY_SIX, 36, "moderately severe"),
    (dict(THIRTY_SIX, tremor=1), 37, "severe"),
])
def test_band_edges(kw, total, band):
    r = cows(**kw)
    assert r.value == total and r.interpretation.startswith(band)


def test_maximum_48():
    top = dict(resting_pulse=140, sweating=4, restlessness=5, pupil_size=5, bone_joint_aches=4, runny_nose_tearing=4,
               gi_upset=5, tremor=4, yawning=4, anxiety_irritability=4, gooseflesh=5)
    assert cows(**top).value == 48


def test_mdcalc_title():
    assert calculate("COWS Score for Opiate Withdrawal", {**ZERO, "resting_pulse": 108, "sweating": 3}).value == 5
