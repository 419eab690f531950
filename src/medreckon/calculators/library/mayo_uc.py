"""Mayo score (Disease Activity Index) for ulcerative colitis (Schroeder 1987)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..fields import Inputs, choice
from ..points import category, cut_offs, sum_points
from ..spec import Output, Reference, Working, calculator

BLEEDING = {"none": 0, "streaks_less_than_half_the_time": 1, "obvious_most_of_the_time": 2, "blood_alone": 3}
GRADE = {"normal": 0, "mild": 1, "moderate": 2, "severe": 3}


class MayoInputs(Inputs):
    stools_above_normal: Annotated[int, Field(ge=0, le=50)] = Field(description=(
        "Stools per day more than the patient's normal number: 0 scores 0, 1-2 score 1, 3-4 score 2, 5 or more "
        "score 3."))
    rectal_bleeding: choice(*BLEEDING) = Field(description="'none' (0), 'streaks_less_than_half_the_time' (streaks "
                                               "of blood with stool less than half the time, 1), "
                                               "'obvious_most_of_the_time' (2), 'blood_alone' (passing blood alone, 3).")
    endoscopy: choice(*GRADE) = Field(description="Mucosa at endoscopy: 'normal' (normal or inactive, 0), 'mild' "
                                      "(erythema, decreased vascular pattern, mild friability, 1), 'moderate' (marked "
                                      "erythema, absent vascular pattern, friability, erosions, 2), 'severe' "
                                      "(spontaneous bleeding, ulceration, 3).")
    physician_global: choice(*GRADE) = Field(description="Physician's global assessment: 'normal', 'mild', "
                                             "'moderate' or 'severe' disease (0-3).")


@calculator(
    id="mayo-uc",
    name="Mayo Score/Disease Activity Index (DAI) for Ulcerative Colitis",
    aliases=("mayo-score", "mayo-dai", "ulcerative-colitis-disease-activity-index"),
    kind="score",
    specialty="gastroenterology",
    output=Output("points", "integer", 0, range=(0, 12)),
    inputs=MayoInputs,
    references=(
        Reference("Schroeder KW, Tremaine WJ, Ilstrup DM. Coated oral 5-aminosalicylic acid therapy for mildly to "
                  "moderately active ulcerative colitis. A randomized study. N Engl J Med. 1987;317(26):1625-1629.",
                  "https://doi.org/10.1056/NEJM198712243172603"),
        Reference("Lewis JD, Chuai S, Nessel L, et al. Use of the noninvasive components of the Mayo score to assess "
                  "clinical response in ulcerative colitis. Inflamm Bowel Dis. 2008;14(12):1660-1666.",
                  "https://doi.org/10.1002/ibd.20520"),
    ),
    formula="Stool frequency (normal 0, 1-2 more than normal 1, 3-4 more 2, ≥ 5 more 3) + rectal bleeding (0-3) + "
    "endoscopic findings (0-3) + physician's global assessment (0-3). Total 0-12.",
    description="Activity of ulcerative colitis; the higher the score, the more severe the disease. Compare with "
    "the patient's earlier scores: a fall of ≥ 3 points and ≥ 30% is a clinical response.",
    example={"stools_above_normal": 5, "rectal_bleeding": "blood_alone", "endoscopy": "severe",
             "physician_global": "severe"},
)
def mayo_uc(x: MayoInputs, w: Working) -> int:
    total = sum_points(w, (
        cut_offs(w, "stool frequency", f"{x.stools_above_normal} above normal", x.stools_above_normal,
                 ((5, 3), (3, 2), (1, 1), (None, 0))),
        category(w, "rectal bleeding", x.rectal_bleeding, BLEEDING),
        category(w, "endoscopic findings", x.endoscopy, GRADE),
        category(w, "physician's global assessment", x.physician_global, GRADE),
    ))
    w.interpretation = (f"{total} of 12: " + ("remission (≤ 2, no subscore > 1)" if total <= 2 else
                                              "active disease; higher scores are more severe"))
    return total
