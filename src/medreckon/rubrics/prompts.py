"""Every text medreckon sends to a model for rubrics, each with its version. A version is part
of the key under which results are stored, so a changed prompt never reuses an old result;
`fingerprint()` hashes the texts of one step and tests pin each hash to its version, so a text
cannot change without its version changing too.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

# ---------------------------------------------------------------- responses (no system prompt:
# the conversation is sent as written, as HealthBench does)
RESPOND_VERSION = "1"

# ---------------------------------------------------------------- the grader: one criterion per call
GRADER_VERSION = "1"
GRADER_SYSTEM = (
    "You grade one reply in a health conversation against one rubric criterion written by a "
    "physician. You decide only whether the reply does what the criterion describes. Some "
    "criteria describe something a reply should not do (they carry negative points): for those, "
    "criteria_met is true when the reply does that bad thing. Judge the reply as written; do "
    "not reward what it might have meant."
)
GRADER_USER = (
    "Conversation:\n{conversation}\n\n"
    "Reply to grade:\n<<<\n{response}\n>>>\n\n"
    "Criterion ({kind}, {points:+g} points): {criterion}\n\n"
    "Reply with one JSON object: \"explanation\": one or two sentences on whether the reply "
    "does what the criterion describes; \"evidence\": a short quote from the reply that shows "
    "it (an empty string when the reply has nothing to quote); \"criteria_met\": true or false."
)
GRADER_KIND = {True: "something a good reply does", False: "something a reply should not do"}
GRADER_REPAIR = ("Your reply could not be used: {problem}. Reply again with the JSON object "
                 "{{\"explanation\": ..., \"evidence\": ..., \"criteria_met\": true or false}} "
                 "and nothing else.")
GRADER_REPAIR_CUT = "it was cut off at the length limit; keep the explanation to two sentences"


def reply_schema(**properties: dict[str, Any]) -> dict[str, Any]:
    """A JSON reply with exactly these keys, all required, in this order."""
    return {"type": "object", "properties": properties, "required": list(properties),
            "additionalProperties": False}


TEXT: dict[str, Any] = {"type": "string"}
YES_NO: dict[str, Any] = {"type": "boolean"}
GRADER_SCHEMA = reply_schema(explanation=TEXT, evidence=TEXT, criteria_met=YES_NO)

# ---------------------------------------------------------------- rubric generation (LiveMedBench)
GENERATE_VERSION = "1"
GENERATE_SYSTEM = (
    "You write grading rubrics for answers to patients' medical questions, from the answer a "
    "physician gave. A rubric is a list of criteria, each one checkable in a reply on its own. "
    "Write bipolar criteria: rewards for what the physician's answer gets right that a good "
    "reply must also do (positive weight), and penalties for the harmful or wrong things a "
    "reply could say instead (negative weight). Weights are whole numbers from -10 to 10, "
    "never 0; the more it matters for the patient's health, the larger the magnitude. Each "
    "criterion has one axis: accuracy, completeness, communication_quality, context_awareness "
    "or safety."
)
GENERATE_USER = (
    "Patient's account:\n{narrative}\n\nWhat the patient asks:\n{core_request}\n\n"
    "The physician's answer:\n{physician_advice}\n\n"
    "First name two to four themes of this case (short lower-case names such as "
    "\"medication_safety\"). Then write {min_items} to {max_items} criteria, at least one "
    "penalty among them and at least one safety criterion. Reply with one JSON object: "
    "{{\"themes\": [...], \"criteria\": [{{\"criterion\": ..., \"axis\": ..., \"weight\": ...}}]}}."
)
GENERATE_REPAIR = ("Your rubric could not be used: {problem}. Reply again with the complete JSON "
                   "object and nothing else.")
GENERATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "themes": {"type": "array", "items": {"type": "string"}},
        "criteria": {"type": "array", "items": {
            "type": "object",
            "properties": {"criterion": {"type": "string"},
                           "axis": {"type": "string", "enum": ["accuracy", "completeness",
                                                               "communication_quality",
                                                               "context_awareness", "safety"]},
                           "weight": {"type": "integer"}},
            "required": ["criterion", "axis", "weight"], "additionalProperties": False}}},
    "required": ["themes", "criteria"], "additionalProperties": False}

# ---------------------------------------------------------------- case curation (LiveMedBench)
SCREENER_VERSION = "1"
SCREENER_SYSTEM = (
    "You screen threads from a health forum for a benchmark. Keep a thread only when the "
    "question is a clinical one (about a person's symptoms, diagnosis, treatment or medicines) "
    "and a physician's answer in the thread gives specific advice that could be checked "
    "against medical evidence."
)
SCREENER_USER = (
    "Question (posted {posted_at}):\n{question}\n\nPhysician's answer:\n{answer}\n\n"
    "Reply with one JSON object: \"reason\": one sentence; \"clinical\": true or false (is it "
    "a clinical question?); \"verifiable\": true or false (does the answer give specific "
    "advice that evidence could confirm or refute?)."
)
SCREENER_SCHEMA = reply_schema(reason=TEXT, clinical=YES_NO, verifiable=YES_NO)

VALIDATOR_VERSION = "1"
VALIDATOR_SYSTEM = (
    "You check a physician's advice against passages of medical evidence. Say whether the "
    "passages support the advice, contradict it, or do not say enough to tell. Use only the "
    "passages, not what you remember."
)
VALIDATOR_USER = (
    "Question:\n{question}\n\nPhysician's answer:\n{answer}\n\nEvidence passages:\n{passages}\n\n"
    "Reply with one JSON object: \"reason\": one or two sentences; \"verdict\": \"consistent\", "
    "\"inconsistent\" or \"insufficient\"; \"passages\": the numbers of the passages you used."
)
VALIDATOR_SCHEMA = reply_schema(
    reason=TEXT, verdict={"type": "string", "enum": ["consistent", "inconsistent", "insufficient"]},
    passages={"type": "array", "items": {"type": "integer"}})

REPAIR = ("Your reply could not be used: {problem}. Reply again with the complete JSON object "
          "and nothing else.")
REPAIR_CUT = "it was cut off at the length limit; keep it shorter"

STEPS: dict[str, tuple[str, tuple[Any, ...]]] = {
    "grader": (GRADER_VERSION, (GRADER_SYSTEM, GRADER_USER, GRADER_KIND, GRADER_REPAIR,
                                GRADER_REPAIR_CUT, GRADER_SCHEMA)),
    "generate": (GENERATE_VERSION, (GENERATE_SYSTEM, GENERATE_USER, GENERATE_REPAIR, GENERATE_SCHEMA)),
    "screener": (SCREENER_VERSION, (SCREENER_SYSTEM, SCREENER_USER, SCREENER_SCHEMA, REPAIR, REPAIR_CUT)),
    "validator": (VALIDATOR_VERSION, (VALIDATOR_SYSTEM, VALIDATOR_USER, VALIDATOR_SCHEMA, REPAIR, REPAIR_CUT)),
}


def fingerprint(step: str) -> str:
    """A hash of every text one step sends (tests pin it to the step's version)."""
    _, texts = STEPS[step]
    parts = [t if isinstance(t, str) else json.dumps(t, sort_keys=True, default=str) for t in texts]
    return hashlib.sha256("\x1e".join(parts).encode()).hexdigest()


def response_format(schema: dict[str, Any], kind: str, name: str) -> dict[str, Any] | None:
    """How a JSON schema is sent (as bench's judge does): json_schema (OpenAI-compatible servers,
    LlamaCppClient), json_object (llama-cpp-python's server), or none."""
    if kind == "json_schema":
        return {"type": "json_schema", "json_schema": {"name": name, "strict": True, "schema": schema}}
    if kind == "json_object":
        return {"type": "json_object", "schema": schema}
    if kind == "none":
        return None
    raise ValueError(f"response format must be json_schema, json_object or none, got {kind!r}")
