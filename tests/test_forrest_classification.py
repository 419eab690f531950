import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("finding, cls, rebleed, mortality", [
    ("active_spurting", "1A", 55, 11), ("active_oozing", "1B", 55, 11), ("non_bleeding_visible_vessel", "2A", 43, 11),
    ("adherent_clot", "2B", 22, 7), ("flat_pigmented_spot", "2C", 10, 3), ("clean_base", "3", 5, 2),
])
def test_classes_and_risks(finding, cls, rebleed, mortality):
    r = calculate("forrest", finding=finding)
    assert r.value == cls
    assert (r.outputs["rebleeding_risk"]["value"], r.outputs["mortality"]["value"]) == (rebleed, mortality)


def test_unknown_finding():
    with pytest.raises(CalculatorInputError, match="finding"):
        calculate("forrest", finding="bleeding")
