"""MELD-Na as OPTN/UNOS computed it for liver allocation from January 2016 (OPTN Policy 9.1)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import INR, Bilirubin, Creatinine, Finding, Inputs, Sodium
from ..rounding import round_half_away
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt


class MELDNaInputs(Inputs):
    creatinine: Creatinine = Field(
        description="Serum creatinine, mg/dL by default. A value in µmol/L must carry its unit "
        "('150 umol/L'). Values below 1.0 are set to 1.0 and above 4.0 to 4.0 by the rule."
    )
    bilirubin: Bilirubin = Field(
        description="Total bilirubin, mg/dL by default. A value in µmol/L must carry its unit "
        "('40 umol/L'). Values below 1.0 mg/dL are set to 1.0."
    )
    inr: INR = Field(description="International normalised ratio (no unit). Values below 1.0 are set to 1.0.")
    sodium: Sodium = Field(
        description="Serum sodium in mEq/L (= mmol/L). Bounded to 125-137 mEq/L by the rule."
    )
    dialysis_twice_past_week: bool = Finding(
        "Dialysis at least twice in the past 7 days; if so creatinine is set to 4.0 mg/dL.", when="recent",
    )
    cvvhd_24h_past_week: bool = Finding(
        "Continuous veno-venous haemodialysis (CVVHD) for 24 hours or more in the past 7 days; if so "
        "creatinine is set to 4.0 mg/dL.", when="recent",
    )


@calculator(
    id="meld-na",
    name="MELD Na (UNOS/OPTN)",
    aliases=("meldna", "meld-sodium", "meld-na-unos", "meld-na-optn", "MELDNa/MELD-Na Score for Liver Cirrhosis"),
    kind="equation",
    specialty="hepatology",
    output=Output(None, "integer", 0, range=(6, 40)),
    inputs=MELDNaInputs,
    references=(
        Reference(
            "Organ Procurement and Transplantation Network. Policy 9.1.D: MELD Score (effective 11 January "
            "2016). OPTN Policies, Policy 9: Allocation of Livers and Liver-Intestines.",
            "https://optn.transplant.hrsa.gov/policies-bylaws/policies/",
        ),
        Reference(
            "Kim WR, Biggins SW, Kremers WK, et al. Hyponatremia and mortality among patients on the "
            "liver-transplant waiting list. N Engl J Med. 2008;359(10):1018-1026.",
            "https://doi.org/10.1056/NEJMoa0801209",
        ),
        Reference(
            "Wiesner R, Edwards E, Freeman R, et al. Model for end-stage liver disease (MELD) and allocation "
            "of donor livers. Gastroenterology. 2003;124(1):91-96 (90-day mortality by MELD band).",
            "https://doi.org/10.1053/gast.2003.50016",
        ),
        Reference("MDCalc. MELD Na (UNOS/OPTN).", "https://www.mdcalc.com/calc/10437/meld-na-unos-optn"),
    ),
    formula="Bounds: bilirubin, INR, creatinine ≥ 1.0; creatinine ≤ 4.0, and = 4.0 with dialysis ≥ 2× or "
    "CVVHD ≥ 24 h in the past week; sodium 125-137 mEq/L. "
    "MELD(i) = 0.957 × ln(Cr) + 0.378 × ln(bilirubin) + 1.120 × ln(INR) + 0.643, rounded to the tenth "
    "and × 10. If MELD(i) > 11: MELD = MELD(i) + 1.32 × (137 − Na) − [0.033 × MELD(i) × (137 − Na)]; "
    "else MELD = MELD(i). Rounded to a whole number; maximum 40.",
    description="Model for End-Stage Liver Disease with serum sodium, computed by the OPTN/UNOS 2016 "
    "rules used for liver-transplant allocation until MELD 3.0 (2023). Predicts 90-day mortality.",
    medcalc_bench=MedCalcBench(
        23,
        {
            "creatinine": "creatinine",
            "Bilirubin": "bilirubin",
            "international normalized ratio": "inr",
            "Sodium": "sodium",
            "Dialysis at least twice in the past week": "dialysis_twice_past_week",
            "Continuous veno-venous hemodialysis for ≥24 hours in the past week": "cvvhd_24h_past_week",
        },
    ),
    example={
        "creatinine": 1.4, "bilirubin": 3.2, "inr": 1.6, "sodium": 131, "dialysis_twice_past_week": False,
        "cvvhd_24h_past_week": False,
    },
)
def meld_na(x: MELDNaInputs, w: Working) -> int:
    cr = bounded_creatinine(x, w)
    bili = w.step("bilirubin used (≥ 1.0)", f"max({fmt(x.bilirubin)}, 1.0)", max(x.bilirubin, 1.0), "mg/dL")
    inr = w.step("INR used (≥ 1.0)", f"max({fmt(x.inr)}, 1.0)", max(x.inr, 1.0))
    na = w.step("sodium used (125-137)", f"min(max({fmt(x.sodium)}, 125), 137)", min(max(x.sodium, 125.0), 137.0),
                "mEq/L")
    raw = w.step(
        "MELD(i) before rounding",
        f"0.957 × ln({fmt(cr)}) + 0.378 × ln({fmt(bili)}) + 1.120 × ln({fmt(inr)}) + 0.643",
        0.957 * math.log(cr) + 0.378 * math.log(bili) + 1.120 * math.log(inr) + 0.643,
    )
    # an exact whole number, so 1.1 × 10 is 11 (not 11.000000000000002 > 11)
    meld_i = w.step("MELD(i)", f"round({fmt(raw, 4)}, 1) × 10", int(round(round_half_away(raw, 1) * 10)))
    if meld_i > 11:
        score = w.step(
            "MELD (MELD(i) > 11: sodium applied)",
            f"{fmt(meld_i)} + 1.32 × (137 − {fmt(na)}) − 0.033 × {fmt(meld_i)} × (137 − {fmt(na)})",
            meld_i + 1.32 * (137 - na) - 0.033 * meld_i * (137 - na),
        )
    else:
        score = w.step("MELD (MELD(i) ≤ 11: no sodium term)", f"{fmt(meld_i)}", meld_i)
    final = w.step("MELD-Na", f"min(round({fmt(score)}), 40)", min(int(round_half_away(score, 0)), 40))
    w.interpretation = mortality_band(final)
    return final


def bounded_creatinine(x: MELDNaInputs, w: Working) -> float:
    if x.dialysis_twice_past_week or x.cvvhd_24h_past_week:
        return w.step("creatinine used (dialysis in the past week: set to 4.0)", "4.0", 4.0, "mg/dL")
    return w.step("creatinine used (1.0-4.0)", f"min(max({fmt(x.creatinine)}, 1.0), 4.0)",
                  min(max(x.creatinine, 1.0), 4.0), "mg/dL")


def mortality_band(score: int) -> str:
    """Approximate 90-day mortality by MELD band (Wiesner et al., Gastroenterology 2003;124:91-96)."""
    if score <= 9:
        return "MELD ≤ 9: about 1.9% 90-day mortality"
    if score <= 19:
        return "MELD 10-19: about 6.0% 90-day mortality"
    if score <= 29:
        return "MELD 20-29: about 19.6% 90-day mortality"
    if score <= 39:
        return "MELD 30-39: about 52.6% 90-day mortality"
    return "MELD ≥ 40: about 71.3% 90-day mortality"
