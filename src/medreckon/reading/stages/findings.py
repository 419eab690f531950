"""Yes/no findings: settled by the mentions `locate` found (ConText), or asked of the model one
criterion at a time (generated JSON, with a quote of the note or without, or the log-probability
of "yes" against a threshold)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...bench.answers import reply_object
from .. import prompts as P
from ..context import Reading
from ..findings import MODES, reading_value, settled_by_reader, veto_findings
from ..pipeline import LOGPROBS, MODEL, Stage, stage
from ..questions import FINDING_EVIDENCE_SCHEMA, FINDING_SCHEMA, finding_prompt, logprob_finding
from ..quotes import quote_in_note
from ..request import response_format
from ..result import Span, find_span, span_of
from ..state import ReadState


def mention_spans(note: str, reading: Reading | None, limit: int = 3) -> list[Span]:
    """Where the note names the finding: the mentions that decided (those about the patient where
    it is present, else all), at most `limit`."""
    if reading is None:
        return []
    mentions = [m for m in reading.mentions if m.asserted] if reading.state == "present" else list(reading.mentions)
    spans = [span_of(note, m.start, m.text) for m in mentions[:limit]]
    if not spans and reading.evidence:  # read by phrases: the words that matched
        found = find_span(note, reading.evidence)
        spans = [found] if found else []
    return spans


def _detail(reading: Reading) -> dict[str, Any]:
    return {"state": reading.state, "mentions": len(reading.mentions)}


@stage
@dataclass(frozen=True)
class RuleFindings(Stage):
    """`alone`: the reader settles every finding (present -> true, absent -> false, not mentioned
    -> left out, so the declared default applies); `with_model`: those it finds no mention of
    about the patient, and negative criteria; `veto`: none (the model answers and the reader only
    turns a true false where every mention is negated, hypothetical or a relative's)."""

    name = "rule_findings"
    produces = "findings their mentions settle"
    mode: str = "alone"

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"rule_findings mode: got {self.mode!r}; expected one of {', '.join(MODES)}")

    def run(self, state: ReadState) -> None:
        for spec in state.open(["boolean"]):
            reading = state.context.get(spec.name)
            if reading is None or not settled_by_reader(reading, spec, self.mode):
                continue
            value = reading_value(reading, spec)
            state.settle(spec.name, value, "phrases" if spec.phrases else "context",
                         evidence=mention_spans(state.note, reading), detail=_detail(reading))
            state.record({"field": spec.name, "reading": reading.to_dict(),
                          **({"present": value} if value is not None else {})})


@stage
@dataclass(frozen=True)
class FindingQuestions(Stage):
    """Every finding still open asked on its own: `decide=generate` as JSON ({"present"}, after a
    quote of the note when `quotes`: a finding claimed without words of the note is not taken), or
    `decide=logprob`: P(yes) of the reply's first token against `threshold` (on the finding's
    sentences where `locate` found some). A reply that cannot be read leaves the finding out.
    `veto`: the reader then turns a true false where every mention is negated (see rule_findings)."""

    name = "finding_questions"
    needs = frozenset({MODEL})
    produces = "findings, one question each"
    decide: str = "generate"
    quotes: bool = True
    threshold: float = 0.5
    veto: bool = False

    def __post_init__(self) -> None:
        if self.decide not in ("generate", "logprob"):
            raise ValueError(f"finding_questions decide: got {self.decide!r}; expected generate or logprob")
        if not 0.0 < self.threshold < 1.0:
            raise ValueError(f"finding_questions threshold: got {self.threshold}; expected a probability between 0 and 1")
        if self.decide == "logprob":
            object.__setattr__(self, "needs", frozenset({MODEL, LOGPROBS}))

    def run(self, state: ReadState) -> None:
        state.trace["split_findings"] = [s.name for s in state.inputs.values() if s.kind == "boolean"]
        asked = state.open(["boolean"])
        found: dict[str, Any] = {}
        for spec in asked:
            reading = state.context.get(spec.name)
            value = self._logprob(state, spec, reading) if self.decide == "logprob" else self._generate(state, spec)
            if value is not None:
                found[spec.name] = value
        if self.veto:
            found, vetoed = veto_findings(found, state.context, state.inputs)
            if vetoed:
                state.trace["vetoed"] = vetoed
        for spec in asked:
            method = "logprob" if self.decide == "logprob" else "finding_question"
            reading = state.context.get(spec.name)
            state.settle(spec.name, found.get(spec.name), method, evidence=mention_spans(state.note, reading))

    def _logprob(self, state: ReadState, spec: Any, reading: Reading | None) -> bool | None:
        assert state.meter is not None
        value, p = logprob_finding(state.meter, state.head, spec, reading, self.threshold)
        state.record({"field": spec.name, "p_yes": p, "threshold": self.threshold,
                      **({"reading": reading.to_dict()} if reading is not None else {}),
                      **({"present": value} if value is not None else {})})
        return value

    def _generate(self, state: ReadState, spec: Any) -> bool | None:
        assert state.meter is not None
        schema, limit = (FINDING_EVIDENCE_SCHEMA, 64) if self.quotes else (FINDING_SCHEMA, 16)
        messages = [{"role": "system", "content": P.SYSTEM},
                    {"role": "user", "content": finding_prompt(state.head, spec, self.quotes)}]
        c = state.meter.chat(messages, {**state.gen, "max_tokens": limit}, response_format=response_format(schema))
        record: dict[str, Any] = {"field": spec.name, "raw": c.text, "finish_reason": c.finish_reason}
        try:
            reply = reply_object(c.text)
        except ValueError as exc:
            reply, record["parse_error"] = {}, str(exc)
        value = reply.get("present")
        if isinstance(value, bool) and self.quotes:
            quote = reply.get("quote")
            grounded = isinstance(quote, str) and bool(quote.strip()) and quote_in_note(quote, state.note)
            record["quote_in_note"] = grounded
            if value and not grounded:  # a finding claimed without words of the note
                record["claimed"], value = True, False
        if isinstance(value, bool):
            record["present"] = value
        state.record(record)
        return value if isinstance(value, bool) else None
