"""Structured fixes: the calculator's own hints (a unit, an input or a choice it names, or the one
other declared unit that makes a value plausible) applied at every calculation, before any repair
turn; and a person's values, over everything a reader would settle."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...bench.calculation import Computed, compute, result_record
from ..hints import apply_hints
from ..pipeline import Stage, stage
from ..state import ReadState


def _implausible(got: Computed) -> list[dict[str, Any]]:
    return [] if got.result is None else [w for w in result_record(got.result)["warnings"] if w["code"] == "implausible"]


@stage
@dataclass(frozen=True)
class Hints(Stage):
    """A calculation again with the calculator's hints applied, kept when it fixes what the hints
    were about; up to `rounds` rounds (a fix can let the calculator reach a value it could not check
    before: an impossible saturation hid an implausible temperature). A unit hint is refused for a
    value the note writes with the given unit ("aspirin 300 mg" read as the weight stays refused)."""

    name = "hints"
    produces = "values the calculator's hints fix, without a repair turn"
    rounds: int = 3

    def fix(self, state: ReadState, reply: dict[str, Any], extra: dict[str, Any], got: Computed,
            record: dict[str, Any]) -> Computed:
        applied: list[str] = []
        for _ in range(self.rounds):
            warnings = _implausible(got)
            fixed, hinted = apply_hints(state.calc, reply, error=got.error, warnings=warnings, note=state.note)
            if not hinted:
                break
            again = compute(state.calc, fixed, extra)
            still = _implausible(again)
            better = again.result is not None and len(still) < max(1, len(warnings))
            if not (better or (got.result is None and again.result is not None)):
                break
            got, reply, applied = again, fixed, applied + hinted
        if applied:
            record["hints_applied"] = applied
        return got


@stage
@dataclass(frozen=True)
class Person(Stage):
    """A person's values for some inputs (a clinician's corrections on the review page), settled
    before any reader runs: no stage after asks about them again."""

    name = "person"
    produces = "the inputs a person gave"
    values: Mapping[str, Any] = field(default_factory=dict)

    def run(self, state: ReadState) -> None:
        unknown = sorted(set(self.values) - set(state.inputs))
        if unknown:
            raise ValueError(f"person: {', '.join(unknown)} is not an input of {state.calc.id}; "
                             f"its inputs: {', '.join(state.inputs)}")
        for name, value in self.values.items():
            state.settle(name, value, "person")
