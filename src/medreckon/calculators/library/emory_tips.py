"""Emory score for mortality after a transjugular intrahepatic portosystemic shunt (Chalasani 2000)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Bilirubin, Enzyme, Finding, Inputs
from ..points import finding, sum_points, threshold
from ..rounding import round_half_away
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

RISK_GROUPS = ("Low Risk", "Moderate Risk", "High Risk")


class EmoryTIPSInputs(Inputs):
    bilirubin: Bilirubin = Field(description="Total serum bilirubin before TIPS, mg/dL by default (µmol/L with its "
                                 "unit: 51 µmol/L ≈ 3 mg/dL). Scores 1 when above 3.0 mg/dL.")
    alt: Enzyme = Field(description="Alanine aminotransferase (ALT) before TIPS, U/L. Scores 1 when above 100 U/L. "
                        "Not AST.")
    encephalopathy: bool = Finding("Hepatic encephalopathy before TIPS that was not caused by the bleeding episode "
                                   "(1 point).")
    emergent: bool = Finding("TIPS placed emergently, for variceal bleeding that could not be controlled (2 points); "
                             "false for an elective TIPS (refractory ascites, hydrothorax, secondary prophylaxis).")


@calculator(
    id="emory-tips",
    name="Emory Model for Mortality after TIPS",
    aliases=("Emory Model (TIPSS)", "emory-score", "emory-tipss", "chalasani-tips-score"),
    kind="score",
    specialty="hepatology",
    output=Output("points", "integer", 0, range=(0, 5), secondary=(
        Secondary("risk_group", "risk group (Low Risk 0, Moderate Risk 1-3, High Risk 4-5 points)", None, "text"),
    )),
    inputs=EmoryTIPSInputs,
    references=(
        Reference("Chalasani N, Clark WS, Martin LG, et al. Determinants of mortality in patients with advanced "
                  "cirrhosis after transjugular intrahepatic portosystemic shunting. Gastroenterology. "
                  "2000;118(1):138-144.", "https://doi.org/10.1016/S0016-5085(00)70422-7"),
        Reference("MDCalc. Emory Model (TIPSS).", "https://www.mdcalc.com/calc/10088/emory-model-tipss"),
    ),
    formula="Bilirubin > 3.0 mg/dL +1; ALT > 100 U/L +1; pre-TIPS encephalopathy (not from bleeding) +1; emergent "
    "TIPS for uncontrolled variceal bleeding +2. Total 0-5: 0 low risk, 1-3 moderate (medium) risk, 4-5 high risk.",
    description="Risk of death after TIPS placement in cirrhosis, from four pre-procedure factors; an emergent TIPS "
    "weighs double. The risk groups separate survival curves; they are not a decision rule on their own.",
    example={"bilirubin": 3.8, "alt": 46, "encephalopathy": True, "emergent": False},
)
def emory_tips(x: EmoryTIPSInputs, w: Working) -> int:
    bilirubin = round_half_away(x.bilirubin, 2)  # at 0.01 mg/dL: a µmol/L conversion cannot tip 3.0
    parts = (
        threshold(w, "bilirubin > 3.0 mg/dL", f"bilirubin {fmt(bilirubin, 2)} mg/dL", bilirubin, ">", 3.0),
        threshold(w, "ALT > 100 U/L", f"ALT {fmt(x.alt)} U/L", x.alt, ">", 100),
        finding(w, "pre-TIPS encephalopathy", x.encephalopathy),
        finding(w, "emergent TIPS", x.emergent, 2),
    )
    total = sum_points(w, parts)
    group = w.output("risk_group", RISK_GROUPS[0] if total == 0 else RISK_GROUPS[1] if total <= 3 else RISK_GROUPS[2])
    w.interpretation = {
        RISK_GROUPS[0]: "low risk (0): the best survival after TIPS in the derivation cohort",
        RISK_GROUPS[1]: "moderate (medium) risk (1-3): intermediate survival after TIPS",
        RISK_GROUPS[2]: "high risk (4-5): poor survival after TIPS; weigh the procedure against transplant options",
    }[group]
    return total
