"""Age-adjusted D-dimer cut-off for excluding venous thromboembolism (Douma 2010; Righini 2014)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Inputs, choice, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

DDimer = q("ug/L", ge=0, lt=1e6, plausible=(10, 100000), units=("ug/L", "ng/mL", "ug/mL", "mg/L"))
ADJUST_FROM = 50.0  # years: above 50 the cut-off is age × 10 µg/L (FEU)
PER_YEAR = {"FEU": 10.0, "DDU": 5.0}  # µg/L per year of age; DDU are about half FEU
STANDARD = {"FEU": 500.0, "DDU": 250.0}  # µg/L at 50 years or younger


class DDimerInputs(Inputs):
    age: Age = Field(description="Age in years; the cut-off is adjusted above 50.")
    units: choice("FEU", "DDU") = Field(  # type: ignore[valid-type]
        "FEU", description="What the assay reports: fibrinogen equivalent units ('FEU', most assays; standard cut-off "
        "500 µg/L) or D-dimer units ('DDU', half as large: 250 µg/L). Read it off the lab report.")
    d_dimer: DDimer | None = Field(None, description="The patient's D-dimer in the same units (FEU or DDU), µg/L by "
                                   "default (ng/mL is the same; mg/L and µg/mL are 1000 µg/L); optional, to compare.")


@calculator(
    id="age-adjusted-d-dimer",
    name="Age-Adjusted D-dimer for Venous Thromboembolism (VTE)",
    aliases=("age-adjusted-ddimer", "d-dimer-age-adjusted", "adjust-pe"),
    kind="equation",
    specialty="hematology",
    output=Output("ug/L", "decimal", 0, range=(250, 1300), secondary=(
        Secondary("above_cutoff", "the D-dimer is above the cut-off (when given)", None, "boolean"),
    )),
    inputs=DDimerInputs,
    references=(
        Reference("Douma RA, le Gal G, Söhne M, et al. Potential of an age adjusted D-dimer cut-off value to improve "
                  "the exclusion of pulmonary embolism in older patients: a retrospective analysis of three large "
                  "cohorts. BMJ. 2010;340:c1475.", "https://doi.org/10.1136/bmj.c1475"),
        Reference("Righini M, Van Es J, Den Exter PL, et al. Age-adjusted D-dimer cutoff levels to rule out pulmonary "
                  "embolism: the ADJUST-PE study. JAMA. 2014;311(11):1117-1124.", "https://doi.org/10.1001/jama.2014.2135"),
        Reference("MDCalc: Age-Adjusted D-dimer for Venous Thromboembolism (VTE).",
                  "https://www.mdcalc.com/calc/10130/age-adjusted-d-dimer-venous-thromboembolism-vte"),
    ),
    formula="cut-off (µg/L FEU) = age × 10 above 50 years, else 500; in DDU age × 5, else 250",
    description="D-dimer cut-off below which VTE is excluded in patients over 50 with a low or intermediate (not "
    "likely) clinical probability; above it, image. Use it only with a validated pretest probability score.",
    example={"age": 78, "units": "FEU", "d_dimer": 1100},
)
def age_adjusted_d_dimer(x: DDimerInputs, w: Working) -> float:
    if x.age > ADJUST_FROM:
        cutoff = w.step("age-adjusted cut-off", f"{fmt(x.age)} × {fmt(PER_YEAR[x.units])}", x.age * PER_YEAR[x.units],
                        f"µg/L {x.units}")
    else:
        cutoff = w.step("standard cut-off", f"age {fmt(x.age)} ≤ 50", STANDARD[x.units], f"µg/L {x.units}")
    if x.d_dimer is None:
        w.interpretation = f"cut-off {fmt(cutoff, 0)} µg/L {x.units}"
        return cutoff
    above = w.output("above_cutoff", round(x.d_dimer, 6) > round(cutoff, 6))
    w.interpretation = (f"D-dimer {fmt(x.d_dimer, 0)} {'>' if above else '≤'} {fmt(cutoff, 0)} µg/L {x.units}: "
                        + ("VTE not excluded; consider imaging (CTPA or V/Q)" if above else
                           "VTE excluded if the clinical probability is not high"))
    return cutoff
