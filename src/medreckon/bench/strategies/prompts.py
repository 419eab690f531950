"""Prompt text for the bench strategies (our own wording) and how answers are asked for.

Every prompt has a version; a strategy's version string, which is part of each attempt key,
includes it. Change a sentence here and bump PROMPT_VERSION: a test pins the text's hash to
the version so that an edit without a bump fails.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..answers import format_answer
from ..types import Case, OutputType

PROMPT_VERSION = "1"

SYSTEM = (
    "You are a careful clinician who works out medical calculations: formulas, conversions and "
    "clinical scores. You get a patient note and one question. Use only what the note says; "
    "when the note gives a value in another unit than the calculation needs, convert it first."
)

# How the answer value should look inside the JSON, by the case's output type. No example
# values: small models copy an example number instead of computing.
ANSWER_FORMATS: dict[OutputType, str] = {
    "decimal": "the number, without units",
    "integer": "the whole number, without units",
    "date": 'the date as a string "MM/DD/YYYY"',
    "gestational_age": 'a string "<weeks> weeks, <days> days"',
    "category": "the label as a string, as the calculator names it",
}

DIRECT_INSTRUCTION = (
    "Give the final answer only, without any working. Reply with one JSON object and nothing "
    'else: {{"answer": <{fmt}>}}'
)

STEP_BY_STEP_INSTRUCTION = (
    "Work it out one step at a time: name the formula or score, take each value it needs from "
    "the note with its unit, convert units where needed, then compute. Reply with one JSON object "
    'and nothing else, the working first and the result last: {{"reasoning": "<your steps>", '
    '"answer": <{fmt}>}}'
)


def case_text(case: Case) -> str:
    return f"Patient note:\n{case.note.strip()}\n\nQuestion: {case.question.strip()}"


def user_message(case: Case, instruction: str) -> dict[str, Any]:
    fmt = ANSWER_FORMATS[case.output_type]
    return {"role": "user", "content": f"{case_text(case)}\n\n{instruction.format(fmt=fmt)}"}


def exemplar_reply(exemplar: Case) -> str:
    """The assistant turn of a one-shot exemplar: its worked explanation and its answer."""
    explanation = exemplar.metadata.get("ground_truth_explanation")
    if not explanation:
        raise ValueError(
            f"one-shot exemplar {exemplar.id} ({exemplar.calculator_name}) has no worked "
            "explanation (Case.metadata['ground_truth_explanation'])"
        )
    return json.dumps(
        {"reasoning": str(explanation).strip(),
         "answer": format_answer(exemplar.ground_truth, exemplar.output_type, "prompt")},
        ensure_ascii=False,
    )


def texts_fingerprint() -> str:
    """sha256 over every prompt sentence; pinned by a test against PROMPT_VERSION."""
    parts = [SYSTEM, DIRECT_INSTRUCTION, STEP_BY_STEP_INSTRUCTION,
             json.dumps(ANSWER_FORMATS, sort_keys=True)]
    return hashlib.sha256("\x1e".join(parts).encode()).hexdigest()
