import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(timing=True, bilateral_opacities=True, not_cardiac=True, pao2=85, fio2=100, peep=12)


def berlin(**kw):
    return calculate("berlin-ards", {**BASE, **kw})


def test_worked_example_severe():
    r = berlin()
    assert r.value == "Positive"
    assert r.outputs["severity"]["value"] == "Severe ARDS" and r.outputs["mortality"]["value"] == 45
    assert r.outputs["pf_ratio"]["value"] == pytest.approx(85)


@pytest.mark.parametrize(("pao2", "value", "severity"), [
    (100, "Positive", "Severe ARDS"), (100.1, "Positive", "Moderate ARDS"),
    (200, "Positive", "Moderate ARDS"), (200.1, "Positive", "Mild ARDS"),
    (300, "Positive", "Mild ARDS"), (300.1, "Negative", None),
])
def test_oxygenation_bands(pao2, value, severity):
    r = berlin(pao2=pao2)
    assert r.value == value and r.outputs["severity"]["value"] == severity


@pytest.mark.parametrize("criterion", ["timing", "bilateral_opacities", "not_cardiac"])
def test_each_criterion_is_needed(criterion):
    r = berlin(**{criterion: False})
    assert r.value == "Negative" and r.outputs["severity"]["value"] is None


@pytest.mark.parametrize(("peep", "value"), [(4.9, "Negative"), (5, "Positive")])
def test_peep_at_least_5(peep, value):
    assert berlin(peep=peep).value == value


def test_criteria_are_required():
    with pytest.raises(CalculatorInputError, match="timing"):
        calculate("berlin-ards", bilateral_opacities=True, not_cardiac=True, pao2=85, fio2=100, peep=12)
