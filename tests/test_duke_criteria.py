import pytest

from medreckon import calculate

MINORS = ("predisposition", "fever", "vascular_phenomena", "immunologic_phenomena", "microbiologic_minor")


def duke(**kw):
    return calculate("duke-criteria", kw).value


def test_two_major_definite():
    assert duke(positive_blood_cultures=True, endocardial_involvement=True) == "Definite"


@pytest.mark.parametrize("n, label", [(0, "Rejected"), (1, "Possible"), (2, "Possible"), (3, "Definite")])
def test_one_major_plus_minors(n, label):
    assert duke(positive_blood_cultures=True, **{m: True for m in MINORS[:n]}) == label


@pytest.mark.parametrize("n, label", [(2, "Rejected"), (3, "Possible"), (4, "Possible"), (5, "Definite")])
def test_minors_alone(n, label):
    assert duke(**{m: True for m in MINORS[:n]}) == label


def test_pathology_and_rejection():
    assert duke(pathologic_criteria=True) == "Definite"
    assert duke(endocardial_involvement=True, fever=True, resolution_short_antibiotics=True) == "Rejected"
