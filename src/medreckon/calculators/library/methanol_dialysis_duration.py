"""Dialysis duration needed for methanol poisoning (Hirsch 2001). Also the dialysis-time formula and
inputs that ethylene-glycol-dialysis-duration shares (Youssef & Hirsch 2005)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import Inputs, q
from ..spec import Output, Reference, Working, calculator, fmt, invalid

TARGET = 5.0  # mmol/L, the concentration dialysis aims for
CLEARANCE_FRACTION = 0.8  # the alcohol's dialytic clearance as a fraction of the dialyzer's urea clearance

TotalBodyWater = q("L", gt=0, plausible=(5, 80), units=("L", "mL"))
UreaClearance = q("mL/min", gt=0, plausible=(50, 400), units=("mL/min", "L/min", "mL/h"))

REFERENCES = (
    Reference("Hirsch DJ, Jindal KK, Wong P, Fraser AD. A simple method to estimate the required dialysis time for "
              "cases of alcohol poisoning. Kidney Int. 2001;60(5):2021-2024."),
    Reference("Youssef GM, Hirsch DJ. Validation of a method to predict required dialysis time for cases of methanol "
              "and ethylene glycol poisoning. Am J Kidney Dis. 2005;46(3):509-511."),
)
OUTPUT = Output("h", "decimal", 2, range=(0, 24))


def concentration(analyte: str) -> object:
    return q("mmol/L", analyte=analyte, ge=0, plausible=(0, 200), units=("mmol/L", "mg/dL"), scope=(TARGET, None))


def dialysis_hours(w: Working, what: str, tbw: float, initial: float, urea_clearance: float) -> float:
    """t (h) = −V × ln(5 / A) / (0.06 × k), k = 0.8 × urea clearance (mL/min); 0.06 turns mL/min into L/h."""
    if initial < TARGET:
        raise invalid("initial_concentration", initial, f"a concentration of at least the {fmt(TARGET)} mmol/L target",
                      f"below {fmt(TARGET)} mmol/L no dialysis is needed to reach the target for {what}")
    k = w.step(f"{what} clearance", f"{CLEARANCE_FRACTION} × {fmt(urea_clearance)} mL/min",
               CLEARANCE_FRACTION * urea_clearance, "mL/min")
    hours = w.step("dialysis time", f"−{fmt(tbw)} × ln({fmt(TARGET)} / {fmt(initial)}) / (0.06 × {fmt(k)})",
                   -tbw * math.log(TARGET / initial) / (0.06 * k), "h")
    w.interpretation = f"about {fmt(hours, 1)} hours of haemodialysis to bring {what} to {fmt(TARGET)} mmol/L"
    return hours


class DialysisInputs(Inputs):
    total_body_water: TotalBodyWater = Field(description="Total body water, L (about 0.6 × weight in kg for men, 0.5 "
                                             "for women). Not the weight.")
    dialyzer_urea_clearance: UreaClearance = Field(description="The dialyzer's urea clearance at the blood flow used, "
                                                   "mL/min (from the dialyzer's specification).")


class MethanolDialysisInputs(DialysisInputs):
    initial_concentration: concentration("methanol") = Field(
        description="Initial serum methanol, mmol/L ('99 mg/dL' with its unit; 1 mmol/L = 3.2 mg/dL).")


@calculator(
    id="methanol-dialysis-duration",
    name="Dialysis Duration Needed for Methanol Ingestion",
    aliases=("methanol-dialysis-time",),
    kind="equation",
    specialty="nephrology",
    output=OUTPUT,
    inputs=MethanolDialysisInputs,
    references=REFERENCES + (Reference("MDCalc. Dialysis Duration Needed for Methanol Ingestion."),),
    formula="t (h) = −V × ln(5 / A) / (0.06 × k): V total body water (L), A initial methanol (mmol/L), k = 80% of the "
    "dialyzer urea clearance (mL/min); target 5 mmol/L",
    description="Haemodialysis time to lower serum methanol to 5 mmol/L, assuming first-order removal with "
    "fomepizole blocking metabolism; re-measure levels after dialysis (rebound).",
    example={"total_body_water": 48, "initial_concentration": 30.9, "dialyzer_urea_clearance": 220},
)
def methanol_dialysis_duration(x: MethanolDialysisInputs, w: Working) -> float:
    return dialysis_hours(w, "methanol", x.total_body_water, x.initial_concentration, x.dialyzer_urea_clearance)
