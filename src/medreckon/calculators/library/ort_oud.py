"""Revised Opioid Risk Tool for opioid use disorder (ORT-OUD; Cheatle 2019)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs
from ..points import finding, sum_points
from ..spec import Output, Reference, Working, calculator, fmt

HISTORY = (
    ("family_alcohol", "family history of alcohol abuse"), ("family_illegal_drugs", "family history of illegal drug "
                                                              "abuse"),
    ("family_prescription_drugs", "family history of prescription drug abuse"),
    ("personal_alcohol", "personal history of alcohol abuse"), ("personal_illegal_drugs", "personal history of "
                                                                  "illegal drug abuse"),
    ("personal_prescription_drugs", "personal history of prescription drug abuse"),
)


class ORTOUDInputs(Inputs):
    family_alcohol: bool = Finding("Family history of alcohol abuse: 1 point.")
    family_illegal_drugs: bool = Finding("Family history of illegal drug abuse: 1 point.")
    family_prescription_drugs: bool = Finding("Family history of prescription drug abuse: 1 point.")
    personal_alcohol: bool = Finding("Personal history of alcohol abuse: 1 point.")
    personal_illegal_drugs: bool = Finding("Personal history of illegal drug abuse: 1 point.")
    personal_prescription_drugs: bool = Finding("Personal history of prescription drug abuse: 1 point.")
    age: Age = Field(description="Age in years; 16-45 scores 1.")
    depression: bool = Finding("History of depression: 1 point.")
    other_psychiatric: bool = Finding("History of attention deficit disorder, obsessive-compulsive disorder, bipolar "
                                      "disorder or schizophrenia: 1 point.")


@calculator(
    id="ort-oud",
    name="Revised Opioid Risk Tool (ORT-OUD)",
    aliases=("revised-opioid-risk-tool", "ort-oud-score"),
    kind="score",
    specialty="psychiatry",
    output=Output("points", "integer", 0, range=(0, 9)),
    inputs=ORTOUDInputs,
    references=(
        Reference("Cheatle MD, Compton PA, Dhingra L, Wasser TE, O'Brien CP. Development of the Revised Opioid Risk "
                  "Tool to Predict Opioid Use Disorder in Patients with Chronic Nonmalignant Pain. J Pain. "
                  "2019;20(7):842-851."),
        Reference("MDCalc. Revised Opioid Risk Tool (ORT-OUD)."),
    ),
    formula="1 point each: family history of alcohol, illegal drug or prescription drug abuse; personal history of "
    "each; age 16-45; depression; ADD, OCD, bipolar disorder or schizophrenia. Total 0-9: ≤ 2 low risk, ≥ 3 high "
    "risk of opioid use disorder.",
    description="Risk of developing opioid use disorder in patients with chronic pain before or during opioid "
    "therapy. Unlike the original ORT it has no sex-specific weights.",
    example={"age": 34, "depression": True, "personal_illegal_drugs": True, "family_alcohol": True},
)
def ort_oud(x: ORTOUDInputs, w: Working) -> int:
    parts = [finding(w, what, getattr(x, name)) for name, what in HISTORY]
    parts.append(w.step("age 16-45", f"age {fmt(x.age)}", int(16 <= x.age <= 45), "points"))
    parts += [finding(w, "depression", x.depression),
              finding(w, "ADD, OCD, bipolar disorder or schizophrenia", x.other_psychiatric)]
    total = sum_points(w, parts)
    w.interpretation = ("high risk of opioid use disorder (≥ 3)" if total >= 3 else
                        "low risk of opioid use disorder (≤ 2)")
    return total
