"""PRE score: Pittsburgh Response to Endovascular therapy (Rangaraju 2015)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Inputs
from ..spec import Output, Reference, Working, calculator, fmt


class PREInputs(Inputs):
    age: Age = Field(description="Age in years.")
    nihss: int = Field(ge=0, le=42, description="Baseline NIH Stroke Scale score, 0-42.")
    aspects: int = Field(ge=0, le=10, description="ASPECTS on the most recent non-contrast CT, 0-10 (10 is normal).")


@calculator(
    id="pre-score",
    name="Pittsburgh Response to Endovascular therapy (PRE) Score",
    aliases=("pittsburgh-response-to-endovascular-therapy",),
    kind="score",
    specialty="neurology",
    output=Output("points", "integer", 0, range=(-100, 214)),  # age 0-130, NIHSS 0-42, ASPECTS 0-10
    inputs=PREInputs,
    references=(
        Reference("Rangaraju S, Aghaebrahim A, Streib C, et al. Pittsburgh Response to Endovascular therapy (PRE) "
                  "score: optimizing patient selection for endovascular therapy for large vessel occlusion strokes. "
                  "J Neurointerv Surg. 2015;7(11):783-788."),
        Reference("MDCalc. Pittsburgh Response to Endovascular therapy (PRE) Score."),
    ),
    formula="PRE = age (years) + 2 × NIHSS − 10 × ASPECTS. −24 to +49: most likely to benefit from successful "
    "reperfusion (TICI 2b/3); ≥ 50: least likely to benefit; ≤ −25: good outcome likely either way.",
    description="Prognosis and expected benefit of endovascular reperfusion in anterior-circulation large vessel "
    "occlusion stroke (adults, within 8 hours of onset). Lower scores predict a good 90-day outcome (mRS 0-2).",
    example={"age": 68, "nihss": 19, "aspects": 8},
)
def pre_score(x: PREInputs, w: Working) -> int:
    score = w.step("PRE", f"{fmt(x.age)} + 2 × {x.nihss} − 10 × {x.aspects}", x.age + 2 * x.nihss - 10 * x.aspects,
                   "points")
    shown = round(score, 6)
    if shown >= 50:
        w.interpretation = "≥ 50: least likely to benefit from endovascular therapy"
    elif shown > -25:
        w.interpretation = "−24 to +49: likely to benefit from endovascular therapy if reperfusion (TICI 2b/3) succeeds"
    else:
        w.interpretation = "≤ −25: a good outcome is likely; benefit of reperfusion not shown in this group"
    return score
