"""Kinetic estimated GFR (Chen 2013): GFR while creatinine is changing, from two creatinines and the time
between them."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Creatinine, Inputs, Option, Sex, q
from ..spec import Output, Reference, Working, calculator, fmt
from .mdrd import Race, mdrd

Hours = q("h", gt=0, le=720, plausible=(4, 168), units=("h", "d", "min"))
MaxRise = q("mg/dL", analyte="creatinine", gt=0, plausible=(0.5, 3), units=("mg/dL", "umol/L"))
MAX_RISE_PER_DAY = 1.5  # mg/dL/day: the rise of creatinine in total loss of function (Chen's usual value)


class KineticEGFRInputs(Inputs):
    sex: Sex = Field(description="Sex, for the baseline eGFR (MDRD).")
    age: Age = Field(description="Age in years, for the baseline eGFR. Adults.")
    baseline_creatinine: Creatinine = Field(description="Steady-state (baseline) serum creatinine before the acute "
                                            "change, mg/dL by default; µmol/L with its unit.")
    creatinine_1: Creatinine = Field(description="First of the two recent creatinines, mg/dL by default.")
    creatinine_2: Creatinine = Field(description="Second (later) creatinine, mg/dL by default.")
    hours: Hours = Field(description="Time between the two recent creatinines, hours by default.")
    race: Race = Field("non-black", description="'black' or 'non-black', for the MDRD baseline eGFR as Chen and "
                       "MDCalc compute it (MDRD's race coefficient 1.212).")
    max_rise_per_day: MaxRise = Option(
        MAX_RISE_PER_DAY, "Largest rise of creatinine per day if GFR fell to zero, mg/dL (default 1.5, Chen 2013); "
        "lower in small or sarcopenic patients.")


@calculator(
    id="kinetic-egfr",
    name="Kinetic Estimated Glomerular Filtration Rate (keGFR)",
    aliases=("kegfr", "kinetic-gfr", "chen-kinetic-egfr"),
    kind="equation",
    specialty="nephrology",
    output=Output("mL/min", "decimal", 1, range=(0, 150)),
    inputs=KineticEGFRInputs,
    references=(
        Reference("Chen S. Retooling the creatinine clearance equation to estimate kinetic GFR when the plasma "
                  "creatinine is changing acutely. J Am Soc Nephrol. 2013;24(6):877-888.",
                  "https://doi.org/10.1681/ASN.2012070653"),
        Reference("O'Sullivan ED, Doyle A. The clinical utility of kinetic glomerular filtration rate. Clin Kidney J. "
                  "2017;10(2):202-208.", "https://doi.org/10.1093/ckj/sfw108"),
        Reference("MDCalc: Kinetic Estimated Glomerular Filtration Rate (keGFR).",
                  "https://www.mdcalc.com/calc/3937/kinetic-estimated-glomerular-filtration-rate-kegfr"),
    ),
    formula="keGFR = baseline Cr × baseline eGFR (MDRD) / mean(Cr1, Cr2) × (1 − 24 × (Cr2 − Cr1) / (Δt (h) × "
    "maximal rise per day)); maximal rise 1.5 mg/dL/day; below 0 taken as 0",
    description="Estimates GFR while creatinine is rising or falling acutely, when steady-state equations mislead. "
    "A rise as fast as the maximal rate means no filtration (0); a falling creatinine gives a GFR above the one its "
    "mean level suggests (Chen 2013). A keGFR of 30 mL/min was 90% specific for AKI in one small study.",
    example={"sex": "male", "age": 62, "baseline_creatinine": 0.9, "creatinine_1": 1.6, "creatinine_2": 2.3,
             "hours": 12},
)
def kinetic_egfr(x: KineticEGFRInputs, w: Working) -> float:
    baseline = mdrd(x.baseline_creatinine, x.age, x.sex, x.race == "black", w)
    mean = w.step("mean creatinine", f"({fmt(x.creatinine_1)} + {fmt(x.creatinine_2)}) / 2",
                  (x.creatinine_1 + x.creatinine_2) / 2, "mg/dL")
    steady = w.step("GFR at the mean creatinine", f"{fmt(x.baseline_creatinine)} × {fmt(baseline)} / {fmt(mean)}",
                    x.baseline_creatinine * baseline / mean, "mL/min")
    rise = w.step("rise of creatinine", f"{fmt(x.creatinine_2)} − {fmt(x.creatinine_1)}",
                  x.creatinine_2 - x.creatinine_1, "mg/dL")
    kinetic = w.step("kinetic factor", f"1 − 24 × {fmt(rise)} / ({fmt(x.hours)} × {fmt(x.max_rise_per_day)})",
                     1 - 24 * rise / (x.hours * x.max_rise_per_day))
    gfr = w.step("keGFR", f"{fmt(steady)} × {fmt(kinetic, 4)}", steady * kinetic, "mL/min")
    if gfr < 0:
        w.warn(f"creatinine rose faster than {fmt(x.max_rise_per_day)} mg/dL/day, the rise of total loss of "
               "filtration: keGFR is taken as 0", "creatinine_2")
        gfr = w.step("keGFR (no filtration)", "a negative estimate is no filtration", 0.0, "mL/min")
    w.interpretation = (f"kinetic eGFR {fmt(gfr, 1)} mL/min" + (" (< 30: suggests acute kidney injury)"
                                                               if round(gfr, 6) < 30 else ""))
    return gfr
