"""SOFA: Sequential (sepsis-related) Organ Failure Assessment score (Vincent 1996), as MDCalc states it."""

from __future__ import annotations

from pydantic import Field

from ..fields import (
    Bilirubin,
    BloodPressure,
    Creatinine,
    Finding,
    FiO2,
    GCSTotal,
    Inputs,
    PaO2,
    Platelets,
    q,
)
from ..points import banded, mean_arterial_pressure, sum_points
from ..rules import AtLeastOne, Relation
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt

VasopressorDose = q("ug/kg/min", ge=0, plausible=(0, 50), units=("ug/kg/min", "mg/kg/min", "ug/kg/h"))
UrineOutput = q("mL/d", ge=0, plausible=(0, 10000), units=("mL/d", "L/d", "mL/h"))
MeanArterialPressure = q("mmHg", ge=0, lt=400, plausible=(20, 200), units=("mmHg", "kPa"))


class SOFAInputs(Inputs):
    pao2: PaO2 = Field(description="Arterial partial pressure of oxygen, mm Hg (kPa with its unit).")
    fio2: FiO2 = Field(
        description="Fraction of inspired oxygen in % by default (room air 21); a fraction such as 0.4 must "
        "carry the unit '1'. The ratio is PaO2 / (FiO2 as a fraction), e.g. 80 / 0.5 = 160."
    )
    mechanical_ventilation: bool = Finding(
        "On mechanical ventilation (invasive or non-invasive). Respiratory 3 and 4 points require respiratory "
        "support; without it a P/F ratio below 200 still scores 2.",
    )
    cpap: bool = Finding("On continuous positive airway pressure (CPAP); counts as respiratory support like ventilation.")
    platelets: Platelets = Field(
        description="Platelet count, ×10⁹/L (= ×10³/µL) by default; a count per µL such as 140000 must carry its "
        "unit ('140000 /uL')."
    )
    gcs: GCSTotal = Field(
        description="Glasgow Coma Scale total, 3-15 (for a sedated patient, the presumed GCS off sedation)."
    )
    bilirubin: Bilirubin = Field(
        description="Total serum bilirubin, mg/dL by default; a value in µmol/L must carry its unit ('35 umol/L')."
    )
    mean_arterial_pressure: MeanArterialPressure | None = Field(
        None, description="Mean arterial pressure (mm Hg), if measured; otherwise it is computed from systolic_bp "
        "and diastolic_bp."
    )
    systolic_bp: BloodPressure | None = Field(None, description="Systolic blood pressure (mm Hg), for the MAP.")
    diastolic_bp: BloodPressure | None = Field(None, description="Diastolic blood pressure (mm Hg), for the MAP.")
    hypotension: bool = Finding(
        "Hypotension with MAP < 70 mm Hg during the period scored (cardiovascular 1 point); use when no "
        "pressure is given, or when the worst MAP was below 70.",
    )
    dopamine: VasopressorDose | None = Field(
        None, description="Dopamine dose in µg/kg/min, given for at least 1 hour (≤ 5: 2, > 5: 3, > 15: 4 "
        "points); not given means none."
    )
    dobutamine: VasopressorDose | None = Field(
        None, description="Dobutamine dose in µg/kg/min; any dose scores 2 points. Not given means none."
    )
    epinephrine: VasopressorDose | None = Field(
        None, description="Epinephrine (adrenaline) dose in µg/kg/min (≤ 0.1: 3, > 0.1: 4 points); not given "
        "means none. A dose in µg/min must first be divided by the weight."
    )
    norepinephrine: VasopressorDose | None = Field(
        None, description="Norepinephrine (noradrenaline) dose in µg/kg/min (≤ 0.1: 3, > 0.1: 4 points); not "
        "given means none. A dose in µg/min must first be divided by the weight."
    )
    creatinine: Creatinine | None = Field(
        None, description="Serum creatinine, mg/dL by default; a value in µmol/L must carry its unit. Give it, "
        "urine_output, or both (the worse counts)."
    )
    urine_output: UrineOutput | None = Field(
        None, description="Urine output over 24 hours, mL/day (< 500: 3, < 200: 4 points). Give it, creatinine, "
        "or both."
    )

    rules = (AtLeastOne(("creatinine", "urine_output"), "creatinine",
                        "a serum creatinine or a 24-hour urine output (the renal criterion)",
                        "give creatinine, urine_output, or both"),
             Relation(("diastolic_bp", "systolic_bp"), "diastolic_bp ≤ systolic_bp when the MAP is computed from "
                      "them (mean_arterial_pressure not given)"))


