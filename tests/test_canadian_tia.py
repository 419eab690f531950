import pytest

from medreckon import calculate
from medreckon.calculators.library.canadian_tia import CLINICAL, FINDINGS

NONE = dict(diastolic_bp=80, platelets=250, glucose=100)


def tia(**kw):
    return calculate("canadian-tia", {**NONE, **kw})


@pytest.mark.parametrize("name, points", [(n, p) for n, _, p in CLINICAL + FINDINGS])
def test_findings(name, points):
    assert tia(**{name: True}).value == points


@pytest.mark.parametrize("kw, points", [(dict(diastolic_bp=109), 0), (dict(diastolic_bp=110), 3),
                                        (dict(platelets=399), 0), (dict(platelets=400), 2),
                                        (dict(glucose="14.9 mmol/L"), 0), (dict(glucose="15 mmol/L"), 3),
                                        (dict(glucose=270), 3), (dict(glucose=268), 0)])
def test_measurements(kw, points):
    assert tia(**kw).value == points


@pytest.mark.parametrize("kw, band", [(dict(first_tia=True, dysarthria_or_aphasia=True), "low"),  # 3
                                      (dict(first_tia=True, symptoms_10_min=True), "medium"),  # 4
                                      (dict(first_tia=True, symptoms_10_min=True, carotid_stenosis=True,
                                            atrial_fibrillation=True), "medium"),  # 8
                                      (dict(first_tia=True, symptoms_10_min=True, carotid_stenosis=True,
                                            on_antiplatelet=True), "high")])  # 9
def test_bands(kw, band):
    assert tia(**kw).interpretation.startswith(band)
