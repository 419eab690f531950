"""Respiratory Score (RS) for asthma in children (Liu 2004; Seattle Children's asthma pathway)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..fields import Inputs, RespiratoryRate, choice
from ..points import cut_offs, sum_points
from ..scales import score_items
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

# age category -> the highest respiratory rate scoring 1 point and the highest scoring 2 (above: 3)
RR_LIMITS = {"< 2 months": (60, 69), "2-12 months": (50, 59), "1-2 years": (40, 44), "2-3 years": (34, 39),
             "4-5 years": (30, 35), "6-12 years": (26, 30), "> 12 years": (23, 27)}
Level = Annotated[int, Field(ge=0, le=3)]


class RespiratoryScoreInputs(Inputs):
    age_category: choice(*RR_LIMITS) = Field(description="Age category; it sets the respiratory rate bands.")
    respiratory_rate: RespiratoryRate = Field(description="Respiratory rate, breaths per minute (1-3 points by age: "
                                              "e.g. 2-3 years ≤ 34 1, 35-39 2, ≥ 40 3).")
    retractions: Level = Field(description="Retractions: 0 none; 1 subcostal or intercostal; 2 two of subcostal, "
                               "intercostal, substernal, or nasal flaring (infant); 3 three of subcostal, intercostal, "
                               "substernal, suprasternal, supraclavicular, or nasal flaring or head bobbing (infant).")
    dyspnea: Level = Field(description="Dyspnoea: 0 none (normal feeding, vocalisation and activity or play; over 4 "
                           "years counts to ≥ 10 in one breath); 1 one of difficulty feeding, decreased vocalisation "
                           "or agitation (0-2 y), of decreased appetite, more coughing after play or hyperactivity "
                           "(2-4 y), or counts to 7-9 (> 4 y); 2 two of those, or counts to 4-6; 3 stops feeding or "
                           "eating, no vocalisation or stops playing, drowsy or confused, or counts to ≤ 3.")
    auscultation: Level = Field(description="Auscultation: 0 normal breath sounds; 1 end-expiratory wheeze only; 2 "
                                "expiratory wheeze only (more than end-expiratory); 3 inspiratory and expiratory "
                                "wheeze, or diminished breath sounds, or both.")


@calculator(
    id="respiratory-score-asthma",
    name="Respiratory Score for Asthma",
    aliases=("Respiratory Score for Asthma", "seattle-respiratory-score", "rs-asthma"),
    kind="score",
    specialty="pediatrics",
    output=Output("points", "integer", 0, range=(1, 12), secondary=(
        Secondary("severity", "Mild (1-4), Moderate (5-8) or Severe (9-12)", None, "text"),
    )),
    inputs=RespiratoryScoreInputs,
    references=(
        Reference("Liu LL, Gallaher MM, Davis RL, Rutter CM, Lewis TC, Marcuse EK. Use of a respiratory clinical "
                  "score among different providers. Pediatr Pulmonol. 2004;37(3):243-248.",
                  "https://doi.org/10.1002/ppul.10425"),
        Reference("Seattle Children's Hospital. Asthma pathway: Respiratory Score (RS)."),
        Reference("MDCalc. Respiratory Score for Asthma."),
    ),
    formula="Respiratory rate by age 1-3 (< 2 mo ≤ 60 / 61-69 / ≥ 70; 2-12 mo ≤ 50 / 51-59 / ≥ 60; 1-2 y ≤ 40 / 41-44 "
    "/ ≥ 45; 2-3 y ≤ 34 / 35-39 / ≥ 40; 4-5 y ≤ 30 / 31-35 / ≥ 36; 6-12 y ≤ 26 / 27-30 / ≥ 31; > 12 y ≤ 23 / 24-27 / "
    "≥ 28), retractions 0-3, dyspnoea 0-3, auscultation 0-3. Total 1-12: 1-4 mild, 5-8 moderate, 9-12 severe.",
    description="Severity of an asthma exacerbation in children, scored by nurses and respiratory therapists to "
    "drive bronchodilator weaning in the Seattle Children's pathway; high scores call for escalation of care.",
    example={"age_category": "2-3 years", "respiratory_rate": 48, "retractions": 2, "dyspnea": 1, "auscultation": 3},
)
def respiratory_score_asthma(x: RespiratoryScoreInputs, w: Working) -> int:
    one, two = RR_LIMITS[x.age_category]
    rate = cut_offs(w, f"respiratory rate ({x.age_category})", f"RR {fmt(x.respiratory_rate)}/min",
                    x.respiratory_rate, ((two, 3, True), (one, 2, True), (None, 1)))
    rest = score_items(w, (("retractions", x.retractions, 3), ("dyspnoea", x.dyspnea, 3),
                           ("auscultation", x.auscultation, 3)))
    total = sum_points(w, (rate, rest))
    severity = w.output("severity", "Mild" if total <= 4 else "Moderate" if total <= 8 else "Severe")
    w.interpretation = f"{severity.lower()} respiratory distress"
    return total
