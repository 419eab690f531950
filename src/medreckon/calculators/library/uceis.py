"""Ulcerative Colitis Endoscopic Index of Severity (UCEIS; Travis 2012)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..points import category, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator

VASCULAR = {"normal": 0, "patchy_obliteration": 1, "obliterated": 2}
BLEEDING = {"none": 0, "mucosal": 1, "luminal_mild": 2, "luminal_moderate_or_severe": 3}
EROSIONS = {"none": 0, "erosions": 1, "superficial_ulcer": 2, "deep_ulcer": 3}


def severity(total: int) -> str:
    return "remission" if total <= 1 else "mild" if total <= 4 else "moderate" if total <= 6 else "severe"


class UCEISInputs(Inputs):
    vascular_pattern: choice(*VASCULAR) = Field(description="Worst vascular pattern: 'normal' (0), "
                                                "'patchy_obliteration' (1), 'obliterated' (complete, 2).")
    bleeding: choice(*BLEEDING) = Field(description="'none' (0); 'mucosal' (spots or streaks of coagulated blood on "
                                        "the mucosa, washable, 1); 'luminal_mild' (some free liquid blood in the lumen, "
                                        "2); 'luminal_moderate_or_severe' (frank blood in the lumen or oozing after "
                                        "washing, 3).")
    erosions_and_ulcers: choice(*EROSIONS) = Field(description="'none' (0); 'erosions' (≤ 5 mm, flat, 1); "
                                                   "'superficial_ulcer' (> 5 mm, covered with fibrin, 2); "
                                                   "'deep_ulcer' (excavated, with a slightly raised edge, 3).")


@calculator(
    id="uceis",
    name="Ulcerative Colitis Endoscopic Index of Severity (UCEIS)",
    aliases=("ulcerative-colitis-endoscopic-index-of-severity",),
    kind="score",
    specialty="gastroenterology",
    output=Output("points", "integer", 0, range=(0, 8), secondary=(
        Secondary("severity", "endoscopic severity: remission 0-1, mild 2-4, moderate 5-6, severe 7-8", None,
                  "text"),
    )),
    inputs=UCEISInputs,
    references=(
        Reference("Travis SPL, Schnell D, Krzeski P, et al. Developing an instrument to assess the endoscopic "
                  "severity of ulcerative colitis: the Ulcerative Colitis Endoscopic Index of Severity (UCEIS). Gut. "
                  "2012;61(4):535-542.", "https://doi.org/10.1136/gutjnl-2011-300486"),
        Reference("Travis SPL, Schnell D, Krzeski P, et al. Reliability and initial validation of the ulcerative "
                  "colitis endoscopic index of severity. Gastroenterology. 2013;145(5):987-995.",
                  "https://doi.org/10.1053/j.gastro.2013.07.024"),
    ),
    formula="Vascular pattern 0-2 + bleeding 0-3 + erosions and ulcers 0-3, each scored at the most severe area "
    "seen. Total 0-8: 0-1 remission, 2-4 mild, 5-6 moderate, 7-8 severe.",
    description="Endoscopic severity of ulcerative colitis from three descriptors scored at the worst-affected "
    "area of a flexible sigmoidoscopy or colonoscopy.",
    example={"vascular_pattern": "obliterated", "bleeding": "luminal_moderate_or_severe",
             "erosions_and_ulcers": "deep_ulcer"},
)
def uceis(x: UCEISInputs, w: Working) -> int:
    total = sum_points(w, (category(w, "vascular pattern", x.vascular_pattern, VASCULAR),
                           category(w, "bleeding", x.bleeding, BLEEDING),
                           category(w, "erosions and ulcers", x.erosions_and_ulcers, EROSIONS)))
    level = w.output("severity", severity(total))
    w.interpretation = f"{level} endoscopic activity"
    return total
