import pytest

from medreckon import CalculatorInputError, calculate


def test_mdcalc_title_and_level_5():
    r = calculate("CSHA Clinical Frailty Scale (CFS)", level=5)
    assert r.value == 5 and r.outputs["category"]["value"] == "Mildly frail"


@pytest.mark.parametrize("level, label, frail", [(1, "Very fit", False), (4, "Vulnerable", False),
                                                 (5, "Mildly frail", True), (9, "Terminally ill", True)])
def test_labels_and_frailty_edge(level, label, frail):
    r = calculate("clinical-frailty-scale", level=level)
    assert r.outputs["category"]["value"] == label
    assert ("not frail" not in r.interpretation) == frail


@pytest.mark.parametrize("level", [0, 10])
def test_levels_outside_1_to_9_are_refused(level):
    with pytest.raises(CalculatorInputError, match="level"):
        calculate("clinical-frailty-scale", level=level)
