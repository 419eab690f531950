"""Glucose infusion rate (GIR) of a dextrose infusion, in mg/kg/min."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, Weight, q
from ..spec import Output, Reference, Working, calculator, fmt

DextroseConcentration = q("g/dL", gt=0, le=70, plausible=(2.5, 50), units=("g/dL",))
InfusionRate = q("mL/h", gt=0, lt=10000, plausible=(0.5, 1000), units=("mL/h", "mL/min"))
NEONATAL_START = (4.0, 8.0)  # mg/kg/min: the usual starting GIR of a newborn
ADULT_CEILING = 5.0  # mg/kg/min: about the most glucose an adult oxidises

REFERENCES = (
    Reference("Hay WW Jr. Intravenous glucose infusion in the neonate. In: Polin RA, Fox WW, Abman SH, eds. Fetal "
              "and Neonatal Physiology. (GIR = dextrose % × rate (mL/h) / (6 × weight (kg))); American Academy of "
              "Pediatrics, Committee on Fetus and Newborn. Postnatal glucose homeostasis in late-preterm and term "
              "infants. Pediatrics. 2011;127(3):575-579.", "https://doi.org/10.1542/peds.2010-3851"),
    Reference("Wolfe RR, O'Donnell TF Jr, Stone MD, Richmand DA, Burke JF. Investigation of factors determining the "
              "optimal glucose infusion rate in total parenteral nutrition. Metabolism. 1980;29(9):892-900."),
    Reference("MDCalc: Glucose Infusion Rate (GIR).", "https://www.mdcalc.com/calc/3928/glucose-infusion-rate-gir"),
)


class GIRInputs(Inputs):
    dextrose: DextroseConcentration = Field(
        description="Dextrose concentration in g/dL, which is the percentage: D10 is 10, D5 is 5. Not the volume.")
    rate: InfusionRate = Field(description="Infusion rate, mL/h by default.")
    weight: Weight = Field(description="Body weight (kg by default; lb or g with their unit).")


@calculator(
    id="glucose-infusion-rate",
    name="Glucose Infusion Rate (GIR)",
    aliases=("gir", "dextrose-infusion-rate"),
    kind="equation",
    specialty="pediatrics",
    output=Output("mg/kg/min", "decimal", 1, range=(0, 20)),
    inputs=GIRInputs,
    references=REFERENCES,
    formula="GIR (mg/kg/min) = dextrose (g/dL) × 1000 mg/g / 100 mL/dL × rate (mL/h) / 60 min/h / weight (kg) "
    "= dextrose % × rate / (6 × weight)",
    description="Glucose delivered per kg per minute by a dextrose infusion. Newborns usually start at 4-8 mg/kg/min; "
    "an adult oxidises at most about 4-5 mg/kg/min, above which glucose feeds lipogenesis and hyperglycaemia.",
    example={"dextrose": 10, "rate": 12, "weight": "3.2 kg"},
)
def glucose_infusion_rate(x: GIRInputs, w: Working) -> float:
    gir = w.step("glucose infusion rate", f"{fmt(x.dextrose)} × {fmt(x.rate)} / (6 × {fmt(x.weight)})",
                 x.dextrose * x.rate / (6 * x.weight), "mg/kg/min")
    lo, hi = NEONATAL_START
    w.interpretation = (f"{fmt(gir, 1)} mg/kg/min (newborns usually start at {fmt(lo)}-{fmt(hi)}; adults oxidise "
                        f"at most about {fmt(ADULT_CEILING)})")
    return gir
