"""Cytokine release syndrome (CRS) grading (Lee 2014)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..fields import Finding, Inputs, choice
from ..points import category
from ..spec import Output, Reference, Secondary, Working, calculator

OXYGEN = {"none": 0, "fio2_below_40": 2, "fio2_40_or_more": 3, "ventilator": 4}
HYPOTENSION = {"none": 0, "fluid_or_low_dose_single_vasopressor": 2, "high_dose_or_multiple_vasopressors": 3}
GRADES = ("No CRS", "Grade 1 CRS", "Grade 2 CRS", "Grade 3 CRS", "Grade 4 CRS")
CARE = {
    0: "no cytokine release syndrome",
    1: "vigilant supportive care; assess for infection and treat fever and neutropenia if present",
    2: "vigilant supportive care (monitor cardiac and other organ function closely)",
    3: "vigilant supportive care and tocilizumab ± corticosteroids",
    4: "vigilant supportive care and tocilizumab ± corticosteroids",
}


class CRSInputs(Inputs):
    symptoms: bool = Field(description="Constitutional symptoms of CRS (fever, nausea, fatigue, headache, myalgia, "
                           "malaise) needing symptomatic treatment only, or more.")
    oxygen: choice(*OXYGEN) = Field(description="Oxygen requirement: 'none'; 'fio2_below_40' (< 40%, grade 2); "
                                    "'fio2_40_or_more' (≥ 40%, grade 3); 'ventilator' (grade 4).")
    hypotension: choice(*HYPOTENSION) = Field(description="Hypotension: 'none'; "
                                              "'fluid_or_low_dose_single_vasopressor' (responsive to fluids or a low "
                                              "dose of one vasopressor, grade 2); 'high_dose_or_multiple_vasopressors' "
                                              "(grade 3).")
    organ_toxicity_grade: Annotated[int, Field(ge=0, le=4)] = Field(description="Highest CTCAE grade of organ toxicity "
                                                                    "from CRS, 0-4.")
    transaminitis_only: bool = Finding("The grade 4 organ toxicity is transaminitis (which counts as grade 3).")
    extensive_comorbidities_or_older_age: bool = Finding("Extensive comorbidities or older age (with grade 2, treat "
                                                         "as grade 3: tocilizumab ± corticosteroids).")


@calculator(
    id="cytokine-release-syndrome",
    name="Cytokine Release Syndrome (CRS) Grading",
    aliases=("crs-grading", "crs-grade"),
    kind="score",
    specialty="oncology",
    output=Output(None, "category", categories=GRADES, secondary=(
        Secondary("management", "management of the grade (Lee 2014)", None, "text"),
    )),
    inputs=CRSInputs,
    references=(
        Reference("Lee DW, Gardner R, Porter DL, et al. Current concepts in the diagnosis and management of cytokine "
                  "release syndrome. Blood. 2014;124(2):188-195.", "https://doi.org/10.1182/blood-2014-05-552729"),
        Reference("MDCalc. Cytokine Release Syndrome (CRS) Grading.",
                  "https://www.mdcalc.com/calc/10396/cytokine-release-syndrome-crs-grading"),
    ),
    formula="Grade 1: symptoms needing symptomatic treatment only. Grade 2: oxygen < 40%, hypotension responsive to "
    "fluids or a low dose of one vasopressor, or grade 2 organ toxicity. Grade 3: oxygen ≥ 40%, high-dose or "
    "multiple vasopressors, or grade 3 organ toxicity or grade 4 transaminitis. Grade 4: ventilator or grade 4 organ "
    "toxicity (not transaminitis). The worst feature decides.",
    description="Severity of cytokine release syndrome after CAR T-cell or other T-cell engaging therapy, with its "
    "management (Lee 2014 criteria, as MDCalc grades it; the ASTCT 2019 consensus grades differently).",
    example={"symptoms": True, "oxygen": "fio2_below_40", "hypotension": "fluid_or_low_dose_single_vasopressor",
             "organ_toxicity_grade": 2},
)
def cytokine_release_syndrome(x: CRSInputs, w: Working) -> str:
    organ = min(x.organ_toxicity_grade, 3) if x.transaminitis_only else x.organ_toxicity_grade
    w.step("organ toxicity", f"CTCAE grade {x.organ_toxicity_grade}" + (" transaminitis" if x.transaminitis_only
                                                                        else ""), organ)
    grade = w.step("CRS grade", "the worst feature", max(int(x.symptoms), category(w, "oxygen", x.oxygen, OXYGEN),
                                                         category(w, "hypotension", x.hypotension, HYPOTENSION),
                                                         organ if organ >= 2 else int(organ > 0)))
    care = CARE[grade]
    if grade == 2 and x.extensive_comorbidities_or_older_age:
        care = "vigilant supportive care and tocilizumab ± corticosteroids (extensive comorbidities or older age)"
    w.output("management", care)
    w.interpretation = f"{GRADES[grade]}: {care}"
    return GRADES[grade]
