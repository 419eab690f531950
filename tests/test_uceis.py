import pytest

from medreckon import CalculatorInputError, calculate


def test_maximum():
    r = calculate("uceis", vascular_pattern="obliterated", bleeding="luminal_moderate_or_severe",
                  erosions_and_ulcers="deep_ulcer")
    assert r.value == 8 and r.outputs["severity"]["value"] == "severe"


@pytest.mark.parametrize("vascular, bleeding, erosions, total, level", [
    ("normal", "none", "none", 0, "remission"), ("patchy_obliteration", "none", "none", 1, "remission"),
    ("patchy_obliteration", "mucosal", "none", 2, "mild"), ("obliterated", "mucosal", "erosions", 4, "mild"),
    ("obliterated", "luminal_mild", "erosions", 5, "moderate"), ("obliterated", "luminal_mild", "superficial_ulcer", 6,
                                                                "moderate"),
    ("obliterated", "luminal_moderate_or_severe", "superficial_ulcer", 7, "severe"),
])
def test_bands_both_sides(vascular, bleeding, erosions, total, level):
    r = calculate("uceis", vascular_pattern=vascular, bleeding=bleeding, erosions_and_ulcers=erosions)
    assert (r.value, r.outputs["severity"]["value"]) == (total, level)


def test_unknown_descriptor():
    with pytest.raises(CalculatorInputError, match="bleeding"):
        calculate("uceis", vascular_pattern="normal", bleeding="heavy", erosions_and_ulcers="none")
