"""Hestia criteria for outpatient treatment of pulmonary embolism (Zondag 2011)."""

from __future__ import annotations

from ..fields import Finding, Inputs
from ..points import finding, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator

CRITERIA = (
    ("haemodynamically unstable", "hemodynamically_unstable"),
    ("thrombolysis or embolectomy needed", "thrombolysis_needed"),
    ("active bleeding or high bleeding risk", "bleeding_risk"),
    ("> 24 h of oxygen to keep SaO2 > 90%", "oxygen_needed"),
    ("PE diagnosed on anticoagulation", "on_anticoagulation"),
    ("severe pain needing IV analgesia > 24 h", "severe_pain"),
    ("medical or social reason for admission > 24 h", "admission_reason"),
    ("creatinine clearance < 30 mL/min", "renal_failure"),
    ("severe liver impairment", "liver_impairment"),
    ("pregnant", "pregnant"),
    ("documented history of HIT", "history_of_hit"),
)


class HestiaInputs(Inputs):
    hemodynamically_unstable: bool = Finding("Haemodynamically unstable: SBP < 100 mm Hg with HR > 100, needing "
                                             "intensive care, or judged unstable.")
    thrombolysis_needed: bool = Finding("Thrombolysis or embolectomy needed.")
    bleeding_risk: bool = Finding("Active bleeding or high risk of bleeding (GI bleed or surgery in the last 2 weeks, "
                                  "stroke in the last month, platelets < 75 × 10^9/L, uncontrolled hypertension).")
    oxygen_needed: bool = Finding("More than 24 hours of supplemental oxygen needed to keep SaO2 above 90%.")
    on_anticoagulation: bool = Finding("Pulmonary embolism diagnosed while on anticoagulation.")
    severe_pain: bool = Finding("Severe pain needing intravenous analgesia for more than 24 hours.")
    admission_reason: bool = Finding("A medical or social reason to admit for more than 24 hours (infection, "
                                     "malignancy, no support at home).")
    renal_failure: bool = Finding("Creatinine clearance below 30 mL/min (Cockcroft-Gault).")
    liver_impairment: bool = Finding("Severe liver impairment (the clinician's judgement).")
    pregnant: bool = Finding("Pregnant.")
    history_of_hit: bool = Finding("Documented history of heparin-induced thrombocytopenia.")


@calculator(
    id="hestia",
    name="Hestia Criteria for Outpatient Pulmonary Embolism Treatment",
    aliases=("hestia-criteria", "hestia-rule"),
    kind="score",
    specialty="pulmonology",
    output=Output("criteria", "integer", 0, range=(0, 11), secondary=(
        Secondary("outpatient_eligible", "no criterion met: eligible for outpatient treatment", None, "boolean"),
    )),
    inputs=HestiaInputs,
    references=(
        Reference("Zondag W, Mos IC, Creemers-Schild D, et al. Outpatient treatment in patients with acute pulmonary "
                  "embolism: the Hestia Study. J Thromb Haemost. 2011;9(8):1500-1507.",
                  "https://doi.org/10.1111/j.1538-7836.2011.04388.x"),
        Reference("MDCalc: Hestia Criteria for Outpatient Pulmonary Embolism Treatment.",
                  "https://www.mdcalc.com/calc/3918/hestia-criteria-outpatient-pulmonary-embolism-treatment"),
    ),
    formula="Eleven yes/no criteria (instability, thrombolysis, bleeding, oxygen > 24 h, PE on anticoagulation, IV "
    "analgesia > 24 h, reason to admit, CrCl < 30, severe liver impairment, pregnancy, HIT); none met: outpatient "
    "treatment (3-month mortality 1%, recurrent VTE 2% in the Hestia study)",
    description="Whether a patient with acute pulmonary embolism can be treated at home: any criterion met means "
    "admission.",
    example={c: False for _, c in CRITERIA},
)
def hestia(x: HestiaInputs, w: Working) -> int:
    met = sum_points(w, [finding(w, what, getattr(x, name), unit="criteria") for what, name in CRITERIA],
                     "criteria met", "criteria")
    eligible = w.output("outpatient_eligible", met == 0)
    w.interpretation = ("no criterion met: low risk, eligible for outpatient treatment" if eligible else
                        f"{met} criteria met: not eligible for outpatient treatment")
    return met
