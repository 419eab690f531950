"""Glasgow-Imrie (modified Glasgow) criteria for severity of acute pancreatitis (Blamey 1984)."""

from __future__ import annotations

from pydantic import Field

from ..fields import BUN, Age, Albumin, Calcium, Enzyme, Glucose, Inputs, PaO2, WhiteCells
from ..points import sum_points, threshold
from ..spec import Output, Reference, Working, calculator, fmt


class GlasgowImrieInputs(Inputs):
    age: Age = Field(description="Age in years; older than 55 scores 1.")
    pao2: PaO2 = Field(description="PaO2 within 48 h, mmHg (kPa with its unit); below 60 mmHg (8 kPa) scores 1.")
    wbc: WhiteCells = Field(description="White cell count within 48 h, ×10⁹/L; above 15 scores 1.")
    calcium: Calcium = Field(description="Serum calcium within 48 h, mg/dL by default (mmol/L with its unit); below "
                             "8 mg/dL (2 mmol/L) scores 1.")
    bun: BUN = Field(description="Blood urea nitrogen within 48 h, mg/dL by default; a urea in mmol/L must carry its "
                     "unit. Urea above 16 mmol/L (BUN above 45 mg/dL) scores 1.")
    ldh: Enzyme = Field(description="Lactate dehydrogenase within 48 h, U/L; above 600 scores 1.")
    albumin: Albumin = Field(description="Serum albumin within 48 h, g/dL by default (g/L with its unit); below "
                             "3.2 g/dL (32 g/L) scores 1.")
    glucose: Glucose = Field(description="Blood glucose within 48 h, mg/dL by default (mmol/L with its unit); above "
                             "10 mmol/L (180 mg/dL) scores 1.")


@calculator(
    id="glasgow-imrie",
    name="Glasgow-Imrie Criteria for Severity of Acute Pancreatitis",
    aliases=("glasgow-pancreatitis", "imrie-score", "modified-glasgow-criteria"),
    kind="score",
    specialty="gastroenterology",
    output=Output("points", "integer", 0, range=(0, 8)),
    inputs=GlasgowImrieInputs,
    references=(
        Reference("Blamey SL, Imrie CW, O'Neill J, Gilmour WH, Carter DC. Prognostic factors in acute pancreatitis. "
                  "Gut. 1984;25(12):1340-1346.", "https://doi.org/10.1136/gut.25.12.1340"),
        Reference("MDCalc. Glasgow-Imrie Criteria for Severity of Acute Pancreatitis.",
                  "https://www.mdcalc.com/calc/10070/glasgow-imrie-criteria-severity-acute-pancreatitis"),
    ),
    formula="1 point each within 48 h: age > 55; PaO2 < 60 mmHg; WBC > 15 ×10⁹/L; calcium < 8 mg/dL (2 mmol/L); "
    "urea > 16 mmol/L (BUN > 45 mg/dL); LDH > 600 U/L; albumin < 3.2 g/dL; glucose > 180 mg/dL (10 mmol/L). "
    "≥ 3: severe pancreatitis likely.",
    description="Severity of acute pancreatitis (of any cause) from eight criteria assessed within 48 hours of "
    "admission; 3 or more predicts a severe attack.",
    example={"age": 48, "pao2": 88, "wbc": 12.4, "calcium": 8.6, "bun": 22, "ldh": 280, "albumin": 3.6,
             "glucose": 138},
)
def glasgow_imrie(x: GlasgowImrieInputs, w: Working) -> int:
    total = sum_points(w, (
        threshold(w, "age > 55", f"age {fmt(x.age)}", x.age, ">", 55),
        threshold(w, "PaO2 < 60 mmHg", f"PaO2 {fmt(x.pao2)}", round(x.pao2, 6), "<", 60),
        threshold(w, "WBC > 15 ×10⁹/L", f"WBC {fmt(x.wbc)}", x.wbc, ">", 15),
        threshold(w, "calcium < 8 mg/dL", f"calcium {fmt(x.calcium, 2)}", round(x.calcium, 6), "<", 8),
        threshold(w, "BUN > 45 mg/dL (urea > 16 mmol/L)", f"BUN {fmt(x.bun, 1)}", round(x.bun, 1), ">", 45),
        threshold(w, "LDH > 600 U/L", f"LDH {fmt(x.ldh)}", x.ldh, ">", 600),
        threshold(w, "albumin < 3.2 g/dL", f"albumin {fmt(x.albumin, 2)}", round(x.albumin, 6), "<", 3.2),
        threshold(w, "glucose > 180 mg/dL (10 mmol/L)", f"glucose {fmt(x.glucose, 0)}", round(x.glucose, 1), ">", 180),
    ))
    w.interpretation = (f"{total} ≥ 3: severe pancreatitis likely; consider intensive care" if total >= 3
                        else f"{total} < 3: severe pancreatitis unlikely")
    return total
