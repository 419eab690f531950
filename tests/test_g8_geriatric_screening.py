import pytest

from medreckon import CalculatorInputError, calculate

FIT = dict(age=70, food_intake="no decrease", weight_loss=0, mobility="goes out",
           neuropsychological="no psychological problems", bmi=25, prescription_drugs=2, self_rated_health="better")


def g8(**kw):
    return calculate("g8-geriatric-screening", {**FIT, **kw})


def test_worked_example():
    r = calculate("G8 Geriatric Screening Tool", age=82, food_intake="moderate decrease", weight_loss=2,
                  mobility="gets out of bed or chair but does not go out", neuropsychological="mild dementia or depression",
                  bmi=22, prescription_drugs=6, self_rated_health="not as good")
    assert r.value == 8 and r.interpretation.startswith("≤ 14")


def test_maximum_17_is_normal():
    r = g8()
    assert r.value == 17 and r.interpretation.startswith("> 14")


@pytest.mark.parametrize("age, points", [(79.9, 2), (80, 1), (85, 1), (85.5, 0), (90, 0)])
def test_age_bands(age, points):
    assert g8(age=age).value == 15 + points


@pytest.mark.parametrize("loss, points", [(0, 3), (0.9, 3), (1, 2), (3, 2), (3.1, 0), ("8 lb", 0), ("4 lb", 2)])
def test_weight_loss_bands_and_pounds(loss, points):
    assert g8(weight_loss=loss).value == 14 + points


def test_weight_loss_unknown_scores_1_with_a_warning():
    r = calculate("g8", {k: v for k, v in FIT.items() if k != "weight_loss"})
    assert r.value == 15 and any(w.field == "weight_loss" for w in r.warnings)


@pytest.mark.parametrize("bmi, points", [(18.9, 0), (19, 1), (20.9, 1), (21, 2), (22.9, 2), (23, 3)])
def test_bmi_bands(bmi, points):
    assert g8(bmi=bmi).value == 14 + points


@pytest.mark.parametrize("drugs, points", [(3, 1), (4, 0)])
def test_more_than_three_drugs(drugs, points):
    assert g8(prescription_drugs=drugs).value == 16 + points


def test_half_point_and_the_14_edge():
    r = g8(self_rated_health="does not know", food_intake="moderate decrease", mobility="gets out of bed or chair "
           "but does not go out")  # 17 - 1.5 - 1 - 1 = 13.5
    assert r.value == 13.5 and r.rounded == 13.5
    assert g8(food_intake="severe decrease", mobility="gets out of bed or chair but does not go out").value == 14
    assert g8(food_intake="severe decrease", mobility="gets out of bed or chair but does not go out"
              ).interpretation.startswith("≤ 14")
    assert g8(food_intake="severe decrease").value == 15


def test_bad_choice_is_named():
    with pytest.raises(CalculatorInputError, match="mobility"):
        g8(mobility="walks")
