"""The runs a viewer shows, read once, read-only (`Store(read_only=True)`: nothing is written, not
even a schema migration), with everything their pages need computed up front through the
bench's own analysis: the summary (`analysis.summary`), exact step verdicts (`analysis.steps`,
or computed here when the run stored none), step metrics and the error attribution.

A directory that is not a run but holds runs (an arms directory) stands for the runs in it.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bench.analysis.attribution import Attribution, attribute
from ..bench.analysis.scoring import is_correct
from ..bench.analysis.step_metrics import StepReport, step_report
from ..bench.analysis.steps import Verifier
from ..bench.analysis.summary import Summary, summarise
from ..bench.analysis.verdicts import StepVerdicts
from ..bench.render.cells import short_name
from ..bench.runs.store import DB_NAME, Store, StoreError
from ..bench.types import Attempt, Case, Evaluation

RULE = "medcalc_bench"
_SAFE = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")


class RunDirError(ValueError):
    """A directory given to the viewer that is missing, not a run, or unreadable."""


def slug(case_id: str) -> str:
    """A case id as a file and URL name: itself when plain, else a hash (ids are data)."""
    if _SAFE.match(case_id) and case_id not in (".", ".."):
        return case_id
    return "h" + hashlib.sha256(case_id.encode()).hexdigest()[:16]


@dataclass
class AttemptView:
    attempt: Attempt
    case: Case
    correct: bool
    verdicts: StepVerdicts
    attribution: Attribution
    evaluations: list[Evaluation] = field(default_factory=list)  # stored ones (judge, ...)


@dataclass
class RunView:
    index: int
    run_dir: Path
    config: dict[str, Any]
    cases: dict[str, Case]
    attempts: list[AttemptView]
    summary: Summary | None
    steps: StepReport | None
    by_case: dict[str, list[AttemptView]] = field(default_factory=dict)
    slugs: dict[str, str] = field(default_factory=dict)  # slug -> case id
    stamp: tuple[int, ...] = ()  # `stamp(run_dir)` when it was read

    @property
    def name(self) -> str:
        """The run directory's name, shortened for tables and titles (`cells.short_name`: a
        slug and a hash); its page shows the full name and configuration."""
        return short_name(self.run_dir.name)

    @property
    def label(self) -> str:
        strategy = self.config.get("strategy") or "?"
        return f"{self.name} · {strategy}" if self.run_dir.name != strategy else strategy

    @property
    def datasets(self) -> str:
        return ", ".join(sorted({f"{c.dataset} {c.dataset_version}" for c in self.cases.values()}))


def expand(paths: list[str | Path]) -> list[Path]:
    """Run directories for the paths given: a run directory itself, or the run directories one
    level inside one (an arms directory). RunDirError for anything else."""
    out: list[Path] = []
    for p in map(Path, paths):
        if not p.exists():
            raise RunDirError(f"{p} does not exist; give a run directory (holding {DB_NAME}) "
                              "or a directory of run directories")
        if not p.is_dir():
            raise RunDirError(f"{p} is a file; give its directory, the run directory that holds {DB_NAME}")
        if (p / DB_NAME).exists():
            out.append(p)
            continue
        inner = sorted(q for q in p.iterdir() if (q / DB_NAME).is_file())
        if not inner:
            raise RunDirError(f"{p} is not a run directory (no {DB_NAME} in it or in its "
                              "subdirectories); make one with `medreckon bench run --run-dir ...`")
        out += inner
    return out


def stamp(run_dir: Path) -> tuple[int, ...]:
    """Size and modification time of the store and its WAL: they change when a writer commits,
    so a viewer can tell a run that is still being written has moved on."""
    out: list[int] = []
    for name in (DB_NAME, DB_NAME + "-wal"):
        try:
            st = (run_dir / name).stat()
            out += [st.st_size, st.st_mtime_ns]
        except FileNotFoundError:
            out += [-1, -1]
    return tuple(out)


def load_run(index: int, run_dir: Path, verifier: Verifier) -> RunView:
    before = stamp(run_dir)
    try:
        store = Store(run_dir, read_only=True)
    except StoreError as exc:
        raise RunDirError(str(exc)) from None
    try:
        config, cases, attempts = store.config(), store.cases(), store.attempts()
        stored = store.evaluations()
    except Exception as exc:  # a store damaged past its header: say which and why, not a traceback
        raise RunDirError(f"{run_dir}: the run store cannot be read ({type(exc).__name__}: {exc})") from None
    finally:
        store.close()
    rows = [(cases[a.case_id], a) for a in attempts if a.case_id in cases]
    by_attempt: dict[str, list[Evaluation]] = {}
    for e in stored:
        by_attempt.setdefault(e.attempt_key, []).append(e)
    verdicts = [verifier.verify(c, a.outcome) for c, a in rows]
    pairs = [(c, a.outcome) for c, a in rows]
    attribution = attribute(pairs, RULE, verdicts=verdicts).rows if rows else []
    views = [AttemptView(a, c, is_correct(a.outcome, c, RULE), v, at, by_attempt.get(a.key, []))
             for (c, a), v, at in zip(rows, verdicts, attribution, strict=True)]
    run = RunView(index, run_dir, config, cases, views,
                  summarise(pairs, RULE) if pairs else None,
                  step_report([(c, v) for (c, _), v in zip(rows, verdicts, strict=True)]) if rows else None,
                  stamp=before)
    for v in views:
        run.by_case.setdefault(v.case.id, []).append(v)
    for cid in cases:
        run.slugs[slug(cid)] = cid
    return run


def load_runs(paths: list[str | Path]) -> list[RunView]:
    """Every run named (RunDirError, naming the directory, for one that cannot be read)."""
    verifier = Verifier(RULE)
    return [load_run(i, p, verifier) for i, p in enumerate(expand(paths))]
