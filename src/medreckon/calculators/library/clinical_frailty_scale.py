"""Clinical Frailty Scale, the 9-level CSHA scale (Rockwood 2005; 9-level version 2007)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs
from ..spec import Output, Reference, Secondary, Working, calculator

LEVELS = {
    1: ("Very fit", "robust, active, energetic and motivated; exercises regularly; among the fittest for their age"),
    2: ("Well", "no active disease symptoms but less fit than level 1; exercises or is very active occasionally"),
    3: ("Managing well", "medical problems well controlled; not regularly active beyond routine walking"),
    4: ("Vulnerable", "not dependent on others for daily help, but symptoms often limit activities; 'slowed up' "
                      "or tired during the day"),
    5: ("Mildly frail", "evident slowing; needs help with higher-order instrumental activities of daily living "
                        "(finances, transportation, heavy housework, medications)"),
    6: ("Moderately frail", "needs help with all outside activities and with keeping house; problems with stairs; "
                            "needs help with bathing and may need minimal assistance with dressing"),
    7: ("Severely frail", "completely dependent for personal care from whatever cause, but stable and not at high "
                          "risk of dying within about 6 months"),
    8: ("Very severely frail", "completely dependent, approaching the end of life; typically could not recover "
                               "even from a minor illness"),
    9: ("Terminally ill", "approaching the end of life, with a life expectancy under 6 months, without otherwise "
                          "evident frailty"),
}


class ClinicalFrailtyScaleInputs(Inputs):
    level: int = Field(ge=1, le=9, description="The level (1-9) that best describes the patient's usual state "
                       "about two weeks before the current illness: " +
                       "; ".join(f"{n} {label.lower()}: {text}" for n, (label, text) in LEVELS.items()) +
                       ". In dementia the level follows the degree of dementia (mild 5, moderate 6, severe 7).")


@calculator(
    id="clinical-frailty-scale",
    name="Clinical Frailty Scale (CSHA CFS)",
    aliases=("CSHA Clinical Frailty Scale (CFS)", "cfs", "rockwood-frailty-scale", "csha-cfs"),
    kind="score",
    specialty="geriatrics",
    output=Output("level", "integer", 0, range=(1, 9), secondary=(
        Secondary("category", "the level's name (Very fit ... Terminally ill)", None, "text"),
    )),
    inputs=ClinicalFrailtyScaleInputs,
    references=(
        Reference("Rockwood K, Song X, MacKnight C, et al. A global clinical measure of fitness and frailty in "
                  "elderly people. CMAJ. 2005;173(5):489-495.", "https://doi.org/10.1503/cmaj.050051"),
        Reference("Rockwood K, Theou O. Using the Clinical Frailty Scale in allocating scarce health care resources. "
                  "Can Geriatr J. 2020;23(3):210-215 (version 2.0 wording).", "https://doi.org/10.5770/cgj.23.463"),
        Reference("MDCalc. CSHA Clinical Frailty Scale (CFS).",
                  "https://www.mdcalc.com/calc/10166/csha-clinical-frailty-scale-cfs"),
    ),
    formula="A clinical judgement on a 9-level scale: 1 very fit, 2 well, 3 managing well, 4 vulnerable, 5 mildly "
    "frail, 6 moderately frail, 7 severely frail, 8 very severely frail, 9 terminally ill. Levels 5 and above "
    "are frail; each level up carries higher risks of death and of entering institutional care.",
    description="Grades frailty from the clinician's global judgement of function, mobility and comorbidity. The "
    "level is chosen, not summed; score the baseline state, not the acute illness. Validated in adults 65 and "
    "older; not for younger people or stable single-limb disabilities.",
    example={"level": 5},
)
def clinical_frailty_scale(x: ClinicalFrailtyScaleInputs, w: Working) -> int:
    label, text = LEVELS[x.level]
    w.step("Clinical Frailty Scale level", f"{x.level}: {label.lower()}", x.level, "level")
    w.output("category", label)
    frail = "frail (≥ 5)" if x.level >= 5 else "not frail (≤ 4)"
    w.interpretation = f"{label} ({x.level}): {text}; {frail}"
    return x.level
