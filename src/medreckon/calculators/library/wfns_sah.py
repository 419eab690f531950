"""WFNS grading of subarachnoid haemorrhage (Drake 1988): GCS and motor deficit."""

from __future__ import annotations

from pydantic import Field

from ..fields import GCSTotal, Inputs
from ..rules import Is, NotWhen
from ..spec import Output, Reference, Working, calculator

ROMAN = ("I", "II", "III", "IV", "V")


class WFNSInputs(Inputs):
    gcs: GCSTotal = Field(description="Glasgow Coma Score total, 3-15.")
    motor_deficit: bool = Field(description="Major focal motor deficit (e.g. hemiparesis or aphasia). It changes the "
                                "grade only when the GCS is 13 or 14.")

    rules = (NotWhen("motor_deficit", (Is("gcs", 15),), "no motor deficit at GCS 15",
                     "the WFNS scale does not define GCS 15 with a motor deficit; grade I requires neither"),)


@calculator(
    id="wfns-sah",
    name="WFNS SAH Scale",
    aliases=("wfns", "wfns-grade", "world-federation-of-neurosurgical-societies"),
    kind="score",
    specialty="neurology",
    output=Output("grade", "integer", 0, range=(1, 5)),
    inputs=WFNSInputs,
    references=(
        Reference("Drake CG. Report of World Federation of Neurological Surgeons Committee on a Universal "
                  "Subarachnoid Hemorrhage Grading Scale. J Neurosurg. 1988;68(6):985-986."),
        Reference("MDCalc. WFNS SAH Scale."),
    ),
    formula="I: GCS 15 without motor deficit. II: GCS 13-14 without deficit. III: GCS 13-14 with deficit. IV: GCS "
    "7-12, with or without deficit. V: GCS 3-6. (GCS 15 with a motor deficit is not defined by the scale.)",
    description="Clinical grade of aneurysmal subarachnoid haemorrhage, from level of consciousness and focal motor "
    "deficit; higher grades carry a worse outcome.",
    example={"gcs": 10, "motor_deficit": True},
)
def wfns_sah(x: WFNSInputs, w: Working) -> int:
    grade = (1 if x.gcs == 15 else 3 if x.gcs >= 13 and x.motor_deficit else 2 if x.gcs >= 13 else
             4 if x.gcs >= 7 else 5)
    w.step("WFNS grade", f"GCS {x.gcs}, motor deficit {'present' if x.motor_deficit else 'absent'}", grade, "grade")
    w.interpretation = f"WFNS grade {ROMAN[grade - 1]}"
    return grade
