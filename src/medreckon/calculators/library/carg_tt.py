"""Cancer and Aging Research Group chemotherapy toxicity tool (CARG-TT; Hurria 2011, 2016)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Hemoglobin, Inputs, Sex, choice
from ..points import finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt
from .vte_bleed import CreatinineClearance

ANAEMIA = {"male": 11.0, "female": 10.0}  # g/dL: haemoglobin below this scores 3
LOW_CRCL = 34.0  # mL/min: below it scores 3
IMPAIRED_HEARING = ("fair", "poor", "totally deaf")
# (highest total, group, risk of grade 3-5 toxicity %) in the validation study
RISK = ((5, "Low", 30), (9, "Intermediate", 52), (23, "High", 83))


class CARGInputs(Inputs):
    age: Age = Field(description="Age in years; 2 points from 72.")
    sex: Sex = Field(description="Sex, for the haemoglobin cut-off (< 11 g/dL men, < 10 women).")
    cancer_type: choice("gastrointestinal", "genitourinary", "other") = Field(  # type: ignore[valid-type]
        description="Cancer type: 'gastrointestinal' or 'genitourinary' (2 points) or 'other'.")
    standard_dose: bool = Field(description="The first chemotherapy dose is the standard dose (2 points), not "
                                "reduced up front.")
    chemotherapy_drugs: int = Field(ge=1, le=10, description="Number of chemotherapy drugs in the regimen; more than "
                                    "one (polychemotherapy) scores 2.")
    hemoglobin: Hemoglobin = Field(description="Haemoglobin, g/dL by default (g/L with its unit).")
    creatinine_clearance: CreatinineClearance = Field(description="Creatinine clearance, mL/min (Hurria used "
                                                      "Jelliffe's formula); below 34 scores 3.")
    hearing: choice("excellent", "very good", "good", *IMPAIRED_HEARING) = Field(  # type: ignore[valid-type]
        description="Self-rated hearing (with a hearing aid if used): 'fair', 'poor' or 'totally deaf' score 2.")
    falls: int = Field(ge=0, le=100, description="Falls in the last 6 months; one or more scores 3.")
    needs_help_with_medications: bool = Finding("Needs some help, or cannot, take own medications (1 point).")
    walking_limited: bool = Finding("Limited (somewhat or a lot) in walking one block (2 points).")
    decreased_social_activity: bool = Finding("Social activities decreased because of physical or emotional health "
                                              "(1 point).")


@calculator(
    id="carg-tt",
    name="Cancer and Aging Research Group Chemotherapy Toxicity Tool (CARG-TT)",
    aliases=("carg", "carg-toxicity", "carg-chemotherapy-toxicity"),
    kind="score",
    specialty="oncology",
    output=Output("points", "integer", 0, range=(0, 23), secondary=(
        Secondary("risk_group", "Low (0-5), Intermediate (6-9) or High (10-23)", None, "text"),
        Secondary("toxicity_risk", "risk of grade 3-5 chemotherapy toxicity in that group (validation study)", "%",
                  "integer"),
    )),
    inputs=CARGInputs,
    references=(
        Reference("Hurria A, Togawa K, Mohile SG, et al. Predicting chemotherapy toxicity in older adults with cancer: "
                  "a prospective multicenter study. J Clin Oncol. 2011;29(25):3457-3465.",
                  "https://doi.org/10.1200/JCO.2011.34.7625"),
        Reference("Hurria A, Mohile S, Gajra A, et al. Validation of a prediction tool for chemotherapy toxicity in "
                  "older adults with cancer. J Clin Oncol. 2016;34(20):2366-2371.",
                  "https://doi.org/10.1200/JCO.2015.65.4327"),
        Reference("MDCalc: Cancer and Aging Research Group Chemotherapy Toxicity Tool (CARG-TT).",
                  "https://www.mdcalc.com/calc/10181/cancer-aging-research-group-chemotherapy-toxicity-tool-carg-tt"),
    ),
    formula="Age ≥ 72: 2; GI or GU cancer: 2; standard dose: 2; polychemotherapy: 2; Hb < 11 (men) or < 10 (women) "
    "g/dL: 3; CrCl < 34 mL/min: 3; hearing fair or worse: 2; ≥ 1 fall in 6 months: 3; needs help with medications: "
    "1; limited walking one block: 2; decreased social activity: 1. 0-5 low (30%), 6-9 intermediate (52%), 10-23 "
    "high (83%) risk of grade 3-5 toxicity",
    description="Risk of severe (grade 3-5) chemotherapy toxicity in adults aged 65 and over, from geriatric "
    "assessment items, labs and the regimen.",
    example={"age": 76, "sex": "female", "cancer_type": "other", "standard_dose": True, "chemotherapy_drugs": 2,
             "hemoglobin": 12, "creatinine_clearance": 28.8, "hearing": "fair", "falls": 0,
             "needs_help_with_medications": False, "walking_limited": False, "decreased_social_activity": True},
)
def carg_tt(x: CARGInputs, w: Working) -> int:
    parts = (
        threshold(w, "age ≥ 72", f"age {fmt(x.age)}", x.age, "≥", 72, 2),
        w.step("GI or GU cancer", x.cancer_type, 2 if x.cancer_type != "other" else 0, "points"),
        finding(w, "standard dose", x.standard_dose, 2, texts=("standard", "reduced")),
        threshold(w, "polychemotherapy", f"{x.chemotherapy_drugs} drugs", x.chemotherapy_drugs, ">", 1, 2),
        threshold(w, f"Hb < {fmt(ANAEMIA[x.sex])} g/dL", f"Hb {fmt(x.hemoglobin, 1)}", round(x.hemoglobin, 6), "<",
                  ANAEMIA[x.sex], 3),
        threshold(w, "CrCl < 34 mL/min", f"CrCl {fmt(x.creatinine_clearance)}", round(x.creatinine_clearance, 6), "<",
                  LOW_CRCL, 3),
        w.step("hearing fair or worse", x.hearing, 2 if x.hearing in IMPAIRED_HEARING else 0, "points"),
        threshold(w, "≥ 1 fall in 6 months", f"{x.falls} falls", x.falls, "≥", 1, 3),
        finding(w, "needs help taking medications", x.needs_help_with_medications),
        finding(w, "limited walking one block", x.walking_limited, 2),
        finding(w, "decreased social activity", x.decreased_social_activity),
    )
    total = sum_points(w, parts)
    _, group, risk = next(band for band in RISK if total <= band[0])
    w.output("risk_group", group)
    w.output("toxicity_risk", risk)
    w.interpretation = f"{group.lower()} risk: {risk}% risk of grade 3-5 chemotherapy toxicity"
    return total
