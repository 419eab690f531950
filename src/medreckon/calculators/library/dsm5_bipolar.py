"""DSM-5 criteria for bipolar I disorder: a manic episode (American Psychiatric Association 2013)."""

from __future__ import annotations

from pydantic import Field, create_model

from ..fields import Finding, Inputs, choice
from ..points import compared
from ..spec import Output, Reference, Working, calculator, fmt

RESULTS = ("Positive", "Negative")
MOOD = ("elevated or expansive", "irritable only", "neither")
SYMPTOMS = (
    ("grandiosity", "inflated self-esteem or grandiosity"), ("less_sleep", "decreased need for sleep"),
    ("pressured_speech", "more talkative than usual or pressure to keep talking"),
    ("racing_thoughts", "flight of ideas or racing thoughts"), ("distractibility", "distractibility"),
    ("goal_directed_activity", "increased goal-directed activity or psychomotor agitation"),
    ("risky_activities", "excessive involvement in activities with painful consequences"),
)
DSM5BipolarInputs = create_model(
    "DSM5BipolarInputs", __base__=Inputs, __module__=__name__,
    mood=(choice(*MOOD), Field(description="Criterion A mood: abnormally and persistently elevated or expansive, "
                                           "irritable only, or neither.")),
    increased_energy=(bool, Finding("Criterion A: abnormally and persistently increased activity or energy.")),
    episode_days=(float, Field(ge=0, le=3650, description="Duration of the episode in days, present most of the "
                                                          "day, nearly every day (7 or more; any duration if "
                                                          "hospitalised).")),
    hospitalized=(bool, Finding("Hospitalisation was needed for the episode.")),
    **{name: (bool, Finding(f"Criterion B: {what}.")) for name, what in SYMPTOMS},
    marked_impairment=(bool, Finding("Criterion C: marked impairment in social or occupational functioning.")),
    psychotic_features=(bool, Finding("Criterion C: psychotic features.")),
    not_substance_or_medical=(bool, Field(description="Criterion D: the episode is not attributable to a substance "
                                                      "or another medical condition.")),
    not_psychotic_disorder=(bool, Field(description="Not better explained by schizoaffective disorder, "
                                                    "schizophrenia or another psychotic disorder.")),
)


@calculator(
    id="dsm5-bipolar-i",
    name="DSM-5 Criteria for Bipolar Disorder (bipolar I)",
    aliases=("DSM-5 Criteria for Bipolar Disorder", "dsm-5-bipolar"),
    kind="score",
    specialty="psychiatry",
    output=Output(None, "category", categories=RESULTS),
    inputs=DSM5BipolarInputs,
    references=(
        Reference("American Psychiatric Association. Diagnostic and Statistical Manual of Mental Disorders, 5th ed. "
                  "Arlington, VA: American Psychiatric Publishing; 2013 (bipolar I disorder, manic episode)."),
        Reference("MDCalc. DSM-5 Criteria for Bipolar Disorder."),
    ),
    formula="A: elevated, expansive or irritable mood with increased activity or energy, ≥ 1 week (any duration if "
    "hospitalised). B: ≥ 3 of 7 symptoms (≥ 4 if the mood is only irritable). C: marked impairment, "
    "hospitalisation or psychotic features. D: not attributable to a substance or medical condition; not better "
    "explained by a psychotic disorder. All met: bipolar I disorder.",
    description="Whether a manic episode meets the DSM-5 criteria for bipolar I disorder; a checklist for a "
    "clinician's diagnosis, not a substitute for it.",
    example={"mood": "elevated or expansive", "increased_energy": True, "episode_days": 10, "hospitalized": True,
             **{name: True for name, _ in SYMPTOMS}, "marked_impairment": True, "psychotic_features": True,
             "not_substance_or_medical": True, "not_psychotic_disorder": True},
)
def dsm5_bipolar(x: DSM5BipolarInputs, w: Working) -> str:  # type: ignore[valid-type]
    long_enough, duration = compared(f"{fmt(x.episode_days)} days", x.episode_days, "≥", 7)
    a = w.step("A: mood and energy, ≥ 1 week or hospitalised", f"{x.mood}; energy {_yn(x.increased_energy)}; "
               f"{duration}; hospitalised {_yn(x.hospitalized)}",
               x.mood != "neither" and x.increased_energy and (long_enough or x.hospitalized))
    count = sum(getattr(x, name) for name, _ in SYMPTOMS)
    needed = 4 if x.mood == "irritable only" else 3
    b = w.step(f"B: ≥ {needed} symptoms", f"{count} of 7", count >= needed)
    c = w.step("C: impairment, hospitalisation or psychosis", f"impairment {_yn(x.marked_impairment)}, hospitalised "
               f"{_yn(x.hospitalized)}, psychosis {_yn(x.psychotic_features)}",
               x.marked_impairment or x.hospitalized or x.psychotic_features)
    d = w.step("D and exclusions", f"not substance or medical {_yn(x.not_substance_or_medical)}; not a psychotic "
               f"disorder {_yn(x.not_psychotic_disorder)}", x.not_substance_or_medical and x.not_psychotic_disorder)
    met = a and b and c and d
    w.interpretation = ("meets the DSM-5 criteria for a manic episode: bipolar I disorder" if met else
                        "DSM-5 criteria for bipolar I disorder not met: " +
                        ", ".join(k for k, ok in (("A", a), ("B", b), ("C", c), ("D", d)) if not ok) + " unmet")
    return RESULTS[not met]


def _yn(v: bool) -> str:
    return "yes" if v else "no"
