"""AWOL score: risk of delirium during a medical admission (Douglas 2013)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Inputs, choice
from ..points import finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

ILLNESS = ("not ill", "mildly ill", "moderately ill", "severely ill", "moribund")
SCORED_ILLNESS = ("moderately ill", "severely ill", "moribund")
RISK = {0: 2, 1: 4, 2: 14, 3: 20, 4: 64}  # % who developed delirium by score (derivation + validation)


class AWOLInputs(Inputs):
    age: Age = Field(description="Age in years; 1 point from 80.")
    spells_world_backward: bool = Field(description="Spells 'world' backward correctly (a point when NOT able to).")
    oriented: bool = Field(description="Oriented to city, state, county, hospital name and floor (a point when not "
                           "fully oriented).")
    illness_severity: choice(*ILLNESS) = Field(  # type: ignore[valid-type]
        description="The nurse's rating of illness severity: 'not ill', 'mildly ill', 'moderately ill', 'severely "
        "ill' or 'moribund'; moderately ill or worse scores 1.")


@calculator(
    id="awol",
    name="AWOL Score for Delirium",
    aliases=("awol-score", "awol-delirium"),
    kind="score",
    specialty="geriatrics",
    output=Output("points", "integer", 0, range=(0, 4), secondary=(
        Secondary("delirium_risk", "rate of delirium during the admission at this score", "%", "integer"),
    )),
    inputs=AWOLInputs,
    references=(
        Reference("Douglas VC, Hessler CS, Dhaliwal G, et al. The AWOL tool: derivation and validation of a delirium "
                  "prediction rule. J Hosp Med. 2013;8(9):493-499.", "https://doi.org/10.1002/jhm.2062"),
        Reference("MDCalc: AWOL Score for Delirium.", "https://www.mdcalc.com/calc/10182/awol-score-delirium"),
    ),
    formula="1 point each: Age ≥ 80; unable to spell 'World' backward; not Oriented to city, state, county, hospital "
    "and floor; iLlness severity moderately ill or worse (nurse-rated). Delirium 2%, 4%, 14%, 20%, 64% at 0-4 points",
    description="Predicts delirium during hospitalisation in medical inpatients over 50 who are not delirious on "
    "admission, to target prevention.",
    example={"age": 82, "spells_world_backward": False, "oriented": False, "illness_severity": "moderately ill"},
)
def awol(x: AWOLInputs, w: Working) -> int:
    total = sum_points(w, (
        threshold(w, "age ≥ 80", f"age {fmt(x.age)}", x.age, "≥", 80),
        finding(w, "unable to spell 'world' backward", not x.spells_world_backward),
        finding(w, "not oriented", not x.oriented),
        w.step("moderately ill or worse", x.illness_severity, int(x.illness_severity in SCORED_ILLNESS), "points"),
    ))
    risk = w.output("delirium_risk", RISK[total])
    w.interpretation = f"{risk}% risk of delirium during hospitalisation"
    return total