@calculator(
    id="sofa",
    name="Sequential Organ Failure Assessment (SOFA) Score",
    aliases=("sofa-score", "sequential-organ-failure-assessment"),
    kind="score",
    specialty="critical care",
    output=Output("points", "integer", 0, range=(0, 24)),
    inputs=SOFAInputs,
    references=(
        Reference(
            "Vincent JL, Moreno R, Takala J, et al. The SOFA (Sepsis-related Organ Failure Assessment) score to "
            "describe organ dysfunction/failure. Intensive Care Med. 1996;22(7):707-710.",
            "https://doi.org/10.1007/BF01709751",
        ),
        Reference(
            "Ferreira FL, Bota DP, Bross A, Mélot C, Vincent JL. Serial evaluation of the SOFA score to predict "
            "outcome in critically ill patients. JAMA. 2001;286(14):1754-1758.",
            "https://doi.org/10.1001/jama.286.14.1754",
        ),
        Reference("MDCalc. Sequential Organ Failure Assessment (SOFA) Score.",
                  "https://www.mdcalc.com/calc/691/sequential-organ-failure-assessment-sofa-score"),
    ),
    formula=(
        "Six organ systems, 0-4 points each. Respiration PaO2/FiO2 (mm Hg): ≥400 0, <400 1, <300 2, <200 "
        "with mechanical ventilation or CPAP 3, <100 with support 4 (without support the maximum is 2). "
        "Coagulation platelets ×10³/µL: ≥150 0, <150 1, <100 2, <50 3, <20 4. Liver bilirubin mg/dL: <1.2 0, "
        "1.2-1.9 1, 2.0-5.9 2, 6.0-11.9 3, ≥12 4. Cardiovascular (highest that applies): MAP ≥70 0, MAP <70 "
        "1, dopamine ≤5 or dobutamine any dose 2, dopamine >5 or epinephrine ≤0.1 or norepinephrine ≤0.1 3, "
        "dopamine >15 or epinephrine >0.1 or norepinephrine >0.1 4 (µg/kg/min). CNS GCS: 15 0, 13-14 1, "
        "10-12 2, 6-9 3, <6 4. Renal (the worse of): creatinine mg/dL <1.2 0, 1.2-1.9 1, 2.0-3.4 2, 3.5-4.9 "
        "3, ≥5 4; urine output <500 mL/day 3, <200 mL/day 4. Total 0-24."
    ),
    description="Organ dysfunction in the ICU; a rise of 2 or more points defines sepsis-related organ "
    "dysfunction (Sepsis-3), and the score tracks mortality.",
    medcalc_bench=MedCalcBench(
        43,
        {
            "Partial pressure of oxygen (PaO₂) for Apache II": "pao2",
            "FiO₂": "fio2",
            "On mechanical ventilation": "mechanical_ventilation",
            "Continous positive airway pressure": "cpap",
            "Platelet count": "platelets",
            "Glasgow Coma Score": "gcs",
            "Bilirubin": "bilirubin",
            "Systolic Blood Pressure": "systolic_bp",
            "Diastolic Blood Pressure": "diastolic_bp",
            "Hypotension": "hypotension",
            "DOPamine": "dopamine",
            "DOBUTamine": "dobutamine",
            "EPINEPHrine": "epinephrine",
            "norEPINEPHrine": "norepinephrine",
            "creatinine": "creatinine",
            "Urine Output": "urine_output",
            # Not a criterion of the 1996 SOFA score (renal points come from creatinine or urine output).
            "Continuous veno-venous hemodialysis for ≥24 hours in the past week": None,
        },
    ),
    example={
        "pao2": "10.5 kPa", "fio2": 40, "mechanical_ventilation": True, "cpap": False, "platelets": 130,
        "gcs": 14, "bilirubin": 1.4, "systolic_bp": 96, "diastolic_bp": 52, "hypotension": False,
        "norepinephrine": 0.06, "dopamine": 0, "dobutamine": 0, "epinephrine": 0, "creatinine": 1.5,
    },
)
def sofa(x: SOFAInputs, w: Working) -> int:
    resp = _respiration(x, w)
    coag = banded(w, "coagulation: platelets", x.platelets, "×10⁹/L", ((150, 0), (100, 1), (50, 2), (20, 3), (None, 4)))
    liver = banded(w, "liver: bilirubin", x.bilirubin, "mg/dL", ((12, 4), (6, 3), (2, 2), (1.2, 1), (None, 0)))
    cardio = _cardiovascular(x, w)
    cns = banded(w, "central nervous system: GCS", x.gcs, "", ((15, 0), (13, 1), (10, 2), (6, 3), (None, 4)))
    renal = _renal(x, w)
    total = sum_points(w, (resp, coag, liver, cardio, cns, renal))
    w.interpretation = _mortality(total)
    return total


