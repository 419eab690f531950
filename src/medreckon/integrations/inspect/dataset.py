"""The bench's datasets as inspect `Sample`s, loaded by the bench's own loaders.

Each sample carries its whole `Case` in ``metadata["case"]`` (the run store's JSON form), so a
solver or scorer gets the very Case the bench would score (`case_of`), also when an old log is
rescored with `inspect score`. The input is the note and question as our prompts write them
(`prompts.case_text`); our solvers replace it with their strategy's exact messages, and any other
solver can use it as it is. The target is the label as MedCalc-Bench writes it ("N/A" where the
corrected label says the note allows no calculation).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.solver import TaskState

from ...bench.answers import format_answer
from ...bench.datasets import LABEL_SETS, load_cases, with_labels
from ...bench.runs.store import case_from_json, case_to_json
from ...bench.strategies import prompts
from ...bench.types import Case

CASE_KEY = "case"  # Sample.metadata key holding the Case


def load(dataset: str = "medcalc-bench", *, data_file: str | None = None, subset: str | None = None,
         per_calculator: int | None = None, seed: int = 0, limit: int | None = None,
         calculators: Iterable[str | int] | str | None = None, labels: str = "v1.0") -> list[Case]:
    """The cases `medreckon bench run` would run with the same options; `labels="corrected"`
    scores MedCalc-Bench v1.0 rows against their corrected labels (rows without one are left out)."""
    if labels not in LABEL_SETS:
        raise ValueError(f"labels: got {labels!r}; expected one of {', '.join(LABEL_SETS)}. "
                         "Use labels=corrected with dataset=medcalc-bench, or the dataset "
                         "medcalc-bench-corrected.")
    if isinstance(calculators, int):  # `-T calculators=2`: inspect reads the value as YAML
        calculators = str(calculators)
    cases = load_cases(dataset, path=data_file, subset=subset, per_calculator=per_calculator, seed=seed,
                       limit=limit, calculators=calculators)
    if labels != "v1.0":
        cases = [c for c, _ in with_labels([(c, None) for c in cases], labels)]
    if not cases:
        raise ValueError(f"dataset {dataset!r} with these options selects no cases; widen subset, "
                         "calculators or limit")
    return cases


def target_text(case: Case) -> str:
    return "N/A" if case.ground_truth is None else str(format_answer(case.ground_truth, case.output_type))


def sample(case: Case) -> Sample:
    return Sample(
        id=case.id,
        input=prompts.case_text(case),
        target=target_text(case),
        metadata={CASE_KEY: json.loads(case_to_json(case)), "calculator_id": case.calculator_id,
                  "calculator_name": case.calculator_name, "category": case.category,
                  "output_type": case.output_type, "dataset": case.dataset,
                  "dataset_version": case.dataset_version},
    )


def medcalc_dataset(cases: list[Case], name: str) -> MemoryDataset:
    ids = [c.id for c in cases]
    if len(set(ids)) != len(ids):
        raise ValueError(f"{name}: case ids repeat; inspect needs one id per sample")
    return MemoryDataset([sample(c) for c in cases], name=name)


def case_of(state_or_metadata: TaskState | dict[str, Any]) -> Case:
    """The Case a sample was made from; ValueError when the sample is not one of ours."""
    metadata = state_or_metadata if isinstance(state_or_metadata, dict) else state_or_metadata.metadata
    record = (metadata or {}).get(CASE_KEY)
    if not isinstance(record, dict):
        raise ValueError("this sample has no medreckon case in metadata['case']; medreckon's solvers and "
                         "scorers need the samples of medreckon's dataset (medreckon/medcalc_bench)")
    return case_from_json(json.dumps(record))
