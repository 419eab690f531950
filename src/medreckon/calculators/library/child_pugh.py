"""Child-Pugh score for cirrhosis (Child & Turcotte 1964, Pugh 1973; INR bands as MDCalc gives them)."""

from __future__ import annotations

from pydantic import Field

from ..fields import INR, Albumin, Bilirubin, Inputs, choice
from ..points import category, cut_offs, sum_points
from ..rounding import round_half_away
from ..spec import MedCalcBench, Output, Reference, Secondary, Working, calculator, fmt

ASCITES_POINTS = {"absent": 1, "slight": 2, "moderate": 3}
Ascites = choice(
    *ASCITES_POINTS,
    synonyms={
        "none": "absent", "no": "absent", "no ascites": "absent",
        "mild": "slight", "slight ascites": "slight", "mild ascites": "slight", "controlled": "slight",
        "moderate ascites": "moderate", "moderate-severe": "moderate", "moderate to severe": "moderate",
        "severe": "moderate", "large": "moderate", "tense": "moderate", "refractory": "moderate",
    },
)
ENCEPHALOPATHY_POINTS = {"none": 1, "grade 1-2": 2, "grade 3-4": 3}
Encephalopathy = choice(
    *ENCEPHALOPATHY_POINTS,
    synonyms={
        "no encephalopathy": "none", "absent": "none", "no": "none", "grade 0": "none", "0": "none",
        "grade 1": "grade 1-2", "grade 2": "grade 1-2", "1-2": "grade 1-2", "grade 1–2": "grade 1-2",
        "grade 1 or 2": "grade 1-2", "grade 1-2 encephalopathy": "grade 1-2", "mild": "grade 1-2",
        "grade 3": "grade 3-4", "grade 4": "grade 3-4", "3-4": "grade 3-4", "grade 3–4": "grade 3-4",
        "grade 3 or 4": "grade 3-4", "grade 3-4 encephalopathy": "grade 3-4", "severe": "grade 3-4",
    },
)




class ChildPughInputs(Inputs):
    bilirubin: Bilirubin = Field(
        description="Total serum bilirubin, mg/dL by default. A value in µmol/L must carry its unit "
        "('40 umol/L'; 17.1 µmol/L = 1 mg/dL); do not pass µmol/L labelled as mg/dL."
    )
    albumin: Albumin = Field(
        description="Serum albumin, g/dL by default. A value in g/L must carry its unit ('31 g/L'); "
        "35 g/L is 3.5 g/dL."
    )
    inr: INR = Field(description="International normalized ratio (unitless), not the prothrombin time in seconds.")
    ascites: Ascites = Field(
        "absent",
        description="Ascites on examination or imaging: 'absent', 'slight' (mild) or 'moderate' (moderate "
        "to severe, tense). Not given: taken as absent (1 point), with a warning.",
    )
    encephalopathy: Encephalopathy = Field(
        "none",
        description="Hepatic encephalopathy by West Haven grade: 'none', 'grade 1-2' or 'grade 3-4'. "
        "Not given: taken as none (1 point), with a warning.",
    )


@calculator(
    id="child-pugh",
    name="Child-Pugh Score for Cirrhosis Mortality",
    aliases=("child-pugh-score", "child-turcotte-pugh", "ctp", "Child-Pugh Score for Cirrhosis"),
    kind="score",
    specialty="hepatology",
    output=Output("points", "integer", 0, range=(5, 15), secondary=(
        Secondary("child_pugh_class", "Child-Pugh class: A (5-6 points), B (7-9) or C (10-15)", None, "text"),)),
    inputs=ChildPughInputs,
    references=(
        Reference("Child CG, Turcotte JG. Surgery and portal hypertension. In: Child CG, ed. The Liver and "
                  "Portal Hypertension. Philadelphia: Saunders; 1964:50-64."),
        Reference("Pugh RN, Murray-Lyon IM, Dawson JL, Pietroni MC, Williams R. Transection of the "
                  "oesophagus for bleeding oesophageal varices. Br J Surg. 1973;60(8):646-649.",
                  "https://doi.org/10.1002/bjs.1800600817"),
        Reference("MDCalc. Child-Pugh Score for Cirrhosis Mortality.",
                  "https://www.mdcalc.com/calc/340/child-pugh-score-cirrhosis-mortality"),
    ),
    formula=(
        "Bilirubin < 2 mg/dL 1, 2-3 mg/dL 2, > 3 mg/dL 3; albumin > 3.5 g/dL 1, 2.8-3.5 g/dL 2, "
        "< 2.8 g/dL 3; INR < 1.7 1, 1.7-2.3 2, > 2.3 3; ascites absent 1, slight 2, moderate 3; "
        "encephalopathy none 1, grade 1-2 2, grade 3-4 3. Total 5-15: class A 5-6, B 7-9, C 10-15."
    ),
    description="Severity of chronic liver disease (cirrhosis) from two clinical findings and three "
    "laboratory values; classes A-C. The middle bands include both their limits (bilirubin 3.0 "
    "and albumin 2.8 score 2).",
    medcalc_bench=MedCalcBench(
        15,
        {
            "Bilirubin": "bilirubin",
            "Albumin": "albumin",
            "international normalized ratio": "inr",
            "Ascites": "ascites",
            "Encephalopathy": "encephalopathy",
        },
    ),
    example={"bilirubin": 2.4, "albumin": "31 g/L", "inr": 1.5, "ascites": "slight", "encephalopathy": "none"},
)
def child_pugh(x: ChildPughInputs, w: Working) -> int:
    # labs compared at 0.01 precision, so unit-conversion noise (34.2 µmol/L = 1.9995 mg/dL,
    # 28 g/L = 2.8000000000000003 g/dL) does not cross a band limit; the middle bands hold both
    # their limits, so each top band's lower limit is strict
    bili = round_half_away(x.bilirubin, 2)
    b = cut_offs(w, "bilirubin", f"bilirubin {fmt(bili, 2)} mg/dL", bili, ((3, 3, True), (2, 2), (None, 1)))
    alb = round_half_away(x.albumin, 2)
    a = cut_offs(w, "albumin", f"albumin {fmt(alb, 2)} g/dL", alb, ((3.5, 1, True), (2.8, 2), (None, 3)))
    inr = round_half_away(x.inr, 2)
    i = cut_offs(w, "INR", f"INR {fmt(inr, 2)}", inr, ((2.3, 3, True), (1.7, 2), (None, 1)))
    asc = category(w, "ascites", x.ascites, ASCITES_POINTS)
    enc = category(w, "encephalopathy", x.encephalopathy, ENCEPHALOPATHY_POINTS)
    total = sum_points(w, (b, a, i, asc, enc))
    w.interpretation = child_pugh_class(total)
    w.output("child_pugh_class", "A" if total <= 6 else "B" if total <= 9 else "C")
    return total


def child_pugh_class(total: int) -> str:
    if total <= 6:
        return "Child-Pugh class A (5-6 points): well-compensated disease"
    if total <= 9:
        return "Child-Pugh class B (7-9 points): significant functional compromise"
    return "Child-Pugh class C (10-15 points): decompensated disease"
