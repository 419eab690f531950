"""A-DROP severity score for community-acquired pneumonia (Japanese Respiratory Society 2005)."""

from __future__ import annotations

from pydantic import Field

from ..fields import BUN, Age, BloodPressure, Finding, Inputs, PaO2, Sex
from ..points import compared, finding, sum_points, threshold
from ..rounding import round_half_away
from ..rules import AtLeastOne
from ..spec import Output, Reference, Working, calculator, fmt
from .perc import OxygenSaturation


class ADROPInputs(Inputs):
    age: Age = Field(description="Age in years; scores at ≥ 70 for men, ≥ 75 for women.")
    sex: Sex = Field(description="Sex; sets the age cut-off (male 70, female 75).")
    bun: BUN = Field(
        description="Blood urea nitrogen, mg/dL by default; ≥ 21 mg/dL (dehydration) scores 1. A serum urea in "
        "mmol/L must carry its unit ('7.5 mmol/L' = 21 mg/dL BUN)."
    )
    oxygen_saturation: OxygenSaturation | None = Field(
        None, description="SpO2 (or SaO2) in %; ≤ 90 scores 1 (respiratory failure). Give it, pao2 or both."
    )
    pao2: PaO2 | None = Field(None, description="PaO2 in mm Hg (kPa with its unit); ≤ 60 mm Hg scores 1.")
    orientation_disturbance: bool = Finding("Disturbance of orientation (confusion) (1 point).")
    systolic_bp: BloodPressure = Field(description="Systolic blood pressure in mm Hg; ≤ 90 scores 1.")
    shock: bool = Finding(
        "Shock. Does not add points: a patient in shock is extremely severe whatever the score."
    )

    rules = (AtLeastOne(("oxygen_saturation", "pao2"), "oxygen_saturation",
                        "an SpO2 (or a PaO2) to score respiratory failure",
                        "give oxygen_saturation in %, or pao2 in mm Hg"),)


@calculator(
    id="a-drop",
    name="A-DROP Score for Community-Acquired Pneumonia",
    aliases=("adrop", "a-drop-score", "jrs-a-drop"),
    kind="score",
    specialty="pulmonology",
    output=Output("points", "integer", 0, range=(0, 5)),
    inputs=ADROPInputs,
    references=(
        Reference("Miyashita N, Matsushima T, Oka M; Japanese Respiratory Society. The JRS guidelines for the "
                  "management of community-acquired pneumonia in adults: an update and new recommendations. Intern "
                  "Med. 2006;45(7):419-428.", "https://doi.org/10.2169/internalmedicine.45.1691"),
        Reference("Shindo Y, Sato S, Maruyama E, et al. Comparison of severity scoring systems A-DROP and CURB-65 for "
                  "community-acquired pneumonia. Respirology. 2008;13(5):731-735.",
                  "https://doi.org/10.1111/j.1440-1843.2008.01329.x"),
    ),
    formula="1 point each: Age (male ≥ 70, female ≥ 75 years); Dehydration (BUN ≥ 21 mg/dL); Respiratory failure "
    "(SpO2 ≤ 90% or PaO2 ≤ 60 mm Hg); Orientation disturbance (confusion); low blood Pressure (systolic ≤ 90 mm "
    "Hg). Total 0-5: 0 mild (outpatient), 1-2 moderate (outpatient or inpatient), 3 severe (admit), 4-5 "
    "extremely severe (ICU); shock makes it extremely severe at any score.",
    description="Severity of community-acquired pneumonia and site of care, the Japanese adaptation of CURB-65 "
    "with sex-specific age cut-offs and oxygenation in place of the respiratory rate.",
    example={"age": 78, "sex": "female", "bun": 24, "oxygen_saturation": 92, "orientation_disturbance": False,
             "systolic_bp": 118, "shock": False},
)
def a_drop(x: ADROPInputs, w: Working) -> int:
    limit = 70 if x.sex == "male" else 75
    a = threshold(w, f"age (≥ {limit}, {x.sex})", f"age {fmt(x.age)}", x.age, "≥", limit)
    bun = round_half_away(x.bun, 2)  # '7.5 mmol/L' is 21.01 mg/dL
    d = threshold(w, "dehydration (BUN ≥ 21 mg/dL)", f"BUN {fmt(bun, 2)} mg/dL", bun, "≥", 21)
    texts, low = [], False
    if x.oxygen_saturation is not None:
        hit, text = compared(f"SpO2 {fmt(x.oxygen_saturation)}%", x.oxygen_saturation, "≤", 90)
        low, texts = low or hit, [*texts, text]
    if x.pao2 is not None:
        pao2 = round_half_away(x.pao2, 2)
        hit, text = compared(f"PaO2 {fmt(pao2)}", pao2, "≤", 60, " mmHg")
        low, texts = low or hit, [*texts, text]
    r = w.step("respiratory failure", ", ".join(texts), int(low), "points")
    o = finding(w, "orientation disturbance", x.orientation_disturbance)
    p = threshold(w, "low blood pressure (SBP ≤ 90)", f"SBP {fmt(x.systolic_bp)} mmHg", round_half_away(x.systolic_bp, 2),
                  "≤", 90)
    total = sum_points(w, (a, d, r, o, p))
    if x.shock or total >= 4:
        why = "shock" if x.shock and total < 4 else "4-5"
        w.interpretation = f"extremely severe ({why}): admit to intensive care"
    elif total == 3:
        w.interpretation = "severe (3): hospital admission"
    elif total >= 1:
        w.interpretation = "moderate (1-2): outpatient or inpatient treatment"
    else:
        w.interpretation = "mild (0): outpatient treatment"
    return total
