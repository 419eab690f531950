"""Cerebral perfusion pressure: mean arterial pressure minus intracranial pressure."""

from __future__ import annotations

from pydantic import Field

from ..fields import BloodPressure, Inputs, q
from ..spec import Output, Reference, Working, calculator, fmt

IntracranialPressure = q("mmHg", gt=-50, lt=200, plausible=(-5, 80), units=("mmHg", "cmH2O"))
LOW_CPP, HIGH_CPP = 60.0, 80.0  # mm Hg: below 60 is hypoperfusion (BTF); above 80 is higher than needed

BTF = Reference("Carney N, Totten AM, O'Reilly C, et al. Guidelines for the management of severe traumatic brain "
                "injury, fourth edition. Neurosurgery. 2017;80(1):6-15 (CPP 60-70 mm Hg).",
                "https://doi.org/10.1227/NEU.0000000000001432")


class CPPInputs(Inputs):
    mean_arterial_pressure: BloodPressure = Field(
        description="Mean arterial pressure, mm Hg (from an arterial line, or (SBP + 2 × DBP) / 3). Not the "
        "systolic pressure.")
    intracranial_pressure: IntracranialPressure = Field(
        description="Intracranial pressure, mm Hg by default (an EVD in cm H2O must carry its unit: 13.6 cm H2O = "
        "10 mm Hg). Normal adult ICP is 5-15 mm Hg.")


@calculator(
    id="cerebral-perfusion-pressure",
    name="Cerebral Perfusion Pressure",
    aliases=("cpp", "cerebral-perfusion-pressure-cpp"),
    kind="equation",
    specialty="critical care",
    output=Output("mmHg", "decimal", 0, range=(0, 150)),
    inputs=CPPInputs,
    references=(
        BTF,
        Reference("Rosner MJ, Rosner SD, Johnson AH. Cerebral perfusion pressure: management protocol and clinical "
                  "results. J Neurosurg. 1995;83(6):949-962.", "https://doi.org/10.3171/jns.1995.83.6.0949"),
        Reference("MDCalc: Cerebral Perfusion Pressure.", "https://www.mdcalc.com/calc/1925/cerebral-perfusion-pressure"),
    ),
    formula="CPP (mm Hg) = MAP − ICP; below 60 low (hypoperfusion), 60-80 normal, above 80 high",
    description="The pressure gradient driving cerebral blood flow. After severe traumatic brain injury the Brain "
    "Trauma Foundation targets 60-70 mm Hg; below 60 is cerebral hypoperfusion; above 80 mm Hg (MDCalc's upper "
    "limit) risks hyperaemia and raised ICP.",
    example={"mean_arterial_pressure": 85, "intracranial_pressure": 18},
)
def cerebral_perfusion_pressure(x: CPPInputs, w: Working) -> float:
    cpp = w.step("cerebral perfusion pressure", f"{fmt(x.mean_arterial_pressure)} − {fmt(x.intracranial_pressure)}",
                 x.mean_arterial_pressure - x.intracranial_pressure, "mm Hg")
    shown = round(cpp, 6)
    if shown < LOW_CPP:
        w.interpretation = f"low CPP (< {fmt(LOW_CPP)} mm Hg): raise MAP or lower ICP"
    elif shown > HIGH_CPP:
        w.interpretation = f"high CPP (> {fmt(HIGH_CPP)} mm Hg): consider weaning vasopressors if MAP is adequate"
    else:
        w.interpretation = f"CPP within {fmt(LOW_CPP)}-{fmt(HIGH_CPP)} mm Hg: likely adequate perfusion"
    if cpp < 0:
        w.warn("ICP above the mean arterial pressure: no cerebral perfusion; check the values and their units",
               "intracranial_pressure")
    return cpp
