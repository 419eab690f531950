"""Glasgow Coma Scale / Score (Teasdale & Jennett 1974; Teasdale 2014 'not testable' rule).

Also the reusable parts for scores that include the GCS components: the choices `GCSEye`,
`GCSVerbal`, `GCSMotor`, their point tables and `glasgow_coma_score()` which records the component
steps. A score that takes the total directly (APACHE II, SOFA) uses `fields.GCSTotal`.
"""

from __future__ import annotations

from pydantic import Field

from ...errors import CalculatorInputError, InputIssue
from ..fields import Inputs, choice
from ..points import category
from ..spec import MedCalcBench, Output, Reference, Working, calculator

NOT_TESTABLE = "not testable"
_NT = {"not testable": NOT_TESTABLE, "nt": NOT_TESTABLE, "untestable": NOT_TESTABLE,
       "not assessable": NOT_TESTABLE, "unable to assess": NOT_TESTABLE}

EYE_POINTS = {
    "eyes open spontaneously": 4,
    "eye opening to verbal command": 3,
    "eye opening to pain": 2,
    "no eye opening": 1,
}
VERBAL_POINTS = {
    "oriented": 5,
    "confused": 4,
    "inappropriate words": 3,
    "incomprehensible sounds": 2,
    "no verbal response": 1,
}
MOTOR_POINTS = {
    "obeys commands": 6,
    "localizes pain": 5,
    "withdrawal from pain": 4,
    "flexion to pain": 3,
    "extension to pain": 2,
    "no motor response": 1,
}

GCSEye = choice(
    *EYE_POINTS, NOT_TESTABLE,
    synonyms={
        "spontaneous": "eyes open spontaneously", "spontaneously": "eyes open spontaneously",
        "eyes open": "eyes open spontaneously", "e4": "eyes open spontaneously",
        "to verbal command": "eye opening to verbal command", "to voice": "eye opening to verbal command",
        "to sound": "eye opening to verbal command", "to speech": "eye opening to verbal command",
        "eye opening to sound": "eye opening to verbal command",
        "eye opening to speech": "eye opening to verbal command", "e3": "eye opening to verbal command",
        "to pain": "eye opening to pain", "to pressure": "eye opening to pain",
        "eye opening to pressure": "eye opening to pain", "e2": "eye opening to pain",
        "none": "no eye opening", "no response": "no eye opening", "e1": "no eye opening",
        "eyes closed by swelling": NOT_TESTABLE, "ent": NOT_TESTABLE,
        **_NT,
    },
    unscorable=(NOT_TESTABLE,),
)
GCSVerbal = choice(
    *VERBAL_POINTS, NOT_TESTABLE,
    synonyms={
        "orientated": "oriented", "v5": "oriented",
        "confused conversation": "confused", "disoriented": "confused", "v4": "confused",
        "inappropriate": "inappropriate words", "words": "inappropriate words", "v3": "inappropriate words",
        "incomprehensible": "incomprehensible sounds", "sounds": "incomprehensible sounds",
        "moaning": "incomprehensible sounds", "v2": "incomprehensible sounds",
        "none": "no verbal response", "no response": "no verbal response", "v1": "no verbal response",
        "intubated": NOT_TESTABLE, "t": NOT_TESTABLE, "vt": NOT_TESTABLE, "vnt": NOT_TESTABLE,
        **_NT,
    },
    unscorable=(NOT_TESTABLE,),
)
GCSMotor = choice(
    *MOTOR_POINTS, NOT_TESTABLE,
    synonyms={
        "obeys": "obeys commands", "follows commands": "obeys commands", "m6": "obeys commands",
        "localises pain": "localizes pain", "localizes": "localizes pain", "localising": "localizes pain",
        "localizing": "localizes pain", "m5": "localizes pain",
        "withdraws": "withdrawal from pain", "withdraws from pain": "withdrawal from pain",
        "normal flexion": "withdrawal from pain", "m4": "withdrawal from pain",
        "abnormal flexion": "flexion to pain", "decorticate": "flexion to pain",
        "decorticate posturing": "flexion to pain", "m3": "flexion to pain",
        "extension": "extension to pain", "decerebrate": "extension to pain",
        "decerebrate posturing": "extension to pain", "m2": "extension to pain",
        "none": "no motor response", "no response": "no motor response", "m1": "no motor response",
        "mnt": NOT_TESTABLE, "sedated": NOT_TESTABLE, "paralysed": NOT_TESTABLE, "paralyzed": NOT_TESTABLE,
        **_NT,
    },
    unscorable=(NOT_TESTABLE,),
)


def components(eye: str, verbal: str, motor: str) -> str:
    """The scale as reported component by component, e.g. 'E2 VNT M4'."""
    def part(letter: str, response: str, table: dict[str, int]) -> str:
        return f"{letter}NT" if response == NOT_TESTABLE else f"{letter}{table[response]}"

    return " ".join((part("E", eye, EYE_POINTS), part("V", verbal, VERBAL_POINTS), part("M", motor, MOTOR_POINTS)))


