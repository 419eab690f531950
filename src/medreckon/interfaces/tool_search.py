"""Finding and describing calculators for an LLM or a client: token-overlap search (a pluggable
retriever), one-line summaries and full descriptions (inputs, units, bounds, formula)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from ..calculators.describe import InputSpec, describe_inputs
from ..calculators.registry import all_calculators, get
from ..calculators.spec import Calculator
from ..errors import CalculatorInputError
from .tool_schemas import QuantityStyle, parameters_schema, tool_name

#: a pluggable retriever: (query, limit) -> [(calculator or id, score)], best first
Retriever = Callable[[str, int], Sequence[tuple["Calculator | str", float]]]


# ---------------------------------------------------------------- search and describe

_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset("a an and the of for in on to with by or is are from as at be this that what which "
                  "patient patients score calculator calculate".split())


def _tokens(text: str) -> list[str]:
    out = []
    for t in _WORD.findall(text.lower()):
        if t in _STOP:
            continue
        if len(t) > 4 and t.endswith("s") and not t.endswith("ss"):
            t = t[:-1]
        out.append(t)
    return out


def _token_index() -> list[tuple[Calculator, dict[str, float]]]:
    global _INDEX
    if _INDEX is None:
        rows = []
        for c in all_calculators():
            weights: dict[str, float] = {}
            strong = " ".join([c.id, *c.aliases, c.name])
            for t in _tokens(c.description + " " + c.specialty):
                weights[t] = max(weights.get(t, 0.0), 1.0)
            for t in _tokens(strong):
                weights[t] = 3.0
            rows.append((c, weights))
        _INDEX = rows
    return _INDEX


_INDEX: list[tuple[Calculator, dict[str, float]]] | None = None


def token_overlap_retriever(query: str, limit: int) -> list[tuple[Calculator, float]]:
    """Ranks calculators by weighted token overlap with the query (id, aliases and name weigh 3,
    description and specialty 1); an exact id/alias/name match ranks first."""
    q = _tokens(query)
    exact = None
    try:
        exact = get(query) if query.strip() else None
    except CalculatorInputError:
        pass
    scored = []
    for c, weights in _token_index():
        s = 0.0
        for t in q:
            if t in weights:
                s += weights[t]
            elif len(t) >= 4:
                s += 0.5 * max((w for k, w in weights.items() if k.startswith(t) or t.startswith(k) and len(k) >= 4),
                               default=0.0)
        if c is exact:
            s += 100.0
        if s > 0:
            scored.append((c, s))
    scored.sort(key=lambda cs: (-cs[1], cs[0].id))
    return scored[:limit]


MAX_RESULTS = 1000  # above the registry's size: a listing is never cut short


def search_calculators(
    query: str = "", *, specialty: str | None = None, kind: str | None = None, limit: int = 10,
    retriever: Retriever | None = None,
) -> list[dict[str, Any]]:
    """Calculators matching a text query (all if empty), optionally of one specialty or kind.

    `retriever` replaces the token-overlap ranking (e.g. BM25 or dense retrieval)."""
    limit = max(1, min(int(limit), MAX_RESULTS))
    pool = [c for c in all_calculators()
            if (specialty is None or c.specialty.lower() == specialty.strip().lower())
            and (kind is None or c.kind == kind)]
    if query.strip():
        rank = retriever or token_overlap_retriever
        allowed = {c.id for c in pool}
        hits = [(get(c) if isinstance(c, str) else c, s) for c, s in rank(query, len(all_calculators()))]
        ranked = [(c, s) for c, s in hits if c.id in allowed][:limit]
    else:
        ranked = [(c, None) for c in pool[:limit]]
    return [summary(c) | ({"score": round(s, 3)} if s is not None else {}) for c, s in ranked]


def summary(calc: Calculator) -> dict[str, Any]:
    return {
        "id": calc.id,
        "tool": tool_name(calc),
        "name": calc.name,
        "kind": calc.kind,
        "specialty": calc.specialty,
        "description": calc.description,
        "output_unit": calc.output.unit,
    }


def describe_calculator(
    calc: Calculator | str, *, strict: bool = False, quantities: QuantityStyle = "text",
    compact: bool = False,
) -> dict[str, Any]:
    """Everything a caller needs to use a calculator: the arguments schema, the inputs with units
    and bounds, the output, the formula and references. `compact` leaves out what the schema says
    already (for the low-token tools)."""
    calc = get(calc)
    out = calc.output
    d: dict[str, Any] = summary(calc) | {
        "aliases": list(calc.aliases),
        "version": calc.version,
        "medcalc_bench_id": calc.medcalc_bench.id if calc.medcalc_bench else None,
        "formula": calc.formula,
        "output": {"unit": out.unit, "type": out.type,
                   "decimals": out.decimals if out.type == "decimal" else None,
                   "range": list(out.range) if out.range else None},
        "parameters": parameters_schema(calc, strict=strict, quantities=quantities),
        "references": [{"citation": r.citation, "url": r.url} for r in calc.references],
    }
    if not compact:
        d["inputs"] = [_input_dict(s) for s in describe_inputs(calc)]
    else:
        for key in ("aliases", "version", "medcalc_bench_id", "references"):
            d.pop(key)
    return d


def _input_dict(s: InputSpec) -> dict[str, Any]:
    d: dict[str, Any] = {"name": s.name, "kind": s.kind, "required": s.required, "description": s.description}
    if not s.required:
        d["default"] = s.default
    if s.option:
        d["option"] = True
    if s.kind == "quantity":
        d |= {"unit": s.unit, "units": list(s.units),
              "plausible": list(s.plausible) if s.plausible else None}
    if s.bounds:
        d["bounds"] = s.bounds
    if s.choices:
        d["choices"] = list(s.choices)
    return d
