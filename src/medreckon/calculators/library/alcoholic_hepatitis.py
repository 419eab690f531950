"""Alcohol-associated hepatitis: Maddrey's discriminant function (Maddrey 1978, modified by Carithers
1989), the Glasgow alcoholic hepatitis score (Forrest 2005) and the Lille model (Louvet 2007)."""

from __future__ import annotations

from pydantic import Field

from ..defined import logistic
from ..fields import INR, Age, Albumin, Bilirubin, Creatinine, Inputs, WhiteCells, q
from ..points import cut_offs, sum_points
from ..spec import Output, Reference, Working, calculator, fmt

ProthrombinTime = q("s", gt=0, lt=300, plausible=(8, 120), units=("s",))
# GAHS and Lille take bilirubin in µmol/L and urea in mmol/L, as their (UK, French) sources do, where
# MELD, Maddrey, Child-Pugh and the BUN scores take mg/dL: each field says so, and a bare bilirubin
# below the upper limit of normal (17 µmol/L = 1 mg/dL), which no patient with alcoholic hepatitis
# has, is warned as far more plausible in mg/dL ("did you mean 12 mg/dL (= 205 umol/L)?")
BilirubinMicromolar = q("umol/L", analyte="bilirubin", ge=0, plausible=(17, 1000), units=("umol/L", "mg/dL"))
Urea = q("mmol/L", analyte="bun", ge=0, plausible=(0.3, 110), units=("mmol/L", "mg/dL"))
MICROMOLAR = "µmol/L by default, unlike MELD, Maddrey and Child-Pugh (mg/dL): a bare 12 is 12 µmol/L; a value in " \
    "mg/dL must carry 'mg/dL'"


class MaddreyInputs(Inputs):
    prothrombin_time: ProthrombinTime = Field(description="The patient's prothrombin time in seconds; not the INR.")
    control_prothrombin_time: ProthrombinTime = Field(
        description="The laboratory's control (reference) prothrombin time in seconds, often 12-13 s; not the INR."
    )
    bilirubin: Bilirubin = Field(description="Total bilirubin, mg/dL by default; a value in µmol/L must carry its "
                                 "unit ('300 umol/L'), since the formula adds mg/dL.")


@calculator(
    id="maddrey-df",
    name="Maddrey's Discriminant Function for Alcoholic Hepatitis",
    aliases=("maddrey", "mdf", "discriminant-function", "maddrey-discriminant-function"),
    kind="equation",
    specialty="hepatology",
    output=Output(None, "decimal", 1, range=(0, 200)),
    inputs=MaddreyInputs,
    references=(
        Reference("Maddrey WC, Boitnott JK, Bedine MS, Weber FL Jr, Mezey E, White RI Jr. Corticosteroid therapy of "
                  "alcoholic hepatitis. Gastroenterology. 1978;75(2):193-199."),
        Reference("Carithers RL Jr, Herlong HF, Diehl AM, et al. Methylprednisolone therapy in patients with severe "
                  "alcoholic hepatitis: a randomized multicenter trial. Ann Intern Med. 1989;110(9):685-690 "
                  "(DF ≥ 32).", "https://doi.org/10.7326/0003-4819-110-9-685"),
        Reference("MDCalc. Maddrey's Discriminant Function for Alcoholic Hepatitis."),
    ),
    formula="DF = 4.6 × (patient's prothrombin time − control prothrombin time, seconds) + total bilirubin (mg/dL). "
    "DF ≥ 32: severe alcoholic hepatitis (high short-term mortality; consider corticosteroids).",
    description="Severity and short-term prognosis of alcohol-associated hepatitis, to decide on corticosteroids.",
    example={"prothrombin_time": 21.5, "control_prothrombin_time": 12.5, "bilirubin": "256 umol/L"},
)
def maddrey_df(x: MaddreyInputs, w: Working) -> float:
    df = w.step("discriminant function",
                f"4.6 × ({fmt(x.prothrombin_time)} − {fmt(x.control_prothrombin_time)}) + {fmt(x.bilirubin, 2)}",
                4.6 * (x.prothrombin_time - x.control_prothrombin_time) + x.bilirubin)
    if x.prothrombin_time < x.control_prothrombin_time:
        w.warn("the patient's prothrombin time is below the control: check the two are not swapped",
               "prothrombin_time")
    w.interpretation = ("DF ≥ 32: severe alcoholic hepatitis, high short-term mortality; consider corticosteroids"
                        if df >= 32 else "DF < 32: not severe alcoholic hepatitis by this rule")
    return df


