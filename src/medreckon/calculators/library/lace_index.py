"""LACE index for readmission or death within 30 days of discharge (van Walraven 2010)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Finding, Inputs, q
from ..points import cut_offs, finding, sum_points
from ..spec import Output, Reference, Working, calculator, fmt

LengthOfStay = q("d", ge=0, lt=3650, plausible=(0, 120), units=("d", "h"))
HIGH_RISK = 10  # points


class LACEInputs(Inputs):
    length_of_stay: LengthOfStay = Field(description="Length of stay in days: < 1 0, 1 1, 2 2, 3 3, 4-6 4, 7-13 5, "
                                         "≥ 14 7.")
    acute_admission: bool = Finding("Acute (emergent) admission, not elective (3 points).")
    charlson: int = Field(ge=0, le=37, description="Charlson comorbidity index: 0-3 as is, ≥ 4 scores 5.")
    ed_visits: int = Field(ge=0, le=100, description="Emergency department visits in the previous 6 months: 0-3 as is, "
                           "≥ 4 scores 4.")


@calculator(
    id="lace-index",
    name="LACE Index for Readmission",
    aliases=("lace", "lace-score"),
    kind="score",
    specialty="general",
    output=Output("points", "integer", 0, range=(0, 19)),
    inputs=LACEInputs,
    references=(
        Reference("van Walraven C, Dhalla IA, Bell C, et al. Derivation and validation of an index to predict early "
                  "death or unplanned readmission after discharge from hospital to the community. CMAJ. "
                  "2010;182(6):551-557.", "https://doi.org/10.1503/cmaj.091117"),
        Reference("MDCalc: LACE Index for Readmission.", "https://www.mdcalc.com/calc/3805/lace-index-readmission"),
    ),
    formula="Length of stay < 1 d 0, 1 1, 2 2, 3 3, 4-6 4, 7-13 5, ≥ 14 7; Acute admission 3; Charlson 0-3 as is, ≥ 4 "
    "5; Emergency visits in 6 months 0-3 as is, ≥ 4 4. ≥ 10 high risk",
    description="Risk of death or unplanned readmission within 30 days of discharge to the community; ≥ 10 is high "
    "risk.",
    example={"length_of_stay": 5, "acute_admission": True, "charlson": 4, "ed_visits": 2},
)
def lace_index(x: LACEInputs, w: Working) -> int:
    los = round(x.length_of_stay, 6)
    total = sum_points(w, (
        cut_offs(w, "length of stay", f"{fmt(los)} days", los, ((14, 7), (7, 5), (4, 4), (3, 3), (2, 2), (1, 1),
                                                                (None, 0))),
        finding(w, "acute admission", x.acute_admission, 3),
        cut_offs(w, "Charlson index", f"Charlson {x.charlson}", x.charlson, ((4, 5), (3, 3), (2, 2), (1, 1), (None, 0))),
        cut_offs(w, "ED visits in 6 months", f"{x.ed_visits} visits", x.ed_visits, ((4, 4), (3, 3), (2, 2), (1, 1),
                                                                                    (None, 0))),
    ))
    w.interpretation = ("high risk of readmission or death within 30 days (≥ 10)" if total >= HIGH_RISK else
                        "lower risk of readmission or death within 30 days (< 10)")
    return total
