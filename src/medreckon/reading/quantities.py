"""Candidate mentions of quantities in a note: each number with its unit, the words before it,
its sentence and position — found by rules, so a model can choose among what the note says
("which of these is the creatinine at presentation?") instead of writing a number.

    mentions = scan(note)
    creat = candidates(mentions, "creatinine", ("mg/dL", "µmol/L"))   # best first

The dataset convention (MedCalc-Bench) is the value at presentation: the first mention in the
presenting part of the note. `candidates` ranks mentions whose nearby words name the input
first, then keeps the note's order, and marks mentions in sentences that speak of a later
time ("on day 3", "after", "at discharge", "follow-up") as `later`, after the others.
Blood pressures ("165/85 mmHg") give two mentions, systolic then diastolic.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ..calculators import units as u
from .lexicon import lexicon
from .timepoints import LATER

_LEX = lexicon()
# How notes write an age's unit ("71-year-old", "71 y/o"): units of the scanner, and the sex
# shorthand's ("71 y/o M", reading.demographics)
AGE_UNITS = tuple(_LEX.units["age"])
_NUMBER = r"(?<![\w.])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
# Units as notes write them; longest first so "mg/dL" wins over "mg".
_UNITS = sorted([*_LEX.units["note"], *AGE_UNITS], key=len, reverse=True)
_UNIT = "|".join(re.escape(x) for x in _UNITS)
_MENTION = re.compile(rf"{_NUMBER}(?:\s*/\s*(\d{{2,3}}))?(?:[\s-]*({_UNIT})(?![A-Za-z]))?")
_SENTENCE = re.compile(r"(?<=[.!?;])\s+(?=[A-Z(\[])|\n+")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9']*")
# Names notes use for common inputs, keyed by a word of the input's name.
ALIASES: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in _LEX.names["quantity_names"].items()}


@dataclass(frozen=True)
class QuantityMention:
    id: int  # 1, 2, ... in the note's order
    value: float
    written: str  # the number and unit as written
    unit: str | None
    before: str  # up to six words before the number, after the previous number of its sentence
    sentence: str
    sentence_index: int
    start: int  # character offset in the note
    later: bool  # its sentence speaks of a later time point
    after: str = ""  # up to four words after it, before the next number or punctuation
    lead: str = ""  # its sentence up to it

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def label(self) -> str:
        """One line for a prompt: [id] "...words number unit" (later)."""
        tail = " (later time point)" if self.later else ""
        return f'[{self.id}] "{(self.before + " " + self.written).strip()}"{tail}'


def _sentences(note: str) -> list[tuple[int, str]]:
    out, pos = [], 0
    for m in _SENTENCE.finditer(note):
        out.append((pos, note[pos:m.start()]))
        pos = m.end()
    out.append((pos, note[pos:]))
    return [(s, t) for s, t in out if t.strip()]


def scan(note: str) -> list[QuantityMention]:
    """Every number in the note with its unit (where one follows), in the note's order."""
    if not isinstance(note, str):
        raise TypeError(f"note must be text, got {type(note).__name__}")
    found: list[QuantityMention] = []
    for index, (offset, sentence) in enumerate(_sentences(note)):
        # a later time point is said of its clause ("81 kg at the visit; on day 3 he weighed 79 kg")
        clauses = [(c.start(), c.end(), bool(LATER.search(c.group()))) for c in re.finditer(r"[^;]+", sentence)]
        prev_end = 0  # a mention's words are those after the mention before it
        for m in _MENTION.finditer(sentence):
            words = _WORD.findall(sentence[prev_end:m.start()])[-8:]
            prev_end = m.end()
            before = " ".join(words)
            numbers = [m.group(1)] + ([m.group(2)] if m.group(2) else [])
            unit = m.group(3)
            # "3/4" without a unit is a ratio or a date, not two values; a blood pressure is
            # named as one ("blood pressure 110/65", "BP: 85/50")
            if m.group(2) and unit is None and not _PRESSURE.search(" ".join(words[-3:])):
                continue
            tail = re.split(r"[,;:.()]|\d", sentence[m.end():].lstrip(" ,;:"), maxsplit=1)[0]
            after = " ".join(_WORD.findall(tail)[:4])
            later = next((lat for a, b, lat in clauses if a <= m.start() < b), False)
            for i, text in enumerate(numbers):
                label = before + (" (systolic)" if i == 0 and len(numbers) == 2 else
                                  " (diastolic)" if i == 1 else "")
                found.append(QuantityMention(
                    id=len(found) + 1, value=float(text.replace(",", "")), written=m.group(0).strip(),
                    unit=unit, before=label.strip(), sentence=sentence.strip(), sentence_index=index,
                    start=offset + m.start(), later=later, after=after, lead=sentence[:m.start()]))
    return found


