"""Asking the model for what is left: one JSON request (the inputs no stage settled, as the
calculator's strict schema; a quantity with candidate mentions as one of their numbers; per-item
inputs as a list), computed by the calculator, with repair turns for a reply it cannot use."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...bench.answers import reply_object
from ...bench.calculation import input_schema, result_record
from .. import prompts as P
from ..findings import veto_findings
from ..items import inputs_from_items, item_lines, items_schema
from ..pipeline import MODEL, Stage, stage
from ..quotes import evidence_schema, inputs_from_evidence, quote_in_note
from ..request import (
    candidate_lines,
    candidate_schema,
    inputs_from_candidates,
    nullable_required,
    repair_message,
    response_format,
    user_prompt,
)
from ..result import Span, find_span, span_of
from ..state import ReadState


def _written_number(value: Any) -> str | None:
    number = value.get("value") if isinstance(value, dict) else value
    if isinstance(number, bool) or not isinstance(number, int | float):
        return None
    return f"{number:g}"


@stage
@dataclass(frozen=True)
class AskModel(Stage):
    """`max_repairs` turns after a reply the calculator cannot use (an implausible value too, with
    `repair_implausible`); `evidence`: every input as {"quote", "value"}, the quote checked against
    the note; `nullable`: required inputs may be null, so the model can say the note lacks one;
    `veto`: a finding the model says true is turned false where the reader shows every mention
    negated. A ModelError ends the reading with status `error`."""

    name = "ask_model"
    needs = frozenset({MODEL})
    produces = "every input still open, from one JSON request with repair turns"
    max_repairs: int = 2
    repair_implausible: bool = True
    evidence: bool = False
    nullable: bool = False
    veto: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.max_repairs <= 5:
            raise ValueError(f"max_repairs must be between 0 and 5, got {self.max_repairs}")

    def request(self, state: ReadState, names: list[str]) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
        """The reply's schema, the messages and the candidate mentions of the inputs `names`."""
        specs = state.inputs
        grouped = {s.name for pair in state.groups.values() for s in pair}
        schema = evidence_schema(state.calc) if self.evidence else input_schema(state.calc, names)
        extra: list[str] = []
        if state.groups:  # the item pairs as one list
            schema = items_schema(state.calc, state.groups, names)
            extra.append(item_lines(state.groups))
        shown = [n for n in names if n not in grouped]
        mentions = {n: state.mentions[n] for n in shown if n in state.mentions}
        if mentions:
            schema = candidate_schema(schema, mentions, specs)
            extra.append(candidate_lines(mentions, specs))
        if self.nullable and not self.evidence:
            schema = nullable_required(schema, list(specs.values()))
        text = user_prompt(state.head, state.calc, self.evidence, [n for n in shown if n not in mentions], extra)
        return schema, [{"role": "system", "content": P.SYSTEM}, {"role": "user", "content": text}], mentions

    def run(self, state: ReadState) -> None:
        names = [s.name for s in state.open()]
        state.trace["fields"] = names
        if not names:  # nothing asked of the model: `decide` computes what the rules read
            return
        schema, messages, mentions = self.request(state, names)
        state.trace.update(messages=messages, turns=[])
        took: dict[str, Any] = {"mentions": mentions}
        for turn in range(self.max_repairs + 1):  # a ModelError ends the reading (Pipeline.run)
            repair = self._turn(state, turn, schema, messages, took)
            if repair is None:
                break
            if turn < self.max_repairs:
                state.trace["turns"][-1]["repair"] = repair
                state.sent.append(repair)
                messages += [{"role": "assistant", "content": state.last.text if state.last else ""},
                             {"role": "user", "content": repair}]
        self._settle(state, names, took)

    def _reply(self, state: ReadState, record: dict[str, Any], text: str,
               took: dict[str, Any]) -> tuple[dict[str, Any] | None, str | None]:
        """The calculator arguments of a reply, or (None, the repair message)."""
        try:
            reply = reply_object(text)
        except ValueError as exc:
            record["parse_error"] = state.error = str(exc)
            return None, repair_message(parse_error=str(exc))
        record["parsed"] = reply
        if self.evidence:
            reply, quotes = inputs_from_evidence(state.calc, reply)
            record["quotes_not_in_note"] = sorted(k for k, q in quotes.items() if not quote_in_note(q, state.note))
        if took["mentions"]:
            reply, record["mention_notes"], took["chosen"] = inputs_from_candidates(reply, took["mentions"], state.inputs)
        reply = {**reply, **state.noted}
        if self.veto and state.context:
            reply, vetoed = veto_findings(reply, state.context, state.inputs)
            if vetoed:
                record["vetoed"] = vetoed
        try:
            return (inputs_from_items(reply, state.groups) if state.groups else reply), None
        except ValueError as exc:
            record["parse_error"] = state.error = str(exc)
            return None, repair_message(parse_error=str(exc))

    def _turn(self, state: ReadState, turn: int, schema: dict[str, Any], messages: list[dict[str, Any]],
              took: dict[str, Any]) -> str | None:
        """One request and what the calculator makes of it: the repair message, or None when done."""
        assert state.meter is not None
        state.last = last = state.meter.chat(messages, state.gen, response_format=response_format(schema))
        record: dict[str, Any] = {"turn": turn, "raw": last.text, "finish_reason": last.finish_reason}
        state.trace["turns"].append(record)
        reply, repair = self._reply(state, record, last.text, took)
        if reply is None:
            return repair
        got = state.calculate(reply, record)
        if got.inputs is not None:
            record["inputs"] = got.inputs
        if got.result is None:
            record["error"], state.error, state.issues = got.error, got.message, got.error
            return repair_message(error=got.error)
        state.kept(got, last.text)
        warnings = result_record(got.result)["warnings"]
        record["warnings"] = warnings
        implausible = [w for w in warnings if w["code"] == "implausible"]
        return repair_message(implausible=implausible) if implausible and self.repair_implausible else None

    def _settle(self, state: ReadState, names: list[str], took: dict[str, Any]) -> None:
        """Each input asked, settled with what the model's last computed reply gave it."""
        state.trace["repairs"] = max(0, len(state.trace.get("turns", [])) - 1)
        written = state.written
        for name in names:
            if name in state.readings:
                continue
            value = written.get(name)
            mention = took.get("chosen", {}).get(name)
            if mention is not None and value is not None:
                evidence: list[Span] = [span_of(state.note, mention.start, mention.written)]
                state.settle(name, value, "mention_choice", evidence=evidence, argument=True)
                continue
            shown = _written_number(value)
            found = find_span(state.note, shown) if shown else None
            state.settle(name, value, "json_request", evidence=[found] if found else [], argument=True)
