import pytest

from medreckon import calculate

NEUTRAL = dict(fever="yes", rash_suggestive="unknown", biopsy_suggestive="unknown", organs_involved=0,
               resolution_15_days="yes")


def reg(**kw):
    return calculate("regiscar-dress", {**NEUTRAL, **kw})


def test_worked_example():
    r = calculate("RegiSCAR Score for Drug Reaction with Eosinophilia and Systemic Symptoms (DRESS)", fever="no",
                  enlarged_lymph_nodes=True, atypical_lymphocytes=True, eosinophils=1.8, rash_over_half_bsa=True,
                  rash_suggestive="yes", biopsy_suggestive="yes", organs_involved=1, resolution_15_days="unknown",
                  alternatives_excluded=True)
    assert r.value == 6 and r.outputs["classification"]["value"] == "Definite case"


@pytest.mark.parametrize("kw, points", [
    (dict(fever="no"), -1), (dict(fever="unknown"), -1), (dict(eosinophils=0.69), 0), (dict(eosinophils=0.7), 1),
    (dict(eosinophils=1.499), 1), (dict(eosinophils=1.5), 2), (dict(eosinophils="1500 /uL"), 2),
    (dict(eosinophil_percent=9.9), 0), (dict(eosinophil_percent=10), 1), (dict(eosinophil_percent=20), 2),
    (dict(eosinophils=0.8, eosinophil_percent=25), 2), (dict(rash_suggestive="yes"), 1), (dict(rash_suggestive="no"), -1),
    (dict(biopsy_suggestive="no"), -1), (dict(organs_involved=1), 1), (dict(organs_involved=3), 2),
    (dict(resolution_15_days="no"), -1), (dict(alternatives_excluded=True), 1),
])
def test_items(kw, points):
    assert reg(**kw).value == points


@pytest.mark.parametrize("kw, label", [
    (dict(enlarged_lymph_nodes=True), "No case"), (dict(enlarged_lymph_nodes=True, atypical_lymphocytes=True),
                                                   "Possible case"),
    (dict(organs_involved=2, eosinophils=2), "Probable case"),
    (dict(organs_involved=2, eosinophils=2, rash_suggestive="yes"), "Probable case"),
    (dict(organs_involved=2, eosinophils=2, rash_suggestive="yes", alternatives_excluded=True), "Definite case"),
])
def test_classes(kw, label):
    assert reg(**kw).outputs["classification"]["value"] == label
