"""Revised Geneva score for pulmonary embolism (Le Gal 2006), and its simplified version (Klok 2008)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..fields import Age, Finding, HeartRate, Inputs, Option
from ..points import cut_offs, finding, sum_points, threshold
from ..spec import Output, Reference, Working, calculator, fmt

# criterion -> (original points, simplified points)
POINTS = {
    "age > 65": (1, 1), "previous DVT or PE": (3, 1), "surgery or fracture within 1 month": (2, 1),
    "active malignancy": (2, 1), "unilateral lower-limb pain": (3, 1), "haemoptysis": (2, 1),
    "heart rate 75-94": (3, 1), "heart rate ≥ 95": (5, 2),
    "pain on deep venous palpation and unilateral oedema": (4, 1),
}


class RevisedGenevaInputs(Inputs):
    age: Age = Field(description="Age in years; older than 65 scores (65 itself does not).")
    previous_dvt_or_pe: bool = Finding("Previous deep vein thrombosis or pulmonary embolism.", when="past")
    surgery_or_fracture_past_month: bool = Finding(
        "Surgery under general anaesthesia or a lower-limb fracture within the past month.", when="recent",
    )
    active_malignancy: bool = Finding(
        "Active malignant condition: solid or haematological, active or considered cured for less than 1 year."
    )
    unilateral_leg_pain: bool = Finding("Unilateral lower-limb pain.")
    hemoptysis: bool = Finding("Haemoptysis.")
    heart_rate: HeartRate = Field(description="Heart rate in beats per minute: 75-94 and ≥ 95 score (not a band: give the rate).")
    deep_vein_palpation_pain_and_edema: bool = Finding(
        "Pain on deep venous palpation of the lower limb AND unilateral oedema (both needed)."
    )
    version: Literal["original", "simplified"] = Option(
        "original", "'original' (Le Gal 2006: weights 1-5, low 0-3, intermediate 4-10, high ≥ 11) or 'simplified' "
        "(Klok 2008: 1 point each, 2 for heart rate ≥ 95; low 0-1, intermediate 2-4, high ≥ 5)."
    )


@calculator(
    id="revised-geneva",
    name="Geneva Score (Revised) for Pulmonary Embolism",
    aliases=("geneva", "revised-geneva-score", "geneva-score", "simplified-geneva"),
    kind="score",
    specialty="pulmonology",
    output=Output("points", "integer", 0, range=(0, 25)),
    inputs=RevisedGenevaInputs,
    references=(
        Reference("Le Gal G, Righini M, Roy PM, et al. Prediction of pulmonary embolism in the emergency department: "
                  "the revised Geneva score. Ann Intern Med. 2006;144(3):165-171.",
                  "https://doi.org/10.7326/0003-4819-144-3-200602070-00004"),
        Reference("Klok FA, Mos IC, Nijkeuter M, et al. Simplification of the revised Geneva score for assessing "
                  "clinical probability of pulmonary embolism. Arch Intern Med. 2008;168(19):2131-2136.",
                  "https://doi.org/10.1001/archinte.168.19.2131"),
        Reference("MDCalc. Geneva Score (Revised) for Pulmonary Embolism.",
                  "https://www.mdcalc.com/calc/1750/geneva-score-revised-pulmonary-embolism"),
    ),
    formula="Original (simplified in brackets): age > 65 +1 (+1); previous DVT or PE +3 (+1); surgery under "
    "general anaesthesia or lower-limb fracture within 1 month +2 (+1); active malignancy +2 (+1); unilateral "
    "lower-limb pain +3 (+1); haemoptysis +2 (+1); heart rate 75-94 +3 (+1), ≥ 95 +5 (+2); pain on deep venous "
    "palpation and unilateral oedema +4 (+1). Original: 0-3 low (8% PE), 4-10 intermediate (28%), ≥ 11 high "
    "(74%). Simplified: 0-1 low, 2-4 intermediate, ≥ 5 high.",
    description="Clinical probability of pulmonary embolism from objective findings only (no clinician gestalt), "
    "for deciding on D-dimer testing or imaging.",
    example={"age": 70, "previous_dvt_or_pe": False, "surgery_or_fracture_past_month": True, "active_malignancy": False,
             "unilateral_leg_pain": True, "hemoptysis": False, "heart_rate": 98,
             "deep_vein_palpation_pain_and_edema": False, "version": "original"},
)
def revised_geneva(x: RevisedGenevaInputs, w: Working) -> int:
    k = 0 if x.version == "original" else 1
    pts = {name: p[k] for name, p in POINTS.items()}
    parts = (
        threshold(w, "age > 65", f"age {fmt(x.age)}", x.age, ">", 65, pts["age > 65"]),
        finding(w, "previous DVT or PE", x.previous_dvt_or_pe, pts["previous DVT or PE"]),
        finding(w, "surgery or fracture within 1 month", x.surgery_or_fracture_past_month,
                pts["surgery or fracture within 1 month"]),
        finding(w, "active malignancy", x.active_malignancy, pts["active malignancy"]),
        finding(w, "unilateral lower-limb pain", x.unilateral_leg_pain, pts["unilateral lower-limb pain"]),
        finding(w, "haemoptysis", x.hemoptysis, pts["haemoptysis"]),
        cut_offs(w, "heart rate", f"HR {fmt(x.heart_rate)}/min", x.heart_rate,
                 ((95, pts["heart rate ≥ 95"]), (75, pts["heart rate 75-94"]), (None, 0))),
        finding(w, "pain on deep venous palpation and unilateral oedema", x.deep_vein_palpation_pain_and_edema,
                pts["pain on deep venous palpation and unilateral oedema"]),
    )
    total = sum_points(w, parts)
    if x.version == "original":
        bands = ((11, "high clinical probability (≥ 11): 74% prevalence of PE"),
                 (4, "intermediate clinical probability (4-10): 28% prevalence of PE"),
                 (0, "low clinical probability (0-3): 8% prevalence of PE"))
    else:
        bands = ((5, "high clinical probability (≥ 5, simplified)"),
                 (2, "intermediate clinical probability (2-4, simplified)"),
                 (0, "low clinical probability (0-1, simplified)"))
    w.interpretation = next(text for lower, text in bands if total >= lower)
    return total
