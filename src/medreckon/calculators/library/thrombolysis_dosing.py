"""Weight-based intravenous thrombolysis for acute ischaemic stroke: tenecteplase 0.25 mg/kg
(maximum 25 mg) as one bolus, and alteplase 0.9 mg/kg (maximum 90 mg), 10% as a bolus and the rest
over 60 minutes (AHA/ASA 2019 guideline)."""

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
TPA_MG_PER_KG, TPA_MAX_MG, TPA_VIAL_MG, TPA_BOLUS_FRACTION = 0.9, 90.0, 100.0, 0.1  # 100 mg vial, 1 mg/mL


class ThrombolysisInputs(Inputs):
    weight: Weight = Field(description="Actual body weight, kg by default ('176 lb' with its unit); measured or "
                           "best estimate. Not ideal body weight.")


def _capped(w: Working, weight: float, per_kg: float, maximum: float, drug: str) -> float:
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
    dose = w.output("dose", _capped(w, x.weight, TNK_MG_PER_KG, TNK_MAX_MG, "tenecteplase"))
    volume = w.step("volume", f"{fmt(dose)} mg / {fmt(TNK_MG_PER_ML)} mg/mL", dose / TNK_MG_PER_ML, "mL")
    waste = w.output("waste_dose", w.step("waste", f"{fmt(TNK_VIAL_MG)} − {fmt(dose)} mg", TNK_VIAL_MG - dose, "mg"))
    w.output("waste_volume", waste / TNK_MG_PER_ML)
    w.interpretation = (f"draw {fmt(volume, 1)} mL ({fmt(dose, 1)} mg) as a single IV bolus over 5 seconds; discard "
                        f"{fmt(waste / TNK_MG_PER_ML, 1)} mL")
    return volume


@calculator(
    id="alteplase-stroke-dosing",
    name="tPA (Alteplase) Dosing for Ischemic Stroke Calculator",
    aliases=("tpa-stroke-dose", "alteplase-stroke-dose"),
    kind="equation",
    specialty="neurology",
    output=Output("mg", "decimal", 1, range=(0, 9), secondary=(
        Secondary("infusion", "infusion given IV over 60 minutes", "mg", "decimal", 1),
        Secondary("total_dose", "total alteplase dose", "mg", "decimal", 1),
        Secondary("waste", "alteplase left in the 100 mg vial, to be discarded", "mg", "decimal", 1),
    )),
    inputs=ThrombolysisInputs,
    references=(
        GUIDELINE,
        Reference("The National Institute of Neurological Disorders and Stroke rt-PA Stroke Study Group. Tissue "
                  "plasminogen activator for acute ischemic stroke. N Engl J Med. 1995;333(24):1581-1587."),
        Reference("MDCalc. tPA (Alteplase) Dosing for Ischemic Stroke Calculator."),
    ),
    formula="total (mg) = 0.9 mg/kg × weight, maximum 90 mg; bolus = 10% of the total over 1 minute; infusion = the "
    "other 90% over 60 minutes; waste = 100 mg − total (100 mg vial at 1 mg/mL)",
    description="Alteplase for acute ischaemic stroke. The main value is the bolus (MDCalc shows it first); the "
    "infusion, total dose and the excess to discard from a 100 mg vial are secondary outputs. The stroke dose (0.9 "
    "mg/kg, maximum 90 mg) differs from the pulmonary-embolism and myocardial-infarction regimens.",
    example={"weight": "176 lb"},
)
def alteplase_stroke_dosing(x: ThrombolysisInputs, w: Working) -> float:
    total = w.output("total_dose", _capped(w, x.weight, TPA_MG_PER_KG, TPA_MAX_MG, "alteplase"))
    bolus = w.step("bolus", f"{TPA_BOLUS_FRACTION} × {fmt(total)} mg", TPA_BOLUS_FRACTION * total, "mg")
    infusion = w.output("infusion", w.step("infusion", f"{fmt(total)} − {fmt(bolus)} mg", total - bolus, "mg"))
    waste = w.output("waste", w.step("waste", f"{fmt(TPA_VIAL_MG)} − {fmt(total)} mg", TPA_VIAL_MG - total, "mg"))
    w.interpretation = (f"bolus {fmt(bolus, 1)} mg IV over 1 minute, then {fmt(infusion, 1)} mg over 60 minutes "
                        f"(total {fmt(total, 1)} mg); discard {fmt(waste, 1)} mg from a 100 mg vial")
    return bolus
