"""OST: Osteoporosis Self-Assessment Tool (Koh 2001; validated in men by Adler 2003)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import Age, Inputs, Sex, Weight
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

RISK = ("High", "Intermediate", "Low")


class OSTInputs(Inputs):
    age: Age = Field(description="Age in years.")
    weight: Weight = Field(description="Body weight, kg (lb with its unit).")
    sex: Sex = Field(description="Sex: the risk bands differ for men.")


@calculator(
    id="ost",
    name="Osteoporosis Self-Assessment Tool (OST)",
    aliases=("Osteoporosis Self Assessment Tool (OST)", "osteoporosis-self-assessment-tool", "osta"),
    kind="score",
    specialty="rheumatology",
    # the points range is the domain: the formula over the inputs' bounds (weight < 1000 kg, age 0-130)
    output=Output("points", "integer", 0, range=(-26, 199), secondary=(
        Secondary("risk", "osteoporosis risk: High, Intermediate or Low", None, "text"),
    )),
    inputs=OSTInputs,
    references=(
        Reference("Koh LK, Sedrine WB, Torralba TP, et al. A simple tool to identify Asian women at increased risk "
                  "of osteoporosis. Osteoporos Int. 2001;12(8):699-705.", "https://doi.org/10.1007/s001980170070"),
        Reference("Adler RA, Tran MT, Petkov VI. Performance of the Osteoporosis Self-assessment Screening Tool for "
                  "osteoporosis in American men. Mayo Clin Proc. 2003;78(6):723-727.",
                  "https://doi.org/10.4065/78.6.723"),
        Reference("MDCalc. Osteoporosis Self Assessment Tool (OST).",
                  "https://www.mdcalc.com/calc/10195/osteoporosis-self-assessment-tool-ost"),
    ),
    formula="OST = integer part of [0.2 × (weight kg − age years)]. Women: < −4 high, −4 to −1 intermediate, > −1 low "
    "risk. Men: < −3 high, −3 to 1 intermediate, > 1 low risk.",
    description="Two-item screen (weight and age) for who needs bone densitometry.",
    example={"age": 68, "weight": "114.6 lb", "sex": "female"},
)
def ost(x: OSTInputs, w: Working) -> int:
    raw = w.step("0.2 × (weight − age)", f"0.2 × ({fmt(x.weight, 1)} − {fmt(x.age)})", 0.2 * (x.weight - x.age))
    total = w.step("OST (integer part)", fmt(round(raw, 6), 3), math.trunc(round(raw, 9)), "points")
    high, low = (-4, -1) if x.sex == "female" else (-3, 1)
    risk = w.output("risk", RISK[0] if total < high else RISK[1] if total <= low else RISK[2])
    w.interpretation = f"{risk.lower()} risk of osteoporosis ({x.sex}: < {high} high, {high} to {low} intermediate, " \
                       f"> {low} low)"
    return total
