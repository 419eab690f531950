"""Vascular protection in adults with diabetes: which of statin, ACE inhibitor/ARB, ASA and an agent
with proven cardiovascular benefit to recommend (Diabetes Canada 2018, chapter 22)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs, choice
from ..points import compared
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

ANSWERS = ("Yes", "No")
ASA = ("Yes", "Not routinely recommended")


class VascularProtectionInputs(Inputs):
    cardiovascular_disease: bool = Finding("Clinical cardiovascular disease (coronary, cerebrovascular or peripheral "
                                           "arterial disease).")
    microvascular_disease: bool = Finding("Microvascular disease: retinopathy, nephropathy (including albuminuria) or "
                                          "neuropathy.")
    diabetes_type: choice("type 1", "type 2") = Field(description="Type 1 or type 2 diabetes.")
    duration_over_15_years: bool = Finding("Diabetes for more than 15 years.")
    a1c_above_target: bool = Finding("HbA1c above the individual target (usually > 7.0%).")
    age: Age = Field(description="Age in years.")
    other_risk_factor: bool = Finding("At least one other cardiovascular risk factor or end-organ damage (smoking, "
                                      "hypertension, dyslipidaemia, albuminuria, left ventricular hypertrophy, "
                                      "retinopathy), or lipid treatment warranted by the Canadian Cardiovascular "
                                      "Society guidelines.")


@calculator(
    id="diabetes-vascular-protection",
    name="Reducing Vascular Risk in Patients Living with Diabetes (Diabetes Canada)",
    aliases=("Reducing Vascular Risk in Patients Living with Diabetes", "diabetes-canada-vascular-protection"),
    kind="score",
    specialty="endocrinology",
    output=Output(None, "category", categories=ANSWERS, secondary=(
        Secondary("acei_arb", "ACE inhibitor or ARB at vascular-protective doses recommended: Yes or No", None, "text"),
        Secondary("asa", "ASA: Yes (secondary prevention) or Not routinely recommended", None, "text"),
        Secondary("cv_benefit_agent", "liraglutide, empagliflozin or canagliflozin recommended: Yes or No", None,
                  "text"),
    )),
    inputs=VascularProtectionInputs,
    references=(
        Reference("Diabetes Canada Clinical Practice Guidelines Expert Committee; Stone JA, Houlden RL, Lin P, "
                  "Udell JA, Verma S. Cardiovascular protection in people with diabetes. Can J Diabetes. "
                  "2018;42(Suppl 1):S162-S169.", "https://doi.org/10.1016/j.jcjd.2017.10.024"),
        Reference("MDCalc. Reducing Vascular Risk in Patients Living with Diabetes."),
    ),
    formula="Statin: clinical CVD, or age ≥ 40, or microvascular disease, or age ≥ 30 with diabetes > 15 years, or "
    "otherwise warranted (CCS lipid guidelines). ACE inhibitor/ARB: clinical CVD, or age ≥ 55 with another risk "
    "factor or end-organ damage, or microvascular disease. ASA: secondary prevention only (clinical CVD); not "
    "routinely for primary prevention. Agent with proven CV benefit (liraglutide, empagliflozin, canagliflozin): "
    "type 2 diabetes with clinical CVD and HbA1c above target.",
    description="Which vascular-protective drugs the Diabetes Canada guideline recommends for an adult with "
    "diabetes; the main value answers 'statin recommended?'. Recommended even when blood pressure or LDL-C is at "
    "target; ACE inhibitors, ARBs and statins are embryopathic.",
    example={"cardiovascular_disease": False, "microvascular_disease": True, "diabetes_type": "type 2",
             "duration_over_15_years": False, "a1c_above_target": True, "age": 56, "other_risk_factor": True},
)
def diabetes_vascular_protection(x: VascularProtectionInputs, w: Working) -> str:
    cvd = x.cardiovascular_disease
    over_40, age40 = compared(f"age {fmt(x.age)}", x.age, "≥", 40)
    over_30, age30 = compared(f"age {fmt(x.age)}", x.age, "≥", 30)
    over_55, age55 = compared(f"age {fmt(x.age)}", x.age, "≥", 55)
    statin = w.step("statin", f"CVD {_yn(cvd)}; {age40}; microvascular {_yn(x.microvascular_disease)}; {age30} with "
                    f"> 15 years {_yn(x.duration_over_15_years)}; other indication {_yn(x.other_risk_factor)}",
                    cvd or over_40 or x.microvascular_disease or (over_30 and x.duration_over_15_years)
                    or x.other_risk_factor)
    acei = w.step("ACE inhibitor or ARB", f"CVD {_yn(cvd)}; {age55} with another risk factor "
                  f"{_yn(x.other_risk_factor)}; microvascular {_yn(x.microvascular_disease)}",
                  cvd or (over_55 and x.other_risk_factor) or x.microvascular_disease)
    agent = w.step("liraglutide, empagliflozin or canagliflozin", f"{x.diabetes_type}; CVD {_yn(cvd)}; HbA1c above "
                   f"target {_yn(x.a1c_above_target)}", x.diabetes_type == "type 2" and cvd and x.a1c_above_target)
    w.output("acei_arb", ANSWERS[not acei])
    w.output("asa", ASA[not cvd])
    w.output("cv_benefit_agent", ANSWERS[not agent])
    listed = [name for name, yes in (("statin", statin), ("ACE inhibitor/ARB", acei), ("ASA", cvd),
                                     ("an agent with proven CV benefit", agent)) if yes]
    w.interpretation = ("recommended: " + ", ".join(listed)) if listed else "no vascular-protective drug indicated " \
                                                                           "by these criteria"
    return ANSWERS[not statin]


def _yn(value: bool) -> str:
    return "yes" if value else "no"
