"""PANSS: Positive and Negative Syndrome Scale total and subscales from item ratings (Kay 1987).

The PANSS interview and its rating manual are copyrighted and licensed (Multi-Health Systems); the
scoring rule is published, so this calculator takes the 30 item ratings a trained rater recorded."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, create_model

from ..fields import Inputs
from ..spec import Output, Reference, Secondary, Working, calculator

Rating = Annotated[int, Field(ge=1, le=7)]
POSITIVE = ("delusions", "conceptual disorganization", "hallucinatory behaviour", "excitement", "grandiosity",
            "suspiciousness/persecution", "hostility")
NEGATIVE = ("blunted affect", "emotional withdrawal", "poor rapport", "passive/apathetic social withdrawal",
            "difficulty in abstract thinking", "lack of spontaneity and flow of conversation", "stereotyped thinking")
GENERAL = ("somatic concern", "anxiety", "guilt feelings", "tension", "mannerisms and posturing", "depression",
           "motor retardation", "uncooperativeness", "unusual thought content", "disorientation", "poor attention",
           "lack of judgement and insight", "disturbance of volition", "poor impulse control", "preoccupation",
           "active social avoidance")
SCALES = (("p", POSITIVE), ("n", NEGATIVE), ("g", GENERAL))
SEVERITY = ((116, "Severely ill"), (95, "Markedly ill"), (75, "Moderately ill"), (58, "Mildly ill"),
            (0, "Borderline ill or not ill"))
RATING_TEXT = "1 absent, 2 minimal, 3 mild, 4 moderate, 5 moderate-severe, 6 severe, 7 extreme."

PANSSInputs = create_model("PANSSInputs", __base__=Inputs, __module__=__name__, **{
    f"{prefix}{i}": (Rating, Field(description=f"{prefix.upper()}{i} {name}: {RATING_TEXT}"))
    for prefix, names in SCALES for i, name in enumerate(names, 1)})


@calculator(
    id="panss",
    name="Positive and Negative Syndrome Scale (PANSS) for Schizophrenia",
    aliases=("Positive and Negative Syndrome Scale (PANSS) for Schizophrenia", "positive-and-negative-syndrome-scale"),
    kind="score",
    specialty="psychiatry",
    output=Output("points", "integer", 0, range=(30, 210), secondary=(
        Secondary("positive", "positive scale (P1-P7), 7-49", "points", "integer"),
        Secondary("negative", "negative scale (N1-N7), 7-49", "points", "integer"),
        Secondary("general", "general psychopathology scale (G1-G16), 16-112", "points", "integer"),
        Secondary("severity", "illness severity by the total (Leucht 2005 anchors 58, 75, 95, 116)", None, "text"),
    )),
    inputs=PANSSInputs,
    references=(
        Reference("Kay SR, Fiszbein A, Opler LA. The positive and negative syndrome scale (PANSS) for schizophrenia. "
                  "Schizophr Bull. 1987;13(2):261-276.", "https://doi.org/10.1093/schbul/13.2.261"),
        Reference("Leucht S, Kane JM, Kissling W, et al. What does the PANSS mean? Schizophr Res. "
                  "2005;79(2-3):231-238.", "https://doi.org/10.1016/j.schres.2005.04.008"),
        Reference("MDCalc. Positive and Negative Syndrome Scale (PANSS) for Schizophrenia."),
    ),
    formula="Thirty items each rated 1-7: positive scale P1-P7 (7-49), negative scale N1-N7 (7-49), general "
    "psychopathology G1-G16 (16-112); total 30-210. Totals of about 58, 75, 95 and 116 correspond to mildly, "
    "moderately, markedly and severely ill (Leucht 2005).",
    description="Severity of schizophrenia symptoms from a trained rater's semi-structured interview; enter the "
    "item ratings (the interview itself is licensed).",
    example={**{f"p{i}": 5 for i in range(1, 8)}, **{f"n{i}": 2 for i in range(1, 8)},
             **{f"g{i}": 3 for i in range(1, 17)}},
)
def panss(x: PANSSInputs, w: Working) -> int:  # type: ignore[valid-type]
    totals = {}
    for prefix, names in SCALES:
        values = [getattr(x, f"{prefix}{i}") for i in range(1, len(names) + 1)]
        label = {"p": "positive", "n": "negative", "g": "general"}[prefix]
        totals[label] = w.output(label, w.step(f"{label} scale", " + ".join(map(str, values)), sum(values), "points"))
    total = w.step("PANSS total", " + ".join(str(v) for v in totals.values()), sum(totals.values()), "points")
    severity = w.output("severity", next(label for floor, label in SEVERITY if total >= floor))
    w.interpretation = f"{severity.lower()} (total {total}; positive {totals['positive']}, negative " \
                       f"{totals['negative']}, general {totals['general']})"
    return total
