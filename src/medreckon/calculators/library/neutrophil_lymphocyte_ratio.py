"""Neutrophil-lymphocyte ratio (NLR), a marker of physiological stress (Zahorec 2001)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, WhiteCells, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

# a lymphocyte count the ratio divides by
Lymphocytes = q("10^9/L", gt=0, plausible=(0.05, 300), units=("10^9/L", "10^3/uL", "/uL"))
# (upper limit of the band, its label): PulmCrit's ranges, which MDCalc shows
STRESS = ((3.0, "normal"), (6.0, "borderline"), (9.0, "mild"), (18.0, "moderate"))


def stress_level(nlr: float) -> str:
    """A band's upper limit belongs to it (3 is normal, 9 mild, 18 moderate); above 18 severe."""
    for upper, label in STRESS:
        if nlr <= upper:
            return label
    return "severe"


class NLRInputs(Inputs):
    neutrophils: WhiteCells = Field(description="Absolute neutrophil count, ×10⁹/L (= ×10³/µL) by default; "
                                    "cells/µL with its unit ('7500 /uL'). Both counts must be absolute counts: two "
                                    "percentages of the same differential give the same ratio only if passed as such.")
    lymphocytes: Lymphocytes = Field(description="Absolute lymphocyte count, ×10⁹/L by default; cells/µL with its "
                                     "unit ('1500 /uL'). Must be above 0.")


@calculator(
    id="neutrophil-lymphocyte-ratio",
    name="Neutrophil-Lymphocyte Ratio (NLR)",
    aliases=("nlr", "neutrophil-to-lymphocyte-ratio", "Neutrophil-Lymphocyte Ratio (NLR) Calculator"),
    kind="equation",
    specialty="hematology",
    output=Output(None, "decimal", 1, range=(0.1, 100), secondary=(
        Secondary("stress_level", "physiological stress level (PulmCrit's ranges, as MDCalc shows): normal ≤ 3, "
                  "borderline 3-6, mild 6-9, moderate 9-18, severe > 18", None, "text"),
    )),
    inputs=NLRInputs,
    references=(
        Reference("Zahorec R. Ratio of neutrophil to lymphocyte counts - rapid and simple parameter of systemic "
                  "inflammation and stress in critically ill. Bratisl Lek Listy. 2001;102(1):5-14."),
        Reference("Farkas J. PulmCrit: Neutrophil-lymphocyte ratio (NLR): free upgrade to your WBC. EMCrit; 2019 "
                  "(ranges: normal 1-3, mild stress 6-9, critical illness ≥ 9)."),
        Reference("MDCalc. Neutrophil-Lymphocyte Ratio (NLR) Calculator.",
                  "https://www.mdcalc.com/calc/10305/neutrophil-lymphocyte-ratio-nlr-calculator"),
    ),
    formula="NLR = absolute neutrophil count / absolute lymphocyte count (or neutrophil % / lymphocyte % of the "
    "same differential)",
    description="Ratio of neutrophils to lymphocytes on a differential count; it rises with any physiological "
    "stress (sepsis, trauma, surgery) and is raised by steroids and haematological disease. No cut-offs are agreed: "
    "the stress bands follow PulmCrit's ranges as MDCalc shows them (normal about 1-3, mild 6-9, moderate 9-18, "
    "severe above 18).",
    example={"neutrophils": 11.8, "lymphocytes": 0.9},
)
def neutrophil_lymphocyte_ratio(x: NLRInputs, w: Working) -> float:
    nlr = w.step("NLR", lambda: f"{fmt(x.neutrophils)} / {fmt(x.lymphocytes)}", x.neutrophils / x.lymphocytes)
    level = w.output("stress_level", stress_level(round(nlr, 6)))
    w.interpretation = f"{level} physiological stress (NLR {fmt(nlr, 1)}; normal about 1-3)"
    return nlr
