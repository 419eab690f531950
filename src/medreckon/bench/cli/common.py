"""What the bench commands share: exiting with a one-paragraph error, opening a run directory,
reading its rows, checking a scoring rule's parameters, loading a case selection."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, NoReturn

import click


def fail(message: str) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


def open_run(run_dir: str | Path, create: bool = False, read_only: bool = False):
    """The run's store, or exit 2 with the store's error (which names the path). Commands that only
    read open it `read_only`: a read-only run directory or a full disk does not stop them."""
    from ..runs.store import Store, StoreError

    try:
        return Store(run_dir, create=create, read_only=read_only)
    except StoreError as exc:
        fail(str(exc))


def open_run_for_evaluations(run_dir: str | Path):
    """The run's store for making evaluations: writable where it can be (they are stored, so a
    later call computes only what is missing), else read-only with a note (they are computed in
    memory and not stored)."""
    from ..runs.store import Store, StoreError, StoreNotWritable

    try:
        return Store(run_dir)
    except StoreNotWritable as exc:
        click.echo(f"note: {str(exc).split('. ')[0]}; evaluations are computed in memory, not stored", err=True)
        return open_run(run_dir, read_only=True)
    except StoreError as exc:
        fail(str(exc))


def attempt_rows(store) -> list[tuple[Any, Any]]:
    """(Case, Outcome) for every stored attempt whose case is in the run."""
    cases = store.cases()
    return [(cases[a.case_id], a.outcome) for a in store.attempts() if a.case_id in cases]


def rule_params(rule: str, percent: float | None) -> dict[str, Any]:
    """The scoring rule's parameters from the options; exits 2 on an unknown rule."""
    from ..analysis.scoring import check_rule

    params = {} if percent is None else {"percent": percent}
    try:
        check_rule(rule, params)
    except ValueError as exc:
        fail(str(exc))
    return params


def load_selection(selection: dict[str, Any]) -> list[Any]:
    """The selection's cases; exits 2 where the selection is wrong or holds no case."""
    from .. import datasets

    rest = dict(selection)  # after dataset and data_file, the keys are load_cases' own
    try:
        cases = datasets.load_cases(rest.pop("dataset"), path=rest.pop("data_file"), **rest)
    except (ValueError, FileNotFoundError) as exc:
        fail(str(exc))
    if not cases:
        fail("the selection holds no cases")
    return cases
