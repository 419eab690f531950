"""Weekly moderate-to-vigorous physical activity and the counselling that follows from it, for adults
with diabetes (Diabetes Canada 2018, chapter 10)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Finding, Inputs
from ..spec import Output, Reference, Secondary, Working, calculator


class PhysicalActivityInputs(Inputs):
    limiting_angina: bool = Finding("Current symptoms of angina that would limit physical activity.")
    mvpa_days_per_week: int = Field(ge=0, le=7, description="Days per week of moderate-to-vigorous physical activity "
                                    "(MVPA).")
    mvpa_minutes_per_day: float = Field(ge=0, le=1440, description="Minutes of MVPA on each of those days.")
    resistance_days_per_week: int = Field(ge=0, le=7, description="Days per week of resistance (strength) training.")


@calculator(
    id="physical-activity-diabetes",
    name="Physical Activity Decision Tool for Patients Living with Diabetes (Diabetes Canada)",
    aliases=("Physical Activity Decision Tool for Patients Living with Diabetes", "mvpa-minutes-diabetes"),
    kind="equation",
    specialty="endocrinology",
    output=Output("min/week", "integer", 0, range=(0, 2000), secondary=(
        Secondary("mvpa_goal_met", "at least 150 minutes of MVPA a week", None, "boolean"),
        Secondary("resistance_training_needed", "fewer than 2 days a week of resistance training", None, "boolean"),
        Secondary("advice", "the counselling that follows", None, "text"),
    )),
    inputs=PhysicalActivityInputs,
    references=(
        Reference("Diabetes Canada Clinical Practice Guidelines Expert Committee; Sigal RJ, Armstrong MJ, Bacon SL, "
                  "et al. Physical activity and diabetes. Can J Diabetes. 2018;42(Suppl 1):S54-S63.",
                  "https://doi.org/10.1016/j.jcjd.2017.10.008"),
        Reference("MDCalc. Physical Activity Decision Tool for Patients Living with Diabetes."),
    ),
    formula="MVPA (min/week) = days per week × minutes per day. Goals: ≥ 150 minutes of MVPA a week, and resistance "
    "training at least 2 (preferably 3) days a week. Angina that limits activity: evaluate before advising more "
    "activity.",
    description="Weekly moderate-to-vigorous activity of an adult with diabetes, to record in the chart and to guide "
    "counselling: reduce sedentary time, set an MVPA goal, add resistance training.",
    example={"limiting_angina": False, "mvpa_days_per_week": 2, "mvpa_minutes_per_day": 25,
             "resistance_days_per_week": 0},
)
def physical_activity_diabetes(x: PhysicalActivityInputs, w: Working) -> float:
    mvpa = w.step("MVPA per week", f"{x.mvpa_days_per_week} days × {x.mvpa_minutes_per_day:g} min",
                  x.mvpa_days_per_week * x.mvpa_minutes_per_day, "min/week")
    met = w.output("mvpa_goal_met", mvpa >= 150)
    resistance = w.output("resistance_training_needed", x.resistance_days_per_week < 2)
    if x.limiting_angina:
        advice = "angina limits activity: evaluate (e.g. cardiology assessment) before increasing physical activity"
    else:
        advice = "; ".join(part for part in (
            "reduce sedentary behaviour",
            "keep at least 150 minutes of MVPA a week" if met else "set an MVPA goal toward 150 minutes a week, with a "
            "referral to an exercise programme or professional if available",
            "add resistance training at least 2 days a week (an introductory resistance programme)" if resistance
            else "continue resistance training",
            "acknowledge barriers and sources of motivation") if part)
    w.output("advice", advice)
    w.interpretation = f"{mvpa:g} min/week of MVPA; {advice}"
    return mvpa
