"""Finds every calculator declared in `medreckon.calculators.library` and looks them up by id,
alias, name or MedCalc-Bench integer ID."""

from __future__ import annotations

import difflib
import importlib
import pkgutil
import re
from functools import lru_cache

from ..errors import CalculatorInputError, InputIssue, wrong_argument
from .spec import Calculator


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.strip().lower()).strip("-")


@lru_cache(maxsize=1)
def _index() -> tuple[tuple[Calculator, ...], dict[str, Calculator]]:
    from . import library

    found: list[Calculator] = []
    for mod in pkgutil.iter_modules(library.__path__):
        module = importlib.import_module(f"{library.__name__}.{mod.name}")
        # a calculator belongs to the module that defines its compute (another module may import it)
        found += [v for v in vars(module).values()
                  if isinstance(v, Calculator) and getattr(v.compute, "__module__", None) == module.__name__]
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


def get(name: str | int | Calculator) -> Calculator:
    """The calculator for an id, alias, name or MedCalc-Bench ID; CalculatorInputError if none."""
    if isinstance(name, Calculator):
        return name
    if type(name) is not str and (not isinstance(name, str | int) or isinstance(name, bool)):
        raise wrong_argument("calculator", name, "a calculator id, alias or name (str), a MedCalc-Bench ID (int) "
                                                 "or a Calculator")
    index = _index()[1]
    # an int beyond any ID is not looked up (str() of one with 5,000 digits raises)
    text = name if isinstance(name, str) else str(name) if -10**9 < name < 10**9 else ""
    calc = index.get(text)  # exact key ("2" too): skip normalising
    if calc is None:
        calc = index.get(_key(text[:200]))  # no key is that long; a long name is no calculator
    if calc is None:
        close = difflib.get_close_matches(_key(text[:100]), list(index), n=3, cutoff=0.5) if text else []
        hint = f"did you mean {', '.join(close)}?" if close else "run `medreckon calc list` to see them"
        raise CalculatorInputError(
            None, [InputIssue("calculator", name, "a calculator id, alias or MedCalc-Bench ID", hint, "unknown_field")]
        )
    return calc


def find(name: str) -> Calculator | None:
    """The calculator a text names exactly (id, alias, name or MedCalc-Bench ID), or None: `get`
    without the suggestions (search calls it on every query)."""
    index = _index()[1]
    return index.get(name) or (index.get(_key(name)) if len(name) <= 200 else None)


def by_medcalc_bench_id(cid: int | str) -> Calculator:
    """The calculator of a MedCalc-Bench Calculator ID (an int, or its digits as text, as a CSV
    gives it); CalculatorInputError if none, TypeError for another type."""
    if isinstance(cid, str) and cid.strip().isdecimal() and len(cid.strip()) < 10:
        cid = int(cid.strip())
    elif isinstance(cid, bool) or not isinstance(cid, int | str):
        raise wrong_argument("calculator_id", cid, "a MedCalc-Bench Calculator ID (int, or its digits as str)")
    calc = get(cid) if isinstance(cid, int) else None
    if calc is None or calc.medcalc_bench is None or calc.medcalc_bench.id != cid:
        raise CalculatorInputError(
            None, [InputIssue("calculator", cid, "a MedCalc-Bench Calculator ID", None, "unknown_field")]
        )
    return calc
