import pytest

from medreckon import CalculatorInputError, calculate

EARLY = {"tumour_count": 1, "largest_tumour_diameter": 3.8, "vascular_invasion_or_extrahepatic_spread": False,
         "liver_function": "preserved", "ecog": 0}


@pytest.mark.parametrize("change, stage", [
    ({}, "Stage A"), ({"largest_tumour_diameter": 2.0}, "Stage 0"), ({"largest_tumour_diameter": 2.1}, "Stage A"),
    ({"largest_tumour_diameter": 9}, "Stage A"), ({"tumour_count": 3, "largest_tumour_diameter": 3}, "Stage A"),
    ({"tumour_count": 3, "largest_tumour_diameter": 3.1}, "Stage B"), ({"tumour_count": 4, "largest_tumour_diameter": 1},
                                                                      "Stage B"),
    ({"vascular_invasion_or_extrahepatic_spread": True}, "Stage C"), ({"ecog": 1}, "Stage C"), ({"ecog": 2}, "Stage C"),
    ({"ecog": 3}, "Stage D"), ({"liver_function": "end_stage"}, "Stage D"),
])
def test_stages(change, stage):
    r = calculate("Barcelona-Clinic Liver Cancer (BCLC) Staging Classification and Treatment Guidelines",
                  **{**EARLY, **change})
    assert r.value == stage and r.outputs["treatment"]["value"]


def test_bad_ecog():
    with pytest.raises(CalculatorInputError, match="ecog"):
        calculate("bclc", **{**EARLY, "ecog": 7})
