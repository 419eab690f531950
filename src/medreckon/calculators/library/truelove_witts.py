"""Truelove and Witts severity index for ulcerative colitis (Truelove & Witts 1955)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..fields import ESR, HeartRate, Hemoglobin, Inputs, Temperature, choice
from ..spec import Output, Reference, Working, calculator, fmt

BLOOD = ("none", "small", "visible")


class TrueloveWittsInputs(Inputs):
    stools_per_day: Annotated[int, Field(ge=0, le=60)] = Field(description="Bowel movements per day.")
    blood_in_stool: choice(*BLOOD) = Field(description="Blood in the stool: 'none', 'small' (small amounts only) or "
                                           "'visible' (frank blood).")
    temperature: Temperature = Field(description="Temperature, °C by default (°F with its unit); 37.8 °C or higher "
                                     "is pyrexia.")
    heart_rate: HeartRate = Field(description="Pulse, beats/min; above 90 is tachycardia.")
    hemoglobin: Hemoglobin = Field(description="Haemoglobin, g/dL by default (g/L with its unit); 10.5 g/dL or "
                                   "less is anaemia.")
    esr: ESR = Field(description="Erythrocyte sedimentation rate, mm/h; above 30 is raised.")


@calculator(
    id="truelove-witts",
    name="Truelove and Witts Severity Index for Ulcerative Colitis",
    aliases=("truelove-and-witts", "truelove-witts-criteria"),
    kind="score",
    specialty="gastroenterology",
    output=Output(None, "category", categories=("Mild", "Moderate", "Severe")),
    inputs=TrueloveWittsInputs,
    references=(
        Reference("Truelove SC, Witts LJ. Cortisone in ulcerative colitis; final report on a therapeutic trial. Br "
                  "Med J. 1955;2(4947):1041-1048.", "https://doi.org/10.1136/bmj.2.4947.1041"),
        Reference("MDCalc. Truelove and Witts Severity Index for Ulcerative Colitis.",
                  "https://www.mdcalc.com/calc/10056/truelove-witts-severity-index-ulcerative-colitis"),
    ),
    formula="Severe: ≥ 6 bloody stools/day and at least one of temperature ≥ 37.8 °C, pulse > 90/min, haemoglobin "
    "≤ 10.5 g/dL, ESR > 30 mm/h. Mild: ≤ 4 stools/day, no more than small amounts of blood, and none of those "
    "systemic signs. Moderate: between the two.",
    description="Classifies a flare of ulcerative colitis as mild, moderate or severe; a severe attack needs "
    "admission for intravenous corticosteroids.",
    example={"stools_per_day": 12, "blood_in_stool": "visible", "temperature": 38.2, "heart_rate": 112,
             "hemoglobin": 9.8, "esr": 68},
)
def truelove_witts(x: TrueloveWittsInputs, w: Working) -> str:
    signs = [name for name, present in (
        (f"temperature {fmt(x.temperature)} ≥ 37.8 °C", x.temperature >= 37.8),
        (f"pulse {fmt(x.heart_rate)} > 90", x.heart_rate > 90),
        (f"haemoglobin {fmt(x.hemoglobin)} ≤ 10.5 g/dL", x.hemoglobin <= 10.5),
        (f"ESR {fmt(x.esr)} > 30 mm/h", x.esr > 30),
    ) if present]
    w.step("systemic signs", "; ".join(signs) if signs else "none", len(signs))
    if x.stools_per_day >= 6 and x.blood_in_stool != "none" and signs:
        severity = w.step("severity", f"{x.stools_per_day} bloody stools/day ≥ 6 with a systemic sign", "Severe")
    elif x.stools_per_day <= 4 and x.blood_in_stool != "visible" and not signs:
        severity = w.step("severity", f"{x.stools_per_day} stools/day ≤ 4, little or no blood, no systemic sign",
                          "Mild")
    else:
        severity = w.step("severity", "neither mild nor severe", "Moderate")
    w.interpretation = {"Severe": "severe attack: admit for intravenous corticosteroids",
                        "Moderate": "moderate attack", "Mild": "mild attack"}[severity]
    return severity
