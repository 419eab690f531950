"""Serum osmolal gap: measured minus calculated osmolality, optionally counting ethanol."""

from __future__ import annotations

from pydantic import Field

from ..fields import BUN, Glucose, Inputs, Option, Sodium, number_choice
from ..spec import Output, Reference, Working, calculator, fmt
from .serum_osmolality import (
    BUN_DIVISOR,
    ETHANOL_DIVISORS,
    GLUCOSE_DIVISOR,
    NORMAL_GAP,
    PURSSELL,
    Ethanol,
)
from .ttkg import Osmolality


class OsmolalGapInputs(Inputs):
    measured_osmolality: Osmolality = Field(
        description="Serum osmolality measured by freezing-point depression, mOsm/kg. Not a calculated value."
    )
    sodium: Sodium = Field(description="Serum sodium, mEq/L (= mmol/L).")
    bun: BUN = Field(
        description="Blood urea nitrogen, mg/dL by default; urea in mmol/L must carry its unit ('6 mmol/L'). "
        "Urea in mg/dL is not BUN (urea mg/dL = 2.14 × BUN mg/dL)."
    )
    glucose: Glucose = Field(description="Serum glucose, mg/dL by default; mmol/L must carry its unit.")
    ethanol: Ethanol | None = Field(
        None, description="Serum ethanol, mg/dL by default (mmol/L with its unit); optional. Given, it is added "
        "to the calculated osmolality so the gap left points to other osmoles (methanol, ethylene glycol).")
    ethanol_divisor: number_choice("3.7", "4.6") = Option(
        "3.7", "mg/dL of ethanol per mOsm/kg: '3.7' (default; Purssell 2001, fitted to measured osmolality) or "
        "'4.6' (from ethanol's molar mass).")


@calculator(
    id="osmolal-gap",
    name="Serum Osmolal Gap",
    aliases=("osmolar-gap", "osmolality-gap", "osm-gap"),
    kind="equation",
    specialty="nephrology",
    output=Output("mOsm/kg", "decimal", 1, range=(-20, 100)),
    inputs=OsmolalGapInputs,
    references=(
        Reference("Smithline N, Gardner KD Jr. Gaps--anionic and osmolal. JAMA. 1976;236(14):1594-1597.",
                  "https://doi.org/10.1001/jama.1976.03270150028022"),
        PURSSELL,
        Reference("Kraut JA, Kurtz I. Toxic alcohol ingestions: clinical features, diagnosis, and management. "
                  "Clin J Am Soc Nephrol. 2008;3(1):208-225."),
        Reference("MDCalc. Osmolal Gap."),
    ),
    formula="Calculated osmolality = 2 × Na + BUN (mg/dL) / 2.8 + glucose (mg/dL) / 18 [+ ethanol (mg/dL) / 3.7]; "
    "osmolal gap = measured osmolality − calculated osmolality",
    description="Difference between measured and calculated serum osmolality: unmeasured osmoles such as "
    "methanol, ethylene glycol, isopropanol or ethanol raise it. Normal is below about 10 mOsm/kg; a normal gap "
    "does not exclude a toxic alcohol that is already metabolised.",
    example={"measured_osmolality": 322, "sodium": 138, "bun": 14, "glucose": 108},
)
def osmolal_gap(x: OsmolalGapInputs, w: Working) -> float:
    text = f"2 × {fmt(x.sodium)} + {fmt(x.bun)} / {fmt(BUN_DIVISOR)} + {fmt(x.glucose)} / {fmt(GLUCOSE_DIVISOR)}"
    value = 2 * x.sodium + x.bun / BUN_DIVISOR + x.glucose / GLUCOSE_DIVISOR
    if x.ethanol is not None:
        divisor = ETHANOL_DIVISORS[x.ethanol_divisor]
        text += f" + {fmt(x.ethanol)} / {fmt(divisor)}"
        value += x.ethanol / divisor
    calculated = w.step("calculated osmolality", text, value, "mOsm/kg")
    gap = w.step("osmolal gap", f"{fmt(x.measured_osmolality)} − {fmt(calculated)}",
                 x.measured_osmolality - calculated, "mOsm/kg")
    if round(gap, 6) > NORMAL_GAP:  # conversion noise must not tip the cut-off
        w.interpretation = (f"elevated osmolal gap (> {fmt(NORMAL_GAP)} mOsm/kg): unmeasured osmoles such as "
                            "methanol, ethylene glycol, isopropanol" + ("" if x.ethanol is not None else
                                                                        " or ethanol"))
    else:
        w.interpretation = f"osmolal gap ≤ {fmt(NORMAL_GAP)} mOsm/kg: not elevated"
    return gap
