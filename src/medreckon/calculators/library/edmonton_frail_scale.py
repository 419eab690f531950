"""Edmonton Frail Scale (Rolfson 2006)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Finding, Inputs, choice, q
from ..points import category, cut_offs, finding, sum_points
from ..rules import Relation
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid

CLOCK = {"no errors": 0, "minor spacing errors": 1, "other errors": 2}
HEALTH = {"excellent": 0, "very good": 0, "good": 0, "fair": 1, "poor": 2}
SUPPORT = {"always": 0, "sometimes": 1, "never": 2}
CATEGORIES = ("Not frail", "Vulnerable", "Mild frailty", "Moderate frailty", "Severe frailty")

Seconds = q("s", gt=0, lt=3600, plausible=(3, 120), units=("s", "min"))


class EdmontonFrailInputs(Inputs):
    clock_test: choice(*CLOCK) = Field(description="Clock drawing (a pre-drawn circle; numbers in place and hands at "
                                       "'ten after eleven'): no errors (0), minor spacing errors (1), other errors "
                                       "(2).")
    hospital_admissions: int = Field(ge=0, le=100, description="Hospital admissions in the past year: 0 scores 0, "
                                     "1-2 score 1, more than 2 score 2.")
    general_health: choice(*HEALTH) = Field(description="Self-described health: excellent, very good or good (0), "
                                            "fair (1), poor (2).")
    iadl_help: int = Field(ge=0, le=8, description="How many of 8 activities need help (meal preparation, shopping, "
                           "transportation, telephone, housekeeping, laundry, managing money, taking medications): "
                           "0-1 scores 0, 2-4 1, 5-8 2.")
    social_support: choice(*SUPPORT) = Field(description="When help is needed, can the patient count on someone "
                                             "willing and able? always (0), sometimes (1), never (2).")
    five_or_more_medications: bool = Finding("Uses five or more different prescription medications regularly (1).")
    forgets_medications: bool = Finding("At times forgets to take prescription medications (1).")
    weight_loss: bool = Finding("Has recently lost weight such that clothing has become looser (1).")
    feels_sad: bool = Finding("Often feels sad or depressed (1).")
    incontinence: bool = Finding("Has a problem with losing control of urine when not wanting to (1).")
    timed_up_and_go: Seconds | None = Field(None, description=(
        "Timed Up and Go, seconds: rise from a chair, walk 3 m, return and sit. 10 s or less scores 0, 11-20 s 1, "
        "more than 20 s 2. Leave out when the patient could not do it (give unable_to_do_tug)."))
    unable_to_do_tug: bool = Finding("The patient was unwilling or needed assistance for the Timed Up and Go "
                                     "(scores 2, as a time over 20 s).")

    rules = (Relation(("timed_up_and_go", "unable_to_do_tug"), "timed_up_and_go given unless unable_to_do_tug is true"),)


@calculator(
    id="edmonton-frail-scale",
    name="Edmonton Frail Scale",
    aliases=("Edmonton Frail Scale", "efs", "edmonton-frailty-scale"),
    kind="score",
    specialty="geriatrics",
    output=Output("points", "integer", 0, range=(0, 17), secondary=(
        Secondary("category", "frailty category (Not frail 0-5 ... Severe frailty 12-17)", None, "text"),
    )),
    inputs=EdmontonFrailInputs,
    references=(
        Reference("Rolfson DB, Majumdar SR, Tsuyuki RT, Tahir A, Rockwood K. Validity and reliability of the "
                  "Edmonton Frail Scale. Age Ageing. 2006;35(5):526-529.", "https://doi.org/10.1093/ageing/afl041"),
        Reference("MDCalc. Edmonton Frail Scale.", "https://www.mdcalc.com/calc/10419/edmonton-frail-scale"),
    ),
    formula="Cognition (clock) 0-2; hospital admissions in the past year 0 / 1-2 / > 2 → 0/1/2; self-rated health "
    "0-2; IADLs needing help 0-1 / 2-4 / 5-8 → 0/1/2; social support 0-2; ≥ 5 medications 1; forgets medications "
    "1; weight loss 1; sad or depressed 1; urinary incontinence 1; Timed Up and Go ≤ 10 s 0, 11-20 s 1, > 20 s or "
    "unable 2. Total 0-17: 0-5 not frail, 6-7 vulnerable, 8-9 mild, 10-11 moderate, 12-17 severe frailty.",
    description="Multidimensional frailty screen usable by non-specialists in a few minutes.",
    example={"clock_test": "minor spacing errors", "hospital_admissions": 1, "general_health": "fair", "iadl_help": 2,
             "social_support": "always", "five_or_more_medications": True, "forgets_medications": True,
             "weight_loss": True, "feels_sad": True, "incontinence": True, "timed_up_and_go": 16.8,
             "unable_to_do_tug": False},
)
def edmonton_frail_scale(x: EdmontonFrailInputs, w: Working) -> int:
    parts = [
        category(w, "cognition (clock test)", x.clock_test, CLOCK),
        cut_offs(w, "hospital admissions in the past year", f"{x.hospital_admissions} admissions",
                 x.hospital_admissions, ((3, 2), (1, 1), (None, 0))),
        category(w, "self-rated health", x.general_health, HEALTH),
        cut_offs(w, "IADLs needing help", f"{x.iadl_help} of 8", x.iadl_help, ((5, 2), (2, 1), (None, 0))),
        category(w, "social support", x.social_support, SUPPORT),
        finding(w, "five or more medications", x.five_or_more_medications),
        finding(w, "forgets medications", x.forgets_medications),
        finding(w, "weight loss (clothes looser)", x.weight_loss),
        finding(w, "often sad or depressed", x.feels_sad),
        finding(w, "urinary incontinence", x.incontinence),
        _timed_up_and_go(x, w),
    ]
    total = sum_points(w, parts)
    label = w.output("category", CATEGORIES[0] if total <= 5 else CATEGORIES[1] if total <= 7 else
                     CATEGORIES[2] if total <= 9 else CATEGORIES[3] if total <= 11 else CATEGORIES[4])
    w.interpretation = f"{label} ({total} of 17)"
    return total


def _timed_up_and_go(x: EdmontonFrailInputs, w: Working) -> int:
    if x.unable_to_do_tug:
        return w.step("Timed Up and Go", "unable or needed assistance", 2, "points")
    if x.timed_up_and_go is None:
        raise invalid("timed_up_and_go", None, "the Timed Up and Go time in seconds",
                      "or set unable_to_do_tug to true when the patient could not do it")
    return cut_offs(w, "Timed Up and Go", f"{fmt(x.timed_up_and_go, 1)} s", x.timed_up_and_go,
                    ((20, 2, True), (10, 1, True), (None, 0)))
