"""What a reading of a note gives: per input the value as written, where it came from, the words of
the note that say it and a calibrated confidence; per case the calculation, a confidence, the inputs
that drive it and whether a person should review it. Everything is JSON-ready (`to_dict`).

    reading = read_note("cha2ds2-vasc", note)
    reading.inputs["stroke"].value          # True
    reading.inputs["stroke"].source         # Source.RULE
    reading.inputs["stroke"].evidence       # (Span(112, 118, "stroke"),)
    reading.confidence, reading.needs_review
    reading.correct({"stroke": False})      # a person's correction: computed again
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from ..calculators.spec import Result
from ..jsonable import jsonable


class Source(StrEnum):
    """Who settled an input."""

    RULE = "rule"  # a rule-based reader (ConText, phrases, the quantity scanner, demographics)
    MODEL = "model"  # a language model (generated JSON, a question, log-probabilities)
    DEFAULT = "default"  # nobody: the calculator's declared default applies (with its warning)
    PERSON = "person"  # a person's correction
    LEARNED = "learned"  # a reader trained on examples


@dataclass(frozen=True)
class Span:
    """Words of the note that say an input: characters `start` to `end` (note[start:end] == text)."""

    start: int
    end: int
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"start": self.start, "end": self.end, "text": self.text}


def span_of(note: str, start: int, text: str) -> Span:
    """The span of `text` written at `start` (clipped to the note)."""
    start = max(0, min(start, len(note)))
    end = min(len(note), start + len(text))
    return Span(start, end, note[start:end])


def find_span(note: str, text: str) -> Span | None:
    """The first place the note writes `text` (case ignored), or None."""
    if not text.strip():
        return None
    at = note.lower().find(text.lower())
    return None if at < 0 else Span(at, at + len(text), note[at:at + len(text)])


@dataclass(frozen=True)
class InputReading:
    """One input as read. `value`: as written (a finding true/false, a choice's option, a quantity
    {"value", "unit"}, a number), None when left out (the calculator's declared default applies).
    `method`: the mechanism that settled it (see `METHODS`); `detail`: that mechanism's own record
    (a finding's ConText state, a choice's option probabilities, a mention's rank ...); `matters`:
    whether another value would change the result (False: the confidence leaves it out)."""

    name: str
    kind: str
    value: Any
    source: Source
    method: str
    evidence: tuple[Span, ...] = ()
    confidence: float | None = None
    detail: Mapping[str, Any] = field(default_factory=dict)
    matters: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "value": jsonable(self.value),
                "source": str(self.source), "method": self.method,
                "evidence": [s.to_dict() for s in self.evidence], "confidence": self.confidence,
                "matters": self.matters, "detail": jsonable(dict(self.detail))}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> InputReading:
        return cls(name=d["name"], kind=d["kind"], value=d.get("value"), source=Source(d["source"]),
                   method=d["method"], evidence=tuple(Span(**s) for s in d.get("evidence") or ()),
                   confidence=d.get("confidence"), detail=dict(d.get("detail") or {}),
                   matters=d.get("matters", True))


# What settled an input, by source (the confidence table is keyed by these)
METHODS = {
    "context": Source.RULE,  # a finding by ConText over its synonyms
    "phrases": Source.RULE,  # a choice (or judgement finding) by the lexicon's phrases
    "demographics": Source.RULE,  # the sex or race by rules
    "named_mention": Source.RULE,  # a quantity by the note's mention that names it
    "not_in_note": Source.DEFAULT,  # an optional quantity the note never mentions
    "declared_default": Source.DEFAULT,  # a choice whose phrases name no option: its default
    "mention_choice": Source.MODEL,  # a quantity: the model chose among the note's mentions
    "json_request": Source.MODEL,  # the model's JSON reply
    "finding_question": Source.MODEL,  # one criterion asked as generated JSON
    "logprob": Source.MODEL,  # a yes/no or graded question scored by log-probabilities
    "person": Source.PERSON,
    "learned": Source.LEARNED,  # a reader trained on examples (issue 30's criterion reader)
    "unread": Source.DEFAULT,  # no stage of the pipeline read it
}

Status = str  # ok | abstained | unparsed | truncated | error


@dataclass(frozen=True)
class NoteReading:
    """A note read for one calculator (see the module docstring). `arguments`: what went to the
    calculator (the inputs given, with the rule options); `result`: the calculator's result, or
    None with `status` saying why (abstained: a required input the note does not give, named in
    `missing`). `confidence`: the calibrated probability that the answer is right, None where
    nothing was computed; `drivers`: the inputs that pull it down most, least sure first;
    `needs_review`: the confidence is under `threshold` (or nothing was computed)."""

    calculator: str
    calculator_version: str
    pipeline: str
    version: str
    note: str
    inputs: Mapping[str, InputReading]
    arguments: Mapping[str, Any]
    options: Mapping[str, Any]
    result: Result | None
    status: Status
    missing: tuple[str, ...] = ()
    error: str | None = None
    confidence: float | None = None
    drivers: tuple[str, ...] = ()
    threshold: float | None = None
    fixes: tuple[str, ...] = ()

    @property
    def needs_review(self) -> bool:
        return self.confidence is None or self.threshold is None or self.confidence < self.threshold

    @property
    def value(self) -> Any:
        return None if self.result is None else self.result.value

    def to_dict(self) -> dict[str, Any]:
        return {"calculator": self.calculator, "calculator_version": self.calculator_version,
                "pipeline": self.pipeline, "version": self.version, "status": self.status,
                "inputs": {k: r.to_dict() for k, r in self.inputs.items()},
                "arguments": jsonable(dict(self.arguments)),
                "options": jsonable(dict(self.options)),
                "result": None if self.result is None else jsonable(self.result.to_dict()),
                "missing": list(self.missing), "error": self.error, "confidence": self.confidence,
                "drivers": list(self.drivers), "threshold": self.threshold,
                "needs_review": self.needs_review, "fixes": list(self.fixes)}

    def correct(self, values: Mapping[str, Any], strict: bool | Collection[str] = True) -> NoteReading:
        """This reading with a person's values for some inputs (source person, confidence 1; the
        words the reader read stay as evidence, its value in `detail["read"]`), computed again; a
        value None leaves the input out (its declared default applies). CalculatorInputError for
        an input the calculator does not have, or values it rejects; `strict` a set of names (or
        False: the names in `values`): only for issues that name one of them (a required input
        still missing is then `abstained`)."""
        from .read import settle  # the calculation and the confidence, shared with the pipeline

        inputs = dict(self.inputs)
        for name, value in values.items():
            was = inputs.get(name)
            inputs[name] = InputReading(
                name, was.kind if was else "unknown", value, Source.PERSON, "person",
                evidence=was.evidence if was else (), confidence=1.0,
                detail={"read": jsonable(was.value), "read_by": was.method} if was else {})
        return settle(replace(self, inputs=inputs, fixes=()), strict=strict or set(values))


__all__ = ["METHODS", "InputReading", "NoteReading", "Source", "Span", "find_span", "span_of"]
