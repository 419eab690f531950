"""Optional model paraphrase of criterion passages, to widen their phrasing beyond the templates.

Any `ModelClient` (the embedded model, an OpenAI-compatible server) rewrites a passage; the
rewrite is kept, with the original's label, only when it keeps what the label was made of: the
thing said, verbatim; every number (a date, an age, a value); and the cue of its kind — a negation
for a denial, a relative for another person's, a hedge for a hypothetical, and none of those near
the thing said for an assertion. Anything else is dropped, with the reason.
"""

from __future__ import annotations

import dataclasses
import re

from ...bench.types import ModelClient, ModelError
from .passages import Passage

PROMPT = ("Rewrite this passage from a clinical note as another clinician might write it. Keep the words "
          "\"{x}\" exactly as written, keep whether it is present, denied, a relative's, planned or hypothetical, "
          "and keep every date, age and number. Reply with the rewritten passage only.\n\nPassage: {passage}")
NEGATION = re.compile(r"\b(?:no|not|never|denies|denied|negative|without|absent|nil|ruled out|excluded|free of|none)\b", re.I)
RELATIVE = re.compile(r"\b(?:mother|father|brother|sister|aunt|uncle|grand\w+|family|FH|FHx|sibling|parent)\b", re.I)
HEDGE = re.compile(r"\b(?:if|risk|rule out|r/o|possible|watch|monitor|consider|should|screen|counsel\w*|precautions|"
                   r"in the event|workup|may)\b", re.I)
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def kept(original: Passage, text: str) -> str | None:
    """Why a rewrite does not keep the passage's label, or None where it does."""
    said = original.parts.text
    if said.lower() not in text.lower():
        return f"lost {said!r}"
    if sorted(_NUMBER.findall(text)) != sorted(_NUMBER.findall(original.text)):
        return "changed a number"
    sentence = next((s for s in re.split(r"(?<=[.;!?])\s+", text) if said.lower() in s.lower()), text)
    cues = {"deny": NEGATION, "relative": RELATIVE, "hypothetical": HEDGE}
    kind = original.parts.kind
    if kind in cues and not cues[kind].search(sentence):
        return f"lost the {kind} cue"
    if kind in ("assert", "clause_true", "value"):
        for name, cue in cues.items():
            if cue.search(sentence) and not cue.search(original.text):
                return f"added a {name} cue"
    return None


def paraphrase(passage: Passage, model: ModelClient, **gen: object) -> tuple[Passage | None, str]:
    """(the reworded passage, with the same label and parts, marked paraphrased), or (None, why)."""
    try:
        reply = model.chat([{"role": "user", "content": PROMPT.format(x=passage.parts.text, passage=passage.text)}], **gen)
    except ModelError as exc:
        return None, f"model error: {exc}"
    text = " ".join((reply.text or "").split())
    if not text:
        return None, "empty paraphrase"
    why = kept(passage, text)
    if why:
        return None, why
    parts = dataclasses.replace(passage.parts, family=f"{passage.parts.family}+paraphrase:{model.name}")
    return dataclasses.replace(passage, text=text, parts=parts), "ok"