def glasgow_coma_score(eye: str, verbal: str, motor: str, w: Working) -> int:
    """E + V + M with one step per component; a 'not testable' component is an input error,
    because the total Score cannot be calculated without it (Teasdale 2014, MDCalc)."""
    untestable = [f for f, v in (("eye", eye), ("verbal", verbal), ("motor", motor)) if v == NOT_TESTABLE]
    if untestable:
        scale = components(eye, verbal, motor)
        raise CalculatorInputError(None, [
            InputIssue(
                f, NOT_TESTABLE,
                "a testable response: the total Glasgow Coma Score cannot be calculated when a component "
                "is not testable",
                f"report the Glasgow Coma Scale by component instead: {scale}",
            )
            for f in untestable
        ])
    e = category(w, "best eye response", eye, EYE_POINTS)
    v = category(w, "best verbal response", verbal, VERBAL_POINTS)
    m = category(w, "best motor response", motor, MOTOR_POINTS)
    return w.step("total", f"E{e} + V{v} + M{m} = {e} + {v} + {m}", e + v + m, "points")


def severity(total: int) -> str:
    """Conventional head-injury severity bands of the total score."""
    if total <= 8:
        return "severe (GCS 3-8)"
    if total <= 12:
        return "moderate (GCS 9-12)"
    return "mild (GCS 13-15)"




class GCSInputs(Inputs):
    eye: GCSEye = Field(
        description="Best eye response: 'eyes open spontaneously' (4), 'eye opening to verbal command' (3), "
        "'eye opening to pain' (2), 'no eye opening' (1), or 'not testable' (e.g. eyes closed by "
        "swelling). Pass the observed response, not its points."
    )
    verbal: GCSVerbal = Field(
        description="Best verbal response: 'oriented' (5), 'confused' (4), 'inappropriate words' (3), "
        "'incomprehensible sounds' (2), 'no verbal response' (1), or 'not testable' (e.g. intubated). "
        "An intubated patient is 'not testable', not 'no verbal response'."
    )
    motor: GCSMotor = Field(
        description="Best motor response: 'obeys commands' (6), 'localizes pain' (5), 'withdrawal from pain' "
        "(4, normal flexion), 'flexion to pain' (3, abnormal/decorticate flexion), 'extension to pain' "
        "(2, decerebrate), 'no motor response' (1), or 'not testable' (e.g. sedation or paralysis)."
    )


@calculator(
    id="glasgow-coma-scale",
    name="Glasgow Coma Scale/Score (GCS)",
    aliases=("gcs", "glasgow-coma-score", "glasgow", "Glasgow Coma Scale (GCS)"),
    kind="score",
    specialty="neurology",
    output=Output("points", "integer", 0, range=(3, 15)),
    inputs=GCSInputs,
    references=(
        Reference("Teasdale G, Jennett B. Assessment of coma and impaired consciousness. A practical scale. "
                  "Lancet. 1974;2(7872):81-84.", "https://doi.org/10.1016/s0140-6736(74)91639-0"),
        Reference("Teasdale G, Maas A, Lecky F, Manley G, Stocchetti N, Murray G. The Glasgow Coma Scale at "
                  "40 years: standing the test of time. Lancet Neurol. 2014;13(8):844-854 (non-testable "
                  "components: the total is not calculated).", "https://doi.org/10.1016/S1474-4422(14)70120-6"),
        Reference("MDCalc. Glasgow Coma Scale/Score (GCS).",
                  "https://www.mdcalc.com/calc/64/glasgow-coma-scale-score-gcs"),
    ),
    formula=(
        "GCS = eye (4 spontaneous, 3 to verbal command, 2 to pain, 1 none) + verbal (5 oriented, "
        "4 confused, 3 inappropriate words, 2 incomprehensible sounds, 1 none) + motor (6 obeys commands, "
        "5 localizes pain, 4 withdrawal from pain, 3 flexion to pain, 2 extension to pain, 1 none). "
        "Total 3-15; not calculated when a component is not testable."
    ),
    description="Level of consciousness from the best eye, verbal and motor responses. The total Score "
    "needs all three components; with a non-testable component only the component Scale is reported.",
    medcalc_bench=MedCalcBench(
        21,
        {"Best eye response": "eye", "Best verbal response": "verbal", "Best motor response": "motor"},
    ),
    example={"eye": "eye opening to verbal command", "verbal": "confused", "motor": "localizes pain"},
)
def glasgow_coma_scale(x: GCSInputs, w: Working) -> int:
    total = glasgow_coma_score(x.eye, x.verbal, x.motor, w)
    w.interpretation = f"{components(x.eye, x.verbal, x.motor)}: {severity(total)}"
    return total
