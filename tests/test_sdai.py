import pytest

from medreckon import calculate


def test_worked_example_crp_in_mg_per_l():
    r = calculate("Simple Disease Activity Index (SDAI) for Rheumatoid Arthritis", tender_joints=8, swollen_joints=6,
                  patient_global=6, provider_global=5.5, crp=12)
    assert r.value == pytest.approx(26.7) and r.outputs["disease_activity"]["value"] == "High"


def test_crp_in_mg_per_dl():
    r = calculate("sdai", tender_joints=0, swollen_joints=0, patient_global=0, provider_global=0, crp="1.2 mg/dL")
    assert r.value == pytest.approx(1.2)


@pytest.mark.parametrize("crp, label", [(33, "Remission"), (34, "Low"), (110, "Low"), (111, "Moderate"),
                                        (260, "Moderate"), (261, "High")])
def test_cut_offs(crp, label):
    r = calculate("sdai", tender_joints=0, swollen_joints=0, patient_global=0, provider_global=0, crp=crp)
    assert r.outputs["disease_activity"]["value"] == label
