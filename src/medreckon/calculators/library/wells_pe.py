"""Wells' criteria for pulmonary embolism (Wells 2000/2001)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Finding, HeartRate, Inputs
from ..points import any_of, finding, sum_points, threshold
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt


class WellsPEInputs(Inputs):
    heart_rate: HeartRate = Field(
        description="Heart rate in beats per minute, as measured; more than 100/min scores 1.5 (exactly 100 does not)."
    )
    clinical_signs_of_dvt: bool = Finding(
        "Clinical signs and symptoms of deep vein thrombosis: at least leg swelling and pain on palpation "
        "of the deep veins (3 points).",
    )
    # a judgement, stated in words of likelihood: a mention of PE alone is no such statement
    pe_most_likely_diagnosis: bool = Finding(
        "Pulmonary embolism is the most likely diagnosis, or equally likely as an alternative (3 points); "
        "the clinician's judgement, not a test result.",
    )
    immobilization_3_days: bool = Finding(
        "Immobilisation for at least 3 days (bed rest except for bathroom access); scores 1.5 together "
        "with recent surgery (one criterion).", when="recent",
    )
    surgery_previous_4_weeks: bool = Finding(
        "Surgery in the previous 4 weeks; scores 1.5 together with immobilisation (one criterion).", when="recent",
    )
    previous_pe: bool = Finding(
        "Previous, objectively diagnosed pulmonary embolism; 1.5 points together with previous DVT (one criterion).", when="past",
    )
    previous_dvt: bool = Finding(
        "Previous, objectively diagnosed deep vein thrombosis; 1.5 points together with previous PE (one criterion).", when="past",
    )
    hemoptysis: bool = Finding("Haemoptysis (1 point).")
    malignancy: bool = Finding(
        "Malignancy on treatment within the last 6 months or palliative (1 point); cured cancer does not count.", when="recent",
    )


@calculator(
    id="wells-pe",
    name="Wells' Criteria for Pulmonary Embolism",
    aliases=("wells-pulmonary-embolism", "wells-score-pe", "wells-pe-score"),
    kind="score",
    specialty="pulmonology",
    output=Output("points", "decimal", 1, range=(0, 12.5)),
    inputs=WellsPEInputs,
    references=(
        Reference(
            "Wells PS, Anderson DR, Rodger M, et al. Derivation of a simple clinical model to categorize "
            "patients probability of pulmonary embolism: increasing the models utility with the SimpliRED "
            "D-dimer. Thromb Haemost. 2000;83(3):416-420.",
        ),
        Reference(
            "Wells PS, Anderson DR, Rodger M, et al. Excluding pulmonary embolism at the bedside without "
            "diagnostic imaging: management of patients with suspected pulmonary embolism presenting to the "
            "emergency department by using a simple clinical model and D-dimer. Ann Intern Med. "
            "2001;135(2):98-107.",
            "https://doi.org/10.7326/0003-4819-135-2-200107170-00010",
        ),
        Reference(
            "MDCalc. Wells' Criteria for Pulmonary Embolism.",
            "https://www.mdcalc.com/calc/115/wells-criteria-pulmonary-embolism",
        ),
    ),
    formula=(
        "Clinical signs and symptoms of DVT 3; PE is #1 diagnosis or equally likely 3; heart rate > 100 "
        "1.5; immobilisation ≥ 3 days or surgery in the previous 4 weeks 1.5; previous objectively "
        "diagnosed PE or DVT 1.5; haemoptysis 1; malignancy with treatment within 6 months or palliative 1. "
        "Three-tier: < 2 low, 2-6 moderate, > 6 high. Two-tier: ≤ 4 PE unlikely, > 4 PE likely."
    ),
    description="Pretest probability of pulmonary embolism; the score has half points, so it is reported "
    "to one decimal.",
    medcalc_bench=MedCalcBench(
        8,
        {
            "Heart Rate or Pulse": "heart_rate",
            "Clinical signs and symptoms of Deep Vein Thrombosis": "clinical_signs_of_dvt",
            "Pulmonary Embolism is #1 diagnosis OR equally likely": "pe_most_likely_diagnosis",
            "Immobilization for at least 3 days": "immobilization_3_days",
            "Surgery in the previous 4 weeks": "surgery_previous_4_weeks",
            "Previously Documented Pulmonary Embolism": "previous_pe",
            "Previously documented Deep Vein Thrombosis": "previous_dvt",
            "Hemoptysis": "hemoptysis",
            "Malignancy with treatment within 6 months or palliative": "malignancy",
        },
    ),
    example={
        "heart_rate": 108, "clinical_signs_of_dvt": False, "pe_most_likely_diagnosis": True,
        "immobilization_3_days": False, "surgery_previous_4_weeks": True, "previous_pe": False,
        "previous_dvt": False, "hemoptysis": False, "malignancy": False,
    },
)
def wells_pe(x: WellsPEInputs, w: Working) -> float:
    # points as floats: the score has half points, so every step shows a decimal
    dvt = finding(w, "clinical signs and symptoms of DVT", x.clinical_signs_of_dvt, 3.0)
    likely = finding(w, "PE is #1 diagnosis or equally likely", x.pe_most_likely_diagnosis, 3.0)
    hr = threshold(w, "heart rate > 100", f"heart rate {fmt(x.heart_rate)}", x.heart_rate, ">", 100, 1.5)
    immob = any_of(w, "immobilisation ≥ 3 days or surgery in previous 4 weeks",
                   (("immobilisation", x.immobilization_3_days), ("surgery", x.surgery_previous_4_weeks)), 1.5)
    prior = any_of(w, "previous PE or DVT", (("PE", x.previous_pe), ("DVT", x.previous_dvt)), 1.5)
    blood = finding(w, "haemoptysis", x.hemoptysis, 1.0)
    cancer = finding(w, "malignancy", x.malignancy, 1.0)
    total = sum_points(w, (dvt, likely, hr, immob, prior, blood, cancer), show=lambda p: fmt(p, 1))
    three = "low" if total < 2 else "moderate" if total <= 6 else "high"
    two = "PE likely" if total > 4 else "PE unlikely"
    w.interpretation = f"{three} probability (three-tier: < 2 low, 2-6 moderate, > 6 high); {two} (two-tier: > 4 likely)"
    return total
