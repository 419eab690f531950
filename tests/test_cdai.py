import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example():
    r = calculate("Clinical Disease Activity Index (CDAI) for Rheumatoid Arthritis", tender_joints=8, swollen_joints=6,
                  patient_global=6, provider_global=5.5)
    assert r.value == 25.5  # MedMCP-Calc's 27.5 misadds 8 + 6 + 6 + 5.5
    assert r.outputs["disease_activity"]["value"] == "High"


@pytest.mark.parametrize("total, label", [(2.8, "Remission"), (2.9, "Low"), (10, "Low"), (10.1, "Moderate"),
                                          (22, "Moderate"), (22.1, "High")])
def test_cut_offs(total, label):
    joints = int(total) - (int(total) % 2)  # split so that globals stay within 0-10
    rest = total - joints
    r = calculate("cdai", tender_joints=joints // 2, swollen_joints=joints // 2, patient_global=rest, provider_global=0)
    assert r.value == pytest.approx(total) and r.outputs["disease_activity"]["value"] == label


def test_joint_count_is_of_28():
    with pytest.raises(CalculatorInputError, match="tender_joints"):
        calculate("cdai", tender_joints=29, swollen_joints=0, patient_global=0, provider_global=0)
