"""Mehran score for contrast-induced nephropathy after PCI (Mehran 2004)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import Age, Finding, Hematocrit, Inputs, Sex, q
from ..points import cut_offs, finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

ContrastVolume = q("mL", ge=0, plausible=(0, 1000), units=("mL", "L"))
EGFR = q("mL/min/1.73m^2", ge=0, plausible=(2, 200), units=("mL/min/1.73m^2",))
# (lowest score, risk of CIN %, risk of dialysis %) by risk group (Mehran 2004)
GROUPS = ((16, 57.3, 12.6), (11, 26.1, 1.09), (6, 14.0, 0.12), (0, 7.5, 0.04))


class MehranInputs(Inputs):
    hypotension: bool = Finding("Periprocedural hypotension: systolic < 80 mm Hg for ≥ 1 hour needing inotropes or "
                                "an intra-aortic balloon pump within 24 hours: 5 points.")
    iabp: bool = Finding("Intra-aortic balloon pump: 5 points.")
    heart_failure: bool = Finding("Congestive heart failure (NYHA III-IV or history of pulmonary oedema): 5 points.")
    age: Age = Field(description="Age in years; > 75 scores 4.")
    sex: Sex = Field(description="Sex, for the anaemia cut-off.")
    hematocrit: Hematocrit = Field(description="Baseline haematocrit, %; anaemia (< 39% in men, < 36% in women) "
                                   "scores 3.")
    diabetes: bool = Finding("Diabetes mellitus: 3 points.")
    contrast_volume: ContrastVolume = Field(description="Contrast media volume, mL: 1 point per whole 100 mL.")
    egfr: EGFR = Field(description="eGFR, mL/min/1.73 m²: 40-59 scores 2, 20-39 4, < 20 6.")


@calculator(
    id="mehran",
    name="Mehran Score for Post-PCI Contrast Nephropathy",
    aliases=("mehran-score", "mehran-cin-score"),
    kind="score",
    specialty="cardiology",
    output=Output("points", "integer", 0, range=(0, 40), secondary=(
        Secondary("cin_risk", "risk of contrast-induced nephropathy in the score's group", "%", "decimal", 1),
        Secondary("dialysis_risk", "risk of CIN needing dialysis in the score's group", "%", "decimal", 2),
    )),
    inputs=MehranInputs,
    references=(
        Reference("Mehran R, Aymong ED, Nikolsky E, et al. A simple risk score for prediction of contrast-induced "
                  "nephropathy after percutaneous coronary intervention: development and initial validation. J Am "
                  "Coll Cardiol. 2004;44(7):1393-1399."),
        Reference("MDCalc. Mehran Score for Post-PCI Contrast Nephropathy (eGFR version)."),
    ),
    formula="Hypotension 5; IABP 5; CHF 5; age > 75 4; anaemia (Hct < 39% men, < 36% women) 3; diabetes 3; contrast "
    "1 per 100 mL; eGFR 40-59 2, 20-39 4, < 20 6. ≤ 5: CIN 7.5%, dialysis 0.04%; 6-10: 14.0%, 0.12%; 11-15: 26.1%, "
    "1.09%; ≥ 16: 57.3%, 12.6%.",
    description="Risk of contrast-induced nephropathy (creatinine rise ≥ 25% or ≥ 0.5 mg/dL within 48 hours) and of "
    "dialysis after percutaneous coronary intervention. Uses the eGFR form of the renal item (the original also "
    "offers creatinine > 1.5 mg/dL for 4 points).",
    example={"age": 54, "sex": "male", "hematocrit": 41, "contrast_volume": 130, "egfr": 68},
)
def mehran(x: MehranInputs, w: Working) -> int:
    anaemia_cut = 39 if x.sex == "male" else 36
    hundreds = math.floor(round(x.contrast_volume, 6) / 100)
    total = sum_points(w, (
        finding(w, "hypotension", x.hypotension, 5),
        finding(w, "intra-aortic balloon pump", x.iabp, 5),
        finding(w, "congestive heart failure", x.heart_failure, 5),
        threshold(w, "age > 75", f"age {fmt(x.age)}", x.age, ">", 75, 4),
        threshold(w, f"anaemia (Hct < {anaemia_cut}% in a {x.sex})", f"Hct {fmt(x.hematocrit)}%", x.hematocrit, "<",
                  anaemia_cut, 3),
        finding(w, "diabetes", x.diabetes, 3),
        w.step("contrast volume", f"{fmt(x.contrast_volume)} mL: {hundreds} × 100 mL", hundreds, "points"),
        cut_offs(w, "eGFR", f"eGFR {fmt(x.egfr)}", x.egfr, ((60, 0), (40, 2), (20, 4), (None, 6))),
    ))
    _, cin, dialysis = next(g for g in GROUPS if total >= g[0])
    w.output("cin_risk", cin)
    w.output("dialysis_risk", dialysis)
    w.interpretation = f"Mehran {total}: risk of CIN {cin}%, of dialysis {dialysis}%"
    return total
