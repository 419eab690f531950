"""PRAM: Pediatric Respiratory Assessment Measure for asthma exacerbations (Chalut 2000; Ducharme 2008)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Finding, Inputs, choice, q
from ..points import category, cut_offs, finding, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

AIR_ENTRY = {"normal": 0, "decreased at the bases": 1, "widespread decrease": 2, "absent or minimal": 3}
WHEEZING = {"absent": 0, "expiratory only": 1, "inspiratory and expiratory": 2,
            "audible without stethoscope or silent chest": 3}
SpO2 = q("%", gt=0, le=100, plausible=(60, 100), units=("%",))


class PRAMInputs(Inputs):
    oxygen_saturation: SpO2 = Field(description="SpO2 on room air, %: ≥ 95 scores 0, 92-94 1, < 92 2.")
    suprasternal_retractions: bool = Finding("Suprasternal retractions (2).")
    scalene_contraction: bool = Finding("Scalene muscle contraction (2).")
    air_entry: choice(*AIR_ENTRY) = Field(description="Air entry: normal (0), decreased at the bases (1), widespread "
                                          "decrease at apex and bases (2), absent or minimal (3).")
    wheezing: choice(*WHEEZING) = Field(description="Wheezing: absent (0), expiratory only (1), inspiratory and "
                                        "expiratory (2), audible without a stethoscope or silent chest with minimal "
                                        "air entry (3).")


@calculator(
    id="pram",
    name="Pediatric Respiratory Assessment Measure (PRAM)",
    aliases=("Pediatric Respiratory Assessment Measure (PRAM) for Asthma Exacerbation Severity", "pram-score"),
    kind="score",
    specialty="pediatrics",
    output=Output("points", "integer", 0, range=(0, 12), secondary=(
        Secondary("severity", "Mild (0-3), Moderate (4-7) or Severe (8-12)", None, "text"),
    )),
    inputs=PRAMInputs,
    references=(
        Reference("Ducharme FM, Chalut D, Plotnick L, et al. The Pediatric Respiratory Assessment Measure: a valid "
                  "clinical score for assessing acute asthma severity from toddlers to teenagers. J Pediatr. "
                  "2008;152(4):476-480.", "https://doi.org/10.1016/j.jpeds.2007.08.034"),
        Reference("MDCalc. Pediatric Respiratory Assessment Measure (PRAM) for Asthma Exacerbation Severity."),
    ),
    formula="Suprasternal retractions 2; scalene contraction 2; air entry 0-3; wheezing 0-3; SpO2 ≥ 95% 0, 92-94% 1, "
    "< 92% 2. Total 0-12: 0-3 mild, 4-7 moderate, 8-12 severe.",
    description="Severity of an acute asthma exacerbation in children aged 2-17, to guide treatment and "
    "disposition.",
    example={"oxygen_saturation": 93, "suprasternal_retractions": True, "scalene_contraction": False,
             "air_entry": "widespread decrease", "wheezing": "expiratory only"},
)
def pram(x: PRAMInputs, w: Working) -> int:
    total = sum_points(w, (
        finding(w, "suprasternal retractions", x.suprasternal_retractions, 2),
        finding(w, "scalene contraction", x.scalene_contraction, 2),
        category(w, "air entry", x.air_entry, AIR_ENTRY),
        category(w, "wheezing", x.wheezing, WHEEZING),
        cut_offs(w, "oxygen saturation", f"SpO2 {fmt(x.oxygen_saturation)}%", x.oxygen_saturation,
                 ((95, 0), (92, 1), (None, 2))),
    ))
    severity = w.output("severity", "Mild" if total <= 3 else "Moderate" if total <= 7 else "Severe")
    w.interpretation = f"{severity.lower()} asthma exacerbation"
    return total
