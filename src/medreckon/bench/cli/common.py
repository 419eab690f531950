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


def open_run(run_dir: str | Path, create: bool = False):
    from ..runs.store import Store, StoreError

    try:
        return Store(run_dir, create=create)
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
