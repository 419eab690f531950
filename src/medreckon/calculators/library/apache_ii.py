"""APACHE II: acute physiology and chronic health evaluation (Knaus 1985), as MDCalc states it."""

from __future__ import annotations

from pydantic import Field

from ..fields import (
    AaGradient,
    Age,
    ArterialPH,
    BloodPressure,
    Creatinine,
    Finding,
    FiO2,
    GCSTotal,
    HeartRate,
    Hematocrit,
    Inputs,
    PaCO2,
    PaO2,
    Potassium,
    RespiratoryRate,
    Sodium,
    Temperature,
    WhiteCells,
    choice,
)
from ..points import banded, mean_arterial_pressure, sum_points
from ..rules import AtLeastOne, Between, Is, Relation, RequiredWhen
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt, invalid

# Alveolar gas equation at sea level: PAO2 = FiO2 × (Patm − PH2O) − PaCO2 / RQ
ATMOSPHERIC = 760.0  # mm Hg
WATER_VAPOUR = 47.0  # mm Hg at 37 °C
RESPIRATORY_QUOTIENT = 0.8

# chronic health points by admission type, when severe organ insufficiency or immunocompromise is present
ADMISSION_POINTS = {"nonoperative": 5, "emergency_postoperative": 5, "elective_postoperative": 2}
Admission = choice(
    *ADMISSION_POINTS,
    synonyms={
        "non-operative": "nonoperative", "non operative": "nonoperative", "medical": "nonoperative",
        "emergency": "emergency_postoperative", "emergency surgery": "emergency_postoperative",
        "emergency postop": "emergency_postoperative", "emergency post-operative": "emergency_postoperative",
        "elective": "elective_postoperative", "elective surgery": "elective_postoperative",
        "elective postop": "elective_postoperative", "elective post-operative": "elective_postoperative",
    },
)