class GAHSInputs(Inputs):
    age: Age = Field(description="Age in years; 50 or older scores 2.")
    white_cells: WhiteCells = Field(description="White cell count, 10⁹/L (= 10³/µL); 15 or more scores 2.")
    urea: Urea = Field(description="Blood urea in mmol/L by default, unlike CURB-65, BISAP and the other BUN "
                       "scores (mg/dL); 5 or more scores 2. A BUN in mg/dL must carry 'mg/dL' and is converted "
                       "(2.8 mg/dL BUN per mmol/L urea); a urea mass in mg/dL is not a BUN.")
    inr: INR = Field(description="INR or prothrombin time ratio (no unit): < 1.5 scores 1, 1.5-2.0 scores 2, > 2.0 "
                     "scores 3.")
    bilirubin: BilirubinMicromolar = Field(description=f"Total bilirubin, {MICROMOLAR}. < 125 µmol/L scores 1, "
                                           "125-250 scores 2, > 250 scores 3.")


@calculator(
    id="glasgow-alcoholic-hepatitis",
    name="Glasgow Alcoholic Hepatitis Score (GAHS)",
    aliases=("gahs", "glasgow-alcoholic-hepatitis-score"),
    kind="score",
    specialty="hepatology",
    output=Output("points", "integer", 0, range=(5, 12)),
    inputs=GAHSInputs,
    references=(
        Reference("Forrest EH, Evans CD, Stewart S, et al. Analysis of factors predictive of mortality in alcoholic "
                  "hepatitis and derivation and validation of the Glasgow alcoholic hepatitis score. Gut. "
                  "2005;54(8):1174-1179.", "https://doi.org/10.1136/gut.2004.050781"),
        Reference("MDCalc. Glasgow Alcoholic Hepatitis Score."),
    ),
    formula="Age < 50: 1, ≥ 50: 2. White cells (10⁹/L) < 15: 1, ≥ 15: 2. Urea (mmol/L) < 5: 1, ≥ 5: 2. PT ratio or "
    "INR < 1.5: 1, 1.5-2.0: 2, > 2.0: 3. Bilirubin (µmol/L) < 125: 1, 125-250: 2, > 250: 3. Total 5-12; ≥ 9: poor "
    "prognosis (28-day survival 46% vs 87% below 9, untreated).",
    description="Short-term (28- and 84-day) prognosis in alcohol-associated hepatitis; with a discriminant "
    "function ≥ 32, a GAHS ≥ 9 identifies those who benefit from corticosteroids.",
    example={"age": 47, "white_cells": 16.2, "urea": "4.1 mmol/L", "inr": 1.9, "bilirubin": "312 umol/L"},
)
def glasgow_alcoholic_hepatitis(x: GAHSInputs, w: Working) -> int:
    age = cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((50, 2), (None, 1)))
    wcc = cut_offs(w, "white cells (10⁹/L)", f"WCC {fmt(x.white_cells)}", x.white_cells, ((15, 2), (None, 1)))
    urea = cut_offs(w, "urea (mmol/L)", f"urea {fmt(x.urea, 2)}", x.urea, ((5, 2), (None, 1)))
    inr = cut_offs(w, "PT ratio or INR", f"INR {fmt(x.inr, 2)}", x.inr, ((2.0, 3, True), (1.5, 2), (None, 1)))
    bili = cut_offs(w, "bilirubin (µmol/L)", f"bilirubin {fmt(x.bilirubin, 1)}", x.bilirubin,
                    ((250, 3, True), (125, 2), (None, 1)))
    total = sum_points(w, (age, wcc, urea, inr, bili))
    w.interpretation = ("GAHS ≥ 9: poor prognosis (28-day survival 46% untreated); corticosteroids improve survival "
                        "when the discriminant function is ≥ 32" if total >= 9
                        else "GAHS < 9: better prognosis (28-day survival 87%); no survival benefit from corticosteroids")
    return total


