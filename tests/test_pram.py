import pytest

from medreckon import calculate

NONE = dict(oxygen_saturation=97, suprasternal_retractions=False, scalene_contraction=False, air_entry="normal",
            wheezing="absent")


def pram(**kw):
    return calculate("pram", {**NONE, **kw})


def test_worked_example():
    r = calculate("Pediatric Respiratory Assessment Measure (PRAM) for Asthma Exacerbation Severity",
                  oxygen_saturation=93, suprasternal_retractions=True, scalene_contraction=False,
                  air_entry="widespread decrease", wheezing="expiratory only")
    assert r.value == 6 and r.outputs["severity"]["value"] == "Moderate"


@pytest.mark.parametrize("spo2, points", [(95, 0), (94.9, 1), (92, 1), (91.9, 2)])
def test_saturation_bands(spo2, points):
    assert pram(oxygen_saturation=spo2).value == points


@pytest.mark.parametrize("kw, total, severity", [
    (dict(wheezing="audible without stethoscope or silent chest"), 3, "Mild"),
    (dict(wheezing="audible without stethoscope or silent chest", oxygen_saturation=93), 4, "Moderate"),
    (dict(wheezing="audible without stethoscope or silent chest", air_entry="absent or minimal", oxygen_saturation=93),
     7, "Moderate"),
    (dict(wheezing="audible without stethoscope or silent chest", air_entry="absent or minimal", oxygen_saturation=90),
     8, "Severe"),
    (dict(wheezing="audible without stethoscope or silent chest", air_entry="absent or minimal", oxygen_saturation=90,
          suprasternal_retractions=True, scalene_contraction=True), 12, "Severe"),
])
def test_bands(kw, total, severity):
    r = pram(**kw)
    assert r.value == total and r.outputs["severity"]["value"] == severity
