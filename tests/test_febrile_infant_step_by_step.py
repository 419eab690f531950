import pytest

from medreckon import calculate

LOW = dict(ill_appearing=False, age=28, leukocyturia=False, procalcitonin=0.21, crp=6, anc=7.5)


def sbs(**kw):
    return calculate("febrile-infant-step-by-step", {**LOW, **kw})


def test_worked_example():
    assert calculate("Step-by-Step Approach to Febrile Infants", LOW).value == "Low risk"


@pytest.mark.parametrize("kw, risk", [
    (dict(ill_appearing=True), "High risk"), (dict(age=21), "High risk"), (dict(age=22), "Low risk"),
    (dict(age="3 wk"), "High risk"), (dict(leukocyturia=True), "High risk"), (dict(procalcitonin=0.5), "High risk"),
    (dict(procalcitonin=0.49), "Low risk"), (dict(crp=20), "Low risk"), (dict(crp=20.1), "Intermediate risk"),
    (dict(crp="2.1 mg/dL"), "Intermediate risk"), (dict(anc=10), "Low risk"), (dict(anc="10001 /uL"), "Intermediate risk"),
    (dict(procalcitonin=0.6, crp=40), "High risk"),
])
def test_each_step(kw, risk):
    assert sbs(**kw).value == risk
