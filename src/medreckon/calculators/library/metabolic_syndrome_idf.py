"""Metabolic syndrome by the International Diabetes Federation definition (Alberti 2005/2006)."""

from __future__ import annotations

from pydantic import Field

from ..fields import (
    BMI,
    BloodPressure,
    Cholesterol,
    Finding,
    Glucose,
    Inputs,
    Sex,
    Triglycerides,
    choice,
)
from ..points import compared
from ..rules import AtLeastOne
from ..spec import Output, Reference, Working, calculator, fmt
from .body_roundness_index import Waist

RESULTS = ("Diagnosis established", "Diagnosis not established")
# waist cut-offs (cm) for central obesity, men and women, by ethnic group (IDF 2006)
WAIST = {"europid": (94, 80), "south asian": (90, 80), "chinese": (90, 80), "japanese": (90, 80),
         "south or central american": (90, 80), "sub-saharan african": (94, 80),
         "eastern mediterranean or middle eastern": (94, 80)}


class MetabolicSyndromeInputs(Inputs):
    sex: Sex = Field(description="Sex: the waist and HDL cut-offs differ.")
    waist: Waist | None = Field(None, description="Waist circumference, cm (in with its unit); central obesity is "
                                "≥ 94 cm in Europid men, ≥ 80 cm in women (≥ 90 cm in South Asian, Chinese, Japanese "
                                "and South or Central American men).")
    ethnicity: choice(*WAIST) = Field("europid", description="Ethnic group for the waist cut-off (Sub-Saharan African "
                                      "and Middle Eastern people use the Europid values).")
    bmi: BMI | None = Field(None, description="Body mass index, kg/m²; above 30 counts as central obesity without a "
                            "waist measurement.")
    triglycerides: Triglycerides = Field(description="Fasting triglycerides, mg/dL by default (mmol/L with its unit); "
                                         "≥ 150 mg/dL (1.7 mmol/L) counts.")
    triglyceride_treatment: bool = Finding("Specific treatment for raised triglycerides.")
    hdl: Cholesterol = Field(description="HDL cholesterol, mg/dL by default (mmol/L with its unit); below 40 mg/dL "
                             "(1.03 mmol/L) in men or 50 mg/dL (1.29 mmol/L) in women counts.")
    hdl_treatment: bool = Finding("Specific treatment for low HDL cholesterol.")
    systolic_bp: BloodPressure = Field(description="Systolic blood pressure, mmHg; ≥ 130 counts.")
    diastolic_bp: BloodPressure = Field(description="Diastolic blood pressure, mmHg; ≥ 85 counts.")
    hypertension_treatment: bool = Finding("Treatment of previously diagnosed hypertension.")
    fasting_glucose: Glucose = Field(description="Fasting plasma glucose, mg/dL by default (mmol/L with its unit); "
                                     "≥ 100 mg/dL (5.6 mmol/L) counts.")
    type_2_diabetes: bool = Finding("Previously diagnosed type 2 diabetes.")

    rules = (AtLeastOne(("waist", "bmi"), "waist", "a waist circumference or a BMI, to judge central obesity"),)


@calculator(
    id="metabolic-syndrome-idf",
    name="Metabolic Syndrome (IDF)",
    aliases=("Metabolic Syndrome (IDF)", "idf-metabolic-syndrome"),
    kind="score",
    specialty="endocrinology",
    output=Output(None, "category", categories=RESULTS),
    inputs=MetabolicSyndromeInputs,
    references=(
        Reference("Alberti KG, Zimmet P, Shaw J; IDF Epidemiology Task Force Consensus Group. The metabolic "
                  "syndrome: a new worldwide definition. Lancet. 2005;366(9491):1059-1062.",
                  "https://doi.org/10.1016/S0140-6736(05)67402-8"),
        Reference("International Diabetes Federation. The IDF consensus worldwide definition of the metabolic "
                  "syndrome. Brussels: IDF; 2006."),
        Reference("MDCalc. Metabolic Syndrome (IDF)."),
    ),
    formula="Central obesity (waist ≥ the ethnic cut-off, or BMI > 30) plus at least two of: triglycerides ≥ 150 "
    "mg/dL or treated; HDL < 40 mg/dL (men) or < 50 mg/dL (women) or treated; SBP ≥ 130 or DBP ≥ 85 mmHg or treated "
    "hypertension; fasting glucose ≥ 100 mg/dL or type 2 diabetes.",
    description="Whether the IDF criteria for the metabolic syndrome are met; central obesity is required.",
    example={"sex": "male", "waist": "45 in", "bmi": 38.7, "triglycerides": 212, "hdl": 38, "systolic_bp": 136,
             "diastolic_bp": 88, "fasting_glucose": 103, "type_2_diabetes": False},
)
def metabolic_syndrome_idf(x: MetabolicSyndromeInputs, w: Working) -> str:
    cut = WAIST[x.ethnicity][x.sex == "female"]
    by_waist = x.waist is not None and round(x.waist, 6) >= cut
    by_bmi = x.bmi is not None and x.bmi > 30
    shown = [f"waist {fmt(x.waist, 1)} cm vs {cut}" if x.waist is not None else "", f"BMI {fmt(x.bmi, 1)}"
             if x.bmi is not None else ""]
    central = w.step("central obesity", "; ".join(s for s in shown if s), by_waist or by_bmi)
    tg = round(x.triglycerides, 4)
    hdl_cut = 50 if x.sex == "female" else 40
    criteria = [
        ("triglycerides", compared(f"TG {fmt(tg)}", tg, "≥", 150), x.triglyceride_treatment),
        ("HDL", compared(f"HDL {fmt(x.hdl, 1)}", round(x.hdl, 4), "<", hdl_cut), x.hdl_treatment),
        ("blood pressure", (x.systolic_bp >= 130 or x.diastolic_bp >= 85,
                            f"{fmt(x.systolic_bp)}/{fmt(x.diastolic_bp)} mmHg"), x.hypertension_treatment),
        ("glucose", compared(f"FPG {fmt(x.fasting_glucose)}", round(x.fasting_glucose, 4), "≥", 100),
         x.type_2_diabetes),
    ]
    met = [w.step(name, text + (" (treated)" if treated else ""), holds or treated)
           for name, (holds, text), treated in criteria]
    count = w.step("other criteria met", f"{sum(met)} of 4", sum(met))
    established = central and count >= 2
    w.interpretation = ("metabolic syndrome: central obesity with ≥ 2 other criteria" if established else
                        "metabolic syndrome criteria not met" + ("" if central else " (no central obesity)"))
    return RESULTS[not established]
