"""Finds every calculator declared in `medreckon.calculators.library` and looks them up by id,
alias, name or MedCalc-Bench integer ID."""

from __future__ import annotations

import difflib
import importlib
import pkgutil
import re
from functools import lru_cache

from ..errors import CalculatorInputError, InputIssue
from .spec import Calculator


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.strip().lower()).strip("-")


@lru_cache(maxsize=1)
def _index() -> tuple[tuple[Calculator, ...], dict[str, Calculator]]:
    from . import library

    found: list[Calculator] = []
    for mod in pkgutil.iter_modules(library.__path__):
        module = importlib.import_module(f"{library.__name__}.{mod.name}")
        found += [v for v in vars(module).values() if isinstance(v, Calculator)]
    found.sort(key=lambda c: c.id)
    index: dict[str, Calculator] = {}
    for calc in found:
        keys = {calc.id, *calc.aliases, calc.name}
        if calc.medcalc_bench:
            keys.add(str(calc.medcalc_bench.id))
        for k in map(_key, keys):
            other = index.setdefault(k, calc)
            if other is not calc:
                raise RuntimeError(f"calculator key {k!r} is claimed by {other.id} and {calc.id}")
    return tuple(found), index


def all_calculators() -> tuple[Calculator, ...]:
    return _index()[0]


def find(name: str | int) -> Calculator | None:
    """The calculator for an id, alias, name or MedCalc-Bench ID, or None (no suggestions: cheap
    for callers that look up many names that may be missing)."""
    index = _index()[1]
    calc = index.get(name if isinstance(name, str) else str(name))  # exact key ("2" too): skip normalising
    return calc if calc is not None else index.get(_key(str(name)))


def get(name: str | int | Calculator) -> Calculator:
    """The calculator for an id, alias, name or MedCalc-Bench ID; CalculatorInputError if none."""
    if isinstance(name, Calculator):
        return name
    calc = find(name)
    index = _index()[1]
    if calc is None:
        close = difflib.get_close_matches(_key(str(name)), list(index), n=3, cutoff=0.5)
        hint = f"did you mean {', '.join(close)}?" if close else "run `medreckon calc list` to see them"
        raise CalculatorInputError(
            None, [InputIssue("calculator", name, "a calculator id, alias or MedCalc-Bench ID", hint, "unknown_field")]
        )
    return calc


def by_medcalc_bench_id(cid: int) -> Calculator:
    calc = get(int(cid))
    if calc.medcalc_bench is None or calc.medcalc_bench.id != int(cid):
        raise CalculatorInputError(
            None, [InputIssue("calculator", cid, "a MedCalc-Bench Calculator ID", None, "unknown_field")]
        )
    return calc
