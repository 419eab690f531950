"""Recruitment-to-inflation ratio (R/I) by the single-breath PEEP drop of Chen et al. 2020."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs
from ..spec import Output, Reference, Working, calculator, fmt, invalid
from .static_compliance import AirwayPressure, TidalVolume

HIGH_RECRUITER = 0.5  # R/I ≥ 0.5: more potential for recruitment than for inflation


class RecruitmentToInflationInputs(Inputs):
    high_peep: AirwayPressure = Field(description="The higher PEEP of the manoeuvre, cm H2O (Chen: 15).")
    low_peep: AirwayPressure = Field(description="The lower PEEP it is dropped to in one step, cm H2O (Chen: 5).")
    tidal_volume: TidalVolume = Field(description="Set tidal volume, mL (volume control).")
    exhaled_vt_high_peep: TidalVolume = Field(description="Tidal volume exhaled at the high PEEP, mL (the breath "
                                              "before the drop).")
    exhaled_volume_peep_drop: TidalVolume = Field(
        description="Volume exhaled on the breath when PEEP is dropped from high to low, mL: a tidal volume plus "
        "the volume the lungs release, so larger than the tidal volume.")
    plateau_pressure_low_peep: AirwayPressure = Field(description="Plateau pressure of the first breath at the "
                                                      "low PEEP, cm H2O.")
    airway_opening_pressure: AirwayPressure | None = Field(
        None, description="Airway opening pressure, cm H2O, when a low-flow inflation shows airway closure; "
        "optional (none: no airway closure). Above the low PEEP it replaces it in both differences.")


@calculator(
    id="recruitment-to-inflation-ratio",
    name="Recruitment to Inflation Ratio",
    aliases=("r-i-ratio", "ri-ratio", "recruitment-inflation-ratio", "r-to-i-ratio"),
    kind="equation",
    specialty="critical care",
    output=Output(None, "decimal", 2, range=(-1, 3)),
    inputs=RecruitmentToInflationInputs,
    references=(
        Reference("Chen L, Del Sorbo L, Grieco DL, et al. Potential for lung recruitment estimated by the "
                  "recruitment-to-inflation ratio in acute respiratory distress syndrome. A clinical trial. Am J "
                  "Respir Crit Care Med. 2020;201(2):178-187.", "https://doi.org/10.1164/rccm.201902-0334OC"),
        Reference("MDCalc: Recruitment to Inflation Ratio.", "https://www.mdcalc.com/calc/10442/recruitment-inflation-ratio"),
    ),
    formula="released volume = volume exhaled on the PEEP drop − VT exhaled at high PEEP; P_low = max(low PEEP, "
    "airway opening pressure); Crs = VT / (Pplat at low PEEP − P_low); recruited volume = released volume − Crs × "
    "(high PEEP − P_low); Crec = recruited volume / (high PEEP − P_low); R/I = Crec / Crs; ≥ 0.5 high recruiter",
    description="Bedside estimate of how recruitable an ARDS lung is: the compliance of the lung recruited by PEEP "
    "relative to the compliance of the respiratory system. R/I ≥ 0.5 suggests a higher PEEP may recruit; lower "
    "values that it mostly over-inflates.",
    example={"high_peep": 15, "low_peep": 5, "tidal_volume": 400, "exhaled_vt_high_peep": 400,
             "exhaled_volume_peep_drop": 750, "plateau_pressure_low_peep": 25},
)
def recruitment_to_inflation(x: RecruitmentToInflationInputs, w: Working) -> float:
    low = x.low_peep
    if x.airway_opening_pressure is not None and x.airway_opening_pressure > x.low_peep:
        low = w.step("effective low pressure (airway opening)", f"max({fmt(x.low_peep)}, "
                     f"{fmt(x.airway_opening_pressure)})", x.airway_opening_pressure, "cm H2O")
    step = round(x.high_peep - low, 6)
    if step <= 0:
        raise invalid("high_peep", x.high_peep, f"a high PEEP above {fmt(low)} cm H2O (the low PEEP or the airway "
                      "opening pressure)")
    driving = round(x.plateau_pressure_low_peep - low, 6)
    if driving <= 0:
        raise invalid("plateau_pressure_low_peep", x.plateau_pressure_low_peep,
                      f"a plateau pressure above {fmt(low)} cm H2O")
    released = w.step("released volume", f"{fmt(x.exhaled_volume_peep_drop)} − {fmt(x.exhaled_vt_high_peep)}",
                      x.exhaled_volume_peep_drop - x.exhaled_vt_high_peep, "mL")
    if round(released, 6) <= 0:
        raise invalid("exhaled_volume_peep_drop", x.exhaled_volume_peep_drop,
                      f"a volume above the tidal volume exhaled at high PEEP ({fmt(x.exhaled_vt_high_peep)} mL)",
                      "dropping PEEP releases lung volume: that breath exhales a tidal volume plus the volume released")
    crs = w.step("respiratory-system compliance at low PEEP", f"{fmt(x.tidal_volume)} / {fmt(driving)}",
                 x.tidal_volume / driving, "mL/cm H2O")
    recruited = w.step("recruited volume", f"{fmt(released)} − {fmt(crs)} × {fmt(step)}", released - crs * step, "mL")
    crec = w.step("compliance of the recruited lung", f"{fmt(recruited)} / {fmt(step)}", recruited / step,
                  "mL/cm H2O")
    ratio = w.step("R/I ratio", f"{fmt(crec)} / {fmt(crs)}", crec / crs)
    if round(ratio, 6) >= HIGH_RECRUITER:
        w.interpretation = f"R/I ≥ {fmt(HIGH_RECRUITER)}: high recruiter (more potential for recruitment)"
    else:
        w.interpretation = f"R/I < {fmt(HIGH_RECRUITER)}: low recruiter (PEEP mostly inflates)"
    return ratio
