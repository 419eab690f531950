"""Mean arterial pressure estimated from systolic and diastolic blood pressure."""

from __future__ import annotations

from pydantic import Field

from ..fields import BloodPressure, Inputs
from ..rules import Relation
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt, invalid

SEPSIS_TARGET = 65.0  # mm Hg, the initial MAP target in septic shock (Surviving Sepsis Campaign 2021)


class MeanArterialPressureInputs(Inputs):
    systolic: BloodPressure = Field(
        description="Systolic blood pressure, mm Hg (kPa accepted with its unit). The first, larger number "
        "of a reading written '120/80'."
    )
    diastolic: BloodPressure = Field(
        description="Diastolic blood pressure, mm Hg (kPa accepted with its unit). The second, smaller "
        "number of '120/80'; it cannot exceed the systolic pressure."
    )

    rules = (Relation(("diastolic", "systolic"), "diastolic ≤ systolic"),)


@calculator(
    id="mean-arterial-pressure",
    name="Mean Arterial Pressure (MAP)",
    aliases=("map",),
    kind="equation",
    specialty="critical care",
    output=Output("mm Hg", "decimal", 1, range=(20, 200)),
    inputs=MeanArterialPressureInputs,
    references=(
        Reference("Sesso HD, Stampfer MJ, Rosner B, et al. Systolic and diastolic blood pressure, pulse pressure, "
                  "and mean arterial pressure as predictors of cardiovascular disease risk in men. Hypertension. "
                  "2000;36(5):801-807.", "https://doi.org/10.1161/01.HYP.36.5.801"),
        Reference("Evans L, Rhodes A, Alhazzani W, et al. Surviving Sepsis Campaign: international guidelines "
                  "for management of sepsis and septic shock 2021. Crit Care Med. 2021;49(11):e1063-e1143 "
                  "(initial MAP target 65 mm Hg).", "https://doi.org/10.1097/CCM.0000000000005337"),
    ),
    formula="MAP = 2/3 × diastolic BP + 1/3 × systolic BP  (= DBP + pulse pressure / 3)",
    description="Average arterial pressure over one cardiac cycle, estimated from a cuff reading; diastole "
    "is weighted twice because it lasts about two thirds of the cycle at resting heart rates.",
    medcalc_bench=MedCalcBench(5, {"Systolic Blood Pressure": "systolic", "Diastolic Blood Pressure": "diastolic"}),
    example={"systolic": 128, "diastolic": 82},
)
def mean_arterial_pressure(x: MeanArterialPressureInputs, w: Working) -> float:
    if x.diastolic > x.systolic:
        raise invalid("diastolic", x.diastolic, f"a diastolic pressure ≤ the systolic {fmt(x.systolic)} mm Hg",
                      "the two values may be swapped")
    value = w.step(
        "mean arterial pressure",
        f"2/3 × {fmt(x.diastolic)} + 1/3 × {fmt(x.systolic)}",
        2 / 3 * x.diastolic + 1 / 3 * x.systolic,
        "mm Hg",
    )
    if value < SEPSIS_TARGET:
        w.interpretation = "MAP below 65 mm Hg, the initial target in septic shock: organ perfusion may be inadequate"
    else:
        w.interpretation = "MAP at or above 65 mm Hg, the initial target in septic shock"
    return value
