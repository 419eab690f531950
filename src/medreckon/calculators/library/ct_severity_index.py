"""CT severity index for acute pancreatitis (Balthazar 1990)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, Percent, choice
from ..points import category, cut_offs, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

GRADE = {"A": 0, "B": 1, "C": 2, "D": 3, "E": 4}
OUTCOME = ((7, 17, 92), (4, 6, 35), (0, 3, 8))  # (lowest index, mortality %, complications %)


class CTSIInputs(Inputs):
    balthazar_grade: choice(*GRADE) = Field(description=(
        "Balthazar grade on contrast CT: 'A' normal pancreas (0); 'B' focal or diffuse enlargement (1); 'C' intrinsic "
        "pancreatic abnormality with peripancreatic fat inflammation (2); 'D' a single fluid collection (3); 'E' two "
        "or more fluid collections or gas (4)."))
    necrosis_percent: Percent = Field(description="Extent of pancreatic necrosis, % of the gland: 0 scores 0, up to "
                                      "30% scores 2, > 30-50% scores 4, > 50% scores 6.")


@calculator(
    id="ct-severity-index",
    name="CT Severity Index (Pancreatitis)",
    aliases=("ctsi", "balthazar-score", "balthazar-ct-severity-index"),
    kind="score",
    specialty="gastroenterology",
    output=Output("points", "integer", 0, range=(0, 10), secondary=(
        Secondary("mortality", "estimated mortality (Balthazar 1990)", "%", "integer"),
        Secondary("complications", "estimated rate of complications (Balthazar 1990)", "%", "integer"),
    )),
    inputs=CTSIInputs,
    references=(
        Reference("Balthazar EJ, Robinson DL, Megibow AJ, Ranson JH. Acute pancreatitis: value of CT in establishing "
                  "prognosis. Radiology. 1990;174(2):331-336.", "https://doi.org/10.1148/radiology.174.2.2296641"),
        Reference("MDCalc. CT Severity Index (Pancreatitis).",
                  "https://www.mdcalc.com/calc/10196/ct-severity-index-ctsi-pancreatitis"),
    ),
    formula="Balthazar grade A 0, B 1, C 2, D 3, E 4 + necrosis none 0, ≤ 30% 2, > 30-50% 4, > 50% 6. Index 0-3: "
    "mortality 3%, complications 8%; 4-6: 6%, 35%; 7-10: 17%, 92%.",
    description="Severity of acute pancreatitis on contrast-enhanced CT (best at 48-72 h), from the Balthazar "
    "grade of inflammation and the extent of necrosis. The grade and necrosis are read from the images.",
    example={"balthazar_grade": "C", "necrosis_percent": 0},
)
def ct_severity_index(x: CTSIInputs, w: Working) -> int:
    n = x.necrosis_percent
    necrosis = (w.step("necrosis", "none", 0, "points") if n == 0 else
                cut_offs(w, "necrosis", f"{fmt(n)}%", n, ((50, 6, True), (30, 4, True), (None, 2))))
    total = sum_points(w, (category(w, "Balthazar grade", x.balthazar_grade, GRADE), necrosis))
    _, mortality, complications = next(o for o in OUTCOME if total >= o[0])
    w.output("mortality", mortality)
    w.output("complications", complications)
    w.interpretation = f"CTSI {total}: estimated mortality {mortality}%, complications {complications}%"
    return total
