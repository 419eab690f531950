"""ACC/AHA stages of heart failure (Heidenreich 2022 guideline)."""

from __future__ import annotations

from ..fields import Finding, Inputs
from ..spec import Output, Reference, Working, calculator

STAGES = ("Not at risk", "Stage A", "Stage B", "Stage C", "Stage D")


class HFStageInputs(Inputs):
    risk_factors: bool = Finding("Hypertension, atherosclerotic cardiovascular disease, diabetes, obesity or "
                                 "metabolic syndrome.")
    cardiotoxins: bool = Finding("Exposure to cardiotoxic agents.")
    cardiomyopathy_gene_or_family_history: bool = Finding("Genetic variant for cardiomyopathy or family history of "
                                                           "cardiomyopathy.")
    structural_heart_disease: bool = Finding("Structural heart disease (e.g. reduced LV or RV systolic function, "
                                             "ventricular hypertrophy, chamber enlargement, wall-motion abnormality, "
                                             "valvular heart disease).")
    increased_filling_pressures: bool = Finding("Evidence of increased filling pressures (invasive or by imaging).")
    raised_biomarkers: bool = Finding("Raised natriuretic peptides or persistently raised cardiac troponin without a "
                                      "competing diagnosis.")
    heart_failure_symptoms: bool = Finding("Current or previous signs or symptoms of heart failure.")
    advanced_heart_failure: bool = Finding("Marked heart failure symptoms that interfere with daily life and recurrent "
                                           "hospitalisations despite optimised guideline-directed medical therapy.")


@calculator(
    id="acc-aha-hf-stage",
    name="ACC/AHA Heart Failure Staging",
    aliases=("heart-failure-stage", "acc-aha-heart-failure-stage"),
    kind="score",
    specialty="cardiology",
    output=Output(None, "category", categories=STAGES),
    inputs=HFStageInputs,
    references=(
        Reference("Heidenreich PA, Bozkurt B, Aguilar D, et al. 2022 AHA/ACC/HFSA guideline for the management of "
                  "heart failure. Circulation. 2022;145(18):e895-e1032.",
                  "https://doi.org/10.1161/CIR.0000000000001063"),
    ),
    formula="D: advanced HF (marked symptoms, recurrent hospitalisations despite GDMT). C: current or previous HF "
    "symptoms. B: no symptoms but structural heart disease, raised filling pressures or raised biomarkers. A: at "
    "risk (risk factors, cardiotoxins, genetic variant or family history) without any of those. Otherwise not at "
    "risk.",
    description="Stage of heart failure along its continuum, from at risk (A) and pre-heart failure (B) to "
    "symptomatic (C) and advanced (D) heart failure; stages only progress.",
    example={"risk_factors": True, "structural_heart_disease": True, "increased_filling_pressures": True,
             "raised_biomarkers": True, "heart_failure_symptoms": True},
)
def acc_aha_hf_stage(x: HFStageInputs, w: Working) -> str:
    if x.advanced_heart_failure:
        stage = w.step("stage", "advanced heart failure despite GDMT", "Stage D")
    elif x.heart_failure_symptoms:
        stage = w.step("stage", "current or previous heart failure symptoms", "Stage C")
    elif x.structural_heart_disease or x.increased_filling_pressures or x.raised_biomarkers:
        stage = w.step("stage", "structural disease, raised filling pressures or biomarkers, no symptoms", "Stage B")
    elif x.risk_factors or x.cardiotoxins or x.cardiomyopathy_gene_or_family_history:
        stage = w.step("stage", "at risk, no structural disease or symptoms", "Stage A")
    else:
        stage = w.step("stage", "no risk factor", "Not at risk")
    w.interpretation = {"Stage A": "at risk for heart failure", "Stage B": "pre-heart failure",
                        "Stage C": "symptomatic heart failure", "Stage D": "advanced heart failure",
                        "Not at risk": "not at risk for heart failure"}[stage]
    return stage
