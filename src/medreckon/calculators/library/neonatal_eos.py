"""Neonatal early-onset sepsis risk from maternal risk factors and the newborn's examination
(Puopolo 2011; Escobar 2014; Kuzniewicz 2017: the Kaiser Permanente EOS calculator)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import Inputs, Option, Temperature, choice, number_choice, q, scoped
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid

# β0 by the EOS incidence (per 1000 live births) the model is calibrated to (Puopolo 2011, appendix)
INTERCEPT = {"0.1": 38.952265, "0.2": 39.646367, "0.3": 40.0528, "0.4": 40.3415, "0.5": 40.5656, "0.6": 40.7489,
             "0.7": 40.903919, "0.8": 41.0384, "0.9": 41.1571, "1": 41.263432, "2": 41.965852, "4": 42.676976}
GBS = {"negative": 0.0, "positive": 0.5771, "unknown": 0.0427}
ANTIBIOTICS = {
    "broad-spectrum 4 h or more before birth": -1.1861,
    "broad-spectrum 2 to 3.9 h before birth": -1.0488,
    "GBS-specific 2 h or more before birth": -1.0488,
    "none, or any given less than 2 h before birth": 0.0,
}
# likelihood ratios of the newborn's clinical presentation (Escobar 2014)
EXAM_LR = (("well_appearing", "well appearing", 0.41), ("equivocal", "equivocal", 5.0),
           ("clinical_illness", "clinical illness", 21.2))

Hours = q("h", ge=0, lt=2000, plausible=(0, 500), units=("h", "d", "min"))
GestationalAge = scoped(q("wk", gt=0, lt=50, plausible=(22, 44), units=("wk", "d")), start=34, below=44)


class NeonatalEOSInputs(Inputs):
    gestational_age: GestationalAge = Field(description="Gestational age at birth in weeks, with the days: '36 weeks "
                                            "2 days', '36w2d' or 36.29 (34 0/7 to 43 6/7; the model is for infants "
                                            "born at 34 weeks or later).")
    maternal_temperature: Temperature = Field(description="Highest maternal intrapartum (antepartum) temperature, °C "
                                              "by default (°F with its unit: '100.8 F').")
    rupture_of_membranes: Hours = Field(description="Duration of rupture of membranes before birth, hours.")
    gbs_status: choice(*GBS) = Field(description="Maternal group B streptococcus status: negative, positive or "
                                     "unknown.")
    intrapartum_antibiotics: choice(*ANTIBIOTICS) = Field(description=(
        "Type and timing of intrapartum antibiotics: broad-spectrum (any antibiotic other than penicillin, ampicillin "
        "or cefazolin for GBS prophylaxis, or GBS prophylaxis with another drug added) 4 h or more before birth; "
        "broad-spectrum 2 to 3.9 h before birth; GBS-specific 2 h or more before birth; or none, or any given less "
        "than 2 h before birth."))
    incidence: number_choice(*INTERCEPT) = Option("0.5", "The local incidence of early-onset sepsis per 1000 live "
                                                  "births that the model is calibrated to: 0.5 (MDCalc's default; "
                                                  "the Kaiser calculator offers 0.1-4).")


def _recommendation(post: float, pre: float, ill: bool) -> str:
    """The Kaiser calculator's recommendation for a risk per 1000 (Kuzniewicz 2017)."""
    if post >= 3:
        return "treat empirically with antibiotics; vitals per NICU"
    if ill:
        return "strongly consider starting empiric antibiotics; vitals per NICU"
    if post >= 1:
        return "blood culture; vitals every 4 hours for 24 hours"
    return "no culture, no antibiotics; vitals every 4 hours for 24 hours" if pre >= 1 else "no additional care; " \
           "routine vitals"


