"""Finding and describing calculators for an LLM or a client: token-overlap search (a pluggable
retriever), one-line summaries and full descriptions (inputs, units, bounds, formula)."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from ..calculators.describe import InputSpec, describe_inputs
from ..calculators.registry import all_calculators, find, get
from ..calculators.spec import Calculator
from ..errors import CalculatorInputError, InputIssue, wrong_argument
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


class _TokenIndex:
    """Token -> [(calculator, weight)]: id, aliases and name weigh 3, description and specialty 1.
    A query token costs a dictionary lookup, a bisection for the words it begins and a lookup per
    prefix of it (at most as many as the longest indexed word has letters), whatever the query's
    length or the number of calculators; a token's contributions are kept (a bounded cache)."""

    def __init__(self) -> None:
        self.calcs = all_calculators()
        postings: dict[str, dict[int, float]] = {}
        for i, c in enumerate(self.calcs):
            for t in _tokens(c.description + " " + c.specialty):
                row = postings.setdefault(t, {})
                row[i] = max(row.get(i, 0.0), 1.0)
            for t in _tokens(" ".join([c.id, *c.aliases, c.name])):
                postings.setdefault(t, {})[i] = 3.0
        self.postings = postings
        self.words = sorted(postings)
        self.longest = max(map(len, self.words), default=0)
        self.contribution = lru_cache(maxsize=4096)(self._contribution)

    def _contribution(self, t: str) -> tuple[tuple[int, float], ...]:
        """(calculator index, score) of one query token: its weight where the calculator has the
        word, else half the best weight of a word that begins with it or that it begins with
        (4 letters or more)."""
        exact = self.postings.get(t, {})
        partial: dict[int, float] = {}
        if len(t) >= 4:
            keys = [t[:n] for n in range(4, min(len(t), self.longest) + 1) if t[:n] in self.postings]
            for j in range(bisect_left(self.words, t), len(self.words)):  # the words that begin with t
                if not self.words[j].startswith(t):
                    break
                keys.append(self.words[j])
            for k in keys:
                for i, w in self.postings[k].items():
                    if i not in exact and w > partial.get(i, 0.0):
                        partial[i] = w
        return (*exact.items(), *((i, 0.5 * w) for i, w in partial.items()))


_INDEX: _TokenIndex | None = None


def _index() -> _TokenIndex:
    global _INDEX
    if _INDEX is None:
        _INDEX = _TokenIndex()
    return _INDEX


def token_overlap_retriever(query: str, limit: int) -> list[tuple[Calculator, float]]:
    """Ranks calculators by weighted token overlap with the query (id, aliases and name weigh 3,
    description and specialty 1); an exact id/alias/name match ranks first."""
    index = _index()
    exact = find(query) if query.strip() else None
    scores: dict[int, float] = {}
    for t, n in Counter(_tokens(query)).items():
        for i, w in index.contribution(t):
            scores[i] = scores.get(i, 0.0) + n * w
    if exact is not None:
        i = index.calcs.index(exact)
        scores[i] = scores.get(i, 0.0) + 100.0
    scored = [(index.calcs[i], s) for i, s in scores.items() if s > 0]
    scored.sort(key=lambda cs: (-cs[1], cs[0].id))
    return scored[:limit]


MAX_RESULTS = 1000  # above the registry's size: a listing is never cut short
MAX_QUERY = 500  # characters of a search query (the schemas of REST's `q` and MCP's `query` say so)


def search_calculators(
    query: str = "", *, specialty: str | None = None, kind: str | None = None, limit: int = 10,
    retriever: Retriever | None = None,
) -> list[dict[str, Any]]:
    """Calculators matching a text query (all if empty), optionally of one specialty or kind.

    `retriever` replaces the token-overlap ranking (e.g. BM25 or dense retrieval). A query is at
    most `MAX_QUERY` characters (CalculatorInputError beyond); arguments of another type are a
    TypeError naming the argument."""
    for name, value in (("query", query), ("specialty", specialty), ("kind", kind)):
        if not isinstance(value, str) and (value is not None or name == "query"):
            raise wrong_argument(name, value, "text" if name == "query" else "text or None")
    if isinstance(limit, bool) or not isinstance(limit, int):
        raise wrong_argument("limit", limit, "an integer")
    if len(query) > MAX_QUERY:
        raise CalculatorInputError(None, [InputIssue(
            "query", query, f"a query of at most {MAX_QUERY} characters", "name what to compute in a few words", "range")])
    limit = max(1, min(limit, MAX_RESULTS))
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
