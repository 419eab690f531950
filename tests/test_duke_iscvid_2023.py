import pytest

from medreckon import calculate


def duke(**kw):
    return calculate("duke-iscvid-2023", kw).value


def test_two_major_groups_definite():
    assert duke(typical_organism_two_cultures=True, echo_or_ct_lesion=True) == "Definite endocarditis"


def test_items_of_one_group_count_once():
    # two microbiologic items are still one major criterion: 1 major + 0 minor
    assert duke(typical_organism_two_cultures=True, blood_pcr_positive=True) == "Rejected endocarditis"
    assert duke(echo_or_ct_lesion=True, new_regurgitation_on_echo=True, fever=True) == "Possible endocarditis"


def test_surgical_major():
    assert duke(surgical_evidence=True, typical_organism_two_cultures=True) == "Definite endocarditis"


@pytest.mark.parametrize("minors, label", [
    (("fever", "predisposition"), "Rejected endocarditis"),
    (("fever", "predisposition", "vascular_phenomena"), "Possible endocarditis"),
    (("fever", "predisposition", "vascular_phenomena", "immunologic_phenomena"), "Possible endocarditis"),
    (("fever", "predisposition", "vascular_phenomena", "immunologic_phenomena", "microbiologic_minor"),
     "Definite endocarditis"),
])
def test_minor_counts(minors, label):
    assert duke(**{m: True for m in minors}) == label


@pytest.mark.parametrize("minors, label", [(1, "Possible endocarditis"), (2, "Possible endocarditis"),
                                           (3, "Definite endocarditis")])
def test_one_major_with_minors(minors, label):
    names = ("fever", "vascular_phenomena", "pet_ct_early_activity")[:minors]
    assert duke(coxiella_serology=True, **{m: True for m in names}) == label


def test_pathology_alone_is_definite():
    assert duke(pathologic_active_endocarditis=True) == "Definite endocarditis"


def test_rejection_criterion_overrides_possible():
    assert duke(bartonella_serology=True, fever=True, alternate_diagnosis=True) == "Rejected endocarditis"
