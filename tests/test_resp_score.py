import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(age=40, ventilation_before_ecmo="over 7 days", diagnosis="non-respiratory or chronic respiratory diagnosis")


def resp(**kw):
    return calculate("resp-score", {**BASE, **kw})


def test_worked_example():
    r = resp(age=58, ventilation_before_ecmo="under 48 hours", diagnosis="bacterial pneumonia",
             neuromuscular_blockade=True)
    assert r.value == 5 and r.outputs["risk_class"]["value"] == "Class II" and r.outputs["survival"]["value"] == 76


@pytest.mark.parametrize(("kw", "points"), [
    (dict(age=49.9), 0), (dict(age=50), -2), (dict(age=59.9), -2), (dict(age=60), -3),
    (dict(immunocompromised=True), -2), (dict(ventilation_before_ecmo="48 hours to 7 days"), 1),
    (dict(ventilation_before_ecmo="under 48 hours"), 3), (dict(diagnosis="asthma"), 11),
    (dict(diagnosis="aspiration pneumonitis"), 5), (dict(diagnosis="other acute respiratory diagnosis"), 1),
    (dict(cns_dysfunction=True), -7), (dict(nonpulmonary_infection=True), -3), (dict(neuromuscular_blockade=True), 1),
    (dict(nitric_oxide=True), -1), (dict(bicarbonate_infusion=True), -2), (dict(cardiac_arrest=True), -2),
    (dict(high_paco2=True), -1), (dict(high_peak_pressure=True), -1),
])
def test_each_item(kw, points):
    assert resp(**kw).value == points


@pytest.mark.parametrize(("kw", "cls", "survival"), [
    (dict(diagnosis="aspiration pneumonitis", neuromuscular_blockade=True), "Class I", 92),  # 6
    (dict(diagnosis="aspiration pneumonitis"), "Class II", 76),  # 5
    (dict(diagnosis="viral pneumonia"), "Class II", 76),  # 3
    (dict(ventilation_before_ecmo="48 hours to 7 days", diagnosis="other acute respiratory diagnosis"), "Class III",
     57),  # 2
    (dict(nitric_oxide=True), "Class III", 57),  # −1
    (dict(cardiac_arrest=True), "Class IV", 33),  # −2
    (dict(age=60, cardiac_arrest=True), "Class IV", 33),  # −5
    (dict(age=60, nonpulmonary_infection=True), "Class V", 18),  # −6
])
def test_classes_at_their_limits(kw, cls, survival):
    r = resp(**kw)
    assert (r.outputs["risk_class"]["value"], r.outputs["survival"]["value"]) == (cls, survival), r.value


def test_errors():
    with pytest.raises(CalculatorInputError, match="diagnosis"):
        resp(diagnosis="covid")
