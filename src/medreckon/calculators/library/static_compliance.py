"""Static respiratory-system compliance: tidal volume over the plateau-to-PEEP pressure difference."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, q
from ..spec import Output, Reference, Working, calculator, fmt, invalid

TidalVolume = q("mL", gt=0, lt=5000, plausible=(50, 1500), units=("mL", "L"))
AirwayPressure = q("cmH2O", ge=0, lt=150, plausible=(0, 60), units=("cmH2O", "mmHg"))
NORMAL = (50.0, 100.0)  # mL/cm H2O in a ventilated adult


class StaticComplianceInputs(Inputs):
    tidal_volume: TidalVolume = Field(description="Delivered (corrected) tidal volume, mL by default ('0.45 L').")
    plateau_pressure: AirwayPressure = Field(description="Plateau pressure from an end-inspiratory hold, cm H2O by "
                                             "default. Not the peak pressure.")
    peep: AirwayPressure = Field(description="Positive end-expiratory pressure, cm H2O by default (total PEEP "
                                 "if intrinsic PEEP was measured).")


@calculator(
    id="static-compliance",
    name="Static Lung Compliance (Cstat) Calculation",
    aliases=("cstat", "static-lung-compliance", "respiratory-system-compliance"),
    kind="equation",
    specialty="critical care",
    output=Output("mL/cmH2O", "decimal", 1, range=(5, 150)),
    inputs=StaticComplianceInputs,
    references=(
        Reference("Hess DR. Respiratory mechanics in mechanically ventilated patients. Respir Care. "
                  "2014;59(11):1773-1794.", "https://doi.org/10.4187/respcare.03410"),
        Reference("MDCalc: Static Lung Compliance (Cstat) Calculation.",
                  "https://www.mdcalc.com/calc/10265/static-lung-compliance-cstat-calculation"),
    ),
    formula="Cstat (mL/cm H2O) = tidal volume (mL) / (plateau pressure − PEEP) (cm H2O); normal 50-100",
    description="Compliance of the respiratory system (lungs and chest wall) during a no-flow end-inspiratory hold. "
    "Low values mean stiff lungs or chest wall (ARDS, fibrosis, abdominal hypertension). The denominator is the "
    "driving pressure.",
    example={"tidal_volume": 440, "plateau_pressure": 30, "peep": 12},
)
def static_compliance(x: StaticComplianceInputs, w: Working) -> float:
    driving = w.step("driving pressure", f"{fmt(x.plateau_pressure)} − {fmt(x.peep)}", x.plateau_pressure - x.peep,
                     "cm H2O")
    if round(driving, 6) <= 0:
        raise invalid("plateau_pressure", x.plateau_pressure, f"a plateau pressure above the PEEP ({fmt(x.peep)} "
                      "cm H2O)", "the plateau is measured at end-inspiration, above PEEP")
    cstat = w.step("static compliance", f"{fmt(x.tidal_volume)} / {fmt(driving)}", x.tidal_volume / driving,
                   "mL/cm H2O")
    lo, hi = NORMAL
    shown = round(cstat, 6)
    if shown < lo:
        w.interpretation = f"below the normal {fmt(lo)}-{fmt(hi)} mL/cm H2O: stiff respiratory system"
    elif shown > hi:
        w.interpretation = f"above the usual {fmt(lo)}-{fmt(hi)} mL/cm H2O"
    else:
        w.interpretation = f"within the normal {fmt(lo)}-{fmt(hi)} mL/cm H2O"
    return cstat
