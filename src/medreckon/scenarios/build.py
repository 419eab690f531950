"""A scenario set: the patient record, the scenarios and the build report, in one folder.

    medreckon scenarios build --out scenarios/ --per-template 6 --background 500 [--no-import]

writes `DIR/record.sqlite` (or loads a PostgreSQL database given with --record), `DIR/scenarios.jsonl`
(one scenario per line: question, plan, steps, gold; the agent never sees this file) and
`DIR/build.json` (what was built: the import report, patients and rows per table, the time the
load took). Patients are numbered: the imported tasks' first, then the generated scenarios', then
the background patients', so the same command writes the same record.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .model import Scenario, scenario_from_dict
from .patients import background_patient
from .record import RecordWriter

SCENARIOS = "scenarios.jsonl"
RECORD = "record.sqlite"
REPORT = "build.json"


@dataclass
class BuildReport:
    scenarios: dict[str, int] = field(default_factory=dict)  # source -> count
    gradable: int = 0
    patients: int = 0
    rows: dict[str, int] = field(default_factory=dict)
    load_s: float = 0.0
    imported: dict[str, Any] | None = None
    record: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"scenarios": self.scenarios, "gradable_scenarios": self.gradable, "patients": self.patients,
                "rows": self.rows, "load_s": round(self.load_s, 2), "import_report": self.imported,
                "record": self.record}


def build(out: str | Path, *, per_template: int = 6, templates: list[str] | None = None, imported: bool = True,
          background: int = 0, seed: int = 0, record: str | None = None, replace: bool = False,
          tasks_file: Path | None = None, imported_limit: int | None = None) -> BuildReport:
    """`imported_limit`: keep only the first N imported tasks that have a graded step (the
    import report still counts them all)."""
    from .templates import TEMPLATES, generate

    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    locator = record or str(folder / RECORD)
    report = BuildReport(record=locator if not locator.startswith(("postgres",)) else "postgresql (DSN not stored)")
    scenarios: list[Scenario] = []
    started = time.perf_counter()
    with RecordWriter(locator, replace=replace) as writer:
        number = 1
        if imported:
            from ..bench.datasets.medmcp_calc import load_tasks
            from .medmcp import import_tasks

            pairs, imp = import_tasks(load_tasks(tasks_file), seed=seed, first_number=number)
            report.imported = imp.to_dict()
            if imported_limit is not None:
                pairs = [p for p in pairs if p[0].target() is not None][:imported_limit]
            for scenario, rows in pairs:
                scenarios.append(scenario)
                _add(writer, rows)
            number += len(pairs)
        for tid in templates or list(TEMPLATES):
            if tid not in TEMPLATES:
                raise ValueError(f"unknown template {tid!r}; templates: {', '.join(TEMPLATES)}")
            for i in range(per_template):
                scenario, rows = generate(TEMPLATES[tid], seed, i, number)
                scenarios.append(scenario)
                _add(writer, rows)
                number += 1
        rng = random.Random(f"{seed}:background")
        for k in range(background):
            _add(writer, background_patient(number + k, rng))
        report.patients = number - 1 + background
        report.rows = writer.close()
    report.load_s = time.perf_counter() - started
    for s in scenarios:
        report.scenarios[s.source] = report.scenarios.get(s.source, 0) + 1
    report.gradable = sum(s.target() is not None for s in scenarios)
    with (folder / SCENARIOS).open("w", encoding="utf-8") as f:
        for s in scenarios:
            f.write(json.dumps(s.to_dict(), ensure_ascii=False) + "\n")
    (folder / REPORT).write_text(json.dumps(report.to_dict(), indent=1) + "\n", encoding="utf-8")
    return report


def _add(writer: RecordWriter, rows: dict[str, list[tuple]]) -> None:
    for table, items in rows.items():
        writer.add(table, items)


def read_scenarios(path: str | Path) -> list[Scenario]:
    """The scenarios of a file (or of DIR/scenarios.jsonl)."""
    p = Path(path)
    if p.is_dir():
        p = p / SCENARIOS
    if not p.is_file():
        raise FileNotFoundError(f"no scenarios at {p}; write them with `medreckon scenarios build --out DIR`")
    out = []
    with p.open(encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            if line.strip():
                try:
                    out.append(scenario_from_dict(json.loads(line)))
                except (ValueError, TypeError, KeyError) as exc:
                    raise ValueError(f"{p}:{i}: not a scenario ({exc})") from None
    return out


__all__ = ["BuildReport", "RECORD", "REPORT", "SCENARIOS", "build", "read_scenarios"]