class LilleInputs(Inputs):
    age: Age = Field(description="Age in years.")
    albumin: Albumin = Field(description="Serum albumin on day 0 (before corticosteroids), g/dL by default; '25 g/L' "
                             "must carry its unit. The model uses g/L.")
    bilirubin_day0: BilirubinMicromolar = Field(description=f"Total bilirubin on day 0, {MICROMOLAR}.")
    bilirubin_day7: BilirubinMicromolar = Field(description=f"Total bilirubin on day 7 of corticosteroids, "
                                                f"{MICROMOLAR}.")
    creatinine: Creatinine = Field(description="Serum creatinine on day 0, mg/dL by default ('120 umol/L' is "
                                   "accepted); above 1.3 mg/dL (115 µmol/L) counts as renal insufficiency.")
    prothrombin_time: ProthrombinTime = Field(description="Prothrombin time on day 0 in seconds; not the INR.")


@calculator(
    id="lille-model",
    name="Lille Model for Alcoholic Hepatitis",
    aliases=("lille", "lille-score"),
    kind="equation",
    specialty="hepatology",
    output=Output(None, "decimal", 2, range=(0, 1)),
    inputs=LilleInputs,
    references=(
        Reference("Louvet A, Naveau S, Abdelnour M, et al. The Lille model: a new tool for therapeutic strategy in "
                  "patients with severe alcoholic hepatitis treated with steroids. Hepatology. 2007;45(6):1348-1354.",
                  "https://doi.org/10.1002/hep.21607"),
        Reference("MDCalc. Lille Model for Alcoholic Hepatitis."),
    ),
    formula="R = 3.19 − 0.101 × age (years) + 0.147 × albumin day 0 (g/L) + 0.0165 × (bilirubin day 0 − bilirubin "
    "day 7) (µmol/L) − 0.206 × renal insufficiency (creatinine > 1.3 mg/dL: 1, else 0) − 0.0065 × bilirubin day 0 "
    "(µmol/L) − 0.0096 × prothrombin time (s). Lille = exp(−R) / (1 + exp(−R)). ≥ 0.45: non-response to "
    "corticosteroids (6-month survival about 25% vs 85%).",
    description="Response to corticosteroids after 7 days in severe alcohol-associated hepatitis: whether to stop "
    "them.",
    example={"age": 52, "albumin": "27 g/L", "bilirubin_day0": 280, "bilirubin_day7": 220, "creatinine": 1.1,
             "prothrombin_time": 19},
)
def lille_model(x: LilleInputs, w: Working) -> float:
    alb = w.step("albumin (g/L)", f"{fmt(x.albumin)} × 10", x.albumin * 10, "g/L")
    renal = w.step("renal insufficiency (creatinine > 1.3 mg/dL)", f"creatinine {fmt(x.creatinine, 2)} mg/dL",
                   int(x.creatinine > 1.3))
    change = w.step("bilirubin change (day 0 − day 7)", f"{fmt(x.bilirubin_day0, 1)} − {fmt(x.bilirubin_day7, 1)}",
                    x.bilirubin_day0 - x.bilirubin_day7, "µmol/L")
    r = w.step("R", f"3.19 − 0.101 × {fmt(x.age)} + 0.147 × {fmt(alb)} + 0.0165 × {fmt(change, 1)} − 0.206 × {renal} "
               f"− 0.0065 × {fmt(x.bilirubin_day0, 1)} − 0.0096 × {fmt(x.prothrombin_time)}",
               3.19 - 0.101 * x.age + 0.147 * alb + 0.0165 * change - 0.206 * renal - 0.0065 * x.bilirubin_day0
               - 0.0096 * x.prothrombin_time)
    lille = w.step("Lille score", f"exp(−{fmt(r, 4)}) / (1 + exp(−{fmt(r, 4)}))", logistic(-r))
    w.interpretation = ("≥ 0.45: non-response to corticosteroids (6-month survival about 25%); consider stopping them"
                        if lille >= 0.45 else "< 0.45: response to corticosteroids (6-month survival about 85%); "
                        "continue to 28 days")
    return lille
