"""What a scenario is: a loose question about one patient, a plan of calculator steps in order
(some on a branch), and gold for every step, each input traced to where the record holds it.

A scenario is JSON (`to_dict` / `scenario_from_dict`): a scenario file holds one per line, and
each bench Case carries its scenario in `metadata["scenario"]`, so a run directory alone is
enough to evaluate and show it.

- `Source` says where a gold input's value is: a record row (`record`: table, row id, the value
  and unit as charted, its time, and every other row of the same concept as `candidates`, so an
  agent that took another time point can be told apart), the absence of a row (`absent`: a
  condition not on the problem list), an earlier step's result (`step`), or the question itself
  (`stated`: a clinical choice the plan makes, such as the infusate).
- `Step`: the calculator (our id; None where we have no validated calculator, with the reason),
  the branch it belongs to and whether that branch is taken for this patient, the gold inputs
  and the gold answer our calculator computes from exactly what the record holds.
- `Scenario.target` is the one answer the bench scores (`Case.ground_truth`): the recommendation
  where the scenario has one, else the last graded step's answer.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from dataclasses import dataclass, field
from typing import Any

GRADED = "graded"
NO_CALCULATOR = "no validated calculator"


@dataclass
class Source:
    kind: str  # record | absent | step | stated
    table: str | None = None
    row: str | None = None  # the primary key of the row that holds the value
    name: str | None = None  # the row's name (test, vital, assessment, diagnosis, drug)
    time: str | None = None
    written: Any = None  # the value as the record holds it
    unit: str | None = None
    rule: str | None = None  # admission | baseline (which of the concept's rows is gold)
    step: int | None = None  # kind step: the earlier step's order
    output: str | None = None  # kind step: which of its outputs (None: its main value)
    candidates: list[dict[str, Any]] = field(default_factory=list)  # {row, time, written, unit}


@dataclass
class GoldInput:
    name: str  # our calculator's input
    value: Any  # as the calculator received it ({"value", "unit"} for a quantity)
    source: Source


@dataclass
class Step:
    order: int
    title: str  # the plan's name for it (an MDCalc title, or our calculator's name)
    calculator: str | None  # our calculator id; None where we have no validated calculator
    status: str = GRADED  # graded | no validated calculator | not graded: <why>
    condition: str | None = None  # the branch, in words ("if on a loop diuretic")
    taken: bool = True  # gold: the branch applies to this patient
    inputs: list[GoldInput] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)  # rule options the plan fixes
    answer: Any = None  # the gold answer (rounded under the calculator's rule; a label for a category)
    value: Any = None  # unrounded
    output_type: str = "decimal"
    unit: str | None = None
    categories: list[str] = field(default_factory=list)
    published: Any = None  # the answer the source dataset published (imported steps)

    @property
    def graded(self) -> bool:
        return self.status == GRADED and self.calculator is not None


@dataclass
class Scenario:
    id: str
    source: str  # medmcp-calc | generated
    template: str  # the workflow template, or the MedMCP-Calc scenario name
    title: str
    category: str
    question: str  # the clinician's loose question
    plan: str  # the plan in words, with its branches (the gold reading of the question)
    patient_id: str
    encounter_id: str
    admitted_at: str  # the index encounter's start: "at presentation" means this encounter's first values
    steps: list[Step] = field(default_factory=list)
    recommendation: dict[str, Any] | None = None  # {"options": [...], "answer": label, "rule": text}
    seed: int = 0
    index: int = 0

    def graded_steps(self) -> list[Step]:
        return [s for s in self.steps if s.graded and s.taken]

    def target(self) -> dict[str, Any] | None:
        """What the bench scores: {"kind": "recommendation"} or {"kind": "step", "order": k};
        None when nothing here can be graded."""
        if self.recommendation:
            return {"kind": "recommendation"}
        graded = self.graded_steps()
        return {"kind": "step", "order": graded[-1].order} if graded else None

    def step(self, order: int) -> Step:
        return next(s for s in self.steps if s.order == order)

    def to_dict(self) -> dict[str, Any]:
        return _plain(dataclasses.asdict(self))


def _plain(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_plain(v) for v in x]
    if isinstance(x, dt.datetime):
        return x.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(x, dt.date):
        return x.isoformat()
    return x


def scenario_from_dict(d: dict[str, Any]) -> Scenario:
    steps = []
    for s in d.get("steps", []):
        inputs = [GoldInput(i["name"], i["value"], Source(**i["source"])) for i in s.get("inputs", [])]
        steps.append(Step(**{**s, "inputs": inputs}))
    return Scenario(**{**d, "steps": steps})


__all__ = ["GRADED", "GoldInput", "NO_CALCULATOR", "Scenario", "Source", "Step", "scenario_from_dict"]
