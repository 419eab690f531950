"""Calculated serum osmolality from sodium, urea nitrogen and glucose."""

from __future__ import annotations

from pydantic import Field

from ..fields import BUN, Glucose, Inputs, Option, Sodium, number_choice, q
from ..spec import MedCalcBench, Output, Reference, Secondary, Working, calculator, fmt
from .ttkg import Osmolality

# mg/dL per mmol/L: urea nitrogen (2 N, 28 g/mol) and glucose (180 g/mol), as the formula rounds them
BUN_DIVISOR = 2.8
GLUCOSE_DIVISOR = 18.0
REFERENCE_RANGE = (275.0, 295.0)  # mOsm/kg, the usual adult reference interval
NORMAL_GAP = 10.0  # mOsm/kg: the usual upper limit of a normal osmolal gap
# mg/dL of ethanol per mOsm/kg: 4.6 from its molar mass (46.07 g/mol); 3.7 fitted by Purssell 2001
ETHANOL_DIVISORS = {"3.7": 3.7, "4.6": 4.6}
Ethanol = q("mg/dL", analyte="ethanol", ge=0, plausible=(0, 800), units=("mg/dL", "mmol/L", "g/L"))
PURSSELL = Reference("Purssell RA, Pudek M, Brubacher J, Abu-Laban RB. Derivation and validation of a formula to "
                     "calculate the contribution of ethanol to the osmolal gap. Ann Emerg Med. 2001;38(6):653-659.")


class SerumOsmolalityInputs(Inputs):
    sodium: Sodium = Field(
        description="Serum sodium, mEq/L (= mmol/L). A sodium written 'mg/dL' in a note is almost always "
        "mmol/L mislabelled: check before passing it."
    )
    bun: BUN = Field(
        description="Blood urea nitrogen (BUN), mg/dL by default. Urea in mmol/L must carry its unit "
        "('7 mmol/L'); do not pass serum urea in mg/dL (urea mg/dL = 2.14 × BUN mg/dL) as BUN."
    )
    glucose: Glucose = Field(
        description="Serum glucose, mg/dL by default. A value in mmol/L must carry its unit ('8 mmol/L')."
    )
    ethanol: Ethanol | None = Field(
        None, description="Serum ethanol, mg/dL by default (mmol/L with its unit); optional. Given, it is added "
        "as ethanol / 3.7 (MDCalc's Serum Osmolality/Osmolarity does the same).")
    measured_osmolality: Osmolality | None = Field(
        None, description="Measured serum osmolality, mOsm/kg; optional. Given, the osmolal gap (measured − "
        "calculated) is returned beside the calculated osmolality.")
    ethanol_divisor: number_choice("3.7", "4.6") = Option(
        "3.7", "mg/dL of ethanol per mOsm/kg: '3.7' (default; Purssell 2001, fitted to measured osmolality) or "
        "'4.6' (from ethanol's molar mass).")


@calculator(
    id="serum-osmolality",
    name="Serum Osmolality",
    aliases=("calculated-osmolality", "calculated-serum-osmolality", "serum-osmolarity", "osmolality",
             "Serum Osmolality/Osmolarity"),
    kind="equation",
    specialty="nephrology",
    output=Output("mOsm/kg", "decimal", 1, range=(240, 360), secondary=(
        Secondary("osmolal_gap", "measured − calculated osmolality (when the measured one is given)", "mOsm/kg",
                  "decimal", 1),
    )),
    inputs=SerumOsmolalityInputs,
    references=(
        Reference("Smithline N, Gardner KD Jr. Gaps--anionic and osmolal. JAMA. 1976;236(14):1594-1597.",
                  "https://doi.org/10.1001/jama.1976.03270150028022"),
        Reference("Dorwart WV, Chalmers L. Comparison of methods for calculating serum osmolality from "
                  "chemical concentrations, and the prognostic value of such calculations. Clin Chem. "
                  "1975;21(2):190-194."),
        PURSSELL,
        Reference("MDCalc: Serum Osmolality/Osmolarity.", "https://www.mdcalc.com/calc/91/serum-osmolality-osmolarity"),
    ),
    formula="Calculated osmolality (mOsm/kg) = 2 × Na (mEq/L) + BUN (mg/dL) / 2.8 + glucose (mg/dL) / 18 "
    "[+ ethanol (mg/dL) / 3.7]; osmolal gap = measured − calculated",
    description="Estimated serum osmolality from its main solutes; with a measured osmolality it also gives the "
    "osmolal gap (normal up to about 10 mOsm/kg; higher suggests unmeasured osmoles such as methanol or "
    "ethylene glycol). The usual reference interval is 275-295 mOsm/kg.",
    medcalc_bench=MedCalcBench(
        30, {"Sodium": "sodium", "Blood Urea Nitrogen (BUN)": "bun", "Glucose": "glucose"}
    ),
    example={"sodium": 138, "bun": "6.4 mmol/L", "glucose": "7.2 mmol/L"},
)
def serum_osmolality(x: SerumOsmolalityInputs, w: Working) -> float:
    text = f"2 × {fmt(x.sodium)} + {fmt(x.bun)} / {fmt(BUN_DIVISOR)} + {fmt(x.glucose)} / {fmt(GLUCOSE_DIVISOR)}"
    value = 2 * x.sodium + x.bun / BUN_DIVISOR + x.glucose / GLUCOSE_DIVISOR
    if x.ethanol is not None:
        divisor = ETHANOL_DIVISORS[x.ethanol_divisor]
        text += f" + {fmt(x.ethanol)} / {fmt(divisor)}"
        value += x.ethanol / divisor
    osm = w.step("calculated osmolality", text, value, "mOsm/kg")
    lo, hi = REFERENCE_RANGE
    if osm < lo:
        w.interpretation = f"below the usual reference interval ({fmt(lo)}-{fmt(hi)} mOsm/kg)"
    elif osm > hi:
        w.interpretation = f"above the usual reference interval ({fmt(lo)}-{fmt(hi)} mOsm/kg)"
    else:
        w.interpretation = f"within the usual reference interval ({fmt(lo)}-{fmt(hi)} mOsm/kg)"
    if x.measured_osmolality is not None:
        gap = w.output("osmolal_gap", w.step("osmolal gap", f"{fmt(x.measured_osmolality)} − {fmt(osm)}",
                                             x.measured_osmolality - osm, "mOsm/kg"))
        elevated = round(gap, 6) > NORMAL_GAP
        w.interpretation += (f"; osmolal gap {fmt(gap, 1)} mOsm/kg " + (
            f"> {fmt(NORMAL_GAP)}: unmeasured osmoles (methanol, ethylene glycol, isopropanol"
            + (")" if x.ethanol is not None else ", ethanol)") if elevated else f"≤ {fmt(NORMAL_GAP)}: not elevated"))
    return osm
