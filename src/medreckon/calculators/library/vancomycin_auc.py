"""Vancomycin AUC24 from a steady-state peak and trough (Sawchuk-Zaske one-compartment equations)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import Inputs, q
from ..rules import Relation
from ..spec import Output, Reference, Working, calculator, fmt, invalid

Concentration = q("mg/L", gt=0, plausible=(1, 100), units=("mg/L", "ug/mL"))
Hours = q("h", gt=0, plausible=(0.25, 72), units=("h", "min"))
Dose = q("mg", gt=0, plausible=(100, 4000), units=("mg", "g"))
TARGET = (400.0, 600.0)  # mg·h/L, for an MIC of 1 mg/L (Rybak 2020)
AIM = 500.0  # mg·h/L: the middle of the target, for the proportional dose suggestion


class VancomycinAUCInputs(Inputs):
    dose: Dose = Field(description="Each dose given at steady state, mg by default ('1.25 g' with its unit).")
    interval: Hours = Field(description="Dosing interval τ in hours (q12h = 12).")
    infusion_time: Hours = Field(description="Infusion duration in hours ('90 min' with its unit).")
    peak: Concentration = Field(description="Measured post-distribution level (the 'peak'), mg/L (= µg/mL), drawn "
                                "at least 1 hour after the end of the infusion.")
    peak_time: Hours = Field(description="When the peak was drawn, in hours from the START of that infusion (e.g. "
                             "a 1-h infusion, sampled 1 h after it ended = 2).")
    trough: Concentration = Field(description="Measured trough level, mg/L (= µg/mL), from the same dosing interval.")
    trough_time: Hours = Field(description="When the trough was drawn, in hours from the START of the same "
                               "infusion (e.g. 30 min before the next q12h dose = 11.5). At steady state a trough "
                               "taken x h before this dose is the same as one at τ − x.")

    rules = (Relation(("infusion_time", "peak_time", "trough_time", "interval"),
                      "infusion_time ≤ peak_time < trough_time ≤ interval"),
             Relation(("trough", "peak"), "trough < peak"))


@calculator(
    id="vancomycin-auc",
    name="Vancomycin AUC24 from Peak and Trough (Sawchuk-Zaske)",
    aliases=("vancomycin-auc-dosing", "vanc-auc", "vancomycin-two-level-auc", "sawchuk-zaske"),
    kind="equation",
    specialty="pharmacology",
    output=Output("mg·h/L", "decimal", 0, range=(50, 1500)),
    inputs=VancomycinAUCInputs,
    references=(
        Reference("Sawchuk RJ, Zaske DE. Pharmacokinetics of dosing regimens which utilize multiple intravenous "
                  "infusions: gentamicin in burn patients. J Pharmacokinet Biopharm. 1976;4(2):183-195."),
        Reference("Pai MP, Neely M, Rodvold KA, Lodise TP. Innovative approaches to optimizing the delivery of "
                  "vancomycin in individual patients. Adv Drug Deliv Rev. 2014;77:50-57.",
                  "https://doi.org/10.1016/j.addr.2014.05.016"),
        Reference("Rybak MJ, Le J, Lodise TP, et al. Therapeutic monitoring of vancomycin for serious methicillin-"
                  "resistant Staphylococcus aureus infections: a revised consensus guideline and review by ASHP, "
                  "IDSA, PIDS and SIDP. Am J Health Syst Pharm. 2020;77(11):835-864.",
                  "https://doi.org/10.1093/ajhp/zxaa036"),
    ),
    formula="ke = ln(peak/trough) / (trough time − peak time); Cmax = peak × e^(ke × (peak time − infusion time)); "
    "Cmin = trough × e^(−ke × (τ − trough time)); AUC(τ) = infusion time × (Cmax + Cmin)/2 + (Cmax − Cmin)/ke; "
    "AUC24 = AUC(τ) × 24/τ. Target 400-600 mg·h/L (MIC 1 mg/L).",
    description="24-hour area under the vancomycin concentration curve from two steady-state levels in one dosing "
    "interval, by first-order one-compartment equations (linear-up, log-down). Not a Bayesian estimate. Also "
    "gives the elimination rate, half-life and the daily dose that would aim for an AUC24 of 500.",
    example={"dose": 1000, "interval": 12, "infusion_time": 1, "peak": 30, "peak_time": 2, "trough": 12,
             "trough_time": 11.5},
)
def vancomycin_auc(x: VancomycinAUCInputs, w: Working) -> float:
    if not x.infusion_time <= x.peak_time < x.trough_time <= x.interval:
        raise invalid("peak_time", x.peak_time, f"infusion time {fmt(x.infusion_time)} h ≤ peak time < trough time "
                      f"{fmt(x.trough_time)} h ≤ interval {fmt(x.interval)} h",
                      "times are hours from the start of the same infusion")
    if x.trough >= x.peak:
        raise invalid("trough", x.trough, f"a trough below the peak {fmt(x.peak)} mg/L", "the levels may be swapped")
    ke = w.step("elimination rate constant ke", f"ln({fmt(x.peak)} / {fmt(x.trough)}) / ({fmt(x.trough_time)} − "
                f"{fmt(x.peak_time)})", math.log(x.peak / x.trough) / (x.trough_time - x.peak_time), "/h")
    w.step("half-life", f"ln 2 / {fmt(ke, 4)}", math.log(2) / ke, "h")
    cmax = w.step("Cmax (end of infusion)", f"{fmt(x.peak)} × e^({fmt(ke, 4)} × ({fmt(x.peak_time)} − "
                  f"{fmt(x.infusion_time)}))", x.peak * math.exp(ke * (x.peak_time - x.infusion_time)), "mg/L")
    cmin = w.step("Cmin (end of interval)", f"{fmt(x.trough)} × e^(−{fmt(ke, 4)} × ({fmt(x.interval)} − "
                  f"{fmt(x.trough_time)}))", x.trough * math.exp(-ke * (x.interval - x.trough_time)), "mg/L")
    during = w.step("AUC during infusion", f"{fmt(x.infusion_time)} × ({fmt(cmax)} + {fmt(cmin)}) / 2",
                    x.infusion_time * (cmax + cmin) / 2, "mg·h/L")
    after = w.step("AUC after infusion", f"({fmt(cmax)} − {fmt(cmin)}) / {fmt(ke, 4)}", (cmax - cmin) / ke, "mg·h/L")
    auc_tau = w.step("AUC over the interval", f"{fmt(during)} + {fmt(after)}", during + after, "mg·h/L")
    auc24 = w.step("AUC24", f"{fmt(auc_tau)} × 24 / {fmt(x.interval)}", auc_tau * 24 / x.interval, "mg·h/L")
    daily = x.dose * 24 / x.interval
    suggested = w.step("daily dose for AUC24 500 (linear kinetics)", f"{fmt(daily)} mg/day × {fmt(AIM)} / {fmt(auc24)}",
                       daily * AIM / auc24, "mg/day")
    lo, hi = TARGET
    shown = round(auc24, 6)
    if shown < lo:
        band = f"below the 400-600 target: consider about {fmt(suggested, 0)} mg/day"
    elif shown > hi:
        band = f"above the 400-600 target (nephrotoxicity risk): consider about {fmt(suggested, 0)} mg/day"
    else:
        band = "within the 400-600 mg·h/L target (for MIC 1 mg/L)"
    w.interpretation = f"AUC24 {fmt(auc24, 0)} mg·h/L: {band}"
    return auc24
