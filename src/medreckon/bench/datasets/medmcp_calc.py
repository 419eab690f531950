"""MedMCP-Calc's scenario tasks (Zhu et al., ACL 2026), read at run time from
``$MEDRECKON_DATA/medmcp_calc/tasks.jsonl`` (never copied into the repository).

Each task is a clinical scenario that chains MDCalc calculators: `required` names them in order
(790 uses over 118 tasks), and `answers` holds MedMCP-Calc's worked answer for each use (its
inputs as field/value strings with units, its final answer and MDCalc's result text), sometimes
with a calculator used twice (837 answers in all).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...paths import data_dir
from .files import DatasetError, DatasetNotFound

TASKS = Path("medmcp_calc") / "tasks.jsonl"


@dataclass(frozen=True)
class CalculatorUse:
    """One worked answer of a task: MDCalc's calculator `name`, the `inputs` as (field, value)
    pairs as MedMCP-Calc wrote them, its `final_answer` (a number or a text) and MDCalc's result
    text (`notes`)."""

    task_id: str
    order: int
    name: str
    inputs: tuple[tuple[str, Any], ...]
    final_answer: Any
    notes: str

    @property
    def key(self) -> str:
        """`<task id>#<order>`: how mapping files name a use."""
        return f"{self.task_id}#{self.order}"


@dataclass(frozen=True)
class Task:
    task_id: str
    category: str  # task_category after its two broad levels ("Respiratory & Thoracic Medicine")
    required: tuple[str, ...]  # the MDCalc calculators the scenario chains, in order
    answers: tuple[CalculatorUse, ...]
    scenario: str = ""  # task_scenario, e.g. "Fundamentals of Individualized Dosing"
    description: str = ""  # task_description: the plan, with its branches
    question: str = ""  # fuzzy_question: what the clinician asks


def tasks_path(root: Path | None = None) -> Path:
    return (root or data_dir()) / TASKS


def load_tasks(path: Path | None = None) -> list[Task]:
    """Every task of the file (default: the shared one); DatasetNotFound says where to put it."""
    p = path or tasks_path()
    if not p.is_file():
        raise DatasetNotFound(
            f"MedMCP-Calc tasks not found at {p}; set MEDRECKON_DATA to the folder holding "
            "medmcp_calc/tasks.jsonl"
        )
    tasks = []
    with p.open(encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.strip():
                try:
                    tasks.append(_task(json.loads(line)))
                except (ValueError, KeyError, TypeError) as exc:
                    raise DatasetError(f"{p} line {number}: not a MedMCP-Calc task ({exc})") from None
    return tasks


def _task(row: dict[str, Any]) -> Task:
    task_id = row["task_id"]
    answers = tuple(
        CalculatorUse(task_id, int(a["order"]), a["name"],
                      tuple((i["field"], i["value"]) for i in a["inputs"]), a["final_answer"], a.get("notes") or "")
        for a in row["calculator_answers"]
    )
    return Task(task_id, row["task_category"].split(" / ", 2)[-1].strip(), tuple(row["required_calculators"]), answers,
                row.get("task_scenario") or "", row.get("task_description") or "", row.get("fuzzy_question") or "")
