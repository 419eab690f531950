import pytest

from medreckon import calculate
from medreckon.calculators.library.hestia import CRITERIA

NONE = {name: False for _, name in CRITERIA}


def test_no_criterion_is_outpatient_eligible():
    r = calculate("hestia", NONE)
    assert r.value == 0 and r.outputs["outpatient_eligible"]["value"] is True


@pytest.mark.parametrize("name", [n for _, n in CRITERIA])
def test_any_criterion_means_admission(name):
    r = calculate("hestia", {**NONE, name: True})
    assert r.value == 1 and r.outputs["outpatient_eligible"]["value"] is False


def test_criteria_are_counted_and_unknown_ones_refused():
    assert calculate("hestia", {**NONE, "pregnant": True, "renal_failure": True}).value == 2
    with pytest.raises(Exception, match="smoker"):
        calculate("hestia", {**NONE, "smoker": True})
