"""Eligibility for intravenous alteplase in acute ischaemic stroke: the inclusion criteria, absolute
contraindications and warnings of the AHA/ASA guideline, applied as a checklist."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, BloodPressure, Finding, Glucose, Inputs, Platelets, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt
from .tenecteplase_stroke_dosing import GUIDELINE

LABELS = ("eligible", "eligible with warnings", "not eligible")
Hours = q("h", ge=0, plausible=(0, 72), units=("h", "min"))
INROptional = q("1", gt=0, plausible=(0.5, 20), units=("1",))

ABSOLUTE = (
    ("intracranial_hemorrhage_on_ct", "intracranial haemorrhage on CT"),
    ("suspected_sah", "presentation suggesting subarachnoid haemorrhage"),
    ("recent_head_trauma_or_stroke", "neurosurgery, serious head trauma or stroke in the past 3 months"),
    ("history_of_ich", "history of intracranial haemorrhage"),
    ("intracranial_avm_neoplasm_aneurysm", "known intracranial AVM, neoplasm or aneurysm"),
    ("active_internal_bleeding", "active internal bleeding"),
    ("endocarditis", "suspected or confirmed endocarditis"),
    ("heparin_with_elevated_aptt", "heparin within 48 hours with an elevated aPTT"),
    ("doac_use", "current use of a direct thrombin or factor Xa inhibitor"),
    ("intra_axial_neoplasm", "intra-axial intracranial neoplasm"),
    ("gi_malignancy", "gastrointestinal malignancy"),
    ("gi_bleeding_21_days", "gastrointestinal haemorrhage within 21 days"),
    ("intracranial_or_spinal_surgery", "intracranial or intraspinal surgery within 3 months"),
    ("extensive_hypoattenuation", "extensive regions of clear hypoattenuation on CT"),
    ("aortic_arch_dissection", "stroke known or suspected to be from aortic arch dissection"),
)
WARNINGS = (
    ("minor_or_improving_symptoms", "only minor or rapidly improving symptoms"),
    ("recent_major_surgery_or_trauma", "major surgery or serious non-head trauma in the previous 14 days"),
    ("recent_gu_or_gi_bleeding", "gastrointestinal or urinary tract haemorrhage within 21 days"),
    ("seizure_at_onset", "seizure at stroke onset"),
    ("arterial_puncture", "recent arterial puncture at a non-compressible site"),
    ("lumbar_puncture", "recent lumbar puncture"),
    ("post_mi_pericarditis", "post-myocardial-infarction pericarditis"),
    ("pregnancy", "pregnancy"),
)
LATE_WARNINGS = (  # from 3 to 4.5 hours after onset
    ("prior_stroke_and_diabetes", "history of both prior stroke and diabetes"),
    ("anticoagulant_use", "any active anticoagulant use, even with INR ≤ 1.7"),
    ("multilobar_infarction", "CT multilobar infarction involving more than one third of a hemisphere"),
)


def _absolute(x: TPAInputs) -> list[str]:
    found = [what for name, what in ABSOLUTE if getattr(x, name)]
    if x.systolic_bp > 185 or x.diastolic_bp > 110:
        found.append(f"blood pressure {fmt(x.systolic_bp)}/{fmt(x.diastolic_bp)} above 185/110 mm Hg")
    if x.platelets < 100:
        found.append(f"platelets {fmt(x.platelets)} < 100 ×10^9/L")
    if x.warfarin and x.inr is not None and x.inr > 1.7:
        found.append(f"warfarin with INR {fmt(x.inr, 2)} > 1.7")
    if x.glucose < 50:
        found.append(f"blood glucose {fmt(x.glucose)} < 50 mg/dL")
    return found


class TPAInputs(Inputs):
    age: Age = Field(description="Age in years; inclusion needs ≥ 18; > 80 is a warning from 3 hours.")
    ischemic_stroke_with_deficit: bool = Field(
        description="Clinical diagnosis of ischaemic stroke causing a measurable neurological deficit (inclusion).")
    hours_since_last_known_well: Hours = Field(
        description="Time from symptom onset or last known well to treatment, hours ('95 min' with its unit); "
        "inclusion needs < 4.5 h; 3 to 4.5 h adds the late warnings.")
    systolic_bp: BloodPressure = Field(description="Systolic pressure now (before treatment), mm Hg; > 185 excludes "
                                       "until lowered.")
    diastolic_bp: BloodPressure = Field(description="Diastolic pressure now, mm Hg; > 110 excludes until lowered.")
    platelets: Platelets = Field(description="Platelet count, 10^9/L ('210000 /uL' with its unit); < 100 excludes.")
    glucose: Glucose = Field(description="Blood glucose, mg/dL ('6.9 mmol/L' with its unit); < 50 mg/dL excludes.")
    warfarin: bool = Finding("Taking warfarin: with an INR > 1.7 it excludes.")
    inr: INROptional | None = Field(None, description="INR; needed when the patient takes warfarin.")
    nihss: int | None = Field(None, ge=0, le=42, description="NIH Stroke Scale; > 25 is a warning from 3 hours. "
                              "Optional.")
    intracranial_hemorrhage_on_ct: bool = Finding("Intracranial haemorrhage on CT (absolute).")
    suspected_sah: bool = Finding("Clinical presentation suggesting subarachnoid haemorrhage (absolute).")
    recent_head_trauma_or_stroke: bool = Finding("Neurosurgery, serious head trauma or stroke in the past 3 months "
                                                 "(absolute).", when="recent")
    history_of_ich: bool = Finding("History of intracranial haemorrhage (absolute).")
    intracranial_avm_neoplasm_aneurysm: bool = Finding("Known intracranial arteriovenous malformation, neoplasm or "
                                                       "aneurysm (absolute).")
    active_internal_bleeding: bool = Finding("Active internal bleeding (absolute).")
    endocarditis: bool = Finding("Suspected or confirmed endocarditis (absolute).")
    heparin_with_elevated_aptt: bool = Finding("Heparin within 48 hours with an elevated aPTT (absolute).")
    doac_use: bool = Finding("Current use of a direct thrombin inhibitor or factor Xa inhibitor (absolute).")
    intra_axial_neoplasm: bool = Finding("Intra-axial intracranial neoplasm (absolute).")
    gi_malignancy: bool = Finding("Gastrointestinal malignancy (absolute).")
    gi_bleeding_21_days: bool = Finding("Gastrointestinal haemorrhage within the last 21 days (absolute).")
    intracranial_or_spinal_surgery: bool = Finding("Intracranial or intraspinal surgery within 3 months (absolute).")
    extensive_hypoattenuation: bool = Finding("CT shows extensive regions of clear hypoattenuation (absolute).")
    aortic_arch_dissection: bool = Finding("Stroke known or suspected to be associated with aortic arch dissection "
                                           "(absolute).")
    minor_or_improving_symptoms: bool = Finding("Only minor or rapidly improving stroke symptoms (warning).")
    recent_major_surgery_or_trauma: bool = Finding("Major surgery or serious non-head trauma in the previous 14 days "
                                                   "(warning).", when="recent")
    recent_gu_or_gi_bleeding: bool = Finding("History of gastrointestinal or urinary tract haemorrhage within 21 days "
                                             "(warning).", when="recent")
    seizure_at_onset: bool = Finding("Seizure at stroke onset (warning).")
    arterial_puncture: bool = Finding("Recent arterial puncture at a non-compressible site (warning).")
    lumbar_puncture: bool = Finding("Recent lumbar puncture (warning).")
    post_mi_pericarditis: bool = Finding("Post-myocardial-infarction pericarditis (warning).")
    pregnancy: bool = Finding("Pregnancy (warning).")
    prior_stroke_and_diabetes: bool = Finding("History of both prior stroke and diabetes (warning from 3 hours).")
    anticoagulant_use: bool = Finding("Any active anticoagulant use, even with an INR ≤ 1.7 (warning from 3 hours).")
    multilobar_infarction: bool = Finding("CT shows multilobar infarction (> 1/3 of a hemisphere) (warning from 3 "
                                          "hours).")


@calculator(
    id="tpa-contraindications",
    name="tPA Contraindications for Ischemic Stroke",
    aliases=("alteplase-eligibility", "tpa-eligibility"),
    kind="score",
    specialty="neurology",
    output=Output(None, "category", categories=LABELS, secondary=(
        Secondary("exclusions", "unmet inclusion criteria and absolute contraindications found", None, "text"),
        Secondary("warnings", "relative contraindications and warnings found", None, "text"),
    )),
    inputs=TPAInputs,
    references=(
        GUIDELINE,
        Reference("Demaerschalk BM, Kleindorfer DO, Adeoye OM, et al. Scientific Rationale for the Inclusion and "
                  "Exclusion Criteria for Intravenous Alteplase in Acute Ischemic Stroke. Stroke. 2016;47(2):581-641."),
        Reference("MDCalc. tPA Contraindications for Ischemic Stroke."),
    ),
    formula="Eligible when every inclusion criterion holds (age ≥ 18, ischaemic stroke with a measurable deficit, "
    "onset < 4.5 h) and no absolute contraindication (including BP > 185/110, platelets < 100, warfarin with INR > "
    "1.7, glucose < 50 mg/dL); 'eligible with warnings' when relative contraindications or, from 3 to 4.5 h, the "
    "late warnings (age > 80, prior stroke and diabetes, any anticoagulant, NIHSS > 25, multilobar infarction) are "
    "present.",
    description="A checklist of the guideline's criteria for intravenous alteplase in ischaemic stroke, applied "
    "mechanically: it reports which criteria exclude or warn; the treating physician weighs the warnings. Blood "
    "pressure above 185/110 excludes only until it is lowered.",
    example={"age": 68, "ischemic_stroke_with_deficit": True, "hours_since_last_known_well": "95 min",
             "systolic_bp": 172, "diastolic_bp": 98, "platelets": 210, "glucose": 156, "nihss": 19},
)
def tpa_contraindications(x: TPAInputs, w: Working) -> str:
    unmet = [what for what, ok in (("age ≥ 18", x.age >= 18),
                                   ("ischaemic stroke with a measurable deficit", x.ischemic_stroke_with_deficit),
                                   ("onset < 4.5 hours", x.hours_since_last_known_well < 4.5)) if not ok]
    w.step("inclusion criteria not met", "; ".join(unmet) or "none", len(unmet), "criteria")
    absolute = _absolute(x)
    w.step("absolute contraindications", "; ".join(absolute) or "none", len(absolute), "criteria")
    warnings = [what for name, what in WARNINGS if getattr(x, name)]
    if 3 <= x.hours_since_last_known_well < 4.5:
        warnings += [f"age {fmt(x.age)} > 80"] if x.age > 80 else []
        warnings += [f"NIHSS {x.nihss} > 25"] if x.nihss is not None and x.nihss > 25 else []
        warnings += [what for name, what in LATE_WARNINGS if getattr(x, name)]
    w.step("warnings", "; ".join(warnings) or "none", len(warnings), "criteria")
    if x.warfarin and x.inr is None:
        w.warn("the patient takes warfarin but no INR was given: an INR > 1.7 would exclude", "inr")
    w.output("exclusions", "; ".join(unmet + absolute) or None)
    w.output("warnings", "; ".join(warnings) or None)
    label = LABELS[2] if unmet or absolute else LABELS[1] if warnings else LABELS[0]
    w.interpretation = {LABELS[0]: "eligible for IV alteplase by the checklist: no exclusion or warning found",
                        LABELS[1]: "eligible, with warnings to weigh: " + "; ".join(warnings),
                        LABELS[2]: "not eligible: " + "; ".join(unmet + absolute)}[label]
    return label
