"""RAPID score: mortality of pleural infection (Rahman 2014)."""

from __future__ import annotations

from pydantic import Field

from ..fields import BUN, Age, Albumin, Inputs
from ..points import cut_offs, finding, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

BUN_PER_UREA = 2.80134  # mg/dL of BUN per mmol/L of urea: the score's urea bands are in mmol/L
# (highest total, risk group, 3-month mortality % in the derivation cohort)
RISK = ((2, "Low", 1.5), (4, "Medium", 17.8), (7, "High", 47.8))


class RAPIDInputs(Inputs):
    bun: BUN = Field(description="Blood urea nitrogen, mg/dL by default; serum urea in mmol/L must carry its unit. "
                     "Urea < 5 mmol/L 0, 5-8 1, > 8 2.")
    age: Age = Field(description="Age in years: < 50 0, 50-70 1, > 70 2.")
    purulent: bool = Field(description="Purulent pleural fluid (pus) scores 0; non-purulent scores 1.")
    hospital_acquired: bool = Field(description="Hospital-acquired infection (1 point); community-acquired 0.")
    albumin: Albumin = Field(description="Serum albumin, g/dL by default (g/L with its unit): < 2.7 g/dL (27 g/L) "
                             "scores 1.")


@calculator(
    id="rapid-pleural-infection",
    name="RAPID Score for Pleural Infection",
    aliases=("rapid-score", "rapid-pleural"),
    kind="score",
    specialty="pulmonology",
    output=Output("points", "integer", 0, range=(0, 7), secondary=(
        Secondary("risk", "Low (0-2), Medium (3-4) or High (5-7)", None, "text"),
        Secondary("mortality", "3-month mortality of the group", "%", "decimal", 1),
    )),
    inputs=RAPIDInputs,
    references=(
        Reference("Rahman NM, Kahan BC, Miller RF, Gleeson FV, Nunn AJ, Maskell NA. A clinical score (RAPID) to "
                  "identify those at risk for poor outcome at presentation in patients with pleural infection. Chest. "
                  "2014;145(4):848-855.", "https://doi.org/10.1378/chest.13-1558"),
        Reference("MDCalc: RAPID Score for Pleural Infection.", "https://www.mdcalc.com/calc/10132/rapid-score-pleural-infection"),
    ),
    formula="Renal: urea < 5 mmol/L 0, 5-8 1, > 8 2; Age < 50 0, 50-70 1, > 70 2; Purulence: pus 0, not 1; Infection "
    "source: community 0, hospital 1; Dietary: albumin ≥ 27 g/L 0, < 27 1. 0-2 low (3-month mortality 1.5%), 3-4 "
    "medium (17.8%), 5-7 high (47.8%)",
    description="Three-month mortality of adults presenting with pleural infection (empyema or complicated "
    "parapneumonic effusion).",
    example={"bun": 12, "age": 68, "purulent": False, "hospital_acquired": False, "albumin": 3.8},
)
def rapid(x: RAPIDInputs, w: Working) -> int:
    urea = w.step("urea", f"BUN {fmt(x.bun)} mg/dL / 2.80", x.bun / BUN_PER_UREA, "mmol/L")
    urea_r = round(urea, 6)
    albumin = round(x.albumin * 10, 6)  # g/L
    total = sum_points(w, (
        cut_offs(w, "renal (urea)", f"urea {fmt(urea_r, 2)} mmol/L", urea_r, ((8, 2, True), (5, 1), (None, 0))),
        cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((70, 2, True), (50, 1), (None, 0))),
        finding(w, "non-purulent fluid", not x.purulent),
        finding(w, "hospital-acquired", x.hospital_acquired),
        cut_offs(w, "albumin < 27 g/L", f"albumin {fmt(albumin)} g/L", albumin, ((27, 0), (None, 1))),
    ))
    _, risk, mortality = next(r for r in RISK if total <= r[0])
    w.output("risk", risk)
    w.output("mortality", mortality)
    w.interpretation = f"{risk.lower()} risk: {fmt(mortality, 1)}% mortality at 3 months"
    return total
