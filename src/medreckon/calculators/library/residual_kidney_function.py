"""Residual kidney function of a dialysis patient: the mean of urea and creatinine clearance."""

from __future__ import annotations

from pydantic import Field

from ..fields import BUN, Creatinine, Inputs, Option, above_zero
from ..spec import Output, Reference, Secondary, Working, calculator, fmt
from .creatinine_clearance_24h import Duration, UrineVolume
from .fena import UrineCreatinine
from .feurea import UrineUreaNitrogen

PositiveBUN = above_zero(BUN)  # the formula divides by it or takes its logarithm


class ResidualKidneyFunctionInputs(Inputs):
    urine_creatinine: UrineCreatinine = Field(description="Creatinine in the collected urine, mg/dL by default.")
    plasma_creatinine: Creatinine = Field(description="Plasma creatinine (mean of before and after the collection "
                                          "in haemodialysis), mg/dL by default.")
    urine_urea: UrineUreaNitrogen = Field(description="Urea nitrogen in the collected urine, mg/dL by default.")
    plasma_urea: PositiveBUN = Field(description="Plasma urea nitrogen (BUN), mg/dL by default.")
    urine_volume: UrineVolume = Field(description="Volume of the urine collection, mL by default.")
    collection_hours: Duration = Option(24.0, "Duration of the urine collection in hours; default 24.")


@calculator(
    id="residual-kidney-function",
    name="Residual Kidney Function",
    aliases=("residual-renal-function", "rkf", "kru-crcl-mean"),
    kind="equation",
    specialty="nephrology",
    output=Output("mL/min", "decimal", 1, range=(0, 60), secondary=(
        Secondary("urea_clearance", "urea clearance", "mL/min", "decimal", 1),
        Secondary("creatinine_clearance", "creatinine clearance", "mL/min", "decimal", 1),
    )),
    inputs=ResidualKidneyFunctionInputs,
    references=(
        Reference("van Olden RW, Krediet RT, Struijk DG, Arisz L. Measurement of residual renal function in patients "
                  "treated with continuous ambulatory peritoneal dialysis. J Am Soc Nephrol. 1996;7(5):745-750.",
                  "https://doi.org/10.1681/ASN.V75745"),
        Reference("MDCalc: Residual Kidney Function.", "https://www.mdcalc.com/calc/10284/residual-kidney-function"),
    ),
    formula="urea clearance = urine urea × volume / (plasma urea × minutes); creatinine clearance = urine creatinine "
    "× volume / (plasma creatinine × minutes); residual kidney function (mL/min) = their mean",
    description="Residual kidney function of a dialysis patient from a timed urine collection: the mean of urea "
    "clearance (which underestimates GFR) and creatinine clearance (which overestimates it).",
    example={"urine_creatinine": 95, "plasma_creatinine": 2.7, "urine_urea": 520, "plasma_urea": 48,
             "urine_volume": 1200},
)
def residual_kidney_function(x: ResidualKidneyFunctionInputs, w: Working) -> float:
    minutes = w.step("collection time", f"{fmt(x.collection_hours)} h × 60", x.collection_hours * 60, "min")
    urea = w.output("urea_clearance", w.step(
        "urea clearance", f"{fmt(x.urine_urea)} × {fmt(x.urine_volume)} / ({fmt(x.plasma_urea)} × {fmt(minutes)})",
        x.urine_urea * x.urine_volume / (x.plasma_urea * minutes), "mL/min"))
    creatinine = w.output("creatinine_clearance", w.step(
        "creatinine clearance", f"{fmt(x.urine_creatinine)} × {fmt(x.urine_volume)} / ({fmt(x.plasma_creatinine)} × "
        f"{fmt(minutes)})", x.urine_creatinine * x.urine_volume / (x.plasma_creatinine * minutes), "mL/min"))
    mean = w.step("residual kidney function", f"({fmt(urea)} + {fmt(creatinine)}) / 2", (urea + creatinine) / 2,
                  "mL/min")
    w.interpretation = f"residual kidney clearance {fmt(mean, 1)} mL/min"
    return mean
