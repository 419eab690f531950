"""Phoenix Sepsis Score and the Phoenix criteria for sepsis and septic shock in children
(Schlapbach, Sanchez-Pinto et al. 2024)."""

from __future__ import annotations

from pydantic import Field

from ..fields import INR, Age, Finding, FiO2, Inputs, PaO2, Platelets, choice, q
from ..points import sum_points
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

SUPPORT = ("none", "any respiratory support", "invasive mechanical ventilation")
# MAP (mmHg) by age: (age below, in months; lower limit for 1 point; upper limit for 1 point)
MAP_BANDS = ((1, 17, 30), (12, 25, 38), (24, 31, 43), (60, 32, 44), (144, 36, 48), (216, 38, 51))

Lactate = q("mmol/L", analyte="lactate", ge=0, lt=50, plausible=(0.3, 25), units=("mmol/L", "mg/dL"))
DDimer = q("mg/L", ge=0, lt=500, plausible=(0, 50), units=("mg/L", "ug/mL", "ng/mL"))
Fibrinogen = q("mg/dL", ge=0, lt=3000, plausible=(20, 1000), units=("mg/dL", "g/L"))
SpO2 = q("%", gt=0, le=100, plausible=(50, 100), units=("%",))
MAP = q("mmHg", gt=0, lt=300, plausible=(10, 150), units=("mmHg",))


class PhoenixInputs(Inputs):
    age: Age = Field(description="Age (under 18 years); months with the unit for infants ('5 mo').")
    respiratory_support: choice(*SUPPORT) = Field(description="none; any respiratory support (oxygen, high-flow, "
                                                  "non-invasive ventilation); or invasive mechanical ventilation.")
    fio2: FiO2 = Field(description="Inspired oxygen fraction, % (21 on room air) or a fraction with unit '1'.")
    pao2: PaO2 | None = Field(None, description="Arterial PaO2, mmHg; preferred over SpO2 when both are known.")
    spo2: SpO2 | None = Field(None, description="SpO2, %; used only when ≤ 97% (above that the S/F ratio is not read).")
    vasoactive_drugs: int = Field(ge=0, le=10, description="Number of vasoactive infusions (epinephrine, "
                                  "norepinephrine, dopamine, dobutamine, milrinone, vasopressin): 1 scores 1, ≥ 2 "
                                  "score 2.")
    lactate: Lactate | None = Field(None, description="Lactate, mmol/L; 5-10.9 scores 1, ≥ 11 scores 2.")
    mean_arterial_pressure: MAP = Field(description="Mean arterial pressure, mmHg (age-based cut-offs).")
    platelets: Platelets | None = Field(None, description="Platelets, ×10⁹/L; < 100 scores 1.")
    inr: INR | None = Field(None, description="INR; > 1.3 scores 1.")
    d_dimer: DDimer | None = Field(None, description="D-dimer in fibrinogen-equivalent units (FEU), mg/L; > 2 scores "
                                   "1. A D-dimer unit (DDU) value is about half the FEU value.")
    fibrinogen: Fibrinogen | None = Field(None, description="Fibrinogen, mg/dL (g/L with its unit); < 100 scores 1.")
    gcs: int | None = Field(None, ge=3, le=15, description="Glasgow Coma Scale (pediatric); ≤ 10 scores 1.")
    fixed_pupils: bool = Finding("Both pupils fixed (scores 2 in the neurological domain).")
    suspected_infection: bool = Finding("Suspected or confirmed infection (needed for sepsis).")


def _respiratory(x: PhoenixInputs, w: Working) -> int:
    support = SUPPORT.index(x.respiratory_support)
    fio2 = x.fio2 / 100
    if x.pao2 is not None:
        ratio, name, bands = x.pao2 / fio2, "PaO2:FiO2", (400, 200, 100)
    elif x.spo2 is not None and x.spo2 <= 97:
        ratio, name, bands = x.spo2 / fio2, "SpO2:FiO2", (292, 220, 148)
    else:
        return w.step("respiratory", "no PaO2, and SpO2 missing or > 97%", 0, "points")
    points = 0
    if support >= 1 and ratio < bands[0]:
        points = 1
    if support == 2 and ratio < bands[2]:
        points = 3
    elif support == 2 and ratio <= bands[1]:
        points = 2
    return w.step("respiratory", f"{name} {fmt(ratio, 0)} on {x.respiratory_support}", points, "points")


def _cardiovascular(x: PhoenixInputs, w: Working) -> int:
    months = x.age * 12
    low, high = next((lo, hi) for below, lo, hi in MAP_BANDS if months < below) if months < 216 else MAP_BANDS[-1][1:]
    m = round(x.mean_arterial_pressure, 6)
    vaso = min(x.vasoactive_drugs, 2)
    lactate = 0 if x.lactate is None else 2 if x.lactate >= 11 else 1 if x.lactate >= 5 else 0
    map_points = 2 if m < low else 1 if m <= high else 0
    return w.step("cardiovascular", f"{x.vasoactive_drugs} vasoactive ({vaso}); lactate "
                  f"{'not measured' if x.lactate is None else fmt(x.lactate, 1)} ({lactate}); MAP {fmt(m)} vs "
                  f"{low}-{high} for age ({map_points})", vaso + lactate + map_points, "points")


