import pytest

from medreckon import calculate

CRITERIA = ["scarlatiniform_rash", "cervical_lymphadenopathy", "tonsillar_swelling_or_exudate", "no_coryza"]


def attia(**kw):
    return calculate("Attia Criteria for Evaluation of Pharyngitis", {c: False for c in CRITERIA} | kw)


def test_worked_example_nodes_and_tonsils():
    r = attia(cervical_lymphadenopathy=True, tonsillar_swelling_or_exudate=True)
    assert r.value == 2 and r.outputs["likelihood"]["value"] == "Intermediate"


@pytest.mark.parametrize(("criterion", "points"), [("scarlatiniform_rash", 2), ("cervical_lymphadenopathy", 1),
                                                    ("tonsillar_swelling_or_exudate", 1), ("no_coryza", 1)])
def test_each_criterion(criterion, points):
    assert attia(**{criterion: True}).value == points


@pytest.mark.parametrize(("present", "total", "likelihood"), [
    ((), 0, "Low"), (("no_coryza",), 1, "Intermediate"),
    (("cervical_lymphadenopathy", "tonsillar_swelling_or_exudate", "no_coryza"), 3, "Intermediate"),
    (("scarlatiniform_rash", "cervical_lymphadenopathy", "tonsillar_swelling_or_exudate"), 4, "High"),
    (tuple(CRITERIA), 5, "High"),
])
def test_likelihood_bands_on_both_sides(present, total, likelihood):
    r = attia(**{c: True for c in present})
    assert r.value == total and r.outputs["likelihood"]["value"] == likelihood
    assert likelihood.lower() in r.interpretation