_PRESSURE = re.compile(_LEX.cues["quantities"]["pressure"], re.I)


def symbol(unit: str) -> str:
    """A unit as a note writes it, as the engine's symbol ("mm Hg" -> "mmHg", "lbs" -> "lb"): the
    lexicon's reading where calculators.units reads the spelling as several units, else theirs."""
    return _LEX.units["symbols"].get(unit) or u.symbol_of(unit) or unit


def _fits(unit: str | None, units: Sequence[str]) -> bool:
    if unit is None or not units:
        return False
    for target in units:
        try:
            u.convert(1.0, symbol(unit), target)
            return True
        except u.UnitError as exc:  # mass <-> molar needs the analyte: the dimension fits
            if "analyte" in str(exc):
                return True
        except (KeyError, ValueError):
            continue
    return False


def _concentration(unit: str | None) -> bool:
    try:
        return any("concentration" in d for d in u.dimensions_of(symbol(unit or "")))
    except (u.UnitError, KeyError, ValueError):
        return False


# Words of input names too general to say which input a number is ("respiratory rate" is no heart rate).
_GENERAL = frozenset(_LEX.names["quantity_words"]["general"])


def name_words(name: str, extra: Sequence[str] = ()) -> tuple[str, ...]:
    """The words that name an input in a note: its name's words and their ALIASES."""
    words = [w for w in re.split(r"[_\W]+", name.lower())
             if (len(w) > 1 or w in ("k", "t")) and w not in _GENERAL]
    out = list(words) + [a for w in words for a in ALIASES.get(w, ())] + [e.lower() for e in extra]
    return tuple(dict.fromkeys(out))


def _in_range(m: QuantityMention, unit: str | None, plausible: tuple[float, float] | None,
              units: Sequence[str] = ()) -> bool:
    """False only when the mention, converted to the input's unit, is outside its plausible range
    ("300 mg" is no body weight), or, written without a unit, is plausible in none of the declared
    units ("a stroke in 2018" is no heart rate); True when that cannot be told (mass vs molar)."""
    if plausible is None or unit is None:
        return True
    if m.unit is None:
        for declared in units or (unit,):
            try:
                if plausible[0] <= u.convert(m.value, declared, unit) <= plausible[1]:
                    return True
            except (u.UnitError, KeyError, ValueError):
                return True
        return False
    try:
        x = u.convert(m.value, symbol(m.unit), unit)
    except (u.UnitError, KeyError, ValueError):
        return True
    return plausible[0] <= x <= plausible[1]


# A specimen or qualifier that a name needs beside the analyte ("urine sodium" is no serum sodium),
# and the words that make a mention of the analyte another quantity.
_SPECIMEN = tuple(_LEX.names["quantity_words"]["specimens"])
_NOT_THIS: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in _LEX.names["quantity_words"]["not_this"].items()}


def _has(text: str, terms: Sequence[str]) -> bool:
    return any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", text) for w in terms)


def candidates(mentions: Sequence[QuantityMention], name: str, units: Sequence[str] = (),
               extra_words: Sequence[str] = (), limit: int = 6, *, unit: str | None = None,
               plausible: tuple[float, float] | None = None) -> list[QuantityMention]:
    """The candidate mentions of input `name`, best first (see `ranked_candidates`)."""
    return [m for m, _ in ranked_candidates(mentions, name, units, extra_words, limit, unit=unit,
                                            plausible=plausible)]


