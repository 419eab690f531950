"""NEWS2: National Early Warning Score 2 (Royal College of Physicians 2017), SpO2 scale 1 or 2."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..fields import (
    BloodPressure,
    Finding,
    HeartRate,
    Inputs,
    Option,
    RespiratoryRate,
    Temperature,
    choice,
)
from ..points import banded, category, finding, sum_points
from ..rounding import round_half_away
from ..spec import Output, Reference, Working, calculator, fmt
from .perc import OxygenSaturation

Consciousness = choice(
    "alert", "new confusion", "voice", "pain", "unresponsive",
    synonyms={"a": "alert", "c": "new confusion", "confusion": "new confusion", "confused": "new confusion",
              "v": "voice", "responds to voice": "voice", "p": "pain", "responds to pain": "pain",
              "u": "unresponsive", "unconscious": "unresponsive"},
)
CONSCIOUSNESS_POINTS = {"alert": 0, "new confusion": 3, "voice": 3, "pain": 3, "unresponsive": 3}


class NEWS2Inputs(Inputs):
    respiratory_rate: RespiratoryRate = Field(
        description="Respiratory rate per minute: ≤ 8 scores 3, 9-11 1, 12-20 0, 21-24 2, ≥ 25 3."
    )
    oxygen_saturation: OxygenSaturation = Field(
        description="SpO2 in %. Scale 1: ≤ 91 scores 3, 92-93 2, 94-95 1, ≥ 96 0. Scale 2 (see spo2_scale): ≤ 83 3, "
        "84-85 2, 86-87 1, 88-92 0, and ≥ 93 scores 0 on air but 1 (93-94), 2 (95-96), 3 (≥ 97) on oxygen."
    )
    supplemental_oxygen: bool = Finding(
        "Breathing supplemental oxygen (any device or flow) rather than room air: scores 2."
    )
    systolic_bp: BloodPressure = Field(
        description="Systolic blood pressure in mm Hg: ≤ 90 scores 3, 91-100 2, 101-110 1, 111-219 0, ≥ 220 3."
    )
    pulse: HeartRate = Field(
        description="Pulse per minute: ≤ 40 scores 3, 41-50 1, 51-90 0, 91-110 1, 111-130 2, ≥ 131 3."
    )
    consciousness: Consciousness = Field(
        description="ACVPU: 'alert' 0; 'new confusion' (new-onset or worsening confusion or disorientation), "
        "'voice', 'pain' or 'unresponsive' 3. Chronic, unchanged confusion is 'alert'."
    )
    temperature: Temperature = Field(
        description="Temperature, °C by default ('101 degF' with its unit), compared to 0.1 °C: ≤ 35.0 scores 3, "
        "35.1-36.0 1, 36.1-38.0 0, 38.1-39.0 1, ≥ 39.1 2."
    )
    spo2_scale: Literal["scale 1", "scale 2"] = Option(
        "scale 1", "'scale 1' for everyone, unless a clinician has prescribed a target saturation of 88-92% for "
        "hypercapnic respiratory failure (e.g. COPD with CO2 retention): then 'scale 2'."
    )


@calculator(
    id="news2",
    name="National Early Warning Score (NEWS) 2",
    aliases=("news-2", "news", "national-early-warning-score", "National Early Warning Score (NEWS)"),
    kind="score",
    specialty="critical care",
    output=Output("points", "integer", 0, range=(0, 20)),
    inputs=NEWS2Inputs,
    references=(
        Reference("Royal College of Physicians. National Early Warning Score (NEWS) 2: Standardising the assessment "
                  "of acute-illness severity in the NHS. Updated report of a working party. London: RCP, 2017.",
                  "https://www.rcp.ac.uk/improving-care/resources/national-early-warning-score-news-2/"),
        Reference("MDCalc. National Early Warning Score (NEWS) 2.",
                  "https://www.mdcalc.com/calc/10083/national-early-warning-score-news-2"),
    ),
    formula="Respiration ≤ 8 3, 9-11 1, 12-20 0, 21-24 2, ≥ 25 3. SpO2 scale 1: ≤ 91 3, 92-93 2, 94-95 1, ≥ 96 0; "
    "scale 2: ≤ 83 3, 84-85 2, 86-87 1, 88-92 (or ≥ 93 on air) 0, 93-94 on O2 1, 95-96 on O2 2, ≥ 97 on O2 3. "
    "Supplemental oxygen 2. Systolic BP ≤ 90 3, 91-100 2, 101-110 1, 111-219 0, ≥ 220 3. Pulse ≤ 40 3, 41-50 1, "
    "51-90 0, 91-110 1, 111-130 2, ≥ 131 3. Consciousness: alert 0; new confusion, voice, pain or unresponsive "
    "3. Temperature ≤ 35.0 3, 35.1-36.0 1, 36.1-38.0 0, 38.1-39.0 1, ≥ 39.1 2. Total 0-20: 0-4 low (3 in any "
    "one parameter: low-medium), 5-6 medium, ≥ 7 high clinical risk.",
    description="Detects acute clinical deterioration in adults (not in pregnancy or under 16) from six routine "
    "observations, and sets the urgency of the clinical response. The original NEWS (RCP 2012) is this score on "
    "SpO2 scale 1 with AVPU (no 'new confusion' level): its bands and points are the same.",
    example={"respiratory_rate": 23, "oxygen_saturation": 94, "supplemental_oxygen": True, "systolic_bp": 104,
             "pulse": 112, "consciousness": "alert", "temperature": "101.3 degF", "spo2_scale": "scale 1"},
)
def news2(x: NEWS2Inputs, w: Working) -> int:
    rr = banded(w, "respiration rate", x.respiratory_rate, "/min", ((25, 3), (21, 2), (12, 0), (9, 1), (None, 3)))
    spo2 = _saturation(x, w)
    oxygen = finding(w, "air or oxygen", x.supplemental_oxygen, 2, texts=("oxygen", "air"))
    sbp = banded(w, "systolic blood pressure", round_half_away(x.systolic_bp, 2), "mmHg",
                 ((220, 3), (110, 0, True), (100, 1, True), (90, 2, True), (None, 3)))
    pulse = banded(w, "pulse", x.pulse, "/min",
                   ((130, 3, True), (110, 2, True), (90, 1, True), (50, 0, True), (40, 1, True), (None, 3)))
    acvpu = category(w, "consciousness (ACVPU)", x.consciousness, CONSCIOUSNESS_POINTS)
    t = round_half_away(x.temperature, 1)  # charted to 0.1 °C; 101.3 °F is 38.5 °C
    temp = banded(w, "temperature", t, "°C", ((39.0, 2, True), (38.0, 1, True), (36.0, 0, True), (35.0, 1, True),
                                              (None, 3)))
    parts = (rr, spo2, oxygen, sbp, pulse, acvpu, temp)
    total = sum_points(w, parts)
    if total >= 7:
        w.interpretation = "high clinical risk (≥ 7): emergency response, critical-care outreach"
    elif total >= 5:
        w.interpretation = "medium clinical risk (5-6): urgent response by a clinician competent in acute illness"
    elif max(parts) == 3:
        w.interpretation = "low-medium clinical risk (3 in a single parameter): urgent ward-based response"
    else:
        w.interpretation = ("low clinical risk (0-4): ward-based response" if total else
                            "low clinical risk (0): routine monitoring")
    return total


def _saturation(x: NEWS2Inputs, w: Working) -> int:
    sat = round_half_away(x.oxygen_saturation, 2)
    if x.spo2_scale == "scale 1":
        return banded(w, "SpO2 (scale 1)", sat, "%", ((96, 0), (94, 1), (92, 2), (None, 3)))
    if sat >= 93 and x.supplemental_oxygen:
        return banded(w, "SpO2 (scale 2, on oxygen)", sat, "%", ((97, 3), (95, 2), (93, 1)))
    if sat >= 93:
        return w.step("SpO2 (scale 2, on air)", f"{fmt(sat)}% ≥ 93 on air", 0, "points")
    return banded(w, "SpO2 (scale 2)", sat, "%", ((88, 0), (86, 1), (84, 2), (None, 3)))
