"""BIG score for mortality in paediatric trauma: base deficit, INR and GCS (Borgman 2011)."""

from __future__ import annotations

from pydantic import Field

from ..fields import INR, GCSTotal, Inputs, q
from ..spec import Output, Reference, Working, calculator, fmt

BaseDeficit = q("mEq/L", analyte="bicarbonate", plausible=(-10, 40), units=("mEq/L", "mmol/L"))


class BIGInputs(Inputs):
    base_deficit: BaseDeficit = Field(description="Base deficit, mEq/L (= mmol/L), as a positive number for a deficit "
                                      "(a base excess of −8 is a deficit of 8).")
    inr: INR = Field(description="International normalised ratio.")
    gcs: GCSTotal = Field(description="Glasgow Coma Score, 3-15.")


@calculator(
    id="big-score",
    name="Pediatric Trauma BIG Score",
    aliases=("big", "pediatric-big-score"),
    kind="equation",
    specialty="pediatrics",
    output=Output("points", "decimal", 1, range=(0, 50)),
    inputs=BIGInputs,
    references=(
        Reference("Borgman MA, Maegele M, Wade CE, Blackbourne LH, Spinella PC. Pediatric trauma BIG score: predicting "
                  "mortality in children after military and civilian trauma. Pediatrics. 2011;127(4):e892-e897."),
        Reference("MDCalc. Pediatric Trauma BIG Score."),
    ),
    formula="BIG = base deficit (mEq/L) + 2.5 × INR + (15 − GCS); higher is worse, > 16 carried the highest "
    "mortality.",
    description="Early mortality risk in injured children from admission laboratory values and GCS; give the base "
    "deficit as positive (the negative of the base excess).",
    example={"base_deficit": 8, "inr": 1.4, "gcs": 10},
)
def big_score(x: BIGInputs, w: Working) -> float:
    big = w.step("BIG", f"{fmt(x.base_deficit)} + 2.5 × {fmt(x.inr)} + (15 − {x.gcs})",
                 x.base_deficit + 2.5 * x.inr + (15 - x.gcs), "points")
    w.interpretation = f"BIG {fmt(big, 1)}" + (": > 16, the highest-mortality group" if round(big, 6) > 16 else "")
    return big
