"""The other MELD rule versions beside MELD-Na (meld_na.py): the original MELD as OPTN/UNOS computed it
from 2002 to January 2016, and MELD 3.0 (Kim 2021; OPTN allocation from July 2023). Which one a
question means matters: for the same patient they differ by several points."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import INR, Albumin, Bilirubin, Creatinine, Finding, Inputs, Sex, Sodium
from ..rounding import round_half_away
from ..spec import Output, Reference, Working, calculator, fmt
from .meld_na import bounded_creatinine, mortality_band

OPTN = Reference("Organ Procurement and Transplantation Network. Policy 9: Allocation of Livers and "
                 "Liver-Intestines (MELD and MELD 3.0 calculations).",
                 "https://optn.transplant.hrsa.gov/policies-bylaws/policies/")
DIALYSIS = ("Dialysis at least twice in the past 7 days; if so creatinine is set to the rule's maximum.",
            "Continuous veno-venous haemodialysis (CVVHD) for 24 hours or more in the past 7 days; if so creatinine "
            "is set to the rule's maximum.")


class MELDInputs(Inputs):
    creatinine: Creatinine = Field(
        description="Serum creatinine, mg/dL by default; a value in µmol/L must carry its unit ('150 umol/L'). "
        "Below 1.0 is set to 1.0, above 4.0 to 4.0."
    )
    bilirubin: Bilirubin = Field(description="Total bilirubin, mg/dL by default ('40 umol/L' is accepted). Below 1.0 "
                                 "mg/dL is set to 1.0.")
    inr: INR = Field(description="International normalised ratio (no unit); not the prothrombin time in seconds. "
                     "Below 1.0 is set to 1.0.")
    dialysis_twice_past_week: bool = Finding(DIALYSIS[0], when="recent")
    cvvhd_24h_past_week: bool = Finding(DIALYSIS[1], when="recent")


@calculator(
    id="meld",
    name="MELD Score (original, pre-2016, OPTN/UNOS)",
    aliases=("meld-original", "meld-unos", "meld-2002", "model-for-end-stage-liver-disease",
             "MELD Score (Original, Pre-2016, Model for End-Stage Liver Disease)"),
    kind="equation",
    specialty="hepatology",
    output=Output(None, "integer", 0, range=(6, 40)),
    inputs=MELDInputs,
    references=(
        Reference("Kamath PS, Wiesner RH, Malinchoc M, et al. A model to predict survival in patients with "
                  "end-stage liver disease. Hepatology. 2001;33(2):464-470.", "https://doi.org/10.1053/jhep.2001.22172"),
        Reference("Wiesner R, Edwards E, Freeman R, et al. Model for end-stage liver disease (MELD) and allocation "
                  "of donor livers. Gastroenterology. 2003;124(1):91-96 (90-day mortality by MELD band).",
                  "https://doi.org/10.1053/gast.2003.50016"),
        OPTN,
        Reference("MDCalc. MELD Score (Original, Pre-2016, Model for End-Stage Liver Disease).",
                  "https://www.mdcalc.com/calc/78/meld-score-original-pre-2016-model-end-stage-liver-disease"),
    ),
    formula="Bounds: bilirubin, INR, creatinine ≥ 1.0; creatinine ≤ 4.0, and = 4.0 with dialysis ≥ 2× or CVVHD "
    "≥ 24 h in the past week. MELD = 10 × round(0.957 × ln(Cr) + 0.378 × ln(bilirubin) + 1.120 × ln(INR) + 0.643, "
    "1 decimal); maximum 40. (Kamath 2001's etiology term is not part of the OPTN/UNOS score.)",
    description="The original Model for End-Stage Liver Disease as OPTN/UNOS used it for liver allocation from "
    "2002 until MELD-Na replaced it in January 2016; no sodium term. Rule versions: this (MELD), MELD-Na "
    "(id meld-na, 2016) and MELD 3.0 (id meld-3.0, 2023). Predicts 90-day mortality.",
    example={"creatinine": 1.9, "bilirubin": 4.2, "inr": 1.8, "dialysis_twice_past_week": False,
             "cvvhd_24h_past_week": False},
)
def meld(x: MELDInputs, w: Working) -> int:
    cr = bounded_creatinine(x, w)
    bili = w.step("bilirubin used (≥ 1.0)", f"max({fmt(x.bilirubin)}, 1.0)", max(x.bilirubin, 1.0), "mg/dL")
    inr = w.step("INR used (≥ 1.0)", f"max({fmt(x.inr)}, 1.0)", max(x.inr, 1.0))
    raw = w.step("MELD before rounding (÷ 10)",
                 f"0.957 × ln({fmt(cr)}) + 0.378 × ln({fmt(bili)}) + 1.120 × ln({fmt(inr)}) + 0.643",
                 0.957 * math.log(cr) + 0.378 * math.log(bili) + 1.120 * math.log(inr) + 0.643)
    score = w.step("MELD", f"min(round({fmt(raw, 4)}, 1) × 10, 40)", min(int(round(round_half_away(raw, 1) * 10)), 40))
    w.interpretation = mortality_band(score)
    return score


class MELD3Inputs(Inputs):
    sex: Sex = Field(description="Sex: female adds 1.33 points (MELD 3.0's correction for creatinine "
                     "underestimating kidney dysfunction in women).")
    creatinine: Creatinine = Field(
        description="Serum creatinine, mg/dL by default; a value in µmol/L must carry its unit ('150 umol/L'). "
        "Bounded to 1.0-3.0 mg/dL (not 4.0 as in MELD and MELD-Na)."
    )
    bilirubin: Bilirubin = Field(description="Total bilirubin, mg/dL by default ('40 umol/L' is accepted). Below 1.0 "
                                 "mg/dL is set to 1.0.")
    inr: INR = Field(description="International normalised ratio (no unit). Below 1.0 is set to 1.0.")
    sodium: Sodium = Field(description="Serum sodium in mEq/L (= mmol/L); bounded to 125-137.")
    albumin: Albumin = Field(description="Serum albumin, g/dL by default; '28 g/L' must carry its unit. Bounded to "
                             "1.5-3.5 g/dL.")
    dialysis_twice_past_week: bool = Finding(DIALYSIS[0].replace("the rule's maximum", "3.0 mg/dL"))
    cvvhd_24h_past_week: bool = Finding(DIALYSIS[1].replace("the rule's maximum", "3.0 mg/dL"))


@calculator(
    id="meld-3.0",
    name="MELD 3.0 for Liver Cirrhosis",
    aliases=("meld3", "meld-3", "meld-three", "meld-3-0-optn"),
    kind="equation",
    specialty="hepatology",
    output=Output(None, "integer", 0, range=(6, 40)),
    inputs=MELD3Inputs,
    references=(
        Reference("Kim WR, Mannalithara A, Heimbach JK, et al. MELD 3.0: the model for end-stage liver disease "
                  "updated for the modern era. Gastroenterology. 2021;161(6):1887-1895.e4.",
                  "https://doi.org/10.1053/j.gastro.2021.08.050"),
        OPTN,
        Reference("MDCalc. MELD 3.0 for Liver Cirrhosis."),
    ),
    formula="Bounds: bilirubin, INR ≥ 1.0; creatinine 1.0-3.0 mg/dL (3.0 with dialysis ≥ 2× or CVVHD ≥ 24 h in the "
    "past week); sodium 125-137 mEq/L; albumin 1.5-3.5 g/dL. MELD 3.0 = 1.33 × (female) + 4.56 × ln(bilirubin) + "
    "0.82 × (137 − Na) − 0.24 × (137 − Na) × ln(bilirubin) + 9.09 × ln(INR) + 11.14 × ln(Cr) + 1.85 × (3.5 − "
    "albumin) − 1.83 × (3.5 − albumin) × ln(Cr) + 6, rounded to a whole number; maximum 40.",
    description="MELD 3.0 (adds sex and albumin to MELD-Na), used by OPTN for liver allocation from July 2023 for "
    "candidates 18 and older; predicts 90-day mortality. Rule versions: MELD (id meld), MELD-Na (id meld-na) and "
    "this.",
    example={"sex": "female", "creatinine": 1.4, "bilirubin": 3.2, "inr": 1.6, "sodium": 131, "albumin": 2.8,
             "dialysis_twice_past_week": False, "cvvhd_24h_past_week": False},
)
def meld_3(x: MELD3Inputs, w: Working) -> int:
    if x.dialysis_twice_past_week or x.cvvhd_24h_past_week:
        cr = w.step("creatinine used (dialysis in the past week: set to 3.0)", "3.0", 3.0, "mg/dL")
    else:
        cr = w.step("creatinine used (1.0-3.0)", f"min(max({fmt(x.creatinine)}, 1.0), 3.0)",
                    min(max(x.creatinine, 1.0), 3.0), "mg/dL")
    bili = w.step("bilirubin used (≥ 1.0)", f"max({fmt(x.bilirubin)}, 1.0)", max(x.bilirubin, 1.0), "mg/dL")
    inr = w.step("INR used (≥ 1.0)", f"max({fmt(x.inr)}, 1.0)", max(x.inr, 1.0))
    na = w.step("sodium used (125-137)", f"min(max({fmt(x.sodium)}, 125), 137)", min(max(x.sodium, 125.0), 137.0),
                "mEq/L")
    alb = w.step("albumin used (1.5-3.5)", f"min(max({fmt(x.albumin)}, 1.5), 3.5)", min(max(x.albumin, 1.5), 3.5),
                 "g/dL")
    female = 1.0 if x.sex == "female" else 0.0
    lb, lc, dna, dalb = math.log(bili), math.log(cr), 137 - na, 3.5 - alb
    raw = w.step(
        "MELD 3.0 before rounding",
        f"1.33 × {fmt(female)} + 4.56 × ln({fmt(bili)}) + 0.82 × {fmt(dna)} − 0.24 × {fmt(dna)} × ln({fmt(bili)}) + "
        f"9.09 × ln({fmt(inr)}) + 11.14 × ln({fmt(cr)}) + 1.85 × {fmt(dalb)} − 1.83 × {fmt(dalb)} × ln({fmt(cr)}) + 6",
        1.33 * female + 4.56 * lb + 0.82 * dna - 0.24 * dna * lb + 9.09 * math.log(inr) + 11.14 * lc
        + 1.85 * dalb - 1.83 * dalb * lc + 6,
    )
    score = w.step("MELD 3.0", f"min(round({fmt(raw, 3)}), 40)", min(int(round_half_away(raw, 0)), 40))
    w.interpretation = (f"MELD 3.0 {score}: higher scores mean higher 90-day mortality without transplant; used "
                        "for OPTN liver allocation since July 2023")
    return score
