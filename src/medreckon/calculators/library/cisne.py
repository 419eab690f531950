"""Clinical Index of Stable Febrile Neutropenia (CISNE; Carmona-Bayonas 2015)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..fields import ECOGGrade, Finding, Inputs, q
from ..points import finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator

Monocytes = q("/uL", ge=0, plausible=(0, 5000), units=("/uL", "10^9/L", "10^3/uL"))
CLASSES = ((3, "High risk (class III)", 36.0), (1, "Intermediate risk (class II)", 6.2), (0, "Low risk (class I)", 1.1))


class CISNEInputs(Inputs):
    ecog: ECOGGrade = Field(description="ECOG performance status; 2 or more scores 2.")
    stress_hyperglycemia: bool = Finding("Stress-induced hyperglycaemia (2).")
    copd: bool = Finding("Chronic obstructive pulmonary disease on treatment (1).")
    cardiovascular_disease: bool = Finding("Chronic cardiovascular disease (1).")
    mucositis_grade: Annotated[int, Field(ge=0, le=4)] = Field(description="NCI mucositis grade 0-4; 2 or more "
                                                               "scores 1.")
    monocytes: Monocytes = Field(description="Monocyte count, cells/µL by default (×10⁹/L with its unit); below 200 "
                                 "cells/µL scores 1.")


@calculator(
    id="cisne",
    name="Clinical Index of Stable Febrile Neutropenia (CISNE)",
    aliases=("cisne-score",),
    kind="score",
    specialty="oncology",
    output=Output("points", "integer", 0, range=(0, 8), secondary=(
        Secondary("risk_class", "class I (0), II (1-2), III (≥ 3)", None, "text"),
        Secondary("complication_rate", "rate of serious complications of the class (Carmona-Bayonas 2015)", "%",
                  "decimal", 1),
    )),
    inputs=CISNEInputs,
    references=(
        Reference("Carmona-Bayonas A, Jiménez-Fonseca P, Virizuela Echaburu J, et al. Prediction of serious "
                  "complications in patients with seemingly stable febrile neutropenia: validation of the Clinical "
                  "Index of Stable Febrile Neutropenia in a prospective cohort of patients from the FINITE study. J "
                  "Clin Oncol. 2015;33(5):465-471.", "https://doi.org/10.1200/JCO.2014.57.2347"),
    ),
    formula="ECOG ≥ 2: 2; stress-induced hyperglycaemia 2; COPD 1; chronic cardiovascular disease 1; mucositis grade "
    "≥ 2: 1; monocytes < 200/µL: 1. 0: low risk (1.1% serious complications); 1-2: intermediate (6.2%); ≥ 3: high "
    "(36%).",
    description="Risk of serious complications in outpatients with solid tumours and apparently stable febrile "
    "neutropenia; low-risk patients may be candidates for outpatient oral antibiotics.",
    example={"ecog": 1, "stress_hyperglycemia": False, "copd": False, "cardiovascular_disease": False,
             "mucositis_grade": 1, "monocytes": 220},
)
def cisne(x: CISNEInputs, w: Working) -> int:
    total = sum_points(w, (
        threshold(w, "ECOG ≥ 2", f"ECOG {x.ecog}", x.ecog, "≥", 2, 2),
        finding(w, "stress-induced hyperglycaemia", x.stress_hyperglycemia, 2),
        finding(w, "COPD", x.copd),
        finding(w, "chronic cardiovascular disease", x.cardiovascular_disease),
        threshold(w, "mucositis grade ≥ 2", f"grade {x.mucositis_grade}", x.mucositis_grade, "≥", 2),
        threshold(w, "monocytes < 200/µL", f"monocytes {round(x.monocytes)}", x.monocytes, "<", 200),
    ))
    _, label, rate = next(c for c in CLASSES if total >= c[0])
    w.output("risk_class", label)
    w.output("complication_rate", rate)
    w.interpretation = f"{label}: about {rate}% serious complications"
    return total
