"""LENT prognostic score for malignant pleural effusion (Clive 2014)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Enzyme, Inputs, choice
from ..points import category, cut_offs, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

ECOG = {"0": 0, "1": 1, "2": 2, "3": 3, "4": 3}
TUMOUR = {"mesothelioma": 0, "haematological": 0, "breast": 1, "gynaecological": 1, "renal": 1, "lung": 2, "other": 2}
# (highest total, risk, median survival in days)
RISK = ((1, "Low", 319), (4, "Moderate", 130), (7, "High", 44))


class LENTInputs(Inputs):
    pleural_ldh: Enzyme = Field(description="Pleural fluid LDH, U/L: > 1500 scores 1.")
    ecog: choice(*ECOG) = Field(description="ECOG performance status 0-4: 0 0, 1 1, 2 2, 3-4 3.")  # type: ignore[valid-type]
    nlr: float = Field(gt=0, lt=1000, description="Serum neutrophil-to-lymphocyte ratio (neutrophils / lymphocytes): "
                       "> 9 scores 1.")
    tumour_type: choice(*TUMOUR) = Field(  # type: ignore[valid-type]
        description="Primary tumour: 'mesothelioma' or 'haematological' (0); 'breast', 'gynaecological' or 'renal' "
        "(1); 'lung' or 'other' (2).")


@calculator(
    id="lent-score",
    name="LENT Prognostic Score for Malignant Pleural Effusion",
    aliases=("lent", "lent-prognostic-score"),
    kind="score",
    specialty="oncology",
    output=Output("points", "integer", 0, range=(0, 7), secondary=(
        Secondary("risk", "Low (0-1), Moderate (2-4) or High (5-7)", None, "text"),
        Secondary("median_survival", "median survival of the group", "days", "integer"),
    )),
    inputs=LENTInputs,
    references=(
        Reference("Clive AO, Kahan BC, Hooper CE, et al. Predicting survival in malignant pleural effusion: "
                  "development and validation of the LENT prognostic score. Thorax. 2014;69(12):1098-1104.",
                  "https://doi.org/10.1136/thoraxjnl-2014-205285"),
        Reference("MDCalc: LENT Prognostic Score for Malignant Pleural Effusion.",
                  "https://www.mdcalc.com/calc/10097/lent-prognostic-score-malignant-pleural-effusion"),
    ),
    formula="Pleural LDH > 1500 U/L 1; ECOG 0 0, 1 1, 2 2, 3-4 3; NLR > 9 1; tumour: mesothelioma or haematological 0, "
    "breast, gynaecological or renal 1, lung or other 2. 0-1 low (median survival 319 days), 2-4 moderate (130), 5-7 "
    "high (44)",
    description="Survival of patients with a malignant pleural effusion, to choose between palliative procedures.",
    example={"pleural_ldh": 690, "ecog": "1", "nlr": 6.5, "tumour_type": "lung"},
)
def lent(x: LENTInputs, w: Working) -> int:
    total = sum_points(w, (
        cut_offs(w, "pleural LDH > 1500 U/L", f"LDH {fmt(x.pleural_ldh)}", x.pleural_ldh, ((1500, 1, True), (None, 0))),
        category(w, "ECOG", x.ecog, ECOG),
        cut_offs(w, "NLR > 9", f"NLR {fmt(x.nlr, 2)}", round(x.nlr, 6), ((9, 1, True), (None, 0))),
        category(w, "tumour type", x.tumour_type, TUMOUR),
    ))
    _, risk, survival = next(r for r in RISK if total <= r[0])
    w.output("risk", risk)
    w.output("median_survival", survival)
    w.interpretation = f"{risk.lower()} risk: median survival {survival} days"
    return total
