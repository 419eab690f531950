"""Dialysis duration needed for ethylene glycol poisoning (Youssef & Hirsch 2005)."""

from __future__ import annotations

from pydantic import Field

from ..spec import Reference, Working, calculator
from .methanol_dialysis_duration import (
    OUTPUT,
    REFERENCES,
    DialysisInputs,
    concentration,
    dialysis_hours,
)


class EthyleneGlycolDialysisInputs(DialysisInputs):
    initial_concentration: concentration("ethylene_glycol") = Field(
        description="Initial serum ethylene glycol, mmol/L ('116 mg/dL' with its unit; 1 mmol/L = 6.2 mg/dL).")


@calculator(
    id="ethylene-glycol-dialysis-duration",
    name="Dialysis Duration Needed for Ethylene Glycol Ingestion",
    aliases=("ethylene-glycol-dialysis-time",),
    kind="equation",
    specialty="nephrology",
    output=OUTPUT,
    inputs=EthyleneGlycolDialysisInputs,
    references=REFERENCES + (Reference("MDCalc. Dialysis Duration Needed for Ethylene Glycol Ingestion."),),
    formula="t (h) = −V × ln(5 / A) / (0.06 × k): V total body water (L), A initial ethylene glycol (mmol/L), k = 80% "
    "of the dialyzer urea clearance (mL/min); target 5 mmol/L",
    description="Haemodialysis time to lower serum ethylene glycol to 5 mmol/L, assuming first-order removal with "
    "fomepizole blocking metabolism; re-measure levels after dialysis.",
    example={"total_body_water": 48, "initial_concentration": 18.7, "dialyzer_urea_clearance": 220},
)
def ethylene_glycol_dialysis_duration(x: EthyleneGlycolDialysisInputs, w: Working) -> float:
    return dialysis_hours(w, "ethylene glycol", x.total_body_water, x.initial_concentration,
                          x.dialyzer_urea_clearance)
