"""DSM-5 criteria for major depressive disorder (American Psychiatric Association 2013)."""

from __future__ import annotations

from pydantic import Field, create_model

from ..fields import Finding, Inputs
from ..points import compared
from ..spec import Output, Reference, Working, calculator, fmt

RESULTS = ("Positive", "Negative")
SYMPTOMS = (
    ("depressed_mood", "depressed mood most of the day, nearly every day"),
    ("anhedonia", "markedly diminished interest or pleasure in almost all activities"),
    ("weight_or_appetite_change", "significant weight loss or gain, or change in appetite"),
    ("sleep_disturbance", "insomnia or hypersomnia nearly every day"),
    ("psychomotor_change", "psychomotor agitation or retardation observable by others"),
    ("fatigue", "fatigue or loss of energy nearly every day"),
    ("worthlessness_or_guilt", "feelings of worthlessness or excessive or inappropriate guilt"),
    ("poor_concentration", "diminished ability to think or concentrate, or indecisiveness"),
    ("thoughts_of_death", "recurrent thoughts of death, suicidal ideation, a plan or an attempt"),
)
DSM5MDDInputs = create_model(
    "DSM5MDDInputs", __base__=Inputs, __module__=__name__,
    **{name: (bool, Finding(f"Criterion A: {what}.")) for name, what in SYMPTOMS},
    duration_weeks=(float, Field(ge=0, le=5200, description="How long the symptoms have been present together, in "
                                                            "weeks (2 or more).")),
    distress_or_impairment=(bool, Finding("Criterion B: clinically significant distress or impairment.")),
    not_substance_or_medical=(bool, Field(description="Criterion C: not attributable to a substance or another "
                                                      "medical condition.")),
    not_psychotic_disorder=(bool, Field(description="Criterion D: not better explained by schizoaffective disorder, "
                                                    "schizophrenia or another psychotic disorder.")),
    no_mania_or_hypomania=(bool, Finding("Criterion E: there has never been a manic or hypomanic episode.", ..., absence=True)),
)


@calculator(
    id="dsm5-major-depression",
    name="DSM-5 Criteria for Major Depressive Disorder",
    aliases=("DSM-5 Criteria for Major Depressive Disorder", "dsm-5-mdd"),
    kind="score",
    specialty="psychiatry",
    output=Output(None, "category", categories=RESULTS),
    inputs=DSM5MDDInputs,
    references=(
        Reference("American Psychiatric Association. Diagnostic and Statistical Manual of Mental Disorders, 5th ed. "
                  "Arlington, VA: American Psychiatric Publishing; 2013 (major depressive disorder)."),
        Reference("MDCalc. DSM-5 Criteria for Major Depressive Disorder."),
    ),
    formula="A: ≥ 5 of 9 symptoms during the same 2 weeks, at least one being depressed mood or loss of interest. "
    "B: distress or impairment. C: not due to a substance or medical condition. D: not better explained by a "
    "psychotic disorder. E: never a manic or hypomanic episode. All met: major depressive disorder.",
    description="Whether a depressive episode meets the DSM-5 criteria for major depressive disorder; a checklist "
    "for a clinician's diagnosis.",
    example={"depressed_mood": True, "anhedonia": True, "sleep_disturbance": True, "psychomotor_change": True,
             "fatigue": True, "worthlessness_or_guilt": True, "poor_concentration": True, "thoughts_of_death": True,
             "duration_weeks": 3, "distress_or_impairment": True, "not_substance_or_medical": True,
             "not_psychotic_disorder": True, "no_mania_or_hypomania": True},
)
def dsm5_major_depression(x: DSM5MDDInputs, w: Working) -> str:  # type: ignore[valid-type]
    count = sum(getattr(x, name) for name, _ in SYMPTOMS)
    core = x.depressed_mood or x.anhedonia
    long_enough, duration = compared(f"{fmt(x.duration_weeks)} weeks", x.duration_weeks, "≥", 2)
    a = w.step("A: ≥ 5 symptoms incl. mood or anhedonia, ≥ 2 weeks", f"{count} of 9; core symptom "
               f"{'yes' if core else 'no'}; {duration}", count >= 5 and core and long_enough)
    rest = w.step("B-E", "distress, not substance or medical, not psychotic, no mania",
                  x.distress_or_impairment and x.not_substance_or_medical and x.not_psychotic_disorder
                  and x.no_mania_or_hypomania)
    met = a and rest
    w.interpretation = ("meets the DSM-5 criteria for major depressive disorder" if met else
                        "DSM-5 criteria for major depressive disorder not met")
    return RESULTS[not met]
