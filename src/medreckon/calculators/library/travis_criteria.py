"""Travis (Oxford) criteria: colectomy risk on day 3 of intravenous steroids for acute severe ulcerative colitis
(Travis 1996)."""

from __future__ import annotations

from pydantic import Field

from ..fields import CRP, Inputs, q
from ..spec import Output, Reference, Working, calculator, fmt

StoolFrequency = q("/d", ge=0, lt=100, plausible=(0, 40), units=("/d",))


class TravisInputs(Inputs):
    stools_day_3: StoolFrequency = Field(description="Stools per 24 h on day 3 of intravenous corticosteroids.")
    crp_day_3: CRP = Field(description="C-reactive protein on day 3, mg/L (mg/dL with its unit).")


@calculator(
    id="travis-criteria",
    name="Travis Criteria",
    aliases=("oxford-criteria", "travis-oxford-criteria"),
    kind="score",
    specialty="gastroenterology",
    output=Output(None, "category", categories=("High risk", "Low risk")),
    inputs=TravisInputs,
    references=(
        Reference("Travis SP, Farrant JM, Ricketts C, et al. Predicting outcome in severe ulcerative colitis. Gut. "
                  "1996;38(6):905-910.", "https://doi.org/10.1136/gut.38.6.905"),
    ),
    formula="High risk on day 3: > 8 stools/day, or 3-8 stools/day with CRP > 45 mg/L (85% needed colectomy)",
    description="Identifies, on the third day of intravenous steroids for acute severe ulcerative colitis, patients "
    "likely to need colectomy, who should be considered for rescue therapy.",
    example={"stools_day_3": 10, "crp_day_3": 72},
)
def travis_criteria(x: TravisInputs, w: Working) -> str:
    if x.stools_day_3 > 8:
        high = w.step("day-3 criteria", f"{fmt(x.stools_day_3)} stools > 8", True)
    elif x.stools_day_3 >= 3:
        high = w.step("day-3 criteria", f"{fmt(x.stools_day_3)} stools (3-8) and CRP {fmt(x.crp_day_3)} "
                      f"{'>' if x.crp_day_3 > 45 else '≤'} 45 mg/L", x.crp_day_3 > 45)
    else:
        high = w.step("day-3 criteria", f"{fmt(x.stools_day_3)} stools < 3", False)
    w.interpretation = ("high risk: about 85% need colectomy; consider rescue therapy or surgery" if high else
                        "criteria not met: lower risk of colectomy")
    return "High risk" if high else "Low risk"
