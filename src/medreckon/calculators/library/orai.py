"""ORAI: Osteoporosis Risk Assessment Instrument (Cadarette 2000)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs, Weight, scoped
from ..points import cut_offs, finding, sum_points
from ..spec import Output, Reference, Working, calculator, fmt, invalid

ScopedAge = scoped(Age, start=45)


class ORAIInputs(Inputs):
    age: ScopedAge = Field(description="Age in years (45 or older): 45-54 scores 0, 55-64 5, 65-74 9, 75 or older 15.")
    weight: Weight = Field(description="Body weight, kg (lb with its unit): under 60 kg scores 9, 60-69.9 kg 3, 70 kg "
                           "or more 0.")
    current_estrogen: bool = Finding("Currently using estrogen (hormone therapy); not using it scores 2.")


@calculator(
    id="orai",
    name="Osteoporosis Risk Assessment Instrument (ORAI)",
    aliases=("Osteoporosis Risk Assessment Instrument (ORAI)", "osteoporosis-risk-assessment-instrument"),
    kind="score",
    specialty="rheumatology",
    output=Output("points", "integer", 0, range=(0, 26)),
    inputs=ORAIInputs,
    references=(
        Reference("Cadarette SM, Jaglal SB, Kreiger N, et al. Development and validation of the Osteoporosis Risk "
                  "Assessment Instrument to facilitate selection of women for bone densitometry. CMAJ. "
                  "2000;162(9):1289-1294."),
        Reference("MDCalc. Osteoporosis Risk Assessment Instrument (ORAI).",
                  "https://www.mdcalc.com/calc/10196/osteoporosis-risk-assessment-instrument-orai"),
    ),
    formula="Age 45-54 0, 55-64 5, 65-74 9, ≥ 75 15; weight < 60 kg 9, 60-69.9 kg 3, ≥ 70 kg 0; not currently using "
    "estrogen 2. Total 0-26; ≥ 9 selects for bone densitometry.",
    description="Selects postmenopausal women aged 45 or older for bone densitometry.",
    example={"age": 68, "weight": 52, "current_estrogen": False},
)
def orai(x: ORAIInputs, w: Working) -> int:
    if x.age < 45:
        raise invalid("age", x.age, "an age of 45 years or more", "ORAI was derived in women aged 45 and older")
    total = sum_points(w, (
        cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((75, 15), (65, 9), (55, 5), (45, 0))),
        cut_offs(w, "weight", f"weight {fmt(x.weight, 1)} kg", x.weight, ((70, 0), (60, 3), (None, 9))),
        finding(w, "not currently using estrogen", not x.current_estrogen, 2),
    ))
    w.interpretation = ("≥ 9: bone densitometry recommended" if total >= 9
                        else "< 9: bone densitometry not indicated by ORAI alone")
    return total
