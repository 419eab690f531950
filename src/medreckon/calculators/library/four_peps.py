"""4PEPS: 4-Level Pulmonary Embolism Clinical Probability Score (Roy 2021)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, HeartRate, Inputs, Percent, Sex
from ..points import cut_offs, finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

ITEMS = (("chronic_respiratory_disease", "chronic respiratory disease", -1),
         ("chest_pain_and_dyspnea", "chest pain and acute dyspnoea", 1),
         ("estrogen", "current oestrogen use", 2), ("prior_vte", "prior VTE", 2), ("syncope", "syncope", 2),
         ("immobility", "immobility within 4 weeks", 2), ("calf_pain_or_edema", "calf pain or unilateral oedema", 3),
         ("pe_most_likely", "PE the most likely diagnosis", 5))
PROBABILITY = ("very low", "low", "moderate", "high")


class FourPEPSInputs(Inputs):
    age: Age = Field(description="Age in years: < 50 −2, 50-64 −1, ≥ 65 0.")
    sex: Sex = Field(description="Sex: male scores +2.")
    chronic_respiratory_disease: bool = Finding("Chronic respiratory disease: −1.")
    heart_rate: HeartRate = Field(description="Heart rate per minute; < 80 scores −1.")
    chest_pain_and_dyspnea: bool = Finding("Chest pain and acute dyspnoea together: +1.")
    estrogen: bool = Finding("Current oestrogen use: +2.")
    prior_vte: bool = Finding("History of venous thromboembolism: +2.")
    syncope: bool = Finding("Syncope: +2.")
    immobility: bool = Finding("Immobility within the last 4 weeks (surgery, lower-limb plaster or fracture, bed rest "
                               "> 3 days): +2.")
    oxygen_saturation: Percent = Field(description="SpO2, %; < 95% scores +3.")
    calf_pain_or_edema: bool = Finding("Calf pain and/or unilateral lower-limb oedema: +3.")
    pe_most_likely: bool = Finding("PE is the most likely diagnosis: +5.")


@calculator(
    id="4peps",
    name="4-Level Pulmonary Embolism Clinical Probability Score (4PEPS)",
    aliases=("four-peps", "4-level-pe-clinical-probability-score"),
    kind="score",
    specialty="pulmonology",
    output=Output("points", "integer", 0, range=(-5, 24), secondary=(
        Secondary("probability", "clinical pretest probability: very low, low, moderate or high", None, "text"),)),
    inputs=FourPEPSInputs,
    references=(
        Reference("Roy PM, Friou E, Germeau B, et al. Derivation and Validation of a 4-Level Clinical Pretest "
                  "Probability Score for Suspected Pulmonary Embolism to Safely Decrease Imaging Testing. JAMA "
                  "Cardiol. 2021;6(6):669-677."),
        Reference("MDCalc. 4-Level Pulmonary Embolism Clinical Probability Score (4PEPS)."),
    ),
    formula="Age < 50 −2, 50-64 −1; chronic respiratory disease −1; heart rate < 80 −1; chest pain and acute dyspnoea "
    "+1; male +2; oestrogen +2; prior VTE +2; syncope +2; immobility +2; SpO2 < 95% +3; calf pain or unilateral "
    "oedema +3; PE most likely +5. < 0 very low (PE ruled out), 0-5 low (rule out with D-dimer < 1.0 µg/mL), 6-12 "
    "moderate (D-dimer < age-adjusted cut-off), ≥ 13 high (imaging).",
    description="Clinical pretest probability of pulmonary embolism in four levels, each with its own D-dimer "
    "strategy, to reduce imaging.",
    example={"age": 50, "sex": "female", "heart_rate": 104, "chest_pain_and_dyspnea": True, "oxygen_saturation": 94,
             "calf_pain_or_edema": True, "pe_most_likely": True},
)
def four_peps(x: FourPEPSInputs, w: Working) -> int:
    parts = [cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((65, 0), (50, -1), (None, -2))),
             finding(w, "male sex", x.sex == "male", 2, texts=("male", "female")),
             threshold(w, "heart rate < 80", f"HR {fmt(x.heart_rate)}", x.heart_rate, "<", 80, -1),
             threshold(w, "SpO2 < 95%", f"SpO2 {fmt(x.oxygen_saturation)}%", x.oxygen_saturation, "<", 95, 3)]
    parts += [finding(w, what, getattr(x, name), points) for name, what, points in ITEMS]
    total = sum_points(w, parts)
    level = w.output("probability", PROBABILITY[0 if total < 0 else 1 if total <= 5 else 2 if total <= 12 else 3])
    w.interpretation = {"very low": "very low probability (< 0): PE ruled out without testing",
                        "low": "low probability (0-5): PE ruled out if D-dimer < 1.0 µg/mL",
                        "moderate": "moderate probability (6-12): PE ruled out if D-dimer < age × 0.01 µg/mL "
                                    "(0.5 below 50)",
                        "high": "high probability (≥ 13): imaging without D-dimer"}[level]
    return total
