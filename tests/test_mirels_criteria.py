import pytest

from medreckon import calculate

LOW = dict(site="upper limb", pain="mild", lesion="blastic", size="< 1/3 of the diameter")


def test_worked_example():
    r = calculate("Mirels’ Criteria for Prophylactic Fixation", site="peritrochanteric", pain="functional",
                  lesion="lytic", size="1/3 to 2/3 of the diameter")
    assert r.value == 11 and r.outputs["fracture_risk"]["value"] == "≥ 33%"


@pytest.mark.parametrize("kw, total, risk", [
    ({}, 4, "4%"), (dict(site="peritrochanteric", pain="functional"), 8, "15%"),
    (dict(site="peritrochanteric", pain="functional", lesion="mixed"), 9, "≥ 33%"),
    (dict(site="lower limb", pain="moderate", lesion="mixed"), 7, "4%"),
])
def test_bands(kw, total, risk):
    r = calculate("mirels", {**LOW, **kw})
    assert r.value == total and r.outputs["fracture_risk"]["value"] == risk
