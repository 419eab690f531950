import pytest

from medreckon import calculate

ENTRY = dict(back_pain_months=12, age_at_onset=30)


def asas(**kw):
    return calculate("asas-axial-spa", {**ENTRY, **kw})


def test_worked_example():
    r = calculate("ASAS Criteria for Axial Spondyloarthritis (SpA)", back_pain_months=72, age_at_onset=28,
                  sacroiliitis_on_imaging=True, hla_b27=True, inflammatory_back_pain=True, good_nsaid_response=True,
                  enthesitis=True, uveitis=True, family_history=True, elevated_crp=True)
    assert r.value == "Axial SpA" and r.outputs["arm"]["value"] == "both" and r.outputs["spa_features"]["value"] == 7


@pytest.mark.parametrize("kw", [dict(back_pain_months=2.9), dict(age_at_onset=45)])
def test_entry_criterion(kw):
    r = asas(sacroiliitis_on_imaging=True, hla_b27=True, **kw)
    assert r.value == "Entry criterion not met"


def test_entry_edges_pass():
    assert asas(back_pain_months=3, age_at_onset=44.9, sacroiliitis_on_imaging=True, uveitis=True).value == "Axial SpA"


def test_imaging_arm_needs_one_feature_hla_b27_counts():
    assert asas(sacroiliitis_on_imaging=True).value == "Not axial SpA"
    assert asas(sacroiliitis_on_imaging=True, hla_b27=True).outputs["arm"]["value"] == "imaging"
    assert asas(sacroiliitis_on_imaging=True, psoriasis=True).value == "Axial SpA"


def test_clinical_arm_needs_hla_b27_and_two_other_features():
    assert asas(hla_b27=True, dactylitis=True).value == "Not axial SpA"
    r = asas(hla_b27=True, dactylitis=True, elevated_crp=True)
    assert r.value == "Axial SpA" and r.outputs["arm"]["value"] == "clinical"
    assert asas(dactylitis=True, elevated_crp=True, uveitis=True).value == "Not axial SpA"  # no HLA-B27, no imaging