class ApacheIIInputs(Inputs):
    age: Age = Field(description="Age in years (≤ 44: 0, 45-54: 2, 55-64: 3, 65-74: 5, ≥ 75: 6 points).")
    temperature: Temperature = Field(
        description="Worst core (rectal) temperature in the first 24 h, °C by default; a Fahrenheit value must "
        "carry its unit ('101.2 degF')."
    )
    systolic_bp: BloodPressure = Field(
        description="Systolic blood pressure (mm Hg) of the worst reading; the mean arterial pressure is "
        "computed as (SBP + 2 × DBP) / 3."
    )
    diastolic_bp: BloodPressure = Field(description="Diastolic blood pressure (mm Hg) of the same reading.")
    heart_rate: HeartRate = Field(description="Worst heart rate, beats per minute.")
    respiratory_rate: RespiratoryRate = Field(
        description="Worst respiratory rate, breaths per minute, ventilated or not."
    )
    fio2: FiO2 = Field(
        description="Fraction of inspired oxygen, in % by default (room air 21). A fraction such as 0.5 must "
        "carry the unit '1' ({'value': 0.5, 'unit': '1'}) or be written '50 %'. FiO2 ≥ 50% scores the A-a "
        "gradient; below 50% scores the PaO2."
    )
    a_a_gradient: AaGradient | None = Field(
        None,
        description="Alveolar-arterial O2 gradient (mm Hg), used when FiO2 ≥ 50%. If not given it is computed "
        "from PaO2, PaCO2 and FiO2 at sea level: FiO2 × (760 − 47) − PaCO2 / 0.8 − PaO2. Give it directly "
        "at altitude.",
    )
    pao2: PaO2 | None = Field(
        None,
        description="Arterial partial pressure of oxygen (mm Hg; kPa with its unit). Scored when FiO2 < 50%; "
        "with PaCO2 it gives the A-a gradient when FiO2 ≥ 50% and no gradient is given.",
    )
    paco2: PaCO2 | None = Field(
        None, description="Arterial partial pressure of CO2 (mm Hg); only needed to compute the A-a gradient."
    )
    arterial_ph: ArterialPH = Field(description="Arterial pH (not venous; not the bicarbonate).")
    sodium: Sodium = Field(description="Serum sodium, mEq/L (= mmol/L).")
    potassium: Potassium = Field(description="Serum potassium, mEq/L (= mmol/L).")
    creatinine: Creatinine = Field(
        description="Serum creatinine, mg/dL by default; a value in µmol/L must carry its unit ('150 umol/L')."
    )
    acute_renal_failure: bool = Finding(
        "Acute renal failure (acute kidney injury); doubles the creatinine points. Chronic kidney disease "
        "alone does not.",
    )
    hematocrit: Hematocrit = Field(description="Hematocrit in % (0.42 as a fraction must carry the unit '1').")
    white_cells: WhiteCells = Field(
        description="White blood cell count, ×10⁹/L (= ×10³/µL) by default; a count per µL such as 9100 must "
        "carry its unit ('9100 /uL')."
    )
    gcs: GCSTotal = Field(description="Glasgow Coma Scale total, 3-15; scores 15 − GCS.")
    chronic_organ_insufficiency: bool = Finding(
        "History of severe organ insufficiency or immunocompromise before this admission: biopsy-proven "
        "cirrhosis with portal hypertension or prior hepatic failure; NYHA class IV heart failure; chronic "
        "lung disease with severe exercise restriction, chronic hypoxia, hypercapnia, polycythaemia, "
        "pulmonary hypertension > 40 mm Hg or respirator dependency; chronic dialysis; or immunosuppression "
        "(chemotherapy, radiation, long-term or high-dose steroids, leukaemia, lymphoma, AIDS).",
    )
    admission: Admission | None = Field(
        None,
        description="Admission type, needed when chronic_organ_insufficiency is present: 'nonoperative' or "
        "'emergency_postoperative' (5 points) or 'elective_postoperative' (2 points).",
    )

    rules = (
        RequiredWhen(("admission",), (Is("chronic_organ_insufficiency", True),),
                     "the admission type, because severe organ insufficiency or immunocompromise scores 5 "
                     "(nonoperative or emergency postoperative) or 2 (elective postoperative)",
                     "one of 'nonoperative', 'emergency_postoperative', 'elective_postoperative'"),
        Relation(("diastolic_bp", "systolic_bp"), "diastolic_bp ≤ systolic_bp (the mean arterial pressure is "
                 "computed from the two)"),
        # the oxygenation item: FiO2's threshold is stated in every unit it may come in (0.5 as a fraction)
        RequiredWhen(("pao2",), (Between("fio2", lt=50),),
                     "the PaO2, because with FiO2 < 50% APACHE II scores the PaO2", "give pao2 in mm Hg"),
        AtLeastOne(("a_a_gradient", ("pao2", "paco2")), "a_a_gradient",
                   "the A-a gradient, or PaO2 and PaCO2 to compute it, because with FiO2 ≥ 50% APACHE II scores "
                   "the A-a gradient", "give a_a_gradient, or pao2 and paco2", when=(Between("fio2", ge=50),)),
    )


