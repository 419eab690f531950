"""Henderson-Hasselbalch: the pH expected from bicarbonate and PaCO2."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import Bicarbonate, Inputs, PaCO2, above_zero
from ..spec import Output, Reference, Working, calculator, fmt, invalid

PK = 6.1  # pK' of the bicarbonate buffer in plasma at 37 °C
CO2_SOLUBILITY = 0.03  # mmol/L of dissolved CO2 per mm Hg

HASSELBALCH = Reference("Hasselbalch KA. Die Berechnung der Wasserstoffzahl des Blutes aus der freien und gebundenen "
                        "Kohlensäure desselben, und die Sauerstoffbindung des Blutes als Funktion der Wasserstoffzahl. "
                        "Biochem Z. 1917;78:112-144.")


PositiveBicarbonate = above_zero(Bicarbonate)  # the formula divides by it or takes its logarithm


class HendersonHasselbalchInputs(Inputs):
    bicarbonate: PositiveBicarbonate = Field(description="Bicarbonate (HCO3-), mEq/L (= mmol/L).")
    paco2: PaCO2 = Field(description="PaCO2, mm Hg by default (kPa with its unit).")


@calculator(
    id="henderson-hasselbalch",
    name="Henderson-Hasselbalch",
    aliases=("henderson-hasselbalch-equation", "expected-ph", "ph-from-bicarbonate"),
    kind="equation",
    specialty="critical care",
    output=Output(None, "decimal", 2, range=(6.5, 8.0)),
    inputs=HendersonHasselbalchInputs,
    references=(HASSELBALCH, Reference("MDCalc: Henderson-Hasselbalch.",
                                       "https://www.mdcalc.com/calc/10260/henderson-hasselbalch")),
    formula="pH = 6.1 + log10(HCO3- (mEq/L) / (0.03 × PaCO2 (mm Hg)))",
    description="The pH that a bicarbonate and a PaCO2 give: a check that a blood gas's measured values agree (a "
    "pH differing by more than about 0.05 suggests a transcription or sampling error).",
    example={"bicarbonate": 16, "paco2": 32},
)
def henderson_hasselbalch(x: HendersonHasselbalchInputs, w: Working) -> float:
    if x.bicarbonate <= 0:
        raise invalid("bicarbonate", x.bicarbonate, "a bicarbonate above 0 mEq/L (the equation takes its logarithm)")
    dissolved = w.step("dissolved CO2", f"0.03 × {fmt(x.paco2)}", CO2_SOLUBILITY * x.paco2, "mmol/L")
    ph = w.step("expected pH", f"6.1 + log10({fmt(x.bicarbonate)} / {fmt(dissolved)})",
                PK + math.log10(x.bicarbonate / dissolved))
    w.interpretation = f"expected pH {fmt(ph, 2)}"
    return ph
