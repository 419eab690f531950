"""CRB-65 for community-acquired pneumonia: CURB-65 without the urea, for use outside hospital (Lim 2003; BTS)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, BloodPressure, Finding, Inputs, RespiratoryRate
from ..points import compared, finding, sum_points, threshold
from ..rounding import round_half_away
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

RISK = ((0, "Low risk", "likely suitable for home treatment"),
        (2, "Intermediate risk", "consider hospital referral"),
        (4, "High risk", "urgent hospital admission"))


class CRB65Inputs(Inputs):
    confusion: bool = Finding("New confusion: new disorientation in person, place or time, or an abbreviated mental "
                              "test score ≤ 8. Chronic stable cognitive impairment is not it.")
    respiratory_rate: RespiratoryRate = Field(description="Respiratory rate in breaths per minute; scores when ≥ 30.")
    systolic_bp: BloodPressure = Field(description="Systolic blood pressure in mmHg; scores when < 90.")
    diastolic_bp: BloodPressure = Field(description="Diastolic blood pressure in mmHg; scores when ≤ 60.")
    age: Age = Field(description="Age in years; scores when ≥ 65.")


@calculator(
    id="crb-65",
    name="CRB-65 Score for Pneumonia Severity",
    aliases=("crb65", "crb"),
    kind="score",
    specialty="pulmonology",
    output=Output("points", "integer", 0, range=(0, 4), secondary=(
        Secondary("risk", "mortality risk group: Low risk (0), Intermediate risk (1-2), High risk (3-4)", None, "text"),
    )),
    inputs=CRB65Inputs,
    references=(
        Reference("Lim WS, van der Eerden MM, Laing R, et al. Defining community acquired pneumonia severity on "
                  "presentation to hospital: an international derivation and validation study. Thorax. "
                  "2003;58(5):377-382.", "https://doi.org/10.1136/thorax.58.5.377"),
        Reference("Lim WS, Baudouin SV, George RC, et al. BTS guidelines for the management of community acquired "
                  "pneumonia in adults: update 2009. Thorax. 2009;64 Suppl 3:iii1-55.",
                  "https://doi.org/10.1136/thx.2009.121434"),
        Reference("MDCalc: CRB-65 Score for Pneumonia Severity.", "https://www.mdcalc.com/calc/3862/crb-65-score-pneumonia-severity"),
    ),
    formula="1 point each: Confusion; Respiratory rate ≥ 30/min; Blood pressure systolic < 90 or diastolic ≤ 60 mm "
    "Hg; age ≥ 65 years. 0 low risk, 1-2 intermediate (consider referral), 3-4 high (urgent admission)",
    description="Severity of community-acquired pneumonia without a blood test, for primary care and triage: "
    "CURB-65 less the urea.",
    example={"confusion": False, "respiratory_rate": 32, "systolic_bp": 92, "diastolic_bp": 56, "age": 72},
)
def crb65(x: CRB65Inputs, w: Working) -> int:
    c = finding(w, "confusion", x.confusion)
    r = threshold(w, "respiratory rate ≥ 30", f"{fmt(x.respiratory_rate)}/min", x.respiratory_rate, "≥", 30)
    sbp, dbp = round_half_away(x.systolic_bp, 2), round_half_away(x.diastolic_bp, 2)
    low_sbp, sbp_text = compared(f"SBP {fmt(sbp)}", sbp, "<", 90, " mmHg")
    low_dbp, dbp_text = compared(f"DBP {fmt(dbp)}", dbp, "≤", 60, " mmHg")
    b = w.step("SBP < 90 or DBP ≤ 60", f"{sbp_text}, {dbp_text}", int(low_sbp or low_dbp), "points")
    a = threshold(w, "age ≥ 65", f"age {fmt(x.age)}", x.age, "≥", 65)
    total = sum_points(w, (c, r, b, a))
    _, risk, advice = next(band for band in RISK if total <= band[0])
    w.output("risk", risk)
    w.interpretation = f"{risk.lower()}: {advice}"
    return total