def _respiration(x: SOFAInputs, w: Working) -> int:
    ratio = w.step("PaO2/FiO2", f"{fmt(x.pao2)} / {fmt(x.fio2 / 100)}", x.pao2 / (x.fio2 / 100), "mm Hg")
    support = [name for name, on in (("mechanical ventilation", x.mechanical_ventilation), ("CPAP", x.cpap)) if on]
    if support:
        return banded(w, f"respiration: PaO2/FiO2 with {' and '.join(support)}", ratio, "mm Hg",
                      ((400, 0), (300, 1), (200, 2), (100, 3), (None, 4)))
    return banded(w, "respiration: PaO2/FiO2 without ventilation or CPAP (at most 2)", ratio, "mm Hg",
                  ((400, 0), (300, 1), (None, 2)))


def _cardiovascular(x: SOFAInputs, w: Working) -> int:
    for name in ("dopamine", "dobutamine", "epinephrine", "norepinephrine"):
        if name not in x.model_fields_set:
            w.warn(f"{name} not given; assumed none", name, "assumed_default")
    criteria: list[tuple[int, str]] = [(0, "no hypotension, no vasopressor")]
    mean = _map_given_or_computed(x, w)
    if mean is not None and mean < 70:
        criteria.append((1, f"MAP {fmt(mean)} < 70 mm Hg"))
    if x.hypotension:
        criteria.append((1, "hypotension (MAP < 70 mm Hg)"))
        if mean is not None and mean >= 70:
            w.warn(f"hypotension given while the MAP is {fmt(mean)} mm Hg; scored as MAP < 70 (SOFA takes the "
                   "worst value of the period)", "hypotension", "note")
    dopamine, dobutamine = x.dopamine or 0.0, x.dobutamine or 0.0
    epinephrine, norepinephrine = x.epinephrine or 0.0, x.norepinephrine or 0.0
    if dopamine > 15:
        criteria.append((4, f"dopamine {fmt(dopamine)} > 15"))
    elif dopamine > 5:
        criteria.append((3, f"dopamine {fmt(dopamine)} > 5"))
    elif dopamine > 0:
        criteria.append((2, f"dopamine {fmt(dopamine)} ≤ 5"))
    if dobutamine > 0:
        criteria.append((2, f"dobutamine {fmt(dobutamine)} (any dose)"))
    for name, dose in (("epinephrine", epinephrine), ("norepinephrine", norepinephrine)):
        if dose > 0.1:
            criteria.append((4, f"{name} {fmt(dose)} > 0.1"))
        elif dose > 0:
            criteria.append((3, f"{name} {fmt(dose)} ≤ 0.1"))
    points, why = max(criteria, key=lambda c: c[0])
    return w.step("cardiovascular", f"{why} (µg/kg/min)" if points >= 2 else why, points, "points")


def _map_given_or_computed(x: SOFAInputs, w: Working) -> float | None:
    if x.mean_arterial_pressure is not None:
        return w.step("mean arterial pressure (given)", f"{fmt(x.mean_arterial_pressure)} mm Hg",
                      x.mean_arterial_pressure, "mm Hg")
    if x.systolic_bp is not None and x.diastolic_bp is not None:
        return mean_arterial_pressure(w, x.systolic_bp, x.diastolic_bp)
    if x.systolic_bp is not None or x.diastolic_bp is not None:
        given = "systolic_bp" if x.systolic_bp is not None else "diastolic_bp"
        w.warn(f"{given} given alone: the MAP needs both pressures, so it was not computed; the cardiovascular "
               "points come from hypotension and vasopressors", given, "note")
    return None


def _renal(x: SOFAInputs, w: Working) -> int:
    points = []
    if x.creatinine is not None:
        points.append(banded(w, "renal: creatinine", x.creatinine, "mg/dL",
                             ((5, 4), (3.5, 3), (2, 2), (1.2, 1), (None, 0))))
    if x.urine_output is not None:
        points.append(banded(w, "renal: urine output", x.urine_output, "mL/day", ((500, 0), (200, 3), (None, 4))))
    if len(points) == 1:
        return points[0]
    return w.step("renal (the worse of creatinine and urine output)", f"max({points[0]}, {points[1]})",
                  max(points), "points")


def _mortality(total: int) -> str:
    """Ferreira 2001, ICU mortality by the initial SOFA score."""
    for upper, rate in ((1, "0%"), (3, "6.4%"), (5, "20.2%"), (7, "21.5%"), (9, "33.3%"), (11, "50.0%")):
        if total <= upper:
            return f"SOFA {total}: ICU mortality {rate} for an initial score in this range (Ferreira 2001)"
    return f"SOFA {total}: ICU mortality 95.2% for an initial score above 11 (Ferreira 2001)"
