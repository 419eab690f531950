import pytest

from medreckon import CalculatorInputError, calculate

SCREENED = {"bmi_below_20_5": False, "weight_loss_3_months": True, "reduced_intake_last_week": True,
            "severely_ill": False}


def test_final_score_and_age_both_sides():
    r = calculate("nrs-2002", **SCREENED, nutritional_status="severe", disease_severity="moderate", age=70)
    assert r.value == 6 and r.outputs["initial_screen_positive"]["value"] is True
    assert r.interpretation.startswith("6: high")
    assert calculate("nrs-2002", **SCREENED, nutritional_status="severe", disease_severity="moderate",
                     age=69.9).value == 5


@pytest.mark.parametrize("status, disease, words", [
    ("mild", "mild", "2: not at"), ("mild", "moderate", "3: at nutritional risk"),
    ("moderate", "moderate", "4: at nutritional risk"), ("moderate", "severe", "5: high"),
])
def test_risk_levels_both_sides(status, disease, words):
    r = calculate("nrs-2002", **SCREENED, nutritional_status=status, disease_severity=disease, age=50)
    assert r.interpretation.startswith(words)


def test_negative_initial_screening_says_rescreen():
    r = calculate("nrs-2002", bmi_below_20_5=False, weight_loss_3_months=False, reduced_intake_last_week=False,
                  severely_ill=False, nutritional_status="absent", disease_severity="mild", age=80)
    assert r.outputs["initial_screen_positive"]["value"] is False
    assert r.interpretation.startswith("initial screening negative")


def test_unknown_grade_rejected():
    with pytest.raises(CalculatorInputError, match="nutritional_status"):
        calculate("nrs-2002", **SCREENED, nutritional_status="bad", disease_severity="mild", age=50)
