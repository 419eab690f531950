"""CAM-ICU: Confusion Assessment Method for the ICU, delirium as a rule over four features (Ely 2001)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, WithJsonSchema

from ..fields import Inputs
from ..points import compared
from ..rules import Above, Is, RequiredWhen
from ..spec import Output, Reference, Working, calculator, invalid

# the schema leaves out −4 and −5, which `compute` reads only to say why they cannot be assessed
RASSScore = Annotated[int, Field(ge=-5, le=4), WithJsonSchema({"type": "integer", "minimum": -3, "maximum": 4})]


class CAMICUInputs(Inputs):
    rass: RASSScore = Field(
        description="Current Richmond Agitation-Sedation Scale score, −5 to +4. At −4 or −5 the patient cannot be "
        "assessed (reassess later); any value other than 0 is feature 3 (altered level of consciousness)."
    )
    acute_change_or_fluctuating_course: bool = Field(
        description="Feature 1: an acute change from the mental status baseline, OR a fluctuating mental status "
        "(e.g. RASS, GCS or earlier delirium assessments) in the past 24 hours. Required."
    )
    inattention_errors: Annotated[int, Field(ge=0, le=10)] | None = Field(
        None, description="Feature 2: errors in the letters attention test (squeeze on each 'A' of SAVEAHAART, 10 "
        "letters; an error is no squeeze on 'A' or a squeeze on another letter), 0-10; more than 2 errors is "
        "inattention. Needed when feature 1 is present."
    )
    disorganized_thinking_errors: Annotated[int, Field(ge=0, le=5)] | None = Field(
        None, description="Feature 4: combined errors on the four yes/no questions (e.g. 'Will a stone float on "
        "water?') and the two-step command, 0-5; more than 1 error is disorganised thinking. Needed only when "
        "features 1 and 2 are present and RASS is 0."
    )

    rules = (
        RequiredWhen(("inattention_errors",), (Is("acute_change_or_fluctuating_course", True),),
                     "the number of errors on the attention test (0-10)", "feature 1 is present, so feature 2 must be tested"),
        RequiredWhen(("disorganized_thinking_errors",),
                     (Is("acute_change_or_fluctuating_course", True), Above("inattention_errors", 2), Is("rass", 0)),
                     "the number of errors on the questions and command (0-5)",
                     "features 1 and 2 are present with RASS 0, so feature 4 decides"),
    )


@calculator(
    id="cam-icu",
    name="Confusion Assessment Method for the ICU (CAM-ICU)",
    aliases=("camicu", "cam-icu-delirium", "confusion-assessment-method-icu"),
    kind="score",
    specialty="critical care",
    output=Output(None, "integer", 0, range=(0, 1)),
    inputs=CAMICUInputs,
    references=(
        Reference("Ely EW, Inouye SK, Bernard GR, et al. Delirium in mechanically ventilated patients: validity and "
                  "reliability of the Confusion Assessment Method for the Intensive Care Unit (CAM-ICU). JAMA. "
                  "2001;286(21):2703-2710.", "https://doi.org/10.1001/jama.286.21.2703"),
        Reference("Ely EW. The Confusion Assessment Method for the ICU (CAM-ICU) training manual, revised 2014.",
                  "https://www.icudelirium.org/medical-professionals/delirium/monitoring-delirium-in-the-icu"),
        Reference("MDCalc. Confusion Assessment Method for the ICU (CAM-ICU).",
                  "https://www.mdcalc.com/calc/1870/confusion-assessment-method-icu-cam-icu"),
    ),
    formula="Not assessable at RASS −4 or −5. Feature 1: acute change or fluctuating course of mental status. "
    "Feature 2: inattention, > 2 errors on the 10-letter attention test. Feature 3: altered level of "
    "consciousness, RASS other than 0. Feature 4: disorganised thinking, > 1 error on 4 questions and a command. "
    "CAM-ICU positive (delirium) = feature 1 AND feature 2 AND (feature 3 OR feature 4). Result 1 positive, 0 "
    "negative.",
    description="Detects delirium in ICU patients, including those on mechanical ventilation who cannot speak.",
    example={"rass": -1, "acute_change_or_fluctuating_course": True, "inattention_errors": 4},
)
def cam_icu(x: CAMICUInputs, w: Working) -> int:
    if x.rass <= -4:
        raise invalid("rass", x.rass, "a RASS of −3 or above: the CAM-ICU cannot assess a patient at −4 or −5",
                      "record 'unable to assess' (coma) and reassess when the patient is more awake")
    f1 = w.step("feature 1: acute change or fluctuating course",
                "present" if x.acute_change_or_fluctuating_course else "absent",
                int(x.acute_change_or_fluctuating_course))
    if not f1:
        w.interpretation = "CAM-ICU negative: no delirium (feature 1 absent)"
        return w.step("CAM-ICU", "feature 1 absent: stop", 0)
    hit, text = compared(f"{x.inattention_errors} errors", x.inattention_errors, ">", 2)
    f2 = w.step("feature 2: inattention (> 2 errors)", text, int(hit))
    if not f2:
        w.interpretation = "CAM-ICU negative: no delirium (feature 2 absent)"
        return w.step("CAM-ICU", "feature 2 absent: stop", 0)
    hit, text = compared(f"RASS {x.rass:+d}" if x.rass else "RASS 0", abs(x.rass), ">", 0)
    f3 = w.step("feature 3: altered level of consciousness (RASS ≠ 0)", text.replace("> 0", "≠ 0").replace("≤ 0", "= 0"),
                int(hit))
    if f3:
        w.interpretation = "CAM-ICU positive: delirium present (features 1, 2 and 3)"
        return w.step("CAM-ICU", "features 1 + 2 + 3", 1)
    hit, text = compared(f"{x.disorganized_thinking_errors} errors", x.disorganized_thinking_errors, ">", 1)
    f4 = w.step("feature 4: disorganised thinking (> 1 error)", text, int(hit))
    if f4:
        w.interpretation = "CAM-ICU positive: delirium present (features 1, 2 and 4)"
        return w.step("CAM-ICU", "features 1 + 2 + 4", 1)
    w.interpretation = "CAM-ICU negative: no delirium (features 3 and 4 absent)"
    return w.step("CAM-ICU", "features 3 and 4 absent", 0)
