"""Winter's formula: the PaCO2 expected from respiratory compensation of a metabolic acidosis."""

from __future__ import annotations

from pydantic import Field

from ..fields import Bicarbonate, Inputs, PaCO2
from ..spec import Output, Reference, Working, calculator, fmt

MARGIN = 2.0  # mm Hg either side of the expected PaCO2


class WintersInputs(Inputs):
    bicarbonate: Bicarbonate = Field(
        description="Serum bicarbonate (HCO3-, or total CO2 from the chemistry panel), mEq/L (= mmol/L). Not "
        "the PaCO2 and not the base excess."
    )
    paco2: PaCO2 | None = Field(
        None, description="Measured arterial PaCO2, mm Hg by default (kPa with its unit); optional. Given, it is "
        "compared with the expected range to detect a second, respiratory disorder.")


@calculator(
    id="winters-formula",
    name="Winter's Formula for Metabolic Acidosis Compensation",
    aliases=("winters", "expected-pco2", "expected-paco2", "winter-formula",
             "Winters' Formula for Metabolic Acidosis Compensation"),
    kind="equation",
    specialty="nephrology",
    output=Output("mmHg", "decimal", 1, range=(8, 50)),
    inputs=WintersInputs,
    references=(
        Reference("Albert MS, Dell RB, Winters RW. Quantitative displacement of acid-base equilibrium in "
                  "metabolic acidosis. Ann Intern Med. 1967;66(2):312-322."),
        Reference("MDCalc. Winters' Formula for Metabolic Acidosis Compensation."),
    ),
    formula="expected PaCO2 (mm Hg) = 1.5 × HCO3- (mEq/L) + 8 ± 2",
    description="The arterial PaCO2 expected when the lungs fully compensate a metabolic acidosis. A measured "
    "PaCO2 above the range means a concurrent respiratory acidosis; below it a concurrent respiratory "
    "alkalosis. Meant for metabolic acidosis only.",
    example={"bicarbonate": 12, "paco2": 30},
)
def winters_formula(x: WintersInputs, w: Working) -> float:
    expected = w.step("expected PaCO2", f"1.5 × {fmt(x.bicarbonate)} + 8", 1.5 * x.bicarbonate + 8, "mm Hg")
    low = w.step("lower limit of the expected range", f"{fmt(expected)} − {fmt(MARGIN)}", expected - MARGIN, "mm Hg")
    high = w.step("upper limit of the expected range", f"{fmt(expected)} + {fmt(MARGIN)}", expected + MARGIN,
                  "mm Hg")
    if x.paco2 is None:
        w.interpretation = f"expected PaCO2 {fmt(low, 1)}-{fmt(high, 1)} mm Hg if compensation is appropriate"
    elif round(x.paco2, 6) > round(high, 6):
        w.interpretation = (f"measured PaCO2 {fmt(x.paco2, 1)} > {fmt(high, 1)} mm Hg: concurrent respiratory "
                            "acidosis (inadequate compensation)")
    elif round(x.paco2, 6) < round(low, 6):
        w.interpretation = (f"measured PaCO2 {fmt(x.paco2, 1)} < {fmt(low, 1)} mm Hg: concurrent respiratory "
                            "alkalosis")
    else:
        w.interpretation = f"measured PaCO2 {fmt(x.paco2, 1)} mm Hg within {fmt(low, 1)}-{fmt(high, 1)}: appropriate " \
                           "respiratory compensation"
    if x.bicarbonate >= 24:
        w.warn(f"bicarbonate {fmt(x.bicarbonate)} mEq/L is not low: Winter's formula applies to metabolic "
               "acidosis", "bicarbonate")
    return expected
