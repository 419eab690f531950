"""G8 geriatric screening tool for older patients with cancer (Bellera 2012)."""

from __future__ import annotations

from pydantic import Field

from ..fields import BMI, Age, Inputs, choice, q
from ..points import category, cut_offs, sum_points
from ..spec import Output, Reference, Working, calculator, fmt

FOOD_INTAKE = {"severe decrease": 0, "moderate decrease": 1, "no decrease": 2}
MOBILITY = {"bed or chair bound": 0, "gets out of bed or chair but does not go out": 1, "goes out": 2}
NEUROPSYCHOLOGICAL = {"severe dementia or depression": 0, "mild dementia or depression": 1,
                      "no psychological problems": 2}
SELF_RATED_HEALTH = {"not as good": 0.0, "does not know": 0.5, "as good": 1.0, "better": 2.0}

WeightLoss = q("kg", ge=0, lt=200, plausible=(0, 40), units=("kg", "lb"))


class G8Inputs(Inputs):
    age: Age = Field(description="Age in years: over 85 scores 0, 80-85 1, under 80 2.")
    food_intake: choice(*FOOD_INTAKE) = Field(
        description="Has food intake declined over the past 3 months from loss of appetite, digestive problems, "
        "chewing or swallowing difficulties? severe decrease (0), moderate decrease (1), no decrease (2).")
    weight_loss: WeightLoss | None = Field(None, description=(
        "Weight lost during the last 3 months, kg (lb with its unit): over 3 kg scores 0, 1-3 kg 2, less than "
        "1 kg (no weight loss) 3. Leave out (null) only when the patient does not know: that answer scores 1."))
    mobility: choice(*MOBILITY) = Field(
        description="bed or chair bound (0), gets out of bed or chair but does not go out (1), goes out (2).")
    neuropsychological: choice(*NEUROPSYCHOLOGICAL) = Field(
        description="Neuropsychological problems: severe dementia or depression (0), mild dementia or depression "
        "(1), no psychological problems (2).")
    bmi: BMI = Field(description="Body mass index, kg/m²: under 19 scores 0, 19 to under 21 1, 21 to under 23 2, "
                     "23 or more 3.")
    prescription_drugs: int = Field(ge=0, le=100, description="Number of prescription drugs taken per day: more "
                                    "than 3 scores 0, 3 or fewer 1.")
    self_rated_health: choice(*SELF_RATED_HEALTH) = Field(
        description="Compared with other people of the same age, how does the patient rate their own health? "
        "not as good (0), does not know (0.5), as good (1), better (2).")


@calculator(
    id="g8-geriatric-screening",
    name="G8 Geriatric Screening Tool",
    aliases=("G8 Geriatric Screening Tool", "g8", "g8-screening"),
    kind="score",
    specialty="geriatrics",
    output=Output("points", "decimal", 1, range=(0, 17)),
    inputs=G8Inputs,
    references=(
        Reference("Bellera CA, Rainfray M, Mathoulin-Pélissier S, et al. Screening older cancer patients: first "
                  "evaluation of the G-8 geriatric screening tool. Ann Oncol. 2012;23(8):2166-2172.",
                  "https://doi.org/10.1093/annonc/mdr587"),
        Reference("MDCalc. G8 Geriatric Screening Tool.", "https://www.mdcalc.com/calc/10418/g8-geriatric-screening-tool"),
    ),
    formula="Seven Mini Nutritional Assessment items and age: food intake 0-2; weight loss in 3 months > 3 kg 0, "
    "does not know 1, 1-3 kg 2, none 3; mobility 0-2; neuropsychological problems 0-2; BMI < 19 0, 19-< 21 1, "
    "21-< 23 2, ≥ 23 3; > 3 prescription drugs a day 0, else 1; self-rated health vs peers 0/0.5/1/2; age > 85 0, "
    "80-85 1, < 80 2. Total 0-17; ≤ 14 abnormal: a full geriatric assessment is recommended.",
    description="Screens older patients with cancer for those who need a comprehensive geriatric assessment. "
    "Weight loss is the amount lost, not the current weight.",
    example={"age": 82, "food_intake": "moderate decrease", "weight_loss": 2, "mobility":
             "gets out of bed or chair but does not go out", "neuropsychological": "mild dementia or depression",
             "bmi": 22, "prescription_drugs": 6, "self_rated_health": "not as good"},
)
def g8_geriatric_screening(x: G8Inputs, w: Working) -> float:
    parts = [
        category(w, "food intake decline", x.food_intake, FOOD_INTAKE),
        _weight_loss(x, w),
        category(w, "mobility", x.mobility, MOBILITY),
        category(w, "neuropsychological problems", x.neuropsychological, NEUROPSYCHOLOGICAL),
        cut_offs(w, "BMI", f"BMI {fmt(x.bmi, 1)}", x.bmi, ((23, 3), (21, 2), (19, 1), (None, 0))),
        w.step("more than 3 prescription drugs a day", f"{x.prescription_drugs} drugs",
               0 if x.prescription_drugs > 3 else 1, "points"),
        w.step("self-rated health vs peers", x.self_rated_health, SELF_RATED_HEALTH[x.self_rated_health], "points"),
        cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((85, 0, True), (80, 1), (None, 2))),
    ]
    total = sum_points(w, parts, show=lambda p: fmt(p, 1))
    w.interpretation = ("≤ 14: abnormal; a full geriatric evaluation is recommended" if total <= 14
                        else "> 14: normal; no full geriatric evaluation needed on this screen")
    return total


def _weight_loss(x: G8Inputs, w: Working) -> int:
    if x.weight_loss is None:
        w.warn("weight loss not given: scored as 'does not know' (1 point)", "weight_loss")
        return w.step("weight loss in 3 months", "does not know", 1, "points")
    return cut_offs(w, "weight loss in 3 months", f"loss {fmt(x.weight_loss, 1)} kg", x.weight_loss,
                    ((3, 0, True), (1, 2), (None, 3)))
