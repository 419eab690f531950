"""Harmless Acute Pancreatitis Score (HAPS; Lankisch 2009)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Creatinine, Finding, Hematocrit, Inputs, Sex
from ..points import finding, sum_points, threshold
from ..spec import Output, Reference, Working, calculator, fmt


class HAPSInputs(Inputs):
    peritonitis: bool = Finding("Signs of peritonitis: rebound tenderness or guarding (1).")
    hematocrit: Hematocrit = Field(description="Haematocrit on admission, %; abnormal above 43% in men and 39.6% in "
                                   "women (1).")
    sex: Sex = Field(description="Sex; sets the haematocrit limit.")
    creatinine: Creatinine = Field(description="Serum creatinine on admission, mg/dL by default (µmol/L with its "
                                   "unit); above 2 mg/dL scores 1.")


@calculator(
    id="haps",
    name="Harmless Acute Pancreatitis Score (HAPS)",
    aliases=("harmless-acute-pancreatitis-score",),
    kind="score",
    specialty="gastroenterology",
    output=Output("points", "integer", 0, range=(0, 3)),
    inputs=HAPSInputs,
    references=(
        Reference("Lankisch PG, Weber-Dany B, Hebel K, Maisonneuve P, Lowenfels AB. The harmless acute pancreatitis "
                  "score: a clinical algorithm for rapid initial stratification of nonsevere disease. Clin "
                  "Gastroenterol Hepatol. 2009;7(6):702-705.", "https://doi.org/10.1016/j.cgh.2009.02.020"),
    ),
    formula="1 point each: rebound tenderness or guarding; haematocrit > 43% (men) or > 39.6% (women); serum "
    "creatinine > 2 mg/dL. 0: harmless (non-severe) course predicted.",
    description="Identifies on admission patients with acute pancreatitis who will have a harmless course (no "
    "pancreatic necrosis, dialysis, ventilation or death) and may not need intensive care; 0 points is harmless.",
    example={"peritonitis": False, "hematocrit": 42, "sex": "male", "creatinine": 1.1},
)
def haps(x: HAPSInputs, w: Working) -> int:
    limit = 43.0 if x.sex == "male" else 39.6
    total = sum_points(w, (
        finding(w, "rebound tenderness or guarding", x.peritonitis),
        threshold(w, f"haematocrit > {fmt(limit)}% ({x.sex})", f"haematocrit {fmt(x.hematocrit)}", x.hematocrit, ">",
                  limit, limit_unit="%"),
        threshold(w, "creatinine > 2 mg/dL", f"creatinine {fmt(x.creatinine, 2)}", round(x.creatinine, 6), ">", 2),
    ))
    w.interpretation = ("0: harmless course predicted (no necrosis, dialysis, ventilation or death; about 98% "
                        "specific)" if total == 0 else f"{total}: a harmless course cannot be predicted")
    return total
