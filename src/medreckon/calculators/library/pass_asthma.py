"""PASS: Pediatric Asthma Severity Score (Gorelick 2004)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..points import category, sum_points
from ..spec import Output, Reference, Working, calculator

WHEEZING = {"none or mild": 0, "moderate": 1, "severe, or absent from poor air exchange": 2}
WORK = {"none or mild": 0, "moderate": 1, "severe": 2}
EXPIRATION = {"normal or mildly prolonged": 0, "moderately prolonged": 1, "severely prolonged": 2}


class PASSInputs(Inputs):
    wheezing: choice(*WHEEZING) = Field(description="Wheezing: none or mild (0), moderate (1), severe or absent "
                                        "because of poor air exchange (2).")
    work_of_breathing: choice(*WORK) = Field(description="Work of breathing (accessory muscle use, retractions): "
                                             "none or mild (0), moderate (1), severe (2).")
    prolonged_expiration: choice(*EXPIRATION) = Field(description="Prolongation of expiration: normal or mildly "
                                                      "prolonged (0), moderately (1), severely prolonged (2).")


@calculator(
    id="pass-asthma",
    name="Pediatric Asthma Severity Score (PASS)",
    aliases=("Pediatric Asthma Severity Score (PASS) for Asthma Exacerbation Severity", "pediatric-asthma-severity-score"),
    kind="score",
    specialty="pediatrics",
    output=Output("points", "integer", 0, range=(0, 6)),
    inputs=PASSInputs,
    references=(
        Reference("Gorelick MH, Stevens MW, Schultz TR, Scribano PV. Performance of a novel clinical score, the "
                  "Pediatric Asthma Severity Score (PASS), in the evaluation of acute asthma. Acad Emerg Med. "
                  "2004;11(1):10-18.", "https://doi.org/10.1197/j.aem.2003.07.015"),
        Reference("MDCalc. Pediatric Asthma Severity Score (PASS) for Asthma Exacerbation Severity."),
    ),
    formula="Wheezing, work of breathing and prolongation of expiration, each 0-2; total 0-6. Higher scores mean a "
    "more severe exacerbation and a greater chance of admission.",
    description="Three-item clinical severity score for acute asthma in children aged 1-18, usable whatever the "
    "child's ability to do spirometry.",
    example={"wheezing": "none or mild", "work_of_breathing": "none or mild",
             "prolonged_expiration": "moderately prolonged"},
)
def pass_asthma(x: PASSInputs, w: Working) -> int:
    total = sum_points(w, (category(w, "wheezing", x.wheezing, WHEEZING),
                           category(w, "work of breathing", x.work_of_breathing, WORK),
                           category(w, "prolonged expiration", x.prolonged_expiration, EXPIRATION)))
    w.interpretation = f"PASS {total} of 6: higher scores mean a more severe exacerbation"
    return total
