"""Deciding: the calculation of what was read (where no model request made one), the answer or
an honest abstention, unit fixes, and the confidence of each input and of the case."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ...bench.calculation import fix_units
from ..confidence import case_confidence
from ..inputs import ReadInput
from ..pipeline import Stage, stage
from ..quantities import candidates, scan
from ..state import ReadState


def missing_inputs(error: Mapping[str, Any] | None, note: str, specs: Mapping[str, ReadInput]) -> list[str] | None:
    """The required inputs the note truly lacks, when those are the calculator's only complaint:
    every issue is a missing input, and no quantity among them has a candidate mention in the
    note. None otherwise (the error is something a model got wrong)."""
    issues = (error or {}).get("issues") or []
    if not issues or any(i.get("kind") != "missing" for i in issues):
        return None
    names = [str(i.get("field")) for i in issues]
    mentions = scan(note)
    for name in names:
        spec = specs.get(name)
        if spec is not None and spec.kind == "quantity" and candidates(mentions, name, spec.units, unit=spec.unit,
                                                                        plausible=spec.plausible):
            return None
    return names


def abstention_text(calc_name: str, missing: list[str] | tuple[str, ...]) -> str:
    return f"not computable: the note does not give {', '.join(missing)} ({calc_name})"


@stage
@dataclass(frozen=True)
class Decide(Stage):
    """`abstain`: when the calculator's only complaint is missing inputs the note has no mention of,
    the reading is "not computable" (status `abstained`, the inputs named) instead of `unparsed`.
    `fix_units`: a value still implausible is read in the one other declared unit that makes it
    plausible (138000 "10^9/L" as 138000 "/uL")."""

    name = "decide"
    produces = "the answer, or an abstention naming what the note lacks"
    abstain: bool = True
    fix_units: bool = True

    def run(self, state: ReadState) -> None:
        if state.status == "error":
            return
        if "turns" not in state.trace:  # nothing asked of the model: what the rules read, computed
            record: dict[str, Any] = {"turn": 0}
            got = state.calculate(state.noted or None, record, fix=bool(state.noted))
            state.trace.update(turns=[record | {"inputs": got.inputs}], repairs=0)
            state.result, state.written, state.error = got.result, dict(got.inputs or {}), got.message
            if "fields" not in state.trace:  # no model stage at all: what the calculator lacks, the note does
                state.issues = got.error  # (with one that found nothing to ask, `extract` never abstained here)
        for spec in state.open():
            state.settle(spec.name, None, "unread")
        if state.result is None:
            self._without_result(state)
            return
        if self.fix_units:  # the written inputs stay as read
            _, state.result, fixes = fix_units(state.calc, dict(state.written), state.result)
            if fixes:
                state.fixes, state.trace["unit_fixes"] = fixes, fixes
        _note_hinted(state)

    def _without_result(self, state: ReadState) -> None:
        missing = missing_inputs(state.issues, state.note, state.inputs) if self.abstain else None
        if missing:
            state.status, state.missing = "abstained", tuple(missing)
            state.trace["missing_inputs"] = missing
            return
        last = state.last
        state.status = "truncated" if last is not None and last.finish_reason == "length" else "unparsed"
        state.error = f"no computable inputs after {len(state.trace.get('turns', []))} turn(s): {state.error}"


def _note_hinted(state: ReadState) -> None:
    """An input whose value a hint changed reads as the calculator took it, the value read kept."""
    for name, reading in list(state.readings.items()):
        if name in state.written and reading.value is not None and state.written[name] != reading.value:
            state.readings[name] = replace(reading, value=state.written[name],
                                           detail={**reading.detail, "read_as": reading.value})


@stage
@dataclass(frozen=True)
class Confidence(Stage):
    """Each input's calibrated confidence (by what settled it, from the design sample's reliability
    table), which inputs could change the result, and the case's confidence: the calibrated
    probability that the answer is right, from the inputs that matter (`reading.confidence`)."""

    name = "confidence"
    produces = "a calibrated confidence for every input and for the case"

    def run(self, state: ReadState) -> None:
        if state.result is None:
            return
        readings, confidence, drivers = case_confidence(state.calc, state.readings, state.written, state.result)
        state.readings = dict(readings)
        state.trace["confidence"] = {"case": confidence, "drivers": list(drivers)}
