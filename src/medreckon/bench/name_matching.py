"""Names a model writes in free text, read as a registered calculator and its inputs.

A model that works a calculation out by itself (`strategies.structured_cot`) names the formula
it used and each value it took ("Cockcroft Gault creatinine clearance"; "Systolic Blood
Pressure": 120 mmHg). `match_calculator` reads the first as a calculator, `match_values` the
second as that calculator's inputs, each recording how it matched, so that the model's working
can be recomputed by our calculators and checked; the environment can read a model's free-text
names the same way.

Matching never guesses: names are compared as words (lower case, abbreviations spelt out, asides
in brackets and filler words dropped, plurals and UK spellings folded), exact names first, then
the share of the written words that belong to one candidate, then spelling; a name that fits
several candidates equally well is left unmatched with the candidates recorded.
"""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..calculators.describe import InputSpec
from ..calculators.registry import all_calculators, get
from ..calculators.spec import Calculator
from ..errors import CalculatorInputError
from ..reading.lexicon import lexicon
from .calculation import asked_inputs
from .trace import plain

_NAMES = lexicon().names
# Abbreviations and synonyms read as the words they stand for, on both sides of a comparison,
# so "SBP", "systolic_bp" and "Systolic Blood Pressure" are the same words (the lexicon's names.toml).
_SYNONYMS: dict[str, str] = dict(_NAMES["abbreviations"])
# British spellings folded to American ones: the lexicon's pairs, then its general rules ("haem-").
_UK = tuple((uk, us) for us, uk in _NAMES["spellings"]["british"])
_FOLDS = tuple((re.compile(pattern), to) for pattern, to in _NAMES["spellings"]["folds"])
_FILLER = frozenset("a an the of in on or and for to at with by patient patients level value".split())
# Words that name no particular calculator ("Caprini score" is the Caprini calculator).
_CALC_FILLER = _FILLER | frozenset(
    "score calculator calculation calculated equation formula index rule criteria criterion scale".split())
_DIGITS = str.maketrans("₀₁₂₃₄₅₆₇₈₉⁰¹²³⁴⁵⁶⁷⁸⁹", "01234567890123456789")
_PARENS = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_TIERS = ("name", "entity", "description", "words", "close")  # how a value's name matched, best first
_MAX_DESCRIPTION_WORDS = 4  # a description's first words name the input only when they are few
_MIN_SPELLING = 0.85  # difflib ratio for a misspelt name


def _word(w: str) -> str:
    for uk, us in _UK:  # UK spelling: tumour, localised
        w = w.replace(uk, us)
    for pattern, to in _FOLDS:  # haem-, anaem-, ischaem-, leukaem-, oedema, oestrogen
        w = pattern.sub(to, w)
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]  # platelets -> platelet, days -> day
    return w


def name_words(text: str, filler: frozenset[str] = _FILLER) -> tuple[str, ...]:
    """The words of a name as compared: lower case, subscripts as digits, asides in brackets
    dropped (unless nothing else is left), abbreviations spelt out, filler words dropped."""
    text = unicodedata.normalize("NFKC", str(text).translate(_DIGITS)).lower()
    bare = _PARENS.sub(" ", text)
    raw = re.findall(r"[a-z0-9]+", bare) or re.findall(r"[a-z0-9]+", text)
    words: list[str] = []
    for w in raw:
        words += _SYNONYMS.get(w, w).split()
    return tuple(_word(w) for w in words if w not in filler)


Fit = tuple[str | None, tuple[str, ...]]  # (the one target, or None; the targets that tie)


def _fit(words: tuple[str, ...], labels: Sequence[tuple[str, tuple[str, ...]]], min_share: float,
         strict: bool) -> Fit:
    """The one target whose label holds every written word ("Total bilirubin" in "Total serum
    bilirubin"); else the one whose label's words are all written and make up at least
    `min_share` of them (more than, when `strict`) ("Serum creatinine at admission"). Several
    such targets tie, and a name that holds whole labels of several targets ("Stroke/TIA")
    ties them all."""
    written = set(words)
    wider = sorted({t for t, label in labels if written <= set(label)})
    if wider:
        return (wider[0], ()) if len(wider) == 1 else (None, tuple(wider))
    inside: dict[str, float] = {}
    for t, label in labels:
        if set(label) <= written:
            inside[t] = max(inside.get(t, 0.0), len(set(label)) / len(written))
    if len(inside) > 1:
        return None, tuple(sorted(inside))
    for t, share in inside.items():
        if share > min_share or (share == min_share and not strict):
            return t, ()
    return None, ()


