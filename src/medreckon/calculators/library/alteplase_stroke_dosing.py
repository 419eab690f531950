"""Alteplase for acute ischaemic stroke: 0.9 mg/kg (maximum 90 mg), 10% as a bolus and the rest over 60
minutes (AHA/ASA 2019 guideline)."""

from __future__ import annotations

from ..spec import Output, Reference, Secondary, Working, calculator, fmt
from .tenecteplase_stroke_dosing import GUIDELINE, ThrombolysisInputs, capped_dose

TPA_MG_PER_KG, TPA_MAX_MG, TPA_VIAL_MG, TPA_BOLUS_FRACTION = 0.9, 90.0, 100.0, 0.1  # 100 mg vial, 1 mg/mL


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
    total = w.output("total_dose", capped_dose(w, x.weight, TPA_MG_PER_KG, TPA_MAX_MG, "alteplase"))
    bolus = w.step("bolus", f"{TPA_BOLUS_FRACTION} × {fmt(total)} mg", TPA_BOLUS_FRACTION * total, "mg")
    infusion = w.output("infusion", w.step("infusion", f"{fmt(total)} − {fmt(bolus)} mg", total - bolus, "mg"))
    waste = w.output("waste", w.step("waste", f"{fmt(TPA_VIAL_MG)} − {fmt(total)} mg", TPA_VIAL_MG - total, "mg"))
    w.interpretation = (f"bolus {fmt(bolus, 1)} mg IV over 1 minute, then {fmt(infusion, 1)} mg over 60 minutes "
                        f"(total {fmt(total, 1)} mg); discard {fmt(waste, 1)} mg from a 100 mg vial")
    return bolus
