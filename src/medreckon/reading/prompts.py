"""Every text a reading stage sends a model, in one place: a pipeline's version carries their
fingerprint, so rewording one starts new attempts instead of reusing old ones.

The texts are those of `extract` since its prompt version 3 (`LEGACY_PROMPT_VERSION`): the old
configurations keep their attempt keys only while these stay as they are (a test pins them).
"""

from __future__ import annotations

import hashlib

LEGACY_PROMPT_VERSION = "3"  # the version old `extract` keys carry ("+e3"); frozen with these texts

SYSTEM = (
    "You read clinical notes and copy the facts a medical calculator needs into JSON. You do not "
    "compute anything: the calculator does. Use only what the note says about this patient."
)

RULES = (
    "Rules:\n"
    "- Copy each number as the note writes it and pick the unit the note uses; do not convert "
    "units yourself.\n"
    "- When the note gives a value more than once, take the one at presentation (on admission or "
    "at the visit described first), unless the question asks for another time.\n"
    "- A yes/no finding is true only when the note states it for this patient, false when the "
    "note rules it out, null when the note does not mention it.\n"
    "- Every input marked required needs a value from the note.\n"
    "Reply with one JSON object with exactly these keys, in this order."
)

EVIDENCE_RULE = (
    'Write each input as {"quote": ..., "value": ...} (add "unit" where units are listed): '
    "quote first, the few words of the note that give the value, copied exactly (\"\" when the "
    "note does not mention it); then the value those words give."
)

FINDING_QUESTION = (
    "One criterion of this score: {criterion}\n"
    "Does the note say that this criterion applies to this patient? Answer only from the note. "
    'Reply with one JSON object: {{"present": true}} if it does, {{"present": false}} if the note '
    "rules it out or does not mention it."
)

FINDING_EVIDENCE_QUESTION = (
    "One criterion of this score: {criterion}\n"
    'Reply with one JSON object {{"quote": ..., "present": ...}}. First "quote": the words of the '
    "note about this criterion, copied exactly (\"\" if the note says nothing about it). Then "
    '"present": true only if those words show that the criterion applies to this patient.'
)

REPAIR_PARSE = "Your reply could not be read as the JSON object asked for ({error})."
REPAIR_INVALID = "The calculator rejected these inputs:"
REPAIR_IMPLAUSIBLE = "These values look implausible after unit conversion; check the number and its unit in the note:"
REPAIR_CLOSE = ("Reply with the complete JSON object again, every key, correcting only what is "
                "wrong (keep a value if the note really says it).")

FINDING_LOGPROB_QUESTION = (
    "One criterion of this score: {criterion}\n"
    "Does the note say that this criterion applies to this patient? Answer only from the note. "
    "Answer with one word: yes or no."
)
# With evidence the question is asked on those sentences alone: on a whole note the 1.5B model's
# P(yes) stays near 0.5 (seen on MedCalc-Bench notes), on a few sentences it is decisive.
EVIDENCE_ONLY = "Sentences from a patient's note about one criterion of a score:\n{sentences}"
CHOICE_LOGPROB_QUESTION = (
    "One input of this score: {input}\n"
    "Which option does the note give for this patient? Answer only from the note. "
    "Answer with the letter only.\n{options}"
)
CANDIDATE_RULE = ("For each input below, reply with the number of the mention that gives its value at "
                  "presentation, copied from its list (null if none of them does):")

# the texts of extract's prompt version 3, in the order its fingerprint was taken
_VERSIONED = (SYSTEM, RULES, EVIDENCE_RULE, FINDING_QUESTION, FINDING_EVIDENCE_QUESTION, REPAIR_PARSE,
              REPAIR_INVALID, REPAIR_IMPLAUSIBLE, REPAIR_CLOSE)
_LATER = (FINDING_LOGPROB_QUESTION, EVIDENCE_ONLY, CHOICE_LOGPROB_QUESTION, CANDIDATE_RULE)


def legacy_fingerprint() -> str:
    """sha256 of the texts `extract`'s prompt version 3 named (pinned by a test)."""
    return hashlib.sha256("\x1e".join(_VERSIONED).encode()).hexdigest()


def fingerprint() -> str:
    """sha256 of every text here: part of every pipeline's version."""
    return hashlib.sha256("\x1e".join((*_VERSIONED, *_LATER)).encode()).hexdigest()