@calculator(
    id="apache-ii",
    name="APACHE II Score",
    aliases=("apache2", "apache-2", "acute-physiology-and-chronic-health-evaluation-ii"),
    kind="score",
    specialty="critical care",
    output=Output("points", "integer", 0, range=(0, 71)),
    inputs=ApacheIIInputs,
    references=(
        Reference(
            "Knaus WA, Draper EA, Wagner DP, Zimmerman JE. APACHE II: a severity of disease classification "
            "system. Crit Care Med. 1985;13(10):818-829.",
            "https://doi.org/10.1097/00003246-198510000-00009",
        ),
        Reference("MDCalc. APACHE II Score.", "https://www.mdcalc.com/calc/1868/apache-ii-score"),
    ),
    formula=(
        "Sum of: acute physiology points (worst value in the first 24 h; a band 'a-b' holds values ≥ a and "
        "below the next band's lower bound) — temperature °C ≥41 4, 39-40.9 3, 38.5-38.9 1, 36-38.4 0, "
        "34-35.9 1, 32-33.9 2, 30-31.9 3, <30 4; MAP = (SBP + 2 DBP)/3 mm Hg ≥160 4, 130-159 3, 110-129 2, "
        "70-109 0, 50-69 2, <50 4; heart rate ≥180 4, 140-179 3, 110-139 2, 70-109 0, 55-69 2, 40-54 3, <40 "
        "4; respiratory rate ≥50 4, 35-49 3, 25-34 1, 12-24 0, 10-11 1, 6-9 2, <6 4; oxygenation: FiO2 ≥ 0.5 "
        "→ A-a gradient ≥500 4, 350-499 3, 200-349 2, <200 0; FiO2 < 0.5 → PaO2 >70 0, 61-70 1, 55-60 3, "
        "<55 4 (A-a gradient = FiO2 × 713 − PaCO2/0.8 − PaO2); arterial pH ≥7.7 4, 7.6-7.69 3, 7.5-7.59 1, "
        "7.33-7.49 0, 7.25-7.32 2, 7.15-7.24 3, <7.15 4; sodium ≥180 4, 160-179 3, 155-159 2, 150-154 1, "
        "130-149 0, 120-129 2, 111-119 3, <111 4; potassium ≥7 4, 6-6.9 3, 5.5-5.9 1, 3.5-5.4 0, 3-3.4 1, "
        "2.5-2.9 2, <2.5 4; creatinine mg/dL ≥3.5 4, 2-3.4 3, 1.5-1.9 2, 0.6-1.4 0, <0.6 2 (doubled in acute "
        "renal failure); hematocrit % ≥60 4, 50-59.9 2, 46-49.9 1, 30-45.9 0, 20-29.9 2, <20 4; WBC ×10⁹/L "
        "≥40 4, 20-39.9 2, 15-19.9 1, 3-14.9 0, 1-2.9 2, <1 4; GCS: 15 − GCS. Age ≤44 0, 45-54 2, 55-64 3, "
        "65-74 5, ≥75 6. Chronic health (severe organ insufficiency or immunocompromise): nonoperative or "
        "emergency postoperative 5, elective postoperative 2. Total 0-71."
    ),
    description="Severity of illness in the first 24 hours of ICU admission; higher scores predict higher "
    "hospital mortality.",
    medcalc_bench=MedCalcBench(
        28,
        {
            "age": "age",
            "Temperature": "temperature",
            "Systolic Blood Pressure": "systolic_bp",
            "Diastolic Blood Pressure": "diastolic_bp",
            "Heart Rate or Pulse": "heart_rate",
            "respiratory rate": "respiratory_rate",
            "FiO₂": "fio2",
            "A-a gradient": "a_a_gradient",
            "Partial pressure of oxygen (PaO₂) for Apache II": "pao2",
            "pH": "arterial_ph",
            "Sodium": "sodium",
            "Potassium": "potassium",
            "creatinine": "creatinine",
            "Acute renal failure": "acute_renal_failure",
            "Hematocrit": "hematocrit",
            "White blood cell count": "white_cells",
            "Glasgow Coma Score": "gcs",
            "History of severe organ failure or immunocompromise": "chronic_organ_insufficiency",
            "Surgery Type": "admission",
            # Not an APACHE II criterion: only acute renal failure doubles the creatinine points.
            "Chronic Renal Failure": None,
        },
    ),
    example={
        "age": 67, "temperature": "101.3 degF", "systolic_bp": 92, "diastolic_bp": 50, "heart_rate": 118,
        "respiratory_rate": 28, "fio2": 40, "pao2": 68, "arterial_ph": 7.31, "sodium": 134, "potassium": 4.1,
        "creatinine": 1.6, "acute_renal_failure": True, "hematocrit": 33, "white_cells": 17.8, "gcs": 13,
        "chronic_organ_insufficiency": False,
    },
)
def apache_ii(x: ApacheIIInputs, w: Working) -> int:
    temp = banded(w, "temperature", x.temperature, "°C",
                  ((41, 4), (39, 3), (38.5, 1), (36, 0), (34, 1), (32, 2), (30, 3), (None, 4)))
    map_ = mean_arterial_pressure(w, x.systolic_bp, x.diastolic_bp)
    mapp = banded(w, "mean arterial pressure", map_, "mm Hg", ((160, 4), (130, 3), (110, 2), (70, 0), (50, 2), (None, 4)))
    hr = banded(w, "heart rate", x.heart_rate, "/min",
                ((180, 4), (140, 3), (110, 2), (70, 0), (55, 2), (40, 3), (None, 4)))
    rr = banded(w, "respiratory rate", x.respiratory_rate, "/min",
                ((50, 4), (35, 3), (25, 1), (12, 0), (10, 1), (6, 2), (None, 4)))
    oxy = _oxygenation(x, w)
    ph = banded(w, "arterial pH", x.arterial_ph, "",
                ((7.7, 4), (7.6, 3), (7.5, 1), (7.33, 0), (7.25, 2), (7.15, 3), (None, 4)))
    na = banded(w, "sodium", x.sodium, "mEq/L",
                ((180, 4), (160, 3), (155, 2), (150, 1), (130, 0), (120, 2), (111, 3), (None, 4)))
    k = banded(w, "potassium", x.potassium, "mEq/L",
               ((7, 4), (6, 3), (5.5, 1), (3.5, 0), (3, 1), (2.5, 2), (None, 4)))
    cr = banded(w, "creatinine", x.creatinine, "mg/dL", ((3.5, 4), (2, 3), (1.5, 2), (0.6, 0), (None, 2)))
    if x.acute_renal_failure:
        cr = w.step("creatinine (acute renal failure: double points)", f"2 × {cr}", 2 * cr, "points")
    hct = banded(w, "hematocrit", x.hematocrit, "%", ((60, 4), (50, 2), (46, 1), (30, 0), (20, 2), (None, 4)))
    wbc = banded(w, "white blood cell count", x.white_cells, "×10⁹/L",
                 ((40, 4), (20, 2), (15, 1), (3, 0), (1, 2), (None, 4)))
    gcs = w.step("Glasgow Coma Scale", f"15 − {x.gcs}", 15 - x.gcs, "points")
    aps = sum_points(w, (temp, mapp, hr, rr, oxy, ph, na, k, cr, hct, wbc, gcs), "acute physiology score")
    age = banded(w, "age", x.age, "years", ((75, 6), (65, 5), (55, 3), (45, 2), (None, 0)))
    chronic = _chronic_health(x, w)
    total = sum_points(w, (aps, age, chronic))
    w.interpretation = (f"APACHE II {total} of 71: higher scores predict higher hospital mortality "
                        "(the published risk equation also needs the admission diagnosis)")
    return total


