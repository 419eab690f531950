"""Malnutrition Universal Screening Tool (MUST; BAPEN, Elia 2003)."""

from __future__ import annotations

from pydantic import Field

from ..fields import BMI, Finding, Inputs, Percent
from ..points import cut_offs, finding, sum_points
from ..spec import Output, Reference, Working, calculator, fmt


class MUSTInputs(Inputs):
    bmi: BMI = Field(description="Body mass index in kg/m²: above 20 scores 0, 18.5-20 scores 1, below 18.5 "
                     "scores 2.")
    weight_loss_percent: Percent = Field(description="Unplanned weight loss in the past 3-6 months as a percentage "
                                         "of the earlier weight (e.g. 7 for 80 → 74.4 kg): below 5% scores 0, 5-10% "
                                         "scores 1, above 10% scores 2. 0 if none. A weight gain is 0.")
    acute_disease_no_intake: bool = Finding(
        "Acute disease effect: acutely ill and there has been, or is likely to be, no nutritional intake for more "
        "than 5 days (scores 2).")


@calculator(
    id="must",
    name="Malnutrition Universal Screening Tool (MUST)",
    aliases=("malnutrition-universal-screening-tool",),
    kind="score",
    specialty="nutrition",
    output=Output("points", "integer", 0, range=(0, 6)),
    inputs=MUSTInputs,
    references=(
        Reference("Elia M. The 'MUST' report. Nutritional screening of adults: a multidisciplinary responsibility. "
                  "Malnutrition Advisory Group (MAG), a standing committee of BAPEN; 2003."),
        Reference("Stratton RJ, Hackston A, Longmore D, et al. Malnutrition in hospital outpatients and inpatients: "
                  "prevalence, concurrent validity and ease of use of the 'malnutrition universal screening tool' "
                  "('MUST') for adults. Br J Nutr. 2004;92(5):799-808.", "https://doi.org/10.1079/BJN20041258"),
        Reference("MDCalc. Malnutrition Universal Screening Tool (MUST).",
                  "https://www.mdcalc.com/calc/4005/malnutrition-universal-screening-tool-must"),
    ),
    formula="BMI > 20: 0, 18.5-20: 1, < 18.5: 2. Unplanned weight loss in 3-6 months < 5%: 0, 5-10%: 1, > 10%: 2. "
    "Acutely ill with no nutritional intake for > 5 days: 2. Total 0: low risk; 1: medium risk; ≥ 2: high risk.",
    description="Screens adults for malnutrition risk from BMI, recent unplanned weight loss and the effect of "
    "acute disease, and gives the management for each risk level.",
    example={"bmi": 19.4, "weight_loss_percent": 7, "acute_disease_no_intake": False},
)
def must(x: MUSTInputs, w: Working) -> int:
    bmi = cut_offs(w, "BMI", f"BMI {fmt(x.bmi)}", x.bmi, ((20, 0, True), (18.5, 1), (None, 2)))
    loss = cut_offs(w, "unplanned weight loss, 3-6 months", f"{fmt(x.weight_loss_percent)}%", x.weight_loss_percent,
                    ((10, 2, True), (5, 1), (None, 0)))
    acute = finding(w, "acutely ill, no intake > 5 days", x.acute_disease_no_intake, 2)
    total = sum_points(w, (bmi, loss, acute))
    if total == 0:
        w.interpretation = "low risk (0): routine clinical care; repeat screening (weekly in hospital)"
    elif total == 1:
        w.interpretation = ("medium risk (1): observe; document dietary intake for 3 days; if inadequate, improve "
                            "and increase overall intake per local policy")
    else:
        w.interpretation = (f"high risk ({total}): treat (unless detrimental or no benefit is expected); refer to a "
                            "dietitian, improve and increase overall intake, monitor more often")
    return total
