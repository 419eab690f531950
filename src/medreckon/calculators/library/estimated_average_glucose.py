"""Estimated average glucose from HbA1c (ADAG study, Nathan 2008)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, q
from ..rules import Between, RangeWhen
from ..spec import Domain, Output, Reference, Working, calculator, fmt

HbA1c = q("%", gt=0, le=100, plausible=(3, 20), units=("%",))


# 28.7 × HbA1c − 46.7 > 0 from HbA1c 1.63 % (46.7 / 28.7 = 1.627): a threshold the schema states
EAG_VALIDITY = ("an HbA1c of at least 1.63 %: the ADAG regression (derived on HbA1c of about 5-13 %) gives an "
                "average glucose of 0 or less below it")


class EAGInputs(Inputs):
    hba1c: HbA1c = Field(description="Haemoglobin A1c in % (NGSP/DCCT units, e.g. 7.5). An IFCC value in mmol/mol "
                         "(e.g. 58) must be converted first: % = 0.0915 × mmol/mol + 2.15.")

    rules = (RangeWhen(Between("hba1c", ge=1.63), (), EAG_VALIDITY, "check that the value is an HbA1c in %"),)


@calculator(
    id="estimated-average-glucose",
    name="Estimated Average Glucose (eAG) from HbA1c",
    aliases=("eag", "a1c-to-glucose", "hba1c-average-glucose"),
    kind="equation",
    specialty="endocrinology",
    output=Output("mg/dL", "decimal", 0, range=(50, 500), domain=Domain(gt=0, inputs=("hba1c",), validity=EAG_VALIDITY)),
    inputs=EAGInputs,
    references=(
        Reference("Nathan DM, Kuenen J, Borg R, Zheng H, Schoenfeld D, Heine RJ; A1c-Derived Average Glucose (ADAG) "
                  "Study Group. Translating the A1C assay into estimated average glucose values. Diabetes Care. "
                  "2008;31(8):1473-1478.", "https://doi.org/10.2337/dc08-0545"),
    ),
    formula="eAG (mg/dL) = 28.7 × HbA1c (%) − 46.7; eAG (mmol/L) = 1.59 × HbA1c (%) − 2.59",
    description="The mean plasma glucose over about 3 months that corresponds to an HbA1c, by the ADAG regression. "
    "Misleading where red cell survival is altered (haemolysis, recent transfusion, iron deficiency, CKD).",
    example={"hba1c": 8.2},
)
def estimated_average_glucose(x: EAGInputs, w: Working) -> float:
    eag = w.step("estimated average glucose", f"28.7 × {fmt(x.hba1c)} − 46.7", 28.7 * x.hba1c - 46.7, "mg/dL")
    mmol = w.step("in mmol/L", f"1.59 × {fmt(x.hba1c)} − 2.59", 1.59 * x.hba1c - 2.59, "mmol/L")
    w.interpretation = f"average glucose about {fmt(eag, 0)} mg/dL ({fmt(mmol, 1)} mmol/L)"
    return eag
