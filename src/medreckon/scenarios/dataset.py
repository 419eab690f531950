"""Scenarios as a bench dataset, so `bench run` and `bench arms` run agents on them (resumably)
like any other cases:

    medreckon bench run --dataset scenarios --data-file DIR --strategy scenario_agent

`--data-file` is a scenario set's folder (or its scenarios.jsonl); the agent reads the record at
`DIR/record.sqlite`, or wherever `MEDRECKON_RECORD` points (an SQLite file or a `postgresql://`
DSN of a read-only role). A scenario with nothing we can grade (an imported task whose
calculators we all lack) is left out. Each Case carries its scenario in
`metadata["scenario"]` and the record in `metadata["record"]`; its ground truth is the
scenario's target (`Scenario.target`): the recommendation (a category), else the last graded
step's answer (decimal answers get ±5% limits, as generated cases do).
"""

from __future__ import annotations

import hashlib
import os
import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..bench.datasets.files import DatasetError, DatasetNotFound
from ..bench.types import Case
from .build import RECORD, SCENARIOS, read_scenarios
from .model import Scenario

NAME = "scenarios"
RECORD_ENV = "MEDRECKON_RECORD"
TOLERANCE = 0.05


def is_scenarios(dataset: str) -> bool:
    return dataset == NAME


def context(s: Scenario) -> str:
    """What the agent is told about where and when: the patient, the encounter, the time rules."""
    return (f"Patient {s.patient_id}. The question is about encounter {s.encounter_id}, which began "
            f"{s.admitted_at}. 'On admission' or 'at presentation' means the first value charted in this "
            "encounter; 'baseline' means the most recent value before it. Read the patient's record with "
            "query_record.")


def question(s: Scenario) -> str:
    if not s.recommendation:
        return s.question
    options = "; ".join(f'"{o}"' for o in s.recommendation["options"])
    return f"{s.question}\nEnd with one recommendation among: {options}."


def case_of(s: Scenario, version: str, record: str) -> Case | None:
    target = s.target()
    if target is None:
        return None
    metadata: dict[str, Any] = {"scenario": s.to_dict(), "record": record, "source": s.source, "target": target}
    if target["kind"] == "recommendation":
        truth, kind = s.recommendation["answer"], "category"  # type: ignore[index]
        metadata["categories"] = list(s.recommendation["options"])  # type: ignore[index]
    else:
        step = s.step(target["order"])
        truth, kind = step.answer, step.output_type
        if kind == "category":
            metadata["categories"] = step.categories
    lower = upper = None
    if kind == "decimal":
        lower, upper = sorted((truth * (1 - TOLERANCE), truth * (1 + TOLERANCE)))
    return Case(id=s.id, calculator_id=None, calculator_name=s.title, note=context(s), question=question(s),
                ground_truth=truth, lower=lower, upper=upper, output_type=kind,  # type: ignore[arg-type]
                category=s.category, entities={}, dataset=NAME, dataset_version=version, metadata=metadata)


def record_locator(folder: Path) -> str:
    return os.environ.get(RECORD_ENV) or str((folder / RECORD).resolve())


def load_cases(dataset: str = NAME, *, path: str | os.PathLike[str] | None = None, subset: str | None = None,
               per_calculator: int | None = None, seed: int = 0, limit: int | None = None,
               calculators: Iterable[str | int] | str | None = None) -> list[Case]:
    """The scenario set's gradable scenarios as Cases; `calculators` filters by template or source
    (e.g. aki-workup,medmcp-calc); `per_calculator` samples that many per template."""
    if path is None:
        raise DatasetNotFound("dataset 'scenarios' needs --data-file DIR (a folder written by "
                              "`medreckon scenarios build --out DIR`)")
    if subset not in (None, "", "all"):
        raise ValueError(f"subsets list MedCalc-Bench rows; {dataset!r} has none (drop --subset)")
    p = Path(path)
    folder = p if p.is_dir() else p.parent
    file = folder / SCENARIOS if p.is_dir() else p
    try:
        scenarios = read_scenarios(file)
    except FileNotFoundError as exc:
        raise DatasetNotFound(str(exc)) from None
    except ValueError as exc:
        raise DatasetError(str(exc)) from None
    version = "s1:" + hashlib.sha256(file.read_bytes()).hexdigest()[:12]
    record = record_locator(folder)
    cases = [c for c in (case_of(s, version, record) for s in scenarios) if c is not None]
    if calculators:
        wanted = {w.strip() for w in (calculators.split(",") if isinstance(calculators, str) else map(str, calculators))}
        cases = [c for c in cases if {c.metadata["scenario"]["template"], c.metadata["source"]} & wanted]
    if per_calculator is not None:
        groups: dict[str, list[Case]] = {}
        for c in cases:
            groups.setdefault(c.metadata["scenario"]["template"], []).append(c)
        keep = set()
        for name, group in groups.items():
            rng = random.Random(f"{seed}:{name}")
            keep |= {c.id for c in (group if len(group) <= per_calculator else rng.sample(group, per_calculator))}
        cases = [c for c in cases if c.id in keep]
    return cases[:limit] if limit is not None else cases


__all__ = ["NAME", "RECORD_ENV", "case_of", "context", "is_scenarios", "load_cases", "question"]