@calculator(
    id="neonatal-eos",
    name="Neonatal Early-Onset Sepsis Calculator",
    aliases=("Neonatal Early-Onset Sepsis Calculator", "eos-calculator", "kaiser-eos-calculator",
             "neonatal-sepsis-calculator"),
    kind="equation",
    specialty="neonatology",
    output=Output("per 1000 births", "decimal", 2, range=(0, 50), secondary=(
        Secondary("well_appearing", "EOS risk after a well-appearing examination", "per 1000 births", "decimal", 2),
        Secondary("equivocal", "EOS risk after an equivocal examination", "per 1000 births", "decimal", 2),
        Secondary("clinical_illness", "EOS risk with clinical illness", "per 1000 births", "decimal", 2),
        Secondary("recommendation_at_birth", "Kaiser recommendation from the risk at birth", None, "text"),
        Secondary("recommendation_well_appearing", "recommendation if well appearing", None, "text"),
        Secondary("recommendation_equivocal", "recommendation if equivocal", None, "text"),
        Secondary("recommendation_clinical_illness", "recommendation with clinical illness", None, "text"),
    )),
    inputs=NeonatalEOSInputs,
    references=(
        Reference("Puopolo KM, Draper D, Wi S, et al. Estimating the probability of neonatal early-onset infection on "
                  "the basis of maternal risk factors. Pediatrics. 2011;128(5):e1155-e1163.",
                  "https://doi.org/10.1542/peds.2010-3464"),
        Reference("Escobar GJ, Puopolo KM, Wi S, et al. Stratification of risk of early-onset sepsis in newborns "
                  "≥ 34 weeks' gestation. Pediatrics. 2014;133(1):30-36.", "https://doi.org/10.1542/peds.2013-1689"),
        Reference("Kuzniewicz MW, Puopolo KM, Fischer A, et al. A quantitative, risk-based approach to the management "
                  "of neonatal early-onset sepsis. JAMA Pediatr. 2017;171(4):365-371.",
                  "https://doi.org/10.1001/jamapediatrics.2016.4678"),
        Reference("MDCalc. Neonatal Early-Onset Sepsis Calculator.",
                  "https://www.mdcalc.com/calc/10528/neonatal-early-onset-sepsis-calculator"),
    ),
    formula="logit = β0(incidence) − 6.9325 × GA + 0.0877 × GA² + 0.8680 × Tmax(°F) + 1.2256 × (ROM h + 0.05)^0.2 "
    "+ 0.5771 (GBS positive) or 0.0427 (unknown) − 1.1861 (broad-spectrum antibiotics ≥ 4 h) or − 1.0488 "
    "(broad-spectrum 2-3.9 h, or GBS-specific ≥ 2 h); risk at birth = 1000 / (1 + e^−logit) per 1000 births "
    "(GA in weeks with days/7; β0 = 40.5656 for 0.5/1000). After the examination the odds are multiplied by the "
    "likelihood ratio: well appearing 0.41, equivocal 5.0, clinical illness 21.2.",
    description="Individual risk of early-onset sepsis in infants born at ≥ 34 weeks, used to decide on blood "
    "cultures, empiric antibiotics and the level of observation. Risks are per 1000 live births, not percent.",
    example={"gestational_age": "39 weeks 2 days", "maternal_temperature": "100.8 F",
             "rupture_of_membranes": 19.5, "gbs_status": "positive",
             "intrapartum_antibiotics": "GBS-specific 2 h or more before birth"},
)
def neonatal_eos(x: NeonatalEOSInputs, w: Working) -> float:
    if not 34 <= x.gestational_age < 44:
        raise invalid("gestational_age", x.gestational_age, "a gestational age from 34 0/7 to 43 6/7 weeks",
                      "the model was derived in infants born at 34 weeks or later")
    ga = w.step("gestational age", fmt(x.gestational_age, 4), x.gestational_age, "weeks")
    temp_f = w.step("highest maternal temperature", f"{fmt(x.maternal_temperature, 2)} °C × 9/5 + 32",
                    x.maternal_temperature * 9 / 5 + 32, "°F")
    b0, gbs, abx = INTERCEPT[x.incidence], GBS[x.gbs_status], ANTIBIOTICS[x.intrapartum_antibiotics]
    rom = x.rupture_of_membranes
    logit = w.step("logit", lambda: f"{fmt(b0, 4)} − 6.9325 × {fmt(ga)} + 0.0877 × {fmt(ga)}² + 0.8680 × "
                   f"{fmt(temp_f, 2)} + 1.2256 × ({fmt(rom)} + 0.05)^0.2 + {fmt(gbs, 4)} + {fmt(abx, 4)}",
                   b0 - 6.9325 * ga + 0.0877 * ga * ga + 0.8680 * temp_f + 1.2256 * (rom + 0.05) ** 0.2 + gbs + abx)
    p = 1 / (1 + math.exp(-logit))
    pre = w.step("EOS risk at birth", f"1000 / (1 + e^−({fmt(logit)}))", 1000 * p, "per 1000")
    odds = p / (1 - p)
    for name, what, lr in EXAM_LR:
        post = w.step(f"risk if {what}", f"odds {fmt(odds)} × LR {fmt(lr)}", 1000 * odds * lr / (1 + odds * lr),
                      "per 1000")
        w.output(name, post)
        w.output(f"recommendation_{name}", _recommendation(post, pre, name == "clinical_illness"))
    at_birth = w.output("recommendation_at_birth", "vitals every 4 hours for 24 hours" if pre >= 1 else "routine vitals")
    w.interpretation = f"EOS risk {fmt(pre, 2)} per 1000 live births before the examination; at birth: {at_birth}"
    return pre
