"""Ho index: risk of failure of medical therapy in acute severe ulcerative colitis (Ho 2004)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Albumin, Finding, Inputs, q
from ..points import cut_offs, finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

StoolFrequency = q("/d", ge=0, lt=100, plausible=(0, 40), units=("/d",))
RISK = ((4, "High", 85), (2, "Intermediate", 43), (0, "Low", 11))  # (lowest score, group, failure %)


class HoInputs(Inputs):
    stool_frequency_day_3: StoolFrequency = Field(description="Mean stool frequency per 24 h over the first 3 days "
                                                  "of intravenous corticosteroids: < 4 scores 0, 4-6 scores 1, 7-9 "
                                                  "scores 2, > 9 scores 4.")
    colonic_dilatation: bool = Finding("Colonic dilatation on the plain abdominal radiograph (4).")
    albumin: Albumin = Field(description="Serum albumin on admission, g/dL by default (g/L with its unit); below "
                             "3.0 g/dL (30 g/L) scores 1.")


@calculator(
    id="ho-index",
    name="Ho Index",
    aliases=("ho-index-ulcerative-colitis", "ho-score"),
    kind="score",
    specialty="gastroenterology",
    output=Output("points", "integer", 0, range=(0, 9), secondary=(
        Secondary("risk_group", "low 0-1, intermediate 2-3, high ≥ 4", None, "text"),
        Secondary("medical_therapy_failure", "probability of failure of medical therapy (Ho 2004)", "%", "integer"),
    )),
    inputs=HoInputs,
    references=(
        Reference("Ho GT, Mowat C, Goddard CJ, et al. Predicting the outcome of severe ulcerative colitis: "
                  "development of a novel risk score to aid early selection of patients for second-line medical "
                  "therapy or surgery. Aliment Pharmacol Ther. 2004;19(10):1079-1087.",
                  "https://doi.org/10.1111/j.1365-2036.2004.01945.x"),
    ),
    formula="Mean stool frequency over the first 3 days: < 4: 0, 4-6: 1, 7-9: 2, > 9: 4; colonic dilatation 4; "
    "albumin < 3.0 g/dL: 1. Total 0-9: 0-1 low (11% failure of medical therapy), 2-3 intermediate (43%), ≥ 4 high "
    "(85%).",
    description="In acute severe ulcerative colitis treated with intravenous steroids, predicts failure of medical "
    "therapy (need for rescue therapy or colectomy) on day 3.",
    example={"stool_frequency_day_3": 10, "colonic_dilatation": False, "albumin": 2.8},
)
def ho_index(x: HoInputs, w: Working) -> int:
    total = sum_points(w, (
        cut_offs(w, "stool frequency", f"{fmt(x.stool_frequency_day_3)}/24 h", x.stool_frequency_day_3,
                 ((9, 4, True), (7, 2), (4, 1), (None, 0))),
        finding(w, "colonic dilatation", x.colonic_dilatation, 4),
        threshold(w, "albumin < 3.0 g/dL", f"albumin {fmt(x.albumin)}", x.albumin, "<", 3.0),
    ))
    _, group, failure = next(r for r in RISK if total >= r[0])
    w.output("risk_group", group)
    w.output("medical_therapy_failure", failure)
    w.interpretation = f"{group.lower()} risk: about {failure}% chance that medical therapy fails"
    return total
