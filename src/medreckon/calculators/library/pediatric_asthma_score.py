"""Pediatric Asthma Score (PAS) for exacerbation severity (Kelly 2000; Qureshi 1998)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Inputs, RespiratoryRate, choice, scoped
from ..points import category, cut_offs, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid

# respiratory rate upper limits for 1 and 2 points, by age (years)
RR_LIMITS = ((2, 34, 39), (4, 30, 35), (6, 26, 30), (13, 23, 27))
OXYGEN = {"> 95% on room air": 1, "90-95% on room air": 2, "< 90% on room air or on any oxygen": 3}
AUSCULTATION = {"normal breath sounds or end-expiratory wheeze only": 1, "expiratory wheezing": 2,
                "inspiratory and expiratory wheezing or diminished breath sounds": 3}
RETRACTIONS = {"none or intercostal": 1, "intercostal and substernal": 2,
               "intercostal, substernal and supraclavicular": 3}
DYSPNEA = {"speaks in sentences, coos and babbles": 1, "speaks in partial sentences, short cry": 2,
           "speaks in single words or short phrases, grunting": 3}
ScopedAge = scoped(Age, start=2)


class PediatricAsthmaScoreInputs(Inputs):
    age: ScopedAge = Field(description="Age in years (2 or older): the respiratory rate bands depend on it.")
    respiratory_rate: RespiratoryRate = Field(description="Respiratory rate, breaths per minute.")
    oxygen: choice(*OXYGEN) = Field(description="Oxygen requirement: > 95% on room air (1), 90-95% on room air (2), "
                                    "< 90% on room air or on any oxygen (3).")
    auscultation: choice(*AUSCULTATION) = Field(description="Auscultation (1-3).")
    retractions: choice(*RETRACTIONS) = Field(description="Retractions (1-3).")
    dyspnea: choice(*DYSPNEA) = Field(description="Dyspnoea (1-3).")


@calculator(
    id="pediatric-asthma-score",
    name="Pediatric Asthma Score (PAS)",
    aliases=("Pediatric Asthma Score (PAS)", "pas-asthma"),
    kind="score",
    specialty="pediatrics",
    output=Output("points", "integer", 0, range=(5, 15), secondary=(
        Secondary("severity", "Mild (5-7), Moderate (8-11) or Severe (12-15)", None, "text"),
        Secondary("peak_flow", "the matching percentage of peak flow", None, "text"),
    )),
    inputs=PediatricAsthmaScoreInputs,
    references=(
        Reference("Kelly CS, Andersen CL, Pestian JP, et al. Improved outcomes for hospitalized asthmatic children "
                  "using a clinical pathway. Ann Allergy Asthma Immunol. 2000;84(5):509-516.",
                  "https://doi.org/10.1016/S1081-1206(10)62514-8"),
        Reference("MDCalc. Pediatric Asthma Score (PAS)."),
    ),
    formula="Respiratory rate by age (2-3 y ≤ 34 / 35-39 / ≥ 40; 4-5 y ≤ 30 / 31-35 / ≥ 36; 6-12 y ≤ 26 / 27-30 / "
    "≥ 31; > 12 y ≤ 23 / 24-27 / ≥ 28 → 1/2/3), oxygen requirement, auscultation, retractions and dyspnoea each 1-3. "
    "Total 5-15: 5-7 mild (peak flow > 70%), 8-11 moderate (50-70%), 12-15 severe (< 50%).",
    description="Severity of an asthma exacerbation in children aged 2 and older, used in clinical pathways.",
    example={"age": 3, "respiratory_rate": 48, "oxygen": "90-95% on room air", "auscultation": "expiratory wheezing",
             "retractions": "intercostal and substernal", "dyspnea": "speaks in partial sentences, short cry"},
)
def pediatric_asthma_score(x: PediatricAsthmaScoreInputs, w: Working) -> int:
    if x.age < 2:
        raise invalid("age", x.age, "an age of 2 years or more", "the score's respiratory rate bands start at 2 years")
    _, one, two = [band for band in RR_LIMITS if x.age >= band[0]][-1]
    total = sum_points(w, (
        cut_offs(w, "respiratory rate", f"RR {fmt(x.respiratory_rate)}/min", x.respiratory_rate,
                 ((two, 3, True), (one, 2, True), (None, 1))),
        category(w, "oxygen requirement", x.oxygen, OXYGEN),
        category(w, "auscultation", x.auscultation, AUSCULTATION),
        category(w, "retractions", x.retractions, RETRACTIONS),
        category(w, "dyspnoea", x.dyspnea, DYSPNEA),
    ))
    severity = w.output("severity", "Mild" if total <= 7 else "Moderate" if total <= 11 else "Severe")
    flow = w.output("peak_flow", {"Mild": "> 70%", "Moderate": "50-70%", "Severe": "< 50%"}[severity])
    w.interpretation = f"{severity.lower()} exacerbation (about {flow} of the peak flow)"
    return total
