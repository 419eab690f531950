"""PERC rule (pulmonary embolism rule-out criteria, Kline 2004)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, HeartRate, Inputs, q
from ..points import any_of, finding, sum_points, threshold
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt

OxygenSaturation = q("%", ge=0, le=100, plausible=(50, 100), units=("%", "1"))


class PERCInputs(Inputs):
    age: Age = Field(description="Age in years; 50 or older meets a criterion.")
    heart_rate: HeartRate = Field(description="Heart rate in beats per minute; 100 or more meets a criterion.")
    oxygen_saturation: OxygenSaturation = Field(
        description="Oxygen saturation (SaO2/SpO2) on room air, in %; below 95% meets a criterion. A fraction "
        "(0.94) must carry the unit '1', otherwise it is read as 0.94%."
    )
    unilateral_leg_swelling: bool = Finding("Unilateral leg swelling.")
    hemoptysis: bool = Finding("Haemoptysis.")
    recent_surgery_or_trauma: bool = Finding(
        "Surgery or trauma within the last 4 weeks requiring treatment with general anaesthesia.", when="recent",
    )
    previous_pe: bool = Finding("Prior pulmonary embolism (one criterion with prior DVT).", when="past")
    previous_dvt: bool = Finding("Prior deep vein thrombosis (one criterion with prior PE).", when="past")
    hormone_use: bool = Finding("Hormone use: oral contraceptives, hormone replacement or other oestrogen therapy.")


@calculator(
    id="perc",
    name="PERC Rule for Pulmonary Embolism",
    aliases=("perc-rule", "pulmonary-embolism-rule-out-criteria"),
    kind="score",
    specialty="emergency medicine",
    output=Output("criteria", "integer", 0, range=(0, 8)),
    inputs=PERCInputs,
    references=(
        Reference(
            "Kline JA, Mitchell AM, Kabrhel C, Richman PB, Courtney DM. Clinical criteria to prevent "
            "unnecessary diagnostic testing in emergency department patients with suspected pulmonary "
            "embolism. J Thromb Haemost. 2004;2(8):1247-1255.",
            "https://doi.org/10.1111/j.1538-7836.2004.00790.x",
        ),
        Reference(
            "Kline JA, Courtney DM, Kabrhel C, et al. Prospective multicenter evaluation of the pulmonary "
            "embolism rule-out criteria. J Thromb Haemost. 2008;6(5):772-780.",
            "https://doi.org/10.1111/j.1538-7836.2008.02944.x",
        ),
        Reference("MDCalc. PERC Rule for Pulmonary Embolism.", "https://www.mdcalc.com/calc/347/perc-rule-pulmonary-embolism"),
    ),
    formula=(
        "Count of criteria met: age ≥ 50; heart rate ≥ 100; SaO2 < 95%; unilateral leg swelling; "
        "haemoptysis; recent surgery or trauma (≤ 4 weeks, general anaesthesia); prior PE or DVT; hormone "
        "use. 0 criteria met (PERC negative) rules out PE only when pretest probability is low (< 15%)."
    ),
    description="Rules out pulmonary embolism without testing in low-pretest-probability patients when no "
    "criterion is met; reported here as the number of criteria met, as MedCalc-Bench asks.",
    medcalc_bench=MedCalcBench(
        48,
        {
            "age": "age",
            "Heart Rate or Pulse": "heart_rate",
            "O₂ saturation percentage": "oxygen_saturation",
            "Unilateral Leg Swelling": "unilateral_leg_swelling",
            "Hemoptysis": "hemoptysis",
            "Recent surgery or trauma": "recent_surgery_or_trauma",
            "Previously Documented Pulmonary Embolism": "previous_pe",
            "Previously documented Deep Vein Thrombosis": "previous_dvt",
            "Hormone use": "hormone_use",
        },
    ),
    example={
        "age": 42, "heart_rate": 96, "oxygen_saturation": 97, "unilateral_leg_swelling": False,
        "hemoptysis": False, "recent_surgery_or_trauma": False, "previous_pe": False, "previous_dvt": False,
        "hormone_use": True,
    },
)
def perc(x: PERCInputs, w: Working) -> int:
    # a rule of criteria, each counting 1 "criteria" rather than points
    age = threshold(w, "age ≥ 50", f"age {fmt(x.age)}", x.age, "≥", 50, unit="criteria")
    hr = threshold(w, "heart rate ≥ 100", f"heart rate {fmt(x.heart_rate)}", x.heart_rate, "≥", 100, unit="criteria")
    sat = threshold(w, "SaO2 < 95%", f"SaO2 {fmt(x.oxygen_saturation)}%", x.oxygen_saturation, "<", 95,
                    unit="criteria", limit_unit="%")
    leg = finding(w, "unilateral leg swelling", x.unilateral_leg_swelling, unit="criteria")
    blood = finding(w, "haemoptysis", x.hemoptysis, unit="criteria")
    surgery = finding(w, "recent surgery or trauma", x.recent_surgery_or_trauma, unit="criteria")
    prior = any_of(w, "prior PE or DVT", (("PE", x.previous_pe), ("DVT", x.previous_dvt)), unit="criteria")
    hormones = finding(w, "hormone use", x.hormone_use, unit="criteria")
    total = sum_points(w, (age, hr, sat, leg, blood, surgery, prior, hormones), "criteria met", "criteria")
    if total == 0:
        w.interpretation = ("PERC negative: no criterion met; if pretest probability is low (< 15%), PE is "
                            "ruled out without D-dimer or imaging")
    else:
        w.interpretation = f"PERC positive: {total} criteria met; PE cannot be ruled out by PERC"
    return total
