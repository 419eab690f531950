"""AIMS: Abnormal Involuntary Movement Scale (Guy 1976), with the Schooler-Kane evidence of tardive
dyskinesia."""

from __future__ import annotations

from pydantic import Field, create_model

from ..fields import Inputs
from ..scales import item, score_items
from ..spec import Output, Reference, Secondary, Working, calculator

AREAS = (("facial_expression", "muscles of facial expression"), ("lips_perioral", "lips and perioral area"),
         ("jaw", "jaw"), ("tongue", "tongue"), ("upper_extremities", "upper extremities"),
         ("lower_extremities", "lower extremities"), ("trunk", "neck, shoulders, hips (trunk)"))
AIMSInputs = create_model("AIMSInputs", __base__=Inputs, __module__=__name__, **{
    name: (item(4), Field(description=f"Movements of the {what}: 0 none, 1 minimal (may be extreme normal), 2 mild, "
                                      f"3 moderate, 4 severe."))
    for name, what in AREAS})


@calculator(
    id="aims",
    name="Abnormal Involuntary Movement Scale (AIMS)",
    aliases=("Abnormal Involuntary Movement Scale (AIMS)", "abnormal-involuntary-movement-scale"),
    kind="score",
    specialty="psychiatry",
    output=Output("points", "integer", 0, range=(0, 28), secondary=(
        Secondary("td_evidence", "Strong evidence of tardive dyskinesia (≥ 2 in two areas or ≥ 3 in one) or "
                  "Insufficient", None, "text"),
    )),
    inputs=AIMSInputs,
    references=(
        Reference("Guy W. ECDEU Assessment Manual for Psychopharmacology. Rockville, MD: US Department of Health, "
                  "Education, and Welfare; 1976:534-537 (the AIMS)."),
        Reference("Schooler NR, Kane JM. Research diagnoses for tardive dyskinesia. Arch Gen Psychiatry. "
                  "1982;39(4):486-487.", "https://doi.org/10.1001/archpsyc.1982.04290040080014"),
        Reference("MDCalc. Abnormal Involuntary Movement Scale (AIMS)."),
    ),
    formula="Seven body areas each 0-4 (items 1-7); total 0-28. Evidence of tardive dyskinesia: mild (2) movements "
    "in two or more areas, or moderate or severe (≥ 3) in one area. The global items (severity, incapacitation, "
    "awareness) and dental status are recorded but not summed.",
    description="Monitors involuntary movements in patients taking antipsychotics, to detect tardive dyskinesia.",
    example={"facial_expression": 2, "lips_perioral": 2, "jaw": 1, "tongue": 1, "upper_extremities": 3,
             "lower_extremities": 2, "trunk": 2},
)
def aims(x: AIMSInputs, w: Working) -> int:  # type: ignore[valid-type]
    scores = [getattr(x, name) for name, _ in AREAS]
    total = score_items(w, [(what, s, 4) for (_, what), s in zip(AREAS, scores, strict=True)])
    strong = sum(s >= 2 for s in scores) >= 2 or any(s >= 3 for s in scores)
    w.step("Schooler-Kane: ≥ 2 in two areas or ≥ 3 in one", f"{sum(s >= 2 for s in scores)} areas ≥ 2, "
           f"{sum(s >= 3 for s in scores)} areas ≥ 3", strong)
    w.output("td_evidence", "Strong" if strong else "Insufficient")
    w.interpretation = ("strong evidence of tardive dyskinesia" if strong else
                        "no tardive dyskinesia by the Schooler-Kane threshold") + f" (total {total} of 28)"
    return total
