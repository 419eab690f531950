"""C-peptide to glucose ratio (C-peptide index), a marker of endogenous insulin secretion (Saisho 2016)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Glucose, Inputs, q
from ..spec import Output, Reference, Working, calculator, fmt

CPeptide = q("ng/mL", ge=0, lt=100, plausible=(0.01, 20), units=("ng/mL", "ug/L"))


class CPeptideRatioInputs(Inputs):
    c_peptide: CPeptide = Field(description="Serum C-peptide, ng/mL (= µg/L). A value in nmol/L must be converted "
                                "(1 nmol/L = 3.02 ng/mL).")
    glucose: Glucose = Field(description="Plasma glucose drawn at the same time, mg/dL by default (mmol/L with its "
                             "unit).")


@calculator(
    id="c-peptide-glucose-ratio",
    name="C-Peptide to Glucose Ratio",
    aliases=("C-Peptide to Glucose Ratio", "c-peptide-index", "cpi"),
    kind="equation",
    specialty="endocrinology",
    output=Output(None, "decimal", 1, range=(0, 20)),
    inputs=CPeptideRatioInputs,
    references=(
        Reference("Saisho Y. Postprandial C-peptide to glucose ratio as a marker of β cell function: implication for "
                  "the management of type 2 diabetes. Int J Mol Sci. 2016;17(5):744.",
                  "https://doi.org/10.3390/ijms17050744"),
        Reference("MDCalc. C-Peptide to Glucose Ratio."),
    ),
    formula="ratio = C-peptide (ng/mL) / glucose (mg/dL) × 100. A fasting ratio below about 0.8 suggests that insulin "
    "therapy is needed; higher ratios mean preserved endogenous insulin secretion.",
    description="Endogenous insulin secretory capacity in diabetes, from paired C-peptide and glucose.",
    example={"c_peptide": 5.8, "glucose": 110},
)
def c_peptide_glucose_ratio(x: CPeptideRatioInputs, w: Working) -> float:
    ratio = w.step("C-peptide / glucose × 100", f"{fmt(x.c_peptide, 2)} / {fmt(x.glucose)} × 100",
                   x.c_peptide / x.glucose * 100)
    w.interpretation = ("< 0.8: low endogenous insulin secretion; insulin therapy likely needed" if ratio < 0.8 else
                        "≥ 0.8: endogenous insulin secretion preserved")
    return ratio
