"""Homeostatic Model Assessment for Insulin Resistance (HOMA-IR), the original approximation."""

from __future__ import annotations

from pydantic import Field

from ..fields import Glucose, Inputs, q
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt

Insulin = q("uIU/mL", analyte="insulin", ge=0, plausible=(0.5, 300), units=("uIU/mL", "pmol/L"))


class HOMAIRInputs(Inputs):
    insulin: Insulin = Field(
        description="Fasting serum insulin in µIU/mL (= mU/L) by default. A value in pmol/L must carry its "
        "unit ('60 pmol/L'; 6 pmol/L = 1 µIU/mL)."
    )
    glucose: Glucose = Field(
        description="Fasting plasma glucose, mg/dL by default. A value in mmol/L must carry its unit "
        "('5.5 mmol/L')."
    )


@calculator(
    id="homa-ir",
    name="HOMA-IR (Homeostatic Model Assessment for Insulin Resistance)",
    aliases=("homa", "homa-insulin-resistance"),
    kind="equation",
    specialty="endocrinology",
    output=Output(None, "decimal", 2, range=(0, 20)),
    inputs=HOMAIRInputs,
    references=(
        Reference(
            "Matthews DR, Hosker JP, Rudenski AS, et al. Homeostasis model assessment: insulin resistance "
            "and beta-cell function from fasting plasma glucose and insulin concentrations in man. "
            "Diabetologia. 1985;28(7):412-419.",
            "https://doi.org/10.1007/BF00280883",
        ),
        Reference("MDCalc. HOMA-IR (Homeostatic Model Assessment for Insulin Resistance).",
                  "https://www.mdcalc.com/calc/4049/homa-ir-homeostatic-model-assessment-insulin-resistance"),
    ),
    formula="HOMA-IR = fasting insulin (µIU/mL) × fasting glucose (mg/dL) / 405 "
    "(= insulin × glucose (mmol/L) / 22.5)",
    description="Insulin resistance estimated from fasting insulin and glucose by the simplified HOMA1 "
    "equation; the cut-off for insulin resistance depends on the population and insulin assay.",
    medcalc_bench=MedCalcBench(31, {"Insulin": "insulin", "Glucose": "glucose"}),
    example={"insulin": 14, "glucose": "5.8 mmol/L"},
)
def homa_ir(x: HOMAIRInputs, w: Working) -> float:
    return w.step(
        "HOMA-IR",
        f"{fmt(x.insulin)} × {fmt(x.glucose)} / 405",
        x.insulin * x.glucose / 405,
    )
