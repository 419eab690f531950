"""Revised Cardiac Risk Index for pre-operative risk (Lee 1999)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from ..fields import Creatinine, Finding, Inputs
from ..points import finding, sum_points, threshold
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt

# Lee 1999, validation cohort: major cardiac complications by class (0, 1, 2, >= 3 factors)
LEE_CLASSES = ((0, "class I", "0.4%"), (1, "class II", "0.9%"), (2, "class III", "6.6%"), (3, "class IV", "11%"))


class RCRIInputs(Inputs):
    creatinine: Creatinine | None = Field(
        None,
        description="Pre-operative serum creatinine, mg/dL by default; more than 2 mg/dL (176.8 µmol/L) scores 1. "
        "A value in µmol/L must carry its unit. Not given: assumed ≤ 2 mg/dL, with a warning.",
    )
    elevated_risk_surgery: bool = Finding(
        "Elevated-risk surgery: intraperitoneal, intrathoracic or suprainguinal vascular (1 point).",
    )
    ischemic_heart_disease: bool = Finding(
        "History of ischaemic heart disease: myocardial infarction, positive exercise test, current "
        "ischaemic chest pain or nitrate therapy, or ECG with pathological Q waves (1 point). Prior "
        "revascularisation alone does not count.",
    )
    congestive_heart_failure: bool = Finding(
        "History of congestive heart failure: pulmonary oedema, paroxysmal nocturnal dyspnoea, bilateral "
        "rales or S3 gallop, or chest X-ray with pulmonary vascular redistribution (1 point).",
    )
    cerebrovascular_disease: bool = Finding("History of cerebrovascular disease: prior stroke or transient ischaemic attack (1 point).")
    insulin_treatment: bool = Finding("Pre-operative treatment with insulin (1 point); oral agents alone do not count.")


def _adapt(raw: Mapping[str, Any], mapped: dict[str, Any]) -> dict[str, Any]:
    # The dataset carries cerebrovascular disease under two entity names; either one present is the fact.
    names = ("History of cerebrovascular disease", "Cerebrovascular disease history")
    given = [raw[n] for n in names if n in raw]
    if given:
        mapped["cerebrovascular_disease"] = any(given)
    return mapped


@calculator(
    id="rcri",
    name="Revised Cardiac Risk Index for Pre-Operative Risk",
    aliases=("revised-cardiac-risk-index", "lee-index", "lee-criteria"),
    kind="score",
    specialty="cardiology",
    output=Output("points", "integer", 0, range=(0, 6)),
    inputs=RCRIInputs,
    references=(
        Reference(
            "Lee TH, Marcantonio ER, Mangione CM, et al. Derivation and prospective validation of a simple "
            "index for prediction of cardiac risk of major noncardiac surgery. Circulation. "
            "1999;100(10):1043-1049.",
            "https://doi.org/10.1161/01.CIR.100.10.1043",
        ),
        Reference(
            "MDCalc. Revised Cardiac Risk Index for Pre-Operative Risk.",
            "https://www.mdcalc.com/calc/1756/revised-cardiac-risk-index-pre-operative-risk",
        ),
    ),
    formula=(
        "1 point each: elevated-risk surgery (intraperitoneal, intrathoracic, suprainguinal vascular); "
        "history of ischaemic heart disease; history of congestive heart failure; history of "
        "cerebrovascular disease; pre-operative insulin treatment; pre-operative creatinine > 2 mg/dL. "
        "Class I (0), II (1), III (2), IV (≥ 3)."
    ),
    description="Risk of major cardiac complications after non-cardiac surgery.",
    medcalc_bench=MedCalcBench(
        17,
        {
            "Pre-operative creatinine": "creatinine",
            "Elevated-risk surgery": "elevated_risk_surgery",
            "History of ischemic heart disease": "ischemic_heart_disease",
            "Congestive Heart Failure criteria for the Cardiac Risk Index rule": "congestive_heart_failure",
            "History of cerebrovascular disease": None,
            "Cerebrovascular disease history": None,
            "Pre-operative treatment with insulin": "insulin_treatment",
        },
        adapt=_adapt,
    ),
    example={
        "creatinine": "115 umol/L", "elevated_risk_surgery": True, "ischemic_heart_disease": True,
        "congestive_heart_failure": False, "cerebrovascular_disease": False, "insulin_treatment": False,
    },
)
def rcri(x: RCRIInputs, w: Working) -> int:
    surgery = finding(w, "elevated-risk surgery", x.elevated_risk_surgery)
    ihd = finding(w, "ischaemic heart disease", x.ischemic_heart_disease)
    chf = finding(w, "congestive heart failure", x.congestive_heart_failure)
    cvd = finding(w, "cerebrovascular disease", x.cerebrovascular_disease)
    insulin = finding(w, "insulin treatment", x.insulin_treatment)
    if x.creatinine is None:
        w.warn("not given; assumed normal: creatinine (≤ 2 mg/dL)", "creatinine", "assumed_default")
        creat = w.step("creatinine > 2 mg/dL", "not given; assumed ≤ 2", 0, "points")
    else:
        creat = threshold(w, "creatinine > 2 mg/dL", f"creatinine {fmt(x.creatinine)}", x.creatinine, ">", 2)
    total = sum_points(w, (surgery, ihd, chf, cvd, insulin, creat))
    _, label, risk = LEE_CLASSES[min(total, 3)]
    w.interpretation = f"RCRI {label}: major cardiac complications {risk} in the derivation study's validation cohort"
    return total
