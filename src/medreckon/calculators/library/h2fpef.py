"""H2FPEF score and probability of heart failure with preserved ejection fraction (Reddy 2018)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import BMI, Age, Finding, Inputs, PulmonaryArteryPressure, q
from ..points import finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

EeRatio = q("1", gt=0, lt=100, plausible=(3, 40), units=("1",))


class H2FPEFInputs(Inputs):
    age: Age = Field(description="Age in years (points: > 60).")
    bmi: BMI = Field(description="Body mass index, kg/m² (points: > 30).")
    e_e_prime: EeRatio = Field(description="Ratio of early mitral inflow velocity to early diastolic annular velocity "
                               "(E/e'), no unit (points: > 9).")
    pasp: PulmonaryArteryPressure = Field(description="Pulmonary artery systolic pressure by echocardiography, mmHg "
                                          "(points: > 35).")
    atrial_fibrillation: bool = Finding("Paroxysmal or persistent atrial fibrillation (3 points).")


@calculator(
    id="h2fpef",
    name="H2FPEF Score for Heart Failure with Preserved Ejection Fraction",
    aliases=("h2fpef-score",),
    kind="equation",
    specialty="cardiology",
    output=Output("%", "decimal", 1, range=(0, 100), secondary=(
        Secondary("points", "H2FPEF points without the hypertension item (treated with ≥ 2 antihypertensives, 1 "
                  "point, not an input here): BMI > 30 (2), AF (3), PASP > 35 (1), age > 60 (1), E/e' > 9 (1)",
                  "points", "integer"),
    )),
    inputs=H2FPEFInputs,
    references=(
        Reference("Reddy YNV, Carter RE, Obokata M, Redfield MM, Borlaug BA. A simple, evidence-based approach to help "
                  "guide diagnosis of heart failure with preserved ejection fraction. Circulation. "
                  "2018;138(9):861-870.", "https://doi.org/10.1161/CIRCULATIONAHA.118.034646"),
        Reference("MDCalc. H2FPEF Score for Heart Failure with Preserved Ejection Fraction.",
                  "https://www.mdcalc.com/calc/10158/h2fpef-score-heart-failure-preserved-ejection-fraction"),
    ),
    formula="y = −9.1917 + 0.0451 × age + 0.1307 × BMI + 0.0859 × E/e' + 0.0520 × PASP + 1.6997 × AF; probability of "
    "HFpEF = e^y / (1 + e^y). Points (without the hypertension item): BMI > 30: 2, AF: 3, PASP > 35: 1, age > 60: 1, "
    "E/e' > 9: 1.",
    description="Probability that unexplained dyspnoea with preserved ejection fraction is heart failure (HFpEF), by "
    "the continuous H2FPEF model that MDCalc reports. The points score also counts treatment with two or more "
    "antihypertensives, which the continuous model does not use; the points here leave it out.",
    example={"age": 74, "bmi": 32, "e_e_prime": 16, "pasp": 45, "atrial_fibrillation": False},
)
def h2fpef(x: H2FPEFInputs, w: Working) -> float:
    af = int(x.atrial_fibrillation)
    y = w.step("logit", lambda: f"−9.1917 + 0.0451 × {fmt(x.age)} + 0.1307 × {fmt(x.bmi)} + 0.0859 × "
               f"{fmt(x.e_e_prime)} + 0.0520 × {fmt(x.pasp)} + 1.6997 × {af}",
               -9.1917 + 0.0451 * x.age + 0.1307 * x.bmi + 0.0859 * x.e_e_prime + 0.0520 * x.pasp + 1.6997 * af)
    probability = w.step("probability of HFpEF", lambda: f"100 / (1 + e^−({fmt(y)}))", 100 / (1 + math.exp(-y)), "%")
    w.output("points", sum_points(w, (
        threshold(w, "BMI > 30", f"BMI {fmt(x.bmi)}", x.bmi, ">", 30, 2),
        finding(w, "atrial fibrillation", x.atrial_fibrillation, 3),
        threshold(w, "PASP > 35 mmHg", f"PASP {fmt(x.pasp)}", x.pasp, ">", 35),
        threshold(w, "age > 60", f"age {fmt(x.age)}", x.age, ">", 60),
        threshold(w, "E/e' > 9", f"E/e' {fmt(x.e_e_prime)}", x.e_e_prime, ">", 9),
    ), what="H2FPEF points (without hypertension)"))
    w.interpretation = (f"probability of HFpEF {fmt(probability, 1)}%: " +
                        ("HFpEF likely (≥ 90%)" if probability >= 90 else "HFpEF unlikely (< 20%)" if probability < 20
                         else "intermediate: consider further testing (e.g. exercise haemodynamics)"))
    return probability