def _closest(words: tuple[str, ...], labels: Sequence[tuple[str, tuple[str, ...]]]) -> Fit:
    """The one target whose label is spelt within `_MIN_SPELLING` of the written words and
    closer than any other's."""
    text = " ".join(words)
    ratios: dict[str, float] = {}
    for t, label in labels:
        ratios[t] = max(ratios.get(t, 0.0), difflib.SequenceMatcher(None, text, " ".join(label)).ratio())
    ranked = sorted(ratios.items(), key=lambda kv: -kv[1])
    if not ranked or ranked[0][1] < _MIN_SPELLING:
        return None, ()
    tied = tuple(sorted(t for t, r in ranked if r == ranked[0][1]))
    return (ranked[0][0], ()) if len(tied) == 1 else (None, tied)


@dataclass(frozen=True)
class CalculatorMatch:
    """The calculator a model named: `matched_by` is ``registry`` (an id, alias, name or
    MedCalc-Bench ID as the registry knows it), ``words`` (most of the written words are one
    calculator's), ``close`` (a misspelling of one calculator's key), ``ambiguous`` (several fit
    as well: `candidates`), or ``none``."""

    name: str
    calculator: Calculator | None
    matched_by: str
    candidates: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "calculator": self.calculator.id if self.calculator else None,
                "matched_by": self.matched_by, "candidates": list(self.candidates)}


