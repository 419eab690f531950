"""COWS: Clinical Opiate Withdrawal Scale (Wesson & Ling 2003)."""

from __future__ import annotations

from pydantic import Field

from ..fields import HeartRate, Inputs
from ..points import cut_offs, sum_points
from ..scales import item
from ..spec import Output, Reference, Working, calculator, fmt


class COWSInputs(Inputs):
    resting_pulse: HeartRate = Field(
        description="Resting pulse in beats per minute, measured after the patient has sat or lain for one minute: "
        "≤ 80 scores 0, 81-100 1, 101-120 2, > 120 4. Give the rate, not the points."
    )
    sweating: item(4) = Field(
        description="Sweating over the past half hour, not explained by room temperature or activity: 0 none, "
        "1 subjective report of chills or flushing, 2 flushed or observable moistness on the face, 3 beads of sweat "
        "on brow or face, 4 sweat streaming off the face."
    )
    restlessness: item(5, (0, 1, 3, 5)) = Field(
        description="Restlessness during the assessment: 0 able to sit still, 1 reports difficulty sitting still but "
        "is able to, 3 frequent shifting or extraneous movements of legs/arms, 5 unable to sit still for more than "
        "a few seconds. Only 0, 1, 3 or 5."
    )
    pupil_size: item(5, (0, 1, 2, 5)) = Field(
        description="Pupil size: 0 pinned or normal for room light, 1 possibly larger than normal, 2 moderately "
        "dilated, 5 so dilated that only the rim of the iris is visible. Only 0, 1, 2 or 5."
    )
    bone_joint_aches: item(4, (0, 1, 2, 4)) = Field(
        description="Bone or joint aches (new, from withdrawal; chronic pain scores only the additional part): 0 none, "
        "1 mild diffuse discomfort, 2 severe diffuse aching, 4 rubbing joints or muscles and unable to sit still. "
        "Only 0, 1, 2 or 4."
    )
    runny_nose_tearing: item(4, (0, 1, 2, 4)) = Field(
        description="Runny nose or tearing not from a cold or allergies: 0 none, 1 nasal stuffiness or unusually "
        "moist eyes, 2 runny nose or tearing, 4 constantly running nose or tears streaming. Only 0, 1, 2 or 4."
    )
    gi_upset: item(5, (0, 1, 2, 3, 5)) = Field(
        description="GI upset over the last half hour: 0 none, 1 stomach cramps, 2 nausea or loose stool, "
        "3 vomiting or diarrhoea, 5 multiple episodes of diarrhoea or vomiting. Only 0, 1, 2, 3 or 5."
    )
    tremor: item(4, (0, 1, 2, 4)) = Field(
        description="Tremor of the outstretched hands: 0 none, 1 felt but not observed, 2 slight tremor observable, "
        "4 gross tremor or muscle twitching. Only 0, 1, 2 or 4."
    )
    yawning: item(4, (0, 1, 2, 4)) = Field(
        description="Yawning during the assessment: 0 none, 1 once or twice, 2 three or more times, 4 several times "
        "a minute. Only 0, 1, 2 or 4."
    )
    anxiety_irritability: item(4, (0, 1, 2, 4)) = Field(
        description="Anxiety or irritability: 0 none, 1 reports increasing irritability or anxiousness, 2 obviously "
        "irritable or anxious, 4 so irritable or anxious that participation is difficult. Only 0, 1, 2 or 4."
    )
    gooseflesh: item(5, (0, 3, 5)) = Field(
        description="Gooseflesh skin: 0 smooth skin, 3 piloerection felt or hairs standing up on the arms, "
        "5 prominent piloerection. Only 0, 3 or 5."
    )


ITEMS = (
    ("sweating", "sweating", 4), ("restlessness", "restlessness", 5), ("pupil_size", "pupil size", 5),
    ("bone_joint_aches", "bone or joint aches", 4), ("runny_nose_tearing", "runny nose or tearing", 4),
    ("gi_upset", "GI upset", 5), ("tremor", "tremor", 4), ("yawning", "yawning", 4),
    ("anxiety_irritability", "anxiety or irritability", 4), ("gooseflesh", "gooseflesh skin", 5),
)


@calculator(
    id="cows",
    name="COWS (Clinical Opiate Withdrawal Scale)",
    aliases=("clinical-opiate-withdrawal-scale", "cows-score", "opiate-withdrawal-scale",
             "COWS Score for Opiate Withdrawal"),
    kind="score",
    specialty="psychiatry",
    output=Output("points", "integer", 0, range=(0, 48)),
    inputs=COWSInputs,
    references=(
        Reference("Wesson DR, Ling W. The Clinical Opiate Withdrawal Scale (COWS). J Psychoactive Drugs. "
                  "2003;35(2):253-259.", "https://doi.org/10.1080/02791072.2003.10400007"),
        Reference("MDCalc. COWS Score for Opiate Withdrawal.", "https://www.mdcalc.com/calc/1780/cows-score-opiate-withdrawal"),
    ),
    formula="Resting pulse ≤ 80 0, 81-100 1, 101-120 2, > 120 4; sweating 0-4; restlessness 0/1/3/5; pupil size "
    "0/1/2/5; bone or joint aches 0/1/2/4; runny nose or tearing 0/1/2/4; GI upset 0/1/2/3/5; tremor 0/1/2/4; "
    "yawning 0/1/2/4; anxiety or irritability 0/1/2/4; gooseflesh 0/3/5. Total 0-48: 5-12 mild, 13-24 "
    "moderate, 25-36 moderately severe, > 36 severe withdrawal.",
    description="Severity of opioid withdrawal from eleven signs and symptoms; used to time buprenorphine "
    "induction and to follow withdrawal.",
    example={"resting_pulse": 104, "sweating": 2, "restlessness": 3, "pupil_size": 2, "bone_joint_aches": 2,
             "runny_nose_tearing": 2, "gi_upset": 2, "tremor": 1, "yawning": 2, "anxiety_irritability": 2,
             "gooseflesh": 3},
)
def cows(x: COWSInputs, w: Working) -> int:
    pulse = cut_offs(w, "resting pulse", f"pulse {fmt(x.resting_pulse)}/min", x.resting_pulse,
                     ((120, 4, True), (100, 2, True), (80, 1, True), (None, 0)))
    parts = [pulse] + [w.step(what, f"{getattr(x, name)} of {top}", getattr(x, name), "points")
                       for name, what, top in ITEMS]
    total = sum_points(w, parts)
    if total < 5:
        w.interpretation = "no active withdrawal (< 5)"
    elif total <= 12:
        w.interpretation = "mild withdrawal (5-12)"
    elif total <= 24:
        w.interpretation = "moderate withdrawal (13-24)"
    elif total <= 36:
        w.interpretation = "moderately severe withdrawal (25-36)"
    else:
        w.interpretation = "severe withdrawal (> 36)"
    return total
