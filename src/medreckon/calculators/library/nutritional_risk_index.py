"""Nutritional Risk Index (NRI; Buzby 1988, Veterans Affairs TPN Cooperative Study)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Albumin, Inputs, Weight
from ..spec import Output, Reference, Working, calculator, fmt

# (lower limit of the band, label), from the top: above 100 no risk; 97.5-100 mild; 83.5-97.5 moderate
BANDS = ((100.0, "no risk", True), (97.5, "mild risk", False), (83.5, "moderate risk", False))


def risk(nri: float) -> str:
    for lower, label, strict in BANDS:
        if nri > lower if strict else nri >= lower:
            return label
    return "severe risk"


class NRIInputs(Inputs):
    albumin: Albumin = Field(description="Serum albumin, g/dL by default; g/L with its unit ('28 g/L'). The "
                             "formula takes g/L (1.519 × g/L).")
    current_weight: Weight = Field(description="Present body weight (kg by default; lb with a unit).")
    usual_weight: Weight = Field(description="Usual (pre-illness) body weight, e.g. stable weight 6 months ago "
                                 "(kg by default; lb with a unit).")


@calculator(
    id="nutritional-risk-index",
    name="Nutritional Risk Index (NRI)",
    aliases=("nri", "buzby-nutritional-risk-index"),
    kind="equation",
    specialty="nutrition",
    output=Output("points", "decimal", 1, range=(40, 130)),
    inputs=NRIInputs,
    references=(
        Reference("Buzby GP, Knox LS, Crosby LO, et al. Study protocol: a randomized clinical trial of total "
                  "parenteral nutrition in malnourished surgical patients. Am J Clin Nutr. 1988;47(2 Suppl):366-381.",
                  "https://doi.org/10.1093/ajcn/47.2.366"),
        Reference("Veterans Affairs Total Parenteral Nutrition Cooperative Study Group. Perioperative total "
                  "parenteral nutrition in surgical patients. N Engl J Med. 1991;325(8):525-532.",
                  "https://doi.org/10.1056/NEJM199108223250801"),
        Reference("MDCalc. Nutritional Risk Index (NRI).", "https://www.mdcalc.com/calc/10219/nutritional-risk-index-nri"),
    ),
    formula="NRI = 1.519 × serum albumin (g/L) + 41.7 × (present weight / usual weight). > 100: no risk; "
    "97.5-100: mild; 83.5-< 97.5: moderate; < 83.5: severe risk of malnutrition.",
    description="Nutritional risk from serum albumin and the ratio of present to usual weight, derived for "
    "surgical patients; not the Geriatric NRI, which uses ideal body weight.",
    example={"albumin": 3.2, "current_weight": "120 lb", "usual_weight": "148 lb"},
)
def nutritional_risk_index(x: NRIInputs, w: Working) -> float:
    albumin_gl = w.step("albumin in g/L", lambda: f"{fmt(x.albumin)} g/dL × 10", x.albumin * 10, "g/L")
    ratio = w.step("present / usual weight", lambda: f"{fmt(x.current_weight)} / {fmt(x.usual_weight)}",
                   x.current_weight / x.usual_weight)
    nri = w.step("NRI", lambda: f"1.519 × {fmt(albumin_gl)} + 41.7 × {fmt(ratio, 4)}",
                 1.519 * albumin_gl + 41.7 * ratio, "points")
    w.interpretation = f"{risk(round(nri, 6))} of malnutrition (NRI {fmt(nri, 1)})"
    return nri
