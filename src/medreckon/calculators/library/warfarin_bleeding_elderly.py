"""Warfarin bleeding risk in elderly outpatients starting warfarin (Shireman 2006)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Hematocrit, Inputs, Sex
from ..points import finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

GROUPS = ((2.19, "High", 5.4), (1.07, "Moderate", 2.0), (None, "Low", 0.9))  # (above, group, 90-day major bleeding %)


class WarfarinElderlyInputs(Inputs):
    age: Age = Field(description="Age in years; 70 or older adds 0.49.")
    sex: Sex = Field(description="Sex; female adds 0.32.")
    remote_bleeding: bool = Finding("Bleeding event more than 90 days ago (0.58).", when="past")
    recent_bleeding: bool = Finding("Bleeding event within the last 90 days (0.62).", when="recent")
    alcohol_or_drug_abuse: bool = Finding("Alcohol or drug abuse (0.71).")
    diabetes: bool = Finding("Diabetes (0.27).")
    hematocrit: Hematocrit = Field(description="Haematocrit, %; below 30% (anaemia) adds 0.86.")
    antiplatelet: bool = Finding("Concurrent antiplatelet drug use (0.32).")


@calculator(
    id="warfarin-bleeding-elderly",
    name="Warfarin Bleeding Risk - Elderly",
    aliases=("shireman-bleeding-risk", "warfarin-bleeding-risk-elderly"),
    kind="score",
    specialty="hematology",
    output=Output("%", "decimal", 1, range=(0.9, 5.4), secondary=(
        Secondary("score", "Shireman risk score", "points", "decimal", 2),
        Secondary("risk_group", "low ≤ 1.07, moderate 1.07-2.19, high ≥ 2.19", None, "text"),
    )),
    inputs=WarfarinElderlyInputs,
    references=(
        Reference("Shireman TI, Mahnken JD, Howard PA, Kresowik TF, Hou Q, Ellerbeck EF. Development of a "
                  "contemporary bleeding risk model for elderly warfarin recipients. Chest. 2006;130(5):1390-1396.",
                  "https://doi.org/10.1378/chest.130.5.1390"),
    ),
    formula="Score = 0.49 × age ≥ 70 + 0.32 × female + 0.58 × remote bleed + 0.62 × recent bleed + 0.71 × alcohol "
    "or drug abuse + 0.27 × diabetes + 0.86 × anaemia (Hct < 30%) + 0.32 × antiplatelet use. ≤ 1.07: low (0.9% "
    "major bleeding within 90 days); 1.07-2.19: moderate (2.0%); ≥ 2.19: high (5.4%).",
    description="Risk of major bleeding within 90 days of starting warfarin in patients 65 or older, the answer "
    "being the group's estimated rate.",
    example={"age": 66, "sex": "male", "hematocrit": 41},
)
def warfarin_bleeding_elderly(x: WarfarinElderlyInputs, w: Working) -> float:
    score = w.output("score", sum_points(w, (
        threshold(w, "age ≥ 70", f"age {fmt(x.age)}", x.age, "≥", 70, 0.49),
        w.step("female", x.sex, 0.32 if x.sex == "female" else 0.0, "points"),
        finding(w, "remote bleeding", x.remote_bleeding, 0.58),
        finding(w, "recent bleeding", x.recent_bleeding, 0.62),
        finding(w, "alcohol or drug abuse", x.alcohol_or_drug_abuse, 0.71),
        finding(w, "diabetes", x.diabetes, 0.27),
        threshold(w, "anaemia (Hct < 30%)", f"Hct {fmt(x.hematocrit)}", x.hematocrit, "<", 30, 0.86),
        finding(w, "antiplatelet use", x.antiplatelet, 0.32),
    ), show=lambda p: fmt(p, 2)))
    shown = round(score, 2)
    _, group, rate = next(g for g in GROUPS if g[0] is None or (shown >= g[0] if g[1] == "High" else shown > g[0]))
    w.output("risk_group", group)
    w.interpretation = f"{group.lower()} risk: about {rate}% major bleeding within 90 days of starting warfarin"
    return w.step("estimated major bleeding within 90 days", f"{group} group", rate, "%")
