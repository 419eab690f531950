import pytest

from medreckon import calculate

NORMAL = dict(general_appearance="normal", respirations="normal", skin_pinch="normal", tears="normal")


def test_worked_example():
    r = calculate("Dehydration: Assessing Kids Accurately (DHAKA) Score", general_appearance="restless or irritable",
                  respirations="normal", skin_pinch="slow", tears="decreased")
    assert r.value == 5 and r.outputs["dehydration"]["value"] == "Severe dehydration"


@pytest.mark.parametrize("kw, total, level", [
    ({}, 0, "No dehydration"), (dict(tears="decreased"), 1, "No dehydration"), (dict(tears="absent"), 2, "Some dehydration"),
    (dict(tears="decreased", respirations="deep"), 3, "Some dehydration"), (dict(skin_pinch="very slow"), 4,
                                                                            "Severe dehydration"),
    (dict(general_appearance="lethargic or unconscious", respirations="deep", skin_pinch="very slow", tears="absent"),
     12, "Severe dehydration"),
])
def test_bands(kw, total, level):
    r = calculate("dhaka-score", {**NORMAL, **kw})
    assert r.value == total and r.outputs["dehydration"]["value"] == level
