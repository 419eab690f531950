"""AIRQ: Asthma Impairment and Risk Questionnaire (Murphy 2020)."""

from __future__ import annotations

from pydantic import create_model

from ..fields import Finding, Inputs
from ..points import finding, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator

QUESTIONS = (
    ("daytime_symptoms", "In the past 2 weeks, bothered by asthma symptoms during the day on more than 4 days"),
    ("night_waking", "In the past 2 weeks, woken by asthma more than once"),
    ("activity_limited_daily", "In the past 2 weeks, asthma limited activities every day"),
    ("rescue_daily", "In the past 2 weeks, used a rescue inhaler or nebuliser every day"),
    ("social_limited", "In the past 2 weeks, had to limit social activities because of asthma"),
    ("exercise_limited", "In the past 2 weeks, asthma limited the ability to exercise"),
    ("hard_to_control", "In the past 2 weeks, felt it was difficult to control asthma"),
    ("oral_steroids", "In the past 12 months, steroid pills or shots for asthma"),
    ("emergency_visits", "In the past 12 months, an emergency or unplanned visit for asthma"),
    ("hospital_overnight", "In the past 12 months, an overnight hospital stay for asthma"),
)
CONTROL = ("Well-controlled", "Not well-controlled", "Very poorly controlled")
AIRQInputs = create_model("AIRQInputs", __base__=Inputs, __module__=__name__, **{
    name: (bool, Finding(f"{text} (1).")) for name, text in QUESTIONS})


@calculator(
    id="airq",
    name="Asthma Impairment and Risk Questionnaire (AIRQ)",
    aliases=("Asthma Impairment and Risk Questionnaire (AIRQ)",),
    kind="score",
    specialty="pulmonology",
    output=Output("points", "integer", 0, range=(0, 10), secondary=(
        Secondary("control", "Well-controlled (0-1), Not well-controlled (2-4), Very poorly controlled (5-10)", None,
                  "text"),
    )),
    inputs=AIRQInputs,
    references=(
        Reference("Murphy KR, Chipps B, Beuther DA, et al. Development of the Asthma Impairment and Risk "
                  "Questionnaire (AIRQ): a composite control measure. J Allergy Clin Immunol Pract. "
                  "2020;8(7):2263-2274.", "https://doi.org/10.1016/j.jaip.2020.02.042"),
        Reference("MDCalc. Asthma Impairment and Risk Questionnaire (AIRQ)."),
    ),
    formula="Ten yes/no questions (7 on impairment in the past 2 weeks, 3 on risk in the past 12 months), 1 point "
    "each. 0-1 well-controlled, 2-4 not well-controlled, 5-10 very poorly controlled asthma.",
    description="Asthma control from current impairment and past-year exacerbation risk, for patients 12 and older.",
    example={"daytime_symptoms": True, "night_waking": True, "rescue_daily": True, "social_limited": True,
             "exercise_limited": True, "hard_to_control": True, "oral_steroids": True, "emergency_visits": True},
)
def airq(x: AIRQInputs, w: Working) -> int:  # type: ignore[valid-type]
    total = sum_points(w, [finding(w, text[text.index(",") + 2:], getattr(x, name)) for name, text in QUESTIONS])
    control = w.output("control", CONTROL[0] if total <= 1 else CONTROL[1] if total <= 4 else CONTROL[2])
    w.interpretation = f"{control.lower()} asthma"
    return total
