"""FIQR: Revised Fibromyalgia Impact Questionnaire (Bennett 2009)."""

from __future__ import annotations

from pydantic import Field, create_model

from ..fields import Inputs
from ..scales import item
from ..spec import Output, Reference, Working, calculator, fmt

FUNCTION = (
    ("brush_hair", "brush or comb your hair"), ("walk_20_min", "walk continuously for 20 minutes"),
    ("prepare_meal", "prepare a homemade meal"), ("vacuum", "vacuum, scrub or sweep floors"),
    ("lift_groceries", "lift and carry a bag full of groceries"), ("climb_stairs", "climb one flight of stairs"),
    ("change_bedsheets", "change bed sheets"), ("sit_45_min", "sit in a chair for 45 minutes"),
    ("shop_groceries", "go shopping for groceries"),
)
OVERALL = (("goals_prevented", "fibromyalgia prevented me from accomplishing goals for the week (0 never, 10 always)"),
           ("overwhelmed", "I was completely overwhelmed by my fibromyalgia symptoms (0 never, 10 always)"))
SYMPTOMS = (
    ("pain", "level of pain"), ("energy", "level of energy (0 lots of energy, 10 no energy)"),
    ("stiffness", "level of stiffness"), ("sleep", "quality of sleep (0 awoke rested, 10 awoke very tired)"),
    ("depression", "level of depression"), ("memory", "level of memory problems"), ("anxiety", "level of anxiety"),
    ("tenderness", "level of tenderness to touch"), ("balance", "level of balance problems"),
    ("environmental_sensitivity", "sensitivity to loud noises, bright lights, odours and cold"),
)
Item = item(10)
FIQRInputs = create_model("FIQRInputs", __base__=Inputs, __module__=__name__, **(
    {f"function_{n}": (Item, Field(description=f"Function over the past 7 days: difficulty to {w} (0 no "
                                                f"difficulty, 10 very difficult).")) for n, w in FUNCTION}
    | {f"overall_{n}": (Item, Field(description=f"Overall impact over the past 7 days: {w}.")) for n, w in OVERALL}
    | {f"symptom_{n}": (Item, Field(description=f"Symptoms over the past 7 days: {w}, 0-10.")) for n, w in SYMPTOMS}))


@calculator(
    id="fiqr",
    name="Revised Fibromyalgia Impact Questionnaire (FIQR)",
    aliases=("REVISED FIBROMYALGIA IMPACT QUESTIONNAIRE (FIQR)", "revised-fibromyalgia-impact-questionnaire"),
    kind="score",
    specialty="rheumatology",
    output=Output("points", "decimal", 1, range=(0, 100)),
    inputs=FIQRInputs,
    references=(
        Reference("Bennett RM, Friend R, Jones KD, et al. The Revised Fibromyalgia Impact Questionnaire (FIQR): "
                  "validation and psychometric properties. Arthritis Res Ther. 2009;11(4):R120.",
                  "https://doi.org/10.1186/ar2783"),
        Reference("MDCalc. Revised Fibromyalgia Impact Questionnaire (FIQR)."),
    ),
    formula="Function: sum of 9 items (0-10) / 3 (0-30); overall impact: sum of 2 items (0-20); symptoms: sum of 10 "
    "items / 2 (0-50). FIQR = function + overall impact + symptoms, 0-100; higher means more impact.",
    description="Impact of fibromyalgia over the past week on function, overall life and symptoms; used to follow "
    "treatment response (a change of 14% or more is meaningful).",
    example={**{f"function_{n}": 5 for n, _ in FUNCTION}, **{f"overall_{n}": 6 for n, _ in OVERALL},
             **{f"symptom_{n}": 6 for n, _ in SYMPTOMS}},
)
def fiqr(x: FIQRInputs, w: Working) -> float:  # type: ignore[valid-type]
    def domain(prefix: str, names: tuple[tuple[str, str], ...], divisor: int, what: str) -> float:
        values = [getattr(x, f"{prefix}_{n}") for n, _ in names]
        shown = " + ".join(map(str, values))
        return w.step(what, f"({shown}) / {divisor}" if divisor > 1 else shown, sum(values) / divisor, "points")

    parts = (domain("function", FUNCTION, 3, "function (sum / 3)"), domain("overall", OVERALL, 1, "overall impact"),
             domain("symptom", SYMPTOMS, 2, "symptoms (sum / 2)"))
    total = w.step("FIQR", " + ".join(fmt(p, 2) for p in parts), sum(parts), "points")
    w.interpretation = f"FIQR {fmt(total, 1)} of 100: higher scores mean greater impact of fibromyalgia"
    return total
