"""MDQ: Mood Disorder Questionnaire, a screen for bipolar spectrum disorder (Hirschfeld 2000)."""

from __future__ import annotations

from pydantic import Field, create_model

from ..fields import Finding, Inputs, choice
from ..spec import Output, Reference, Working, calculator

SYMPTOMS = (
    ("felt_good_or_hyper", "felt so good or hyper that others thought you were not your normal self, or you got "
                           "into trouble"),
    ("irritable", "were so irritable that you shouted at people or started fights or arguments"),
    ("self_confident", "felt much more self-confident than usual"),
    ("less_sleep", "got much less sleep than usual and found you did not really miss it"),
    ("talkative", "were much more talkative or spoke faster than usual"),
    ("racing_thoughts", "thoughts raced through your head or you could not slow your mind down"),
    ("distractible", "were so easily distracted that you had trouble concentrating or staying on track"),
    ("more_energy", "had much more energy than usual"),
    ("more_active", "were much more active or did many more things than usual"),
    ("more_social", "were much more social or outgoing than usual"),
    ("more_interested_in_sex", "were much more interested in sex than usual"),
    ("risky_behaviour", "did things that were unusual, excessive, foolish or risky"),
    ("spending_trouble", "spending money got you or your family into trouble"),
)
PROBLEM = ("no problem", "minor problem", "moderate problem", "serious problem")
RESULTS = ("Positive screen", "Negative screen")

MDQInputs = create_model("MDQInputs", __base__=Inputs, __module__=__name__, **{
    name: (bool, Finding(f"Has there ever been a period when you were not your usual self and you {what}?"))
    for name, what in SYMPTOMS},
    same_period=(bool, Field(description="Question 2: have several of these happened during the same period of "
                                         "time?")),
    problem=(choice(*PROBLEM), Field(description="Question 3: how much of a problem did any of these cause (unable "
                                                 "to work, family, money or legal trouble, arguments or fights)?")))


@calculator(
    id="mood-disorder-questionnaire",
    name="Mood Disorder Questionnaire (MDQ)",
    aliases=("Mood Disorder Questionnaire (MDQ)", "mdq"),
    kind="score",
    specialty="psychiatry",
    output=Output(None, "category", categories=RESULTS),
    inputs=MDQInputs,
    references=(
        Reference("Hirschfeld RM, Williams JB, Spitzer RL, et al. Development and validation of a screening "
                  "instrument for bipolar spectrum disorder: the Mood Disorder Questionnaire. Am J Psychiatry. "
                  "2000;157(11):1873-1875.", "https://doi.org/10.1176/appi.ajp.157.11.1873"),
        Reference("MDCalc. Mood Disorder Questionnaire (MDQ)."),
    ),
    formula="Positive screen when all three hold: 7 or more of the 13 symptom questions answered yes; several "
    "occurred during the same period; and they caused a moderate or serious problem.",
    description="Self-report screen for bipolar I disorder (less sensitive for bipolar II); a positive screen calls "
    "for a diagnostic evaluation.",
    example={**{name: True for name, _ in SYMPTOMS[:9]}, "same_period": True, "problem": "serious problem"},
)
def mood_disorder_questionnaire(x: MDQInputs, w: Working) -> str:  # type: ignore[valid-type]
    count = w.step("symptom questions answered yes", f"{sum(getattr(x, n) for n, _ in SYMPTOMS)} of 13",
                   sum(getattr(x, n) for n, _ in SYMPTOMS))
    w.step("several at the same time", "yes" if x.same_period else "no", x.same_period)
    serious = w.step("moderate or serious problem", x.problem, x.problem in PROBLEM[2:])
    positive = count >= 7 and x.same_period and serious
    w.interpretation = ("positive screen for bipolar spectrum disorder: evaluate further" if positive else
                        "negative screen (needs ≥ 7 symptoms, at the same time, causing a moderate or serious problem)")
    return RESULTS[not positive]