def _coagulation(x: PhoenixInputs, w: Working) -> int:
    found = [name for name, hit in (("platelets < 100", x.platelets is not None and x.platelets < 100),
                                    ("INR > 1.3", x.inr is not None and x.inr > 1.3),
                                    ("D-dimer > 2 mg/L FEU", x.d_dimer is not None and x.d_dimer > 2),
                                    ("fibrinogen < 100 mg/dL", x.fibrinogen is not None and x.fibrinogen < 100)) if hit]
    return w.step("coagulation (maximum 2)", ", ".join(found) or "none", min(len(found), 2), "points")


def _neurological(x: PhoenixInputs, w: Working) -> int:
    if x.fixed_pupils:
        return w.step("neurological", "bilaterally fixed pupils", 2, "points")
    low = x.gcs is not None and x.gcs <= 10
    return w.step("neurological", f"GCS {x.gcs if x.gcs is not None else 'not given'}", int(low), "points")


@calculator(
    id="phoenix-sepsis-score",
    name="Phoenix Sepsis Score",
    aliases=("Phoenix Sepsis Score", "phoenix-criteria", "phoenix-pediatric-sepsis"),
    kind="score",
    specialty="pediatrics",
    output=Output("points", "integer", 0, range=(0, 13), secondary=(
        Secondary("cardiovascular_points", "points of the cardiovascular domain", "points", "integer"),
        Secondary("diagnosis", "Septic shock, Sepsis or Does not meet sepsis criteria", None, "text"),
    )),
    inputs=PhoenixInputs,
    references=(
        Reference("Schlapbach LJ, Watson RS, Sorce LR, et al. International consensus criteria for pediatric sepsis "
                  "and septic shock. JAMA. 2024;331(8):665-674.", "https://doi.org/10.1001/jama.2024.0179"),
        Reference("Sanchez-Pinto LN, Bennett TD, DeWitt PE, et al. Development and validation of the Phoenix criteria "
                  "for pediatric sepsis and septic shock. JAMA. 2024;331(8):675-686.",
                  "https://doi.org/10.1001/jama.2024.0196"),
        Reference("MDCalc. Phoenix Sepsis Score."),
    ),
    formula="Respiratory 0-3 (P/F < 400 or S/F < 292 on any support 1; P/F 100-200 or S/F 148-220 on invasive "
    "ventilation 2; P/F < 100 or S/F < 148 on invasive ventilation 3). Cardiovascular 0-6 (vasoactives 1 / ≥ 2; "
    "lactate 5-10.9 / ≥ 11; MAP below age limits: < 1 mo 17-30 / < 17, 1-11 mo 25-38 / < 25, 1-< 2 y 31-43 / < 31, "
    "2-< 5 y 32-44 / < 32, 5-< 12 y 36-48 / < 36, 12-17 y 38-51 / < 38, 1 / 2 points). Coagulation 0-2 (platelets "
    "< 100, INR > 1.3, D-dimer > 2 mg/L FEU, fibrinogen < 100 mg/dL, 1 each). Neurological 0-2 (GCS ≤ 10 1; fixed "
    "pupils 2). Sepsis: suspected infection and ≥ 2 points; septic shock: sepsis with ≥ 1 cardiovascular point.",
    description="The 2024 consensus criteria for sepsis and septic shock in children under 18 with suspected "
    "infection. Unmeasured variables score 0.",
    example={"age": "2 wk", "respiratory_support": "none", "fio2": 21, "spo2": 96, "vasoactive_drugs": 0,
             "lactate": 2.3, "mean_arterial_pressure": 52, "platelets": 225, "inr": 1.1, "d_dimer": 0.6,
             "fibrinogen": 285, "gcs": 15, "fixed_pupils": False, "suspected_infection": True},
)
def phoenix_sepsis_score(x: PhoenixInputs, w: Working) -> int:
    respiratory = _respiratory(x, w)
    cardiovascular = _cardiovascular(x, w)
    total = sum_points(w, (respiratory, cardiovascular, _coagulation(x, w), _neurological(x, w)))
    w.output("cardiovascular_points", cardiovascular)
    sepsis = x.suspected_infection and total >= 2
    diagnosis = w.output("diagnosis", "Septic shock" if sepsis and cardiovascular >= 1 else "Sepsis" if sepsis
                         else "Does not meet sepsis criteria")
    w.interpretation = diagnosis.lower() + (" (Phoenix ≥ 2 with suspected infection)" if sepsis else "")
    if x.age >= 18:
        w.warn("the Phoenix criteria are for children under 18 years", "age", "convention")
    return total
