"""Rate of rise of a newborn's total serum bilirubin between two measurements (AAP 2004)."""

from __future__ import annotations

from pydantic import Field

from .. import units as u
from ..fields import Bilirubin, Inputs, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid

Hours = q("h", gt=0, lt=2000, plausible=(1, 240), units=("h", "d", "min"))
UMOL_PER_MG_DL = u.convert(1.0, "mg/dL", "umol/L", "bilirubin")  # 17.10 µmol/L per mg/dL (molar mass 584.66)


class BilirubinRateInputs(Inputs):
    bilirubin_1: Bilirubin = Field(description="First total serum bilirubin, mg/dL by default (µmol/L with its unit).")
    bilirubin_2: Bilirubin = Field(description="Second (later) total serum bilirubin, same units as the first.")
    hours_between: Hours = Field(description="Time between the two samples, hours.")


@calculator(
    id="bilirubin-rate-of-rise",
    name="Newborn Hyperbilirubinemia Rate of Rise",
    aliases=("Newborn Hyperbilirubinemia Rate of Rise", "tsb-rate-of-rise", "bilirubin-rate-of-rise-newborn"),
    kind="equation",
    specialty="neonatology",
    output=Output("umol/L/h", "decimal", 2, range=(-10, 20), secondary=(
        Secondary("umol_per_day", "rate of rise per day", "umol/L/d", "decimal", 2),
        Secondary("mg_dl_per_hour", "rate of rise per hour in mg/dL", "mg/dL/h", "decimal", 2),
        Secondary("mg_dl_per_day", "rate of rise per day in mg/dL", "mg/dL/d", "decimal", 2),
        Secondary("rapid_rise", "rise faster than 0.2 mg/dL/h (3.4 µmol/L/h)", None, "boolean"),
    )),
    inputs=BilirubinRateInputs,
    references=(
        Reference("American Academy of Pediatrics Subcommittee on Hyperbilirubinemia. Management of "
                  "hyperbilirubinemia in the newborn infant 35 or more weeks of gestation. Pediatrics. "
                  "2004;114(1):297-316.", "https://doi.org/10.1542/peds.114.1.297"),
        Reference("MDCalc. Newborn Hyperbilirubinemia Rate of Rise.",
                  "https://www.mdcalc.com/calc/10432/newborn-hyperbilirubinemia-rate-rise"),
    ),
    formula="rate = (TSB₂ − TSB₁) / hours between samples; × 24 per day. 1 mg/dL = 17.1 µmol/L. A rise faster than "
    "0.2 mg/dL/h (3.4 µmol/L/h) suggests haemolysis and is a risk factor for severe hyperbilirubinaemia.",
    description="How fast a newborn's bilirubin is rising between two samples; a rapid rise (> 0.2 mg/dL per hour) "
    "suggests haemolysis and calls for closer follow-up.",
    example={"bilirubin_1": 13.2, "bilirubin_2": 15.0, "hours_between": 8},
)
def bilirubin_rate_of_rise(x: BilirubinRateInputs, w: Working) -> float:
    if x.bilirubin_2 == x.bilirubin_1 == 0:
        raise invalid("bilirubin_2", 0, "a measured bilirubin", "two zero bilirubin values are not measurements")
    per_hour = w.step("rise per hour", f"({fmt(x.bilirubin_2, 2)} − {fmt(x.bilirubin_1, 2)}) / {fmt(x.hours_between)}",
                      (x.bilirubin_2 - x.bilirubin_1) / x.hours_between, "mg/dL/h")
    w.output("mg_dl_per_hour", per_hour)
    w.output("mg_dl_per_day", per_hour * 24)
    si = w.step("rise per hour (SI)", f"{fmt(per_hour, 4)} × {fmt(UMOL_PER_MG_DL, 3)}", per_hour * UMOL_PER_MG_DL,
                "µmol/L/h")
    w.output("umol_per_day", si * 24)
    rapid = w.output("rapid_rise", round(per_hour, 9) > 0.2)
    w.interpretation = ("rise > 0.2 mg/dL/h (3.4 µmol/L/h): a risk factor for severe hyperbilirubinaemia" if rapid
                        else "rise ≤ 0.2 mg/dL/h (3.4 µmol/L/h): not a risk factor for severe hyperbilirubinaemia")
    return si