def ranked_candidates(mentions: Sequence[QuantityMention], name: str, units: Sequence[str] = (),
                      extra_words: Sequence[str] = (), limit: int = 6, *, unit: str | None = None,
                      plausible: tuple[float, float] | None = None) -> list[tuple[QuantityMention, float]]:
    """The mentions that may give input `name` (declared `units`): those whose nearby words or
    written unit name the input (with a unit that converts to a declared one, or none), and
    those whose unit alone says what they are (a rate, a pressure, a weight — not a lab
    concentration) unless their words name another input ("respiratory rate of 24 /min" is no
    heart rate); with `plausible` (in `unit`), only mentions inside that range. A urine input
    ("urine_sodium") needs the urine named beside the analyte; any other input is not named by a
    mention of the urine's. Named ones first (by the words before them, then, for a mention with
    no name of any input before it, by the words after it: "at 2.3 mg/dL, his bilirubin"), then
    earlier time points first, then the note's order. At most `limit`, each with its rank: 0
    named before it (0.5 when a non-urine input's mention follows a urine's in its sentence), 1
    named after it, 2 not named (its unit alone fits)."""
    parts = [w for w in re.split(r"[_\W]+", name.lower()) if w]
    specimen = any(p in _SPECIMEN for p in parts)
    words = name_words("_".join(p for p in parts if p not in _SPECIMEN), extra_words)
    excluded = tuple(x for w in words for x in _NOT_THIS.get(w, ()))
    others = tuple(a for key, aliases in ALIASES.items() if key not in words
                   for a in (key, *aliases) if a not in words and len(a) > 2)
    anything = tuple(a for key, aliases in ALIASES.items() for a in (key, *aliases) if len(a) > 1)

    def says(m: QuantityMention, terms: Sequence[str]) -> bool:
        return _has(f"{m.before} {m.unit or ''}".lower(), terms)

    def named_by(text: str, lead: str) -> bool:
        if not _has(text, words) or _has(text, excluded):
            return False  # a urine input: the urine named in its sentence before it
        if specimen:
            return _has(lead, _SPECIMEN) and not _has(text, ("serum", "plasma"))
        return not _has(text, _SPECIMEN)

    def rank(m: QuantityMention) -> float:
        """0: named by the words before it (0.5 when its sentence speaks of urine first and the
        input is no urine's); 1: by the words after it; 2: not named."""
        near, lead = m.before.lower(), m.lead.lower()
        for side, other in (("systolic", "diastolic"), ("diastolic", "systolic")):
            if f"({side})" in near and other in name.lower():
                return 2
        if named_by(f"{near} {(m.unit or '').lower()}", lead):
            return 0.5 if not specimen and _has(lead, _SPECIMEN) else 0
        if m.after and m.unit and not _has(near, anything) and named_by(m.after.lower(), lead):
            return 1
        return 2

    def keep(m: QuantityMention) -> bool:
        if not _in_range(m, unit, plausible, units):
            return False
        if rank(m) < 2:
            return m.unit is None or not units or _fits(m.unit, units)
        # unnamed: only where the unit alone tells what it is (a lab concentration does not)
        return _fits(m.unit, units) and not _concentration(m.unit) and not says(m, others)

    kept = [(m, rank(m)) for m in mentions if keep(m)]
    kept.sort(key=lambda mr: (mr[1], mr[0].later, mr[0].start))
    return kept[:limit]


def as_input(m: QuantityMention, units: Sequence[str]) -> Any:
    """A mention as a calculator input: {value, unit} with the declared unit it names, the
    text "value unit" for the calculator to read otherwise, or the bare number without a unit."""
    if m.unit is None:
        return m.value
    for target in units:
        if symbol(m.unit) == target or m.unit.lower().replace(" ", "") == target.lower().replace(" ", ""):
            return {"value": m.value, "unit": target}
    return f"{m.value:g} {symbol(m.unit)}"


def candidate_fields(note: str, specs: Sequence[Any]) -> dict[str, list[QuantityMention]]:
    """{input: its candidate mentions} for the quantity inputs (InputSpecs) that have any."""
    mentions = scan(note)
    out = {}
    for s in specs:
        if s.kind == "quantity":
            found = candidates(mentions, s.name, s.units, unit=s.unit, plausible=s.plausible)
            if found:
                out[s.name] = found
    return out


def first_named_mentions(note: str, specs: Sequence[Any]) -> dict[str, tuple[QuantityMention, float]]:
    """{input: (its best mention, its rank)} for the quantity inputs whose best candidate the note
    names (by the words before or after it) and does not place at a later time point: the first
    such mention at presentation, the dataset's convention. Inputs whose best candidate is unnamed
    or later ("after the normalisation of his calcium, 9.44 mg/dL") are left out."""
    mentions = scan(note)
    out = {}
    for s in specs:
        if s.kind == "quantity":
            ranked = ranked_candidates(mentions, s.name, s.units, unit=s.unit, plausible=s.plausible, limit=1)
            if ranked and ranked[0][1] < 2 and not ranked[0][0].later:  # a later time point: the model chooses
                out[s.name] = ranked[0]
    return out
