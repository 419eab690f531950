import pytest

from medreckon import calculate


def test_worked_example():
    r = calculate("Patient Health Questionnaire-4 (PHQ-4)", nervous=3, worrying=3, anhedonia=3, depressed=3)
    assert r.value == 12 and r.outputs["severity"]["value"] == "Severe"
    assert r.outputs["anxiety_positive"]["value"] and r.outputs["depression_positive"]["value"]


@pytest.mark.parametrize("items, total, band", [((1, 1, 0, 0), 2, "Normal"), ((1, 1, 1, 0), 3, "Mild"),
                                                ((2, 2, 1, 0), 5, "Mild"), ((2, 2, 2, 0), 6, "Moderate"),
                                                ((2, 2, 2, 2), 8, "Moderate"), ((3, 2, 2, 2), 9, "Severe")])
def test_bands(items, total, band):
    r = calculate("phq4", dict(zip(("nervous", "worrying", "anhedonia", "depressed"), items, strict=True)))
    assert r.value == total and r.outputs["severity"]["value"] == band


@pytest.mark.parametrize("a, b, positive", [(1, 1, False), (2, 1, True)])
def test_subscale_cut_off_3(a, b, positive):
    r = calculate("phq4", nervous=a, worrying=b, anhedonia=a, depressed=b)
    assert r.outputs["anxiety_positive"]["value"] is positive and r.outputs["depression_positive"]["value"] is positive
