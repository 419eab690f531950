"""GCS-Pupils score: the Glasgow Coma Score less the number of unreactive pupils (Brennan 2018)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..points import category
from ..spec import Output, Reference, Working, calculator
from .gcs import GCSEye, GCSMotor, GCSVerbal, glasgow_coma_score

PUPIL_POINTS = {"both reactive": 0, "one unreactive": 1, "both unreactive": 2}
Pupils = choice(*PUPIL_POINTS)


class GCSPupilsInputs(Inputs):
    eye: GCSEye = Field(description="Best eye response: 'eyes open spontaneously' (4), 'eye opening to verbal "
                        "command' (3), 'eye opening to pain' (2), 'no eye opening' (1).")
    verbal: GCSVerbal = Field(description="Best verbal response: 'oriented' (5), 'confused' (4), 'inappropriate "
                              "words' (3), 'incomprehensible sounds' (2), 'no verbal response' (1). An intubated "
                              "patient's verbal response is not testable: the score is then not calculated.")
    motor: GCSMotor = Field(description="Best motor response: 'obeys commands' (6), 'localizes pain' (5), "
                            "'withdrawal from pain' (4), 'flexion to pain' (3), 'extension to pain' (2), 'no motor "
                            "response' (1).")
    pupils: Pupils = Field(description="Pupil reactivity to light: 'both reactive' (subtracts 0), 'one unreactive' "
                           "(1) or 'both unreactive' (2). Unreactive means no constriction to bright light.")


@calculator(
    id="gcs-pupils",
    name="GCS-Pupils Score",
    aliases=("gcs-p", "glasgow-coma-scale-pupils", "gcs-pupil-reactivity"),
    kind="score",
    specialty="neurology",
    output=Output("points", "integer", 0, range=(1, 15)),
    inputs=GCSPupilsInputs,
    references=(
        Reference("Brennan PM, Murray GD, Teasdale GM. Simplifying the use of prognostic information in traumatic "
                  "brain injury. Part 1: The GCS-Pupils score: an extended index of clinical severity. J Neurosurg. "
                  "2018;128(6):1612-1620.", "https://doi.org/10.3171/2017.12.JNS172780"),
        Reference("MDCalc. GCS-Pupils Score."),
    ),
    formula="GCS-P = GCS (eye + verbal + motor, 3-15) − pupil reactivity score (both reactive 0, one unreactive 1, "
    "both unreactive 2). Range 1-15.",
    description="Severity of traumatic brain injury combining the Glasgow Coma Score with pupil reactivity, which "
    "extends the scale's low end: a lower GCS-P means a worse prognosis at 6 months (Brennan 2018 gives mortality "
    "and unfavourable outcome by score in CRASH and IMPACT cohorts).",
    example={"eye": "eye opening to pain", "verbal": "incomprehensible sounds", "motor": "withdrawal from pain",
             "pupils": "one unreactive"},
)
def gcs_pupils(x: GCSPupilsInputs, w: Working) -> int:
    gcs = glasgow_coma_score(x.eye, x.verbal, x.motor, w)
    prs = category(w, "pupil reactivity score", x.pupils, PUPIL_POINTS)
    total = w.step("GCS-Pupils", f"GCS {gcs} − pupil reactivity {prs}", gcs - prs, "points")
    w.interpretation = (f"GCS-P {total} (GCS {gcs} less {prs} for pupil reactivity): the lower the score, the "
                        "higher the 6-month mortality and risk of unfavourable outcome (Brennan 2018)")
    return total
