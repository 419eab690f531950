"""IV drip rate in drops per minute of a gravity infusion."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, q
from ..spec import Output, Reference, Working, calculator, fmt

InfusionVolume = q("mL", gt=0, lt=20000, plausible=(1, 5000), units=("mL", "L"))
DropFactor = q("gtt/mL", gt=0, le=100, plausible=(10, 60), units=("gtt/mL",))
InfusionTime = q("min", gt=0, plausible=(1, 2880), units=("min", "h"))


class IVDripRateInputs(Inputs):
    volume: InfusionVolume = Field(description="Volume to be given, mL by default ('1 L').")
    drop_factor: DropFactor = Field(description="Drop factor of the giving set, drops (gtt) per mL: macrodrip 10, "
                                    "15 or 20; blood sets 10; microdrip 60.")
    time: InfusionTime = Field(description="Time over which to give it, minutes by default ('8 h' with its unit).")


@calculator(
    id="iv-drip-rate",
    name="IV Drip Rate Calculator",
    aliases=("drip-rate", "drops-per-minute", "gtt-per-min"),
    kind="equation",
    specialty="pharmacology",
    # a rate, shown to the whole drop: no points range to hold it (volume × factor / time is unbounded)
    output=Output("gtt/min", "decimal", 0, range=(1, 500)),
    inputs=IVDripRateInputs,
    references=(
        Reference("Pickar GD, Graham AP, Swart B, Swart D. Dosage Calculations. 9th ed. Delmar Cengage; 2013 "
                  "(chapter: intravenous flow rates)."),
        Reference("MDCalc: IV Drip Rate Calculator.", "https://www.mdcalc.com/calc/10225/iv-drip-rate-calculator"),
    ),
    formula="drip rate (gtt/min) = volume (mL) × drop factor (gtt/mL) / time (min), rounded to whole drops",
    description="Drops per minute to run a gravity infusion of a volume over a time with a given giving set; also "
    "the mL/h it corresponds to.",
    example={"volume": 1000, "drop_factor": 20, "time": "8 h"},
)
def iv_drip_rate(x: IVDripRateInputs, w: Working) -> float:
    rate = w.step("drip rate", f"{fmt(x.volume)} mL × {fmt(x.drop_factor)} gtt/mL / {fmt(x.time)} min",
                  x.volume * x.drop_factor / x.time, "gtt/min")
    per_hour = w.step("flow rate", f"{fmt(x.volume)} mL / {fmt(x.time)} min × 60", x.volume / x.time * 60, "mL/h")
    w.interpretation = f"{fmt(rate, 0)} drops per minute ({fmt(per_hour, 0)} mL/h)"
    return rate
