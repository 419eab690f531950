import pytest

from medreckon import calculate


def oic(**kw):
    return calculate("rome-iv-oic", {"new_with_opioids": True, "loose_stools_rare": True, **kw})


def test_worked_example():
    r = calculate("Rome IV Diagnostic Criteria for Opioid-Induced Constipation", new_with_opioids=True, straining=True,
                  hard_stools=True, incomplete_evacuation=True, anorectal_obstruction=True, fewer_than_3_per_week=True,
                  loose_stools_rare=True)
    assert r.value == "Positive"


@pytest.mark.parametrize("kw, result", [
    (dict(straining=True), "Negative"), (dict(straining=True, manual_maneuvers=True), "Positive"),
    (dict(straining=True, hard_stools=True, new_with_opioids=False), "Negative"),
    (dict(straining=True, hard_stools=True, loose_stools_rare=False), "Negative"),
])
def test_criteria(kw, result):
    assert oic(**kw).value == result
