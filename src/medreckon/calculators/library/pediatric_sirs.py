"""Pediatric SIRS, sepsis, severe sepsis and septic shock (International Pediatric Sepsis Consensus
Conference, Goldstein 2005)."""

from __future__ import annotations

from ..fields import Finding, Inputs
from ..spec import Output, Reference, Working, calculator

CLASSES = ("No SIRS", "SIRS", "Sepsis", "Severe sepsis", "Septic shock")
FOR_AGE = "for age by the Goldstein 2005 table"


class PediatricSIRSInputs(Inputs):
    abnormal_temperature: bool = Finding("Core temperature > 38.5 °C or < 36 °C.")
    abnormal_heart_rate: bool = Finding(f"Tachycardia (mean heart rate > 2 SD above normal {FOR_AGE}, unexplained), "
                                        "or bradycardia (< 10th centile) in a child under 1 year.")
    abnormal_respiration: bool = Finding(f"Tachypnoea (respiratory rate > 2 SD above normal {FOR_AGE}) or mechanical "
                                         "ventilation for an acute process.")
    abnormal_leukocytes: bool = Finding(f"Leukocyte count raised or depressed {FOR_AGE} (not from chemotherapy), or "
                                        "more than 10% immature neutrophils (bands).")
    infection: bool = Finding("Suspected or proven infection.")
    organ_dysfunction: bool = Finding("Cardiovascular dysfunction, or acute respiratory distress syndrome, or two or "
                                      "more other organ dysfunctions.")
    cardiovascular_dysfunction_after_fluids: bool = Finding("Cardiovascular dysfunction despite ≥ 40 mL/kg of "
                                                            "isotonic fluid in 1 hour.")


@calculator(
    id="pediatric-sirs",
    name="Pediatric SIRS, Sepsis, and Septic Shock Criteria",
    aliases=("Pediatric SIRS, Sepsis, and Septic Shock Criteria", "goldstein-pediatric-sepsis"),
    kind="score",
    specialty="pediatrics",
    output=Output(None, "category", categories=CLASSES),
    inputs=PediatricSIRSInputs,
    references=(
        Reference("Goldstein B, Giroir B, Randolph A; International Consensus Conference on Pediatric Sepsis. "
                  "International pediatric sepsis consensus conference: definitions for sepsis and organ dysfunction "
                  "in pediatrics. Pediatr Crit Care Med. 2005;6(1):2-8.",
                  "https://doi.org/10.1097/01.PCC.0000149131.72248.E6"),
        Reference("MDCalc. Pediatric SIRS, Sepsis, and Septic Shock Criteria."),
    ),
    formula="SIRS: ≥ 2 of abnormal temperature, heart rate, respiration, leukocytes, one of them temperature or "
    "leukocytes. Sepsis: SIRS with suspected or proven infection. Severe sepsis: sepsis with cardiovascular "
    "dysfunction, ARDS or ≥ 2 other organ dysfunctions. Septic shock: sepsis with cardiovascular dysfunction "
    "despite ≥ 40 mL/kg fluid.",
    description="The 2005 consensus definitions of pediatric sepsis (superseded for diagnosis by the 2024 Phoenix "
    "criteria, still used for screening).",
    example={"abnormal_temperature": True, "abnormal_heart_rate": True, "abnormal_respiration": True,
             "abnormal_leukocytes": False, "infection": True},
)
def pediatric_sirs(x: PediatricSIRSInputs, w: Working) -> str:
    count = sum((x.abnormal_temperature, x.abnormal_heart_rate, x.abnormal_respiration, x.abnormal_leukocytes))
    key = x.abnormal_temperature or x.abnormal_leukocytes
    sirs = w.step("SIRS: ≥ 2 criteria incl. temperature or leukocytes", f"{count} criteria; temperature or "
                  f"leukocytes {'yes' if key else 'no'}", count >= 2 and key)
    if not sirs:
        w.interpretation = "does not meet SIRS criteria"
        return CLASSES[0]
    if not w.step("infection", "suspected or proven" if x.infection else "none", x.infection):
        w.interpretation = "meets SIRS criteria without infection"
        return CLASSES[1]
    if x.cardiovascular_dysfunction_after_fluids:
        w.interpretation = "septic shock: initiate the ACCM/PALS septic shock algorithm"
        return CLASSES[4]
    if x.organ_dysfunction:
        w.interpretation = "severe sepsis: resuscitate and screen for septic shock"
        return CLASSES[3]
    w.interpretation = "meets sepsis criteria: screen for severe sepsis and septic shock; consider fluids, cultures " \
                       "and broad-spectrum antibiotics"
    return CLASSES[2]
