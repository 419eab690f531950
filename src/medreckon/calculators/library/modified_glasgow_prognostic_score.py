"""Modified Glasgow Prognostic Score (mGPS) for cancer outcomes (McMillan 2007)."""

from __future__ import annotations

from pydantic import Field

from ..fields import CRP, Albumin, Inputs
from ..spec import Output, Reference, Working, calculator, fmt


class MGPSInputs(Inputs):
    crp: CRP = Field(description="C-reactive protein, mg/L by default; mg/dL with its unit ('2.8 mg/dL' = 28 mg/L). "
                     "Raised when above 10 mg/L.")
    albumin: Albumin = Field(description="Serum albumin, g/dL by default; g/L with its unit. Low when below "
                             "3.5 g/dL (35 g/L); counts only when CRP is raised.")


@calculator(
    id="modified-glasgow-prognostic-score",
    name="Modified Glasgow Prognostic Score (mGPS) for Cancer Outcomes",
    aliases=("mgps", "modified-gps"),
    kind="score",
    specialty="oncology",
    output=Output("points", "integer", 0, range=(0, 2)),
    inputs=MGPSInputs,
    references=(
        Reference("McMillan DC, Crozier JE, Canna K, Angerson WJ, McArdle CS. Evaluation of an inflammation-based "
                  "prognostic score (GPS) in patients undergoing resection for colon and rectal cancer. Int J "
                  "Colorectal Dis. 2007;22(8):881-886.", "https://doi.org/10.1007/s00384-006-0259-6"),
        Reference("McMillan DC. The systemic inflammation-based Glasgow Prognostic Score: a decade of experience "
                  "in patients with cancer. Cancer Treat Rev. 2013;39(5):534-540.",
                  "https://doi.org/10.1016/j.ctrv.2012.08.003"),
    ),
    formula="CRP ≤ 10 mg/L: 0 (whatever the albumin); CRP > 10 mg/L and albumin ≥ 3.5 g/dL: 1; CRP > 10 mg/L and "
    "albumin < 3.5 g/dL: 2",
    description="Systemic-inflammation prognostic score in cancer: unlike the original GPS, low albumin without a "
    "raised CRP scores 0. Higher scores mean worse survival.",
    example={"crp": 28, "albumin": 3.2},
)
def modified_glasgow_prognostic_score(x: MGPSInputs, w: Working) -> int:
    if x.crp <= 10:
        score = w.step("mGPS", f"CRP {fmt(x.crp)} ≤ 10 mg/L", 0, "points")
    elif x.albumin >= 3.5:
        score = w.step("mGPS", f"CRP {fmt(x.crp)} > 10 mg/L, albumin {fmt(x.albumin)} ≥ 3.5 g/dL", 1, "points")
    else:
        score = w.step("mGPS", f"CRP {fmt(x.crp)} > 10 mg/L, albumin {fmt(x.albumin)} < 3.5 g/dL", 2, "points")
    w.interpretation = {0: "mGPS 0: good prognosis (no systemic inflammatory response)",
                        1: "mGPS 1: intermediate prognosis (raised CRP)",
                        2: "mGPS 2: poor prognosis (raised CRP and hypoalbuminaemia)"}[score]
    return score
