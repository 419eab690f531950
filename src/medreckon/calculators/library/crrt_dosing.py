"""CRRT dosing: the effluent flow that delivers a prescribed dose in mL/kg/h."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, Weight, q
from ..spec import Output, Reference, Working, calculator, fmt

EffluentDose = q("mL/kg/h", gt=0, le=200, plausible=(10, 50), units=("mL/kg/h",))
KDIGO_DOSE = 20.0  # mL/kg/h: the least KDIGO recommends delivering (AKI 2012, 5.8.4: 20-25)
HIGH_INTENSITY = 35.0  # mL/kg/h: the intensive arms of ATN (35) and RENAL (40), no better than 20-25

KDIGO_AKI = Reference("Kidney Disease: Improving Global Outcomes (KDIGO) Acute Kidney Injury Work Group. KDIGO "
                      "clinical practice guideline for acute kidney injury. Kidney Int Suppl. 2012;2(1):1-138 "
                      "(recommendation 5.8.4: effluent 20-25 mL/kg/h).", "https://kdigo.org/guidelines/acute-kidney-injury/")


class CRRTDosingInputs(Inputs):
    weight: Weight = Field(description="Body weight (kg by default; lb with its unit), usually the actual weight.")
    dose: EffluentDose = Field(description="Prescribed effluent dose, mL/kg/h (KDIGO: 20-25 delivered, so often "
                               "25-30 prescribed). Not a blood flow rate (mL/min).")


@calculator(
    id="crrt-dosing",
    name="CRRT Dosing Calculator",
    aliases=("crrt-dose", "crrt-effluent-rate", "cvvhdf-dose"),
    kind="equation",
    specialty="nephrology",
    output=Output("mL/h", "decimal", 0, range=(200, 8000)),
    inputs=CRRTDosingInputs,
    references=(
        KDIGO_AKI,
        Reference("VA/NIH Acute Renal Failure Trial Network; Palevsky PM, Zhang JH, O'Connor TZ, et al. Intensity of "
                  "renal support in critically ill patients with acute kidney injury. N Engl J Med. 2008;359(1):7-20.",
                  "https://doi.org/10.1056/NEJMoa0802639"),
        Reference("MDCalc: CRRT Dosing Calculator.", "https://www.mdcalc.com/calc/10168/crrt-dosing-calculator"),
    ),
    formula="effluent flow (mL/h) = dose (mL/kg/h) × weight (kg)",
    description="The total effluent flow (dialysate + replacement + net ultrafiltration) that gives a continuous "
    "renal replacement therapy dose per kg per hour. KDIGO recommends delivering 20-25 mL/kg/h; higher doses did "
    "not improve survival (ATN, RENAL trials).",
    example={"weight": 80, "dose": 25},
)
def crrt_dosing(x: CRRTDosingInputs, w: Working) -> float:
    flow = w.step("effluent flow", f"{fmt(x.dose)} mL/kg/h × {fmt(x.weight)} kg", x.dose * x.weight, "mL/h")
    if x.dose < KDIGO_DOSE:
        w.interpretation = (f"{fmt(flow, 0)} mL/h; a dose below {fmt(KDIGO_DOSE)} mL/kg/h is below KDIGO's "
                            "delivered target")
    elif x.dose >= HIGH_INTENSITY:
        w.interpretation = (f"{fmt(flow, 0)} mL/h; intensive doses (≥ {fmt(HIGH_INTENSITY)} mL/kg/h) gave no "
                            "benefit over 20-25 (ATN, RENAL)")
    else:
        w.interpretation = f"{fmt(flow, 0)} mL/h effluent to deliver {fmt(x.dose)} mL/kg/h"
    return flow
