"""Exercise capacity in METs from the final treadmill speed and grade (ACSM walking and running
equations), with the age-predicted capacity (Morris 1993 for men, Gulati 2005 for women)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Inputs, Percent, Sex, choice, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

ACSM_M_PER_MIN_PER_MPH = 26.8  # ACSM's conversion of mph to m/min
RESTING_VO2 = 3.5  # mL O2/kg/min: one MET
# (horizontal, vertical) oxygen cost, mL/kg/min per m/min, of walking and running (ACSM)
COST = {"walking": (0.1, 1.8), "running": (0.2, 0.9)}
PREDICTED = {"male": (14.7, 0.11), "female": (14.7, 0.13)}  # METs = a − b × age

Speed = q("mph", gt=0, plausible=(0.5, 12), units=("mph", "km/h", "m/min"))
Gait = choice("walking", "running")


class ExerciseCapacityInputs(Inputs):
    sex: Sex = Field(description="Sex, for the age-predicted capacity: 'male' or 'female'.")
    age: Age = Field(description="Age in years.")
    speed: Speed = Field(description="Treadmill speed at peak exercise, mph by default ('4.8 km/h' with its unit).")
    grade: Percent = Field(description="Treadmill grade (incline) at peak exercise, % (e.g. 12 for a 12% slope; "
                           "'0.12 fraction' with its unit).")
    gait: Gait = Field("walking", description="How the patient moved at peak: 'walking' (default) or 'running' "
                       "(ACSM's running equation, usually above 5 mph).")


@calculator(
    id="exercise-capacity",
    name="Exercise Capacity (METs)",
    aliases=("treadmill-mets", "acsm-mets"),
    kind="equation",
    specialty="cardiology",
    output=Output("MET", "decimal", 2, range=(1, 25), secondary=(
        Secondary("vo2", "estimated oxygen uptake at peak", "mL/kg/min", "decimal", 1),
        Secondary("predicted_mets", "age-predicted exercise capacity", "MET", "decimal", 2),
        Secondary("percent_predicted", "achieved as a percentage of the age-predicted capacity", "%", "decimal", 0),
    )),
    inputs=ExerciseCapacityInputs,
    references=(
        Reference("American College of Sports Medicine. ACSM's Guidelines for Exercise Testing and Prescription. "
                  "Metabolic equations: walking VO2 = 0.1·S + 1.8·S·G + 3.5; running VO2 = 0.2·S + 0.9·S·G + 3.5 "
                  "(S in m/min, G a fraction)."),
        Reference("Morris CK, Myers J, Froelicher VF, Kawaguchi T, Ueshima K, Hideg A. Nomogram based on metabolic "
                  "equivalents and age for assessing aerobic exercise capacity in men. J Am Coll Cardiol. "
                  "1993;22(1):175-182."),
        Reference("Gulati M, Black HR, Shaw LJ, et al. The prognostic value of a nomogram for exercise capacity in "
                  "women. N Engl J Med. 2005;353(5):468-475."),
        Reference("MDCalc. Exercise Capacity (METs)."),
    ),
    formula="S (m/min) = speed (mph) × 26.8; G = grade / 100. Walking VO2 = 0.1·S + 1.8·S·G + 3.5; running VO2 = "
    "0.2·S + 0.9·S·G + 3.5 (mL/kg/min). METs = VO2 / 3.5. Predicted METs: men 14.7 − 0.11 × age; women "
    "14.7 − 0.13 × age.",
    description="Functional capacity achieved on a treadmill test, in metabolic equivalents (METs, not mL/kg/min), "
    "from the speed and grade of the last stage; compared with the capacity predicted for age and sex. Under 85% "
    "of predicted carries a worse prognosis. Handrail support overestimates capacity.",
    example={"sex": "female", "age": 76, "speed": 1.5, "grade": 5},
)
def exercise_capacity(x: ExerciseCapacityInputs, w: Working) -> float:
    s = w.step("speed", f"{fmt(x.speed)} mph × {ACSM_M_PER_MIN_PER_MPH}", x.speed * ACSM_M_PER_MIN_PER_MPH, "m/min")
    horizontal, vertical = COST[x.gait]
    g = x.grade / 100
    vo2 = w.output("vo2", w.step(f"VO2 ({x.gait})", lambda: f"{horizontal} × {fmt(s)} + {vertical} × {fmt(s)} × "
                                 f"{fmt(g)} + {RESTING_VO2}", horizontal * s + vertical * s * g + RESTING_VO2,
                                 "mL/kg/min"))
    mets = w.step("METs", f"{fmt(vo2)} / {RESTING_VO2}", vo2 / RESTING_VO2, "MET")
    a, b = PREDICTED[x.sex]
    predicted = w.output("predicted_mets", w.step("predicted METs", f"{a} − {b} × {fmt(x.age)}", a - b * x.age, "MET"))
    if predicted <= 0:
        w.output("predicted_mets", None)
        w.warn(f"the age-predicted capacity is not defined at age {fmt(x.age)}", "age")
        w.interpretation = f"{fmt(mets, 2)} METs achieved"
        return mets
    percent = w.output("percent_predicted", w.step("% of predicted", f"100 × {fmt(mets)} / {fmt(predicted)}",
                                                   100 * mets / predicted, "%"))
    w.interpretation = (f"{fmt(mets, 2)} METs achieved, {fmt(percent, 0)}% of the {fmt(predicted, 2)} METs predicted "
                        f"for age; {'< 85% of predicted: reduced capacity' if percent < 85 else '≥ 85% of predicted'}")
    return mets
