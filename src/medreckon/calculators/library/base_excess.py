"""Base excess from pH and PaCO2 (the Van Slyke approximation), with the bicarbonate they imply."""

from __future__ import annotations

from pydantic import Field

from ..fields import ArterialPH, Inputs, PaCO2
from ..spec import Output, Reference, Secondary, Working, calculator, fmt
from .henderson_hasselbalch import CO2_SOLUBILITY, PK

NORMAL_BASE_EXCESS = (-2.0, 2.0)  # mEq/L
SIGGAARD = Reference("Siggaard-Andersen O. The Van Slyke equation. Scand J Clin Lab Invest Suppl. 1977;146:15-20.")


class BaseExcessInputs(Inputs):
    ph: ArterialPH = Field(description="Arterial pH.")
    paco2: PaCO2 = Field(description="PaCO2, mm Hg by default (kPa with its unit).")


@calculator(
    id="base-excess",
    name="Base Excess",
    aliases=("base-deficit", "be-calculation", "base-excess-calculation"),
    kind="equation",
    specialty="critical care",
    output=Output("mEq/L", "decimal", 1, range=(-30, 30), secondary=(
        Secondary("bicarbonate", "bicarbonate from Henderson-Hasselbalch, 0.03 × PaCO2 × 10^(pH − 6.1)", "mEq/L",
                  "decimal", 1),
    )),
    inputs=BaseExcessInputs,
    references=(SIGGAARD, Reference("MDCalc: Base Excess.", "https://www.mdcalc.com/calc/10255/base-excess")),
    formula="HCO3- = 0.03 × PaCO2 × 10^(pH − 6.1); base excess (mEq/L) = 0.02786 × PaCO2 × 10^(pH − 6.1) + 13.77 × "
    "pH − 124.58 (Van Slyke approximation, as MDCalc computes it); normal −2 to +2",
    description="The base (negative: acid) that would have to be removed to bring the blood to pH 7.40 at a PaCO2 of "
    "40 mm Hg: the metabolic component of an acid-base disorder. Below −2 a metabolic acidosis, above +2 a "
    "metabolic alkalosis.",
    example={"ph": 7.34, "paco2": 31},
)
def base_excess(x: BaseExcessInputs, w: Working) -> float:
    power = w.step("10^(pH − 6.1)", f"10^({fmt(x.ph, 3)} − 6.1)", 10 ** (x.ph - PK))
    w.output("bicarbonate", w.step("bicarbonate", f"0.03 × {fmt(x.paco2)} × {fmt(power, 4)}",
                                   CO2_SOLUBILITY * x.paco2 * power, "mEq/L"))
    be = w.step("base excess", f"0.02786 × {fmt(x.paco2)} × {fmt(power, 4)} + 13.77 × {fmt(x.ph, 3)} − 124.58",
                0.02786 * x.paco2 * power + 13.77 * x.ph - 124.58, "mEq/L")
    lo, hi = NORMAL_BASE_EXCESS
    shown = round(be, 6)
    if shown < lo:
        w.interpretation = f"base deficit: {fmt(be, 1)} mEq/L < {fmt(lo)} (metabolic acidosis)"
    elif shown > hi:
        w.interpretation = f"base excess {fmt(be, 1)} mEq/L > +{fmt(hi)} (metabolic alkalosis)"
    else:
        w.interpretation = f"base excess {fmt(be, 1)} mEq/L, within {fmt(lo)} to +{fmt(hi)}"
    return be
