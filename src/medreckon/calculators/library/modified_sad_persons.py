"""Modified SAD PERSONS scale for suicide risk (Hockberger & Rothstein 1988)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs, Sex
from ..points import finding, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

LEVELS = ("Low", "Moderate", "High")


class ModifiedSADPersonsInputs(Inputs):
    sex: Sex = Field(description="Sex; male scores 1.")
    age: Age = Field(description="Age in years; under 19 or over 45 scores 1.")
    depression_or_hopelessness: bool = Finding("Depression or hopelessness (2).")
    previous_attempts: bool = Finding("Previous suicide attempts or psychiatric care (1).", when="past")
    excessive_alcohol_or_drugs: bool = Finding("Excessive alcohol or drug use (1).")
    rational_thinking_loss: bool = Finding("Rational thinking loss: psychosis, organic brain syndrome (2).")
    separated_divorced_widowed: bool = Finding("Separated, divorced or widowed (1).")
    organized_plan: bool = Finding("Organised or serious attempt, or a plan (2).")
    no_social_support: bool = Finding("No social supports (1).", absence=True)
    stated_future_intent: bool = Finding("Stated future intent: determined to repeat or ambivalent (2).")


@calculator(
    id="modified-sad-persons",
    name="Modified SAD PERSONS Scale",
    aliases=("Modified SAD PERSONS Scale", "sad-persons", "modified-sad-persons-scale"),
    kind="score",
    specialty="psychiatry",
    output=Output("points", "integer", 0, range=(0, 14), secondary=(
        Secondary("admission_probability", "probability of needing admission: Low (0-5), Moderate (6-8), High (≥ 9)",
                  None, "text"),
    )),
    inputs=ModifiedSADPersonsInputs,
    references=(
        Reference("Hockberger RS, Rothstein RJ. Assessment of suicide potential by nonpsychiatrists using the SAD "
                  "PERSONS score. J Emerg Med. 1988;6(2):99-107.", "https://doi.org/10.1016/0736-4679(88)90147-3"),
        Reference("MDCalc. Modified SAD PERSONS Scale."),
    ),
    formula="Male 1; age < 19 or > 45 1; depression or hopelessness 2; previous attempts or psychiatric care 1; "
    "excessive alcohol or drugs 1; rational thinking loss 2; separated, divorced or widowed 1; organised plan or "
    "serious attempt 2; no social supports 1; stated future intent 2. Total 0-14: 0-5 may be safe to discharge "
    "(depending on circumstances), 6-8 probably needs psychiatric consultation, ≥ 9 probably needs admission.",
    description="Suicide risk screen for non-psychiatrists after self-harm or suicidal ideation; it supports, and "
    "does not replace, a clinical risk assessment.",
    example={"sex": "female", "age": 35, "depression_or_hopelessness": True},
)
def modified_sad_persons(x: ModifiedSADPersonsInputs, w: Working) -> int:
    age_point = w.step("age < 19 or > 45", f"age {fmt(x.age)}", int(x.age < 19 or x.age > 45), "points")
    total = sum_points(w, (
        finding(w, "male sex", x.sex == "male", texts=("male", "female")), age_point,
        finding(w, "depression or hopelessness", x.depression_or_hopelessness, 2),
        finding(w, "previous attempts or psychiatric care", x.previous_attempts),
        finding(w, "excessive alcohol or drugs", x.excessive_alcohol_or_drugs),
        finding(w, "rational thinking loss", x.rational_thinking_loss, 2),
        finding(w, "separated, divorced or widowed", x.separated_divorced_widowed),
        finding(w, "organised plan or serious attempt", x.organized_plan, 2),
        finding(w, "no social supports", x.no_social_support),
        finding(w, "stated future intent", x.stated_future_intent, 2),
    ))
    level = w.output("admission_probability", LEVELS[0] if total <= 5 else LEVELS[1] if total <= 8 else LEVELS[2])
    w.interpretation = {LEVELS[0]: "0-5: low; may be safe to discharge, depending on circumstances",
                        LEVELS[1]: "6-8: moderate; probably requires psychiatric consultation",
                        LEVELS[2]: "≥ 9: high; probably requires hospital admission"}[level]
    return total
