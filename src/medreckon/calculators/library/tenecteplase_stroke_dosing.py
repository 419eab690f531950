"""Tenecteplase for acute ischaemic stroke: 0.25 mg/kg (maximum 25 mg) as one bolus (AHA/ASA 2019
guideline), as the volume to draw from a 50 mg vial reconstituted in 10 mL. Also the shared guideline
reference, inputs and weight-based cap used by alteplase-stroke-dosing."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, Weight
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

GUIDELINE = Reference(
    "Powers WJ, Rabinstein AA, Ackerson T, et al. Guidelines for the Early Management of Patients With Acute "
    "Ischemic Stroke: 2019 Update to the 2018 Guidelines. A Guideline for Healthcare Professionals From the "
    "American Heart Association/American Stroke Association. Stroke. 2019;50(12):e344-e418.",
    "https://doi.org/10.1161/STR.0000000000000211")
TNK_MG_PER_KG, TNK_MAX_MG, TNK_VIAL_MG, TNK_MG_PER_ML = 0.25, 25.0, 50.0, 5.0  # 50 mg vial in 10 mL


class ThrombolysisInputs(Inputs):
    weight: Weight = Field(description="Actual body weight, kg by default ('176 lb' with its unit); measured or "
                           "best estimate. Not ideal body weight.")


def capped_dose(w: Working, weight: float, per_kg: float, maximum: float, drug: str) -> float:
    dose = w.step(f"{drug} dose", f"{per_kg} mg/kg × {fmt(weight)} kg", per_kg * weight, "mg")
    if dose > maximum:
        dose = w.step(f"{drug} dose, capped", f"maximum {fmt(maximum)} mg", maximum, "mg")
    return dose


@calculator(
    id="tenecteplase-stroke-dosing",
    name="Tenecteplase (TNK) Dosing for Ischemic Stroke Calculator",
    aliases=("tnk-stroke-dose", "tenecteplase-stroke-dose"),
    kind="equation",
    specialty="neurology",
    output=Output("mL", "decimal", 1, range=(0, 5), secondary=(
        Secondary("dose", "tenecteplase dose", "mg", "decimal", 1),
        Secondary("waste_volume", "volume left in the 50 mg (10 mL) vial, to be discarded", "mL", "decimal", 1),
        Secondary("waste_dose", "tenecteplase left in the vial, to be discarded", "mg", "decimal", 1),
    )),
    inputs=ThrombolysisInputs,
    references=(
        GUIDELINE,
        Reference("Campbell BCV, Mitchell PJ, Churilov L, et al. Tenecteplase versus Alteplase before Thrombectomy "
                  "for Ischemic Stroke. N Engl J Med. 2018;378(17):1573-1582 (0.25 mg/kg, maximum 25 mg)."),
        Reference("MDCalc. Tenecteplase (TNK) Dosing for Ischemic Stroke Calculator."),
    ),
    formula="dose (mg) = 0.25 mg/kg × weight, maximum 25 mg, as a single IV bolus over 5 seconds; volume (mL) = dose "
    "/ 5 mg/mL (50 mg vial reconstituted in 10 mL); waste = 50 mg − dose",
    description="Tenecteplase for acute ischaemic stroke: volume to draw from a 50 mg vial reconstituted with 10 mL "
    "(5 mg/mL) and the dose it holds. The stroke dose is half the myocardial-infarction dose (0.5 mg/kg in weight "
    "bands): do not confuse the two.",
    example={"weight": "180 lb"},
)
def tenecteplase_stroke_dosing(x: ThrombolysisInputs, w: Working) -> float:
    dose = w.output("dose", capped_dose(w, x.weight, TNK_MG_PER_KG, TNK_MAX_MG, "tenecteplase"))
    volume = w.step("volume", f"{fmt(dose)} mg / {fmt(TNK_MG_PER_ML)} mg/mL", dose / TNK_MG_PER_ML, "mL")
    waste = w.output("waste_dose", w.step("waste", f"{fmt(TNK_VIAL_MG)} − {fmt(dose)} mg", TNK_VIAL_MG - dose, "mg"))
    w.output("waste_volume", waste / TNK_MG_PER_ML)
    w.interpretation = (f"draw {fmt(volume, 1)} mL ({fmt(dose, 1)} mg) as a single IV bolus over 5 seconds; discard "
                        f"{fmt(waste / TNK_MG_PER_ML, 1)} mL")
    return volume
