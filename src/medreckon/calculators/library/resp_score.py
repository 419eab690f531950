"""RESP score: survival of severe acute respiratory failure on ECMO (Schmidt 2014)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs, choice
from ..points import category, cut_offs, finding, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

VENTILATION = {"under 48 hours": 3, "48 hours to 7 days": 1, "over 7 days": 0}
DIAGNOSIS = {"viral pneumonia": 3, "bacterial pneumonia": 3, "asthma": 11, "trauma or burn": 3,
             "aspiration pneumonitis": 5, "other acute respiratory diagnosis": 1,
             "non-respiratory or chronic respiratory diagnosis": 0}
# (lowest total, class, in-hospital survival %)
CLASSES = ((6, "I", 92), (3, "II", 76), (-1, "III", 57), (-5, "IV", 33), (-22, "V", 18))


class RESPInputs(Inputs):
    age: Age = Field(description="Age in years: 18-49 0, 50-59 −2, ≥ 60 −3.")
    immunocompromised: bool = Finding("Immunocompromised at ECMO start: haematological malignancy, solid tumour, "
                                      "solid organ transplant, HIV, or cirrhosis (−2).")
    ventilation_before_ecmo: choice(*VENTILATION) = Field(  # type: ignore[valid-type]
        description="Duration of mechanical ventilation before ECMO: 'under 48 hours' (3), '48 hours to 7 days' (1) or "
        "'over 7 days' (0).")
    diagnosis: choice(*DIAGNOSIS) = Field(  # type: ignore[valid-type]
        description="Acute respiratory diagnosis group: viral, bacterial pneumonia, trauma or burn (3 each), asthma "
        "(11), aspiration pneumonitis (5), other acute respiratory (1), non-respiratory or chronic respiratory (0).")
    cns_dysfunction: bool = Finding("Central nervous system dysfunction (neurotrauma, stroke, encephalopathy, "
                                    "cerebral embolism, seizures) before ECMO (−7).")
    nonpulmonary_infection: bool = Finding("Acute associated infection outside the lungs (−3).")
    neuromuscular_blockade: bool = Finding("Neuromuscular blockers given before ECMO (+1).")
    nitric_oxide: bool = Finding("Inhaled nitric oxide used before ECMO (−1).")
    bicarbonate_infusion: bool = Finding("Bicarbonate infusion before ECMO (−2).")
    cardiac_arrest: bool = Finding("Cardiac arrest before ECMO (−2).")
    high_paco2: bool = Finding("PaCO2 ≥ 75 mm Hg (≥ 10 kPa) before ECMO (−1).")
    high_peak_pressure: bool = Finding("Peak inspiratory pressure ≥ 42 cm H2O before ECMO (−1).")


@calculator(
    id="resp-score",
    name="RESP (Respiratory ECMO Survival Prediction) Score",
    aliases=("resp", "respiratory-ecmo-survival-prediction"),
    kind="score",
    specialty="critical care",
    output=Output("points", "integer", 0, range=(-22, 15), secondary=(
        Secondary("risk_class", "risk class I (≥ 6) to V (≤ −6)", None, "text"),
        Secondary("survival", "in-hospital survival of the class", "%", "integer"),
    )),
    inputs=RESPInputs,
    references=(
        Reference("Schmidt M, Bailey M, Sheldrake J, et al. Predicting survival after extracorporeal membrane "
                  "oxygenation for severe acute respiratory failure. The Respiratory Extracorporeal Membrane "
                  "Oxygenation Survival Prediction (RESP) score. Am J Respir Crit Care Med. 2014;189(11):1374-1382.",
                  "https://doi.org/10.1164/rccm.201311-2023OC"),
        Reference("MDCalc: RESP (Respiratory ECMO Survival Prediction) Score.",
                  "https://www.mdcalc.com/calc/3983/resp-respiratory-ecmo-survival-prediction-score"),
    ),
    formula="Age 50-59 −2, ≥ 60 −3; immunocompromised −2; ventilation < 48 h +3, 48 h-7 d +1; diagnosis (viral, "
    "bacterial pneumonia, trauma/burn +3, asthma +11, aspiration +5, other acute respiratory +1); CNS dysfunction −7; "
    "non-pulmonary infection −3; neuromuscular blockade +1; nitric oxide −1; bicarbonate infusion −2; cardiac arrest "
    "−2; PaCO2 ≥ 75 mm Hg −1; peak pressure ≥ 42 cm H2O −1. Class I ≥ 6 (92% survival), II 3-5 (76%), III −1 to 2 "
    "(57%), IV −5 to −2 (33%), V ≤ −6 (18%)",
    description="Predicts in-hospital survival of adults with severe acute respiratory failure treated with ECMO, "
    "from factors before ECMO starts.",
    example={"age": 58, "ventilation_before_ecmo": "under 48 hours", "diagnosis": "bacterial pneumonia",
             "neuromuscular_blockade": True},
)
def resp_score(x: RESPInputs, w: Working) -> int:
    total = sum_points(w, (
        cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((60, -3), (50, -2), (None, 0))),
        finding(w, "immunocompromised", x.immunocompromised, -2),
        category(w, "ventilation before ECMO", x.ventilation_before_ecmo, VENTILATION),
        category(w, "diagnosis", x.diagnosis, DIAGNOSIS),
        finding(w, "CNS dysfunction", x.cns_dysfunction, -7),
        finding(w, "non-pulmonary infection", x.nonpulmonary_infection, -3),
        finding(w, "neuromuscular blockade", x.neuromuscular_blockade),
        finding(w, "nitric oxide", x.nitric_oxide, -1),
        finding(w, "bicarbonate infusion", x.bicarbonate_infusion, -2),
        finding(w, "cardiac arrest", x.cardiac_arrest, -2),
        finding(w, "PaCO2 ≥ 75 mm Hg", x.high_paco2, -1),
        finding(w, "peak inspiratory pressure ≥ 42 cm H2O", x.high_peak_pressure, -1),
    ), show=lambda p: f"({p})" if p < 0 else str(p))
    _, risk_class, survival = next(c for c in CLASSES if total >= c[0])
    w.output("risk_class", f"Class {risk_class}")
    w.output("survival", survival)
    w.interpretation = f"risk class {risk_class}: {survival}% in-hospital survival"
    return total
