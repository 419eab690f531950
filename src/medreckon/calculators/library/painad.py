"""PAINAD: Pain Assessment in Advanced Dementia (Warden 2003)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs
from ..scales import item, score_items
from ..spec import Output, Reference, Working, calculator


class PAINADInputs(Inputs):
    breathing: item(2) = Field(description="Breathing independent of vocalisation: 0 normal; 1 occasional laboured "
                               "breathing, short period of hyperventilation; 2 noisy laboured breathing, long period "
                               "of hyperventilation, Cheyne-Stokes respirations.")
    negative_vocalization: item(2) = Field(
        description="Negative vocalisation: 0 none; 1 occasional moan or groan, low-level speech with a negative or "
        "disapproving quality; 2 repeated troubled calling out, loud moaning or groaning, crying.")
    facial_expression: item(2) = Field(description="Facial expression: 0 smiling or inexpressive; 1 sad, frightened, "
                                       "frown; 2 facial grimacing.")
    body_language: item(2) = Field(description="Body language: 0 relaxed; 1 tense, distressed pacing, fidgeting; "
                                   "2 rigid, fists clenched, knees pulled up, pulling or pushing away, striking out.")
    consolability: item(2) = Field(description="Consolability: 0 no need to console; 1 distracted or reassured by "
                                   "voice or touch; 2 unable to console, distract or reassure.")


@calculator(
    id="painad",
    name="Pain Assessment in Advanced Dementia Scale (PAINAD)",
    aliases=("painad-scale", "pain-assessment-in-advanced-dementia"),
    kind="score",
    specialty="neurology",
    output=Output("points", "integer", 0, range=(0, 10)),
    inputs=PAINADInputs,
    references=(
        Reference("Warden V, Hurley AC, Volicer L. Development and psychometric evaluation of the Pain Assessment in "
                  "Advanced Dementia (PAINAD) scale. J Am Med Dir Assoc. 2003;4(1):9-15."),
        Reference("MDCalc. Pain Assessment in Advanced Dementia Scale (PAINAD)."),
    ),
    formula="Breathing, negative vocalisation, facial expression, body language, consolability: 0-2 each. Total 0-10: "
    "0 no pain, 1-3 mild, 4-6 moderate, 7-10 severe pain.",
    description="Observational pain scale for people with advanced dementia who cannot report pain reliably. The "
    "bands follow the usual 0-10 pain scale; the original tool defines only 0 (no pain) and 10 (severe pain).",
    example={"breathing": 1, "negative_vocalization": 1, "facial_expression": 2, "body_language": 1,
             "consolability": 1},
)
def painad(x: PAINADInputs, w: Working) -> int:
    total = score_items(w, (("breathing", x.breathing, 2), ("negative vocalisation", x.negative_vocalization, 2),
                            ("facial expression", x.facial_expression, 2), ("body language", x.body_language, 2),
                            ("consolability", x.consolability, 2)))
    if total == 0:
        w.interpretation = "no pain (0)"
    elif total <= 3:
        w.interpretation = "mild pain (1-3)"
    elif total <= 6:
        w.interpretation = "moderate pain (4-6)"
    else:
        w.interpretation = "severe pain (7-10)"
    return total
