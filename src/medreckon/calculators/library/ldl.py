"""LDL cholesterol calculated by the Friedewald equation."""

from __future__ import annotations

from pydantic import Field

from ..fields import Cholesterol, Inputs, Triglycerides
from ..rules import Relation
from ..spec import Domain, MedCalcBench, Output, Reference, Working, calculator, fmt

# NCEP ATP III LDL classification: each band's lower limit is inclusive
ATP3_LDL = ((190.0, "very high"), (160.0, "high"), (130.0, "borderline high"), (100.0, "near or above optimal"))
TG_LIMIT = 400.0  # mg/dL: at and above it Friedewald is not to be used


class LDLInputs(Inputs):
    total_cholesterol: Cholesterol = Field(
        description="Total cholesterol, mg/dL by default. A value in mmol/L must carry its unit ('5.2 mmol/L')."
    )
    hdl: Cholesterol = Field(
        description="HDL cholesterol, mg/dL by default. A value in mmol/L must carry its unit ('1.1 mmol/L')."
    )
    triglycerides: Triglycerides = Field(
        description="Triglycerides, mg/dL by default (fasting sample). A value in mmol/L must carry its unit "
        "('1.7 mmol/L'): triglycerides convert with 88.57 mg/dL per mmol/L, not cholesterol's 38.67."
    )

    # the output's domain (Output.domain): a relation between values, stated in words, checked by the engine
    rules = (Relation(("total_cholesterol", "hdl", "triglycerides"), "the result stays in its domain: total cholesterol − HDL − triglycerides / 5 above 0 mg/dL"),)


@calculator(
    id="ldl-calculated",
    name="LDL Calculated",
    aliases=("friedewald", "friedewald-ldl", "calculated-ldl", "ldl-friedewald"),
    kind="equation",
    specialty="cardiology",
    output=Output("mg/dL", "decimal", 0, range=(0, 300), domain=Domain(
        gt=0, inputs=("total_cholesterol", "hdl", "triglycerides"),
        validity="a lipid panel for which Friedewald's estimate is above 0 mg/dL: total cholesterol above HDL + "
        "triglycerides / 5 (the estimate is valid only with triglycerides below 400 mg/dL); check the values "
        "and their units, or measure LDL directly")),
    inputs=LDLInputs,
    references=(
        Reference(
            "Friedewald WT, Levy RI, Fredrickson DS. Estimation of the concentration of low-density "
            "lipoprotein cholesterol in plasma, without use of the preparative ultracentrifuge. "
            "Clin Chem. 1972;18(6):499-502.",
            "https://doi.org/10.1093/clinchem/18.6.499",
        ),
        Reference(
            "National Cholesterol Education Program (NCEP) Expert Panel. Third Report on Detection, "
            "Evaluation, and Treatment of High Blood Cholesterol in Adults (ATP III). Circulation. "
            "2002;106(25):3143-3421.",
            "https://doi.org/10.1161/circ.106.25.3143",
        ),
        Reference("MDCalc. LDL Calculated.", "https://www.mdcalc.com/calc/70/ldl-calculated"),
    ),
    formula="LDL (mg/dL) = total cholesterol − HDL − triglycerides / 5 (all in mg/dL); "
    "not valid with triglycerides ≥ 400 mg/dL",
    description="LDL cholesterol estimated from a fasting lipid panel by Friedewald's equation, where "
    "VLDL cholesterol is taken as triglycerides / 5.",
    medcalc_bench=MedCalcBench(
        44,
        {"Total cholesterol": "total_cholesterol", "high-density lipoprotein cholesterol": "hdl",
         "Triglycerides": "triglycerides"},
    ),
    example={"total_cholesterol": "5.5 mmol/L", "hdl": "1.2 mmol/L", "triglycerides": "1.8 mmol/L"},
)
def ldl_calculated(x: LDLInputs, w: Working) -> float:
    vldl = w.step("VLDL cholesterol (TG / 5)", f"{fmt(x.triglycerides)} / 5", x.triglycerides / 5, "mg/dL")
    ldl = w.step(
        "LDL cholesterol",
        f"{fmt(x.total_cholesterol)} − {fmt(x.hdl)} − {fmt(vldl)}",
        x.total_cholesterol - x.hdl - vldl,
        "mg/dL",
    )
    if x.triglycerides >= TG_LIMIT:
        w.warn(f"triglycerides {fmt(x.triglycerides, 0)} mg/dL ≥ 400: the Friedewald estimate is not valid; "
               "measure LDL directly", "triglycerides")
    if x.hdl > x.total_cholesterol:
        w.warn("HDL above total cholesterol: check the values and their units", "hdl")
    w.interpretation = ldl_class(ldl)
    return ldl


def ldl_class(ldl: float) -> str:
    for lower, label in ATP3_LDL:
        if ldl >= lower:
            return f"{label} (NCEP ATP III)"
    return "optimal (NCEP ATP III: < 100 mg/dL)"
