"""The run directories of an arms comparison (`medreckon bench arms`): DIR/<arm>/ is an
ordinary run directory (see runner, store), named after the arm's strategy spec; DIR/arms.json
(the manifest) records the comparison: model, arms in order, selection, the case keys, and the
command. Here: naming and finding the arms, the manifest, loading an arm's rows, what is left
to run, and the arms report of a directory.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..analysis.arms import ArmsReport, CaseKey, Row, analyse
from ..types import Case
from . import runner
from .store import DB_NAME, Store

MANIFEST = "arms.json"


def arm_dir(spec: str) -> str:
    """The directory (and report label) of an arm: its strategy spec with every run of other
    characters than letters, digits, '.', '_' and '-' made one '-'
    ("extract:split_findings=false" -> "extract-split_findings-false")."""
    return re.sub(r"[^A-Za-z0-9._-]+", "-", spec.strip()).strip("-")


def check_arm_name(name: str) -> str:
    """An arm name is also a directory name under the comparison directory."""
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", name or ""):
        raise ValueError(f"arm name {name!r} must be letters, digits, '.', '_' or '-'")
    return name


def existing_arms(root: Any) -> list[str]:
    """The subdirectories of `root` that hold a run."""
    base = Path(root)
    if not base.is_dir():
        return []
    return sorted(p.name for p in base.iterdir() if (p / DB_NAME).is_file())


def read_manifest(root: Any) -> dict[str, Any] | None:
    path = Path(root) / MANIFEST
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ValueError(f"cannot read {path}: {exc}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path} is not a JSON object")
    return data


def write_manifest(root: Any, data: dict[str, Any]) -> None:
    """Write DIR/arms.json atomically."""
    base = Path(root)
    base.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=base, prefix=".arms-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, sort_keys=True, default=str)
        os.replace(tmp, base / MANIFEST)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def manifest_cases(manifest: dict[str, Any] | None) -> set[CaseKey] | None:
    if not manifest or not isinstance(manifest.get("cases"), list):
        return None
    return {(str(d), str(v), str(i)) for d, v, i in manifest["cases"]}


def load_arm(root: Any, name: str) -> tuple[list[Row], dict[str, Any]]:
    """(rows, meta) of the run DIR/<name>: one (Case, Outcome) per stored attempt, in the
    store's order (case, then epoch), and the run's strategy, version, model and directory.
    Raises store.StoreError when DIR/<name> is not a run."""
    path = Path(root) / check_arm_name(name)
    with Store(path, read_only=True) as store:  # a report reads: a read-only directory does not stop it
        cases = store.cases()
        rows = [(cases[a.case_id], a.outcome) for a in store.attempts() if a.case_id in cases]
        config = store.config()
    meta = {"strategy": config.get("strategy"), "strategy_version": config.get("strategy_version"),
            "model": config.get("model"), "gen": config.get("gen"), "run_dir": str(path)}
    return rows, meta


def report_dir(root: Any, names: Sequence[str] | None = None, rule: str = "medcalc_bench",
               params: dict[str, Any] | None = None, *, gee: bool = True,
               labels: str | None = None) -> ArmsReport:
    """The arms report of the comparison directory `root`: the arms `names` (default: those
    arms.json lists), restricted to the cases arms.json lists (default: every case an arm
    attempted), scored against `labels` (`datasets.with_labels`; default: the cases' own).
    Raises StoreError for an arm without a run, ValueError for no arms or unknown labels."""
    manifest = read_manifest(root)
    if not names:
        names = list((manifest or {}).get("arms") or [])
    if not names:
        raise ValueError(f"{root} has no {MANIFEST}: name the arms (runs there: "
                         f"{', '.join(existing_arms(root)) or 'none'})")
    names = [arm_dir(n) for n in names]
    missing = [n for n in names if not (Path(root) / check_arm_name(n) / DB_NAME).is_file()]
    if missing:
        raise ValueError(f"no run for arm(s) {', '.join(missing)} under {root} (runs there: "
                         f"{', '.join(existing_arms(root)) or 'none'})")
    loaded = [load_arm(root, n) for n in names]
    keep = manifest_cases(manifest)
    if labels is not None:
        from ..datasets import with_labels

        loaded = [(with_labels(rows, labels), meta) for rows, meta in loaded]
        if labels != "v1.0" and keep is not None:  # the selection's cases that carry such a label
            from ..datasets import corrected_labels

            labelled = corrected_labels()
            keep = {k for k in keep if k[2] in labelled}
    models = list(dict.fromkeys(str(m.get("model")) for _, m in loaded))
    context = {
        "title": f"Arms report · {models[0] if len(models) == 1 else 'several models'}",
        "model": models[0] if len(models) == 1 else "; ".join(
            f"{n}: {m.get('model')}" for n, (_, m) in zip(names, loaded, strict=True)),
        "command": (manifest or {}).get("command"),
        "selection": (manifest or {}).get("selection"),
        "directory": str(root),
        **({"labels": labels} if labels is not None else {}),
    }
    return analyse([(n, rows) for n, (rows, _) in zip(names, loaded, strict=True)], rule,
                   params=params, meta=[m for _, m in loaded], cases=keep,
                   gee=gee, context=context)


def pending_attempts(run_dir: Any, cases: Sequence[Case], strategy: Any, settings: Any, *,
                     retry_errors: bool = False) -> int:
    """How many attempts `runner.run` would make for these cases in `run_dir` (so a rerun whose
    arms are all complete reports without loading a model)."""
    path = Path(run_dir)
    if not (path / DB_NAME).is_file():
        return len(cases) * settings.epochs
    with Store(path, read_only=True) as store:
        stored = store.statuses()
    gen = runner.effective_gen(strategy, settings.gen, settings.seed)
    todo = 0
    for case in cases:
        for epoch in range(settings.epochs):
            status = stored.get(runner.attempt_key(case, strategy, settings.model, gen, epoch))
            todo += status is None or (retry_errors and status == "error")
    return todo