@lru_cache(maxsize=1)
def _calculator_labels() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(calculator id, words) for the name, id and each alias of every calculator."""
    labels = ((calc.id, name_words(text, _CALC_FILLER)) for calc in all_calculators()
              for text in (calc.name, calc.id, *calc.aliases))
    return tuple((t, words) for t, words in labels if words)  # a label of filler words only fits every name


def match_calculator(name: Any) -> CalculatorMatch:
    """The registered calculator a model's free-text name stands for, and how it was matched
    (see `CalculatorMatch`); never a guess between equally good candidates."""
    written = name if isinstance(name, str) else json.dumps(name, ensure_ascii=False)
    if not isinstance(name, str) or not name.strip():
        return CalculatorMatch(written, None, "none")
    plain_text = unicodedata.normalize("NFKC", name.translate(_DIGITS)).strip()
    tries = [name, plain_text, _PARENS.sub(" ", plain_text), *(m.strip("()[] ") for m in _PARENS.findall(plain_text))]
    for text in tries:
        if text.strip() and not text.strip().isdigit():  # a bare number is no calculator's name
            try:
                return CalculatorMatch(written, get(text), "registry")
            except CalculatorInputError:
                pass
    words = name_words(name, _CALC_FILLER)
    if not words or all(w.isdigit() for w in words):
        return CalculatorMatch(written, None, "none")
    labels = _calculator_labels()
    for how, fit in (("words", lambda: _fit(words, labels, 0.5, strict=False)),
                     ("close", lambda: _closest(words, labels))):
        best, tied = fit()
        if best is not None:
            return CalculatorMatch(written, get(best), how)
        if tied:
            return CalculatorMatch(written, None, "ambiguous", tied)
    return CalculatorMatch(written, None, "none")


@dataclass(frozen=True)
class NamedValue:
    """One value a model named: the name as written, the calculator input it was read as (None:
    none), how the name matched (``name``, ``entity`` — a dataset entity name of that input,
    ``description`` — the first words of the input's description, ``words``, ``close``; or, when
    left out, ``none``, ``ambiguous``, ``taken`` — another value already gave that input), the
    value in the form the calculator reads, and a note on why it was left out."""

    name: str
    input: str | None
    matched_by: str
    value: Any = None
    note: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "input": self.input, "matched_by": self.matched_by,
                "value": plain(self.value), "note": self.note}


@dataclass(frozen=True)
class ValueMatch:
    """The values a model named, read as a calculator's inputs: `inputs` (input name -> value,
    for `compute`) and every value with how it matched (`named`)."""

    inputs: dict[str, Any]
    named: tuple[NamedValue, ...]

    @property
    def unmatched(self) -> list[str]:
        return [n.name for n in self.named if n.input is None]


@lru_cache(maxsize=256)
def _input_labels(calc: Calculator) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """(input, label kind, words): each asked input's name, its dataset entity names and the
    first words of its description (up to the first comma, colon, bracket or full stop)."""
    entities = dict(calc.medcalc_bench.entities) if calc.medcalc_bench else {}
    labels = []
    for spec in asked_inputs(calc):
        labels.append((spec.name, "name", name_words(spec.name.replace("_", " "))))
        labels += [(spec.name, "entity", name_words(e)) for e, f in entities.items() if f == spec.name]
        first = name_words(re.split(r"[,;:(.]", spec.description, maxsplit=1)[0])
        if len(first) <= _MAX_DESCRIPTION_WORDS:
            labels.append((spec.name, "description", first))
    return tuple((i, kind, words) for i, kind, words in labels if words)


def input_for_name(calc: Calculator, name: str) -> tuple[str | None, str, tuple[str, ...]]:
    """(the input of `calc` a written value name stands for, or None; how it matched; the tied
    inputs when several fit as well). Exact names first, then shared words, then spelling."""
    # an input's own name first: word sets lose order ("sitting to standing" and "standing to
    # sitting") and filler ("level")
    named = "_".join(name.strip().lower().split())
    if any(s.name == named for s in asked_inputs(calc)):
        return named, "name", ()
    words = name_words(name)
    if not words:
        return None, "none", ()
    labels = _input_labels(calc)
    for kind in _TIERS[:3]:
        hits = sorted({i for i, k, label in labels if k == kind and set(label) == set(words)})
        if len(hits) == 1:
            return hits[0], kind, ()
        if hits:
            return None, "ambiguous", tuple(hits)
    pairs = [(i, label) for i, _, label in labels]
    for how, fit in (("words", lambda: _fit(words, pairs, 0.5, strict=True)),
                     ("close", lambda: _closest(words, pairs))):
        best, tied = fit()
        if best is not None:
            return best, how, ()
        if tied:
            return None, "ambiguous", tied
    return None, "none", ()


_NO_UNIT = frozenset({"", "none", "null", "n/a", "-", "unitless", "no unit", "dimensionless"})
_NUMBER_TEXT = re.compile(r"\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*")


def written_value(spec: InputSpec, value: Any, unit: Any) -> Any:
    """A value and its separately written unit in the form the calculator reads: a quantity as
    {value, unit} (or "<value> <unit>" text; a text value that carries a unit of its own keeps
    it), anything else as written (a unit on a finding or a category is ignored)."""
    unit = unit.strip() if isinstance(unit, str) else None
    if spec.kind != "quantity" or not unit or unit.lower() in _NO_UNIT or isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return {"value": value, "unit": unit}
    if isinstance(value, str) and _NUMBER_TEXT.fullmatch(value):
        return f"{value.strip()} {unit}"
    return value


def match_values(calc: Calculator, values: Sequence[tuple[str, Any, Any]]) -> ValueMatch:
    """`(name, value, unit)` as a model wrote them, read as `calc`'s inputs by name. Each input
    is taken once, by the best-matched value (then the first written); the others are kept
    with the reason they were left out."""
    specs = {s.name: s for s in asked_inputs(calc)}
    found = []
    for order, (name, value, unit) in enumerate(values):
        field, how, tied = input_for_name(calc, name)
        note = f"fits {', '.join(tied)} equally" if tied else None if field else "no input of this name"
        form = written_value(specs[field], value, unit) if field else value
        found.append((order, NamedValue(name, field, how, form, note)))
    taken: dict[str, str] = {}
    kept: dict[int, NamedValue] = {}
    rank = {t: n for n, t in enumerate(_TIERS)}
    for order, nv in sorted(found, key=lambda f: (rank.get(f[1].matched_by, len(rank)), f[0])):
        if nv.input is not None and nv.input in taken:
            nv = NamedValue(nv.name, None, "taken", nv.value, f"{nv.input} is already given by {taken[nv.input]!r}")
        elif nv.input is not None:
            taken[nv.input] = nv.name
        kept[order] = nv
    named = tuple(kept[o] for o, _ in found)
    return ValueMatch({n.input: n.value for n in named if n.input is not None}, named)


__all__ = ["CalculatorMatch", "match_calculator", "NamedValue", "ValueMatch", "match_values",
           "input_for_name", "written_value", "name_words"]