def _oxygenation(x: ApacheIIInputs, w: Working) -> int:
    fio2 = x.fio2
    if fio2 >= 50:
        if x.a_a_gradient is not None:
            aa = w.step("A-a gradient (given)", f"{fmt(x.a_a_gradient)} mm Hg", x.a_a_gradient, "mm Hg")
        elif x.pao2 is not None and x.paco2 is not None:
            alveolar = w.step(
                "alveolar PO2 (sea level)",
                f"{fmt(fio2 / 100)} × ({fmt(ATMOSPHERIC)} − {fmt(WATER_VAPOUR)}) − {fmt(x.paco2)} / {fmt(RESPIRATORY_QUOTIENT)}",
                fio2 / 100 * (ATMOSPHERIC - WATER_VAPOUR) - x.paco2 / RESPIRATORY_QUOTIENT, "mm Hg")
            aa = w.step("A-a gradient", f"{fmt(alveolar)} − {fmt(x.pao2)}", alveolar - x.pao2, "mm Hg")
        else:
            raise invalid("a_a_gradient", None,
                          f"the A-a gradient, or PaO2 and PaCO2 to compute it, because FiO2 {fmt(fio2)}% ≥ 50%",
                          "give a_a_gradient, or pao2 and paco2")
        return banded(w, f"oxygenation (FiO2 {fmt(fio2)}% ≥ 50%: A-a gradient)", aa, "mm Hg",
                      ((500, 4), (350, 3), (200, 2), (None, 0)))
    if x.pao2 is None:
        raise invalid("pao2", None, f"the PaO2, because FiO2 {fmt(fio2)}% < 50% scores the PaO2",
                      "give pao2 in mm Hg")
    if x.a_a_gradient is not None:
        w.warn(f"a_a_gradient not used: with FiO2 {fmt(fio2)}% < 50% APACHE II scores the PaO2", "a_a_gradient")
    return banded(w, f"oxygenation (FiO2 {fmt(fio2)}% < 50%: PaO2)", x.pao2, "mm Hg",
                  ((70, 0, True), (61, 1), (55, 3), (None, 4)))


def _chronic_health(x: ApacheIIInputs, w: Working) -> int:
    if not x.chronic_organ_insufficiency:
        return w.step("chronic health", "no severe organ insufficiency or immunocompromise", 0, "points")
    return w.step("chronic health", f"severe organ insufficiency or immunocompromise, {x.admission.replace('_', ' ')}",
                  ADMISSION_POINTS[x.admission], "points")
