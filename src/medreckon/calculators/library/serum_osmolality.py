"""Calculated serum osmolality from sodium, urea nitrogen and glucose."""

from __future__ import annotations

from pydantic import Field

from ..fields import BUN, Glucose, Inputs, Sodium
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt

# mg/dL per mmol/L: urea nitrogen (2 N, 28 g/mol) and glucose (180 g/mol), as the formula rounds them
BUN_DIVISOR = 2.8
GLUCOSE_DIVISOR = 18.0
REFERENCE_RANGE = (275.0, 295.0)  # mOsm/kg, the usual adult reference interval


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


@calculator(
    id="serum-osmolality",
    name="Serum Osmolality",
    aliases=("calculated-osmolality", "calculated-serum-osmolality", "serum-osmolarity", "osmolality"),
    kind="equation",
    specialty="nephrology",
    output=Output("mOsm/kg", "decimal", 1, range=(240, 360)),
    inputs=SerumOsmolalityInputs,
    references=(
        Reference("Smithline N, Gardner KD Jr. Gaps--anionic and osmolal. JAMA. 1976;236(14):1594-1597.",
                  "https://doi.org/10.1001/jama.1976.03270150028022"),
        Reference("Dorwart WV, Chalmers L. Comparison of methods for calculating serum osmolality from "
                  "chemical concentrations, and the prognostic value of such calculations. Clin Chem. "
                  "1975;21(2):190-194."),
        Reference("MDCalc: Serum Osmolality/Osmolarity.", "https://www.mdcalc.com/calc/91/serum-osmolality-osmolarity"),
    ),
    formula="Calculated osmolality (mOsm/kg) = 2 × Na (mEq/L) + BUN (mg/dL) / 2.8 + glucose (mg/dL) / 18",
    description="Estimated serum osmolality from its main solutes; compared with a measured osmolality it "
    "gives the osmolal gap. The usual reference interval is 275-295 mOsm/kg.",
    medcalc_bench=MedCalcBench(
        30, {"Sodium": "sodium", "Blood Urea Nitrogen (BUN)": "bun", "Glucose": "glucose"}
    ),
    example={"sodium": 138, "bun": "6.4 mmol/L", "glucose": "7.2 mmol/L"},
)
def serum_osmolality(x: SerumOsmolalityInputs, w: Working) -> float:
    osm = w.step(
        "calculated osmolality",
        f"2 × {fmt(x.sodium)} + {fmt(x.bun)} / {fmt(BUN_DIVISOR)} + {fmt(x.glucose)} / {fmt(GLUCOSE_DIVISOR)}",
        2 * x.sodium + x.bun / BUN_DIVISOR + x.glucose / GLUCOSE_DIVISOR,
        "mOsm/kg",
    )
    lo, hi = REFERENCE_RANGE
    if osm < lo:
        w.interpretation = f"below the usual reference interval ({fmt(lo)}-{fmt(hi)} mOsm/kg)"
    elif osm > hi:
        w.interpretation = f"above the usual reference interval ({fmt(lo)}-{fmt(hi)} mOsm/kg)"
    else:
        w.interpretation = f"within the usual reference interval ({fmt(lo)}-{fmt(hi)} mOsm/kg)"
    return osm
