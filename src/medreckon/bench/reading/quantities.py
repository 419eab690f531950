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

from ...calculators import units as u

_NUMBER = r"(?<![\w.])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
# Units as notes write them; longest first so "mg/dL" wins over "mg".
_UNITS = sorted([
    "mg/dL", "mg/dl", "g/dL", "g/dl", "g/L", "mmol/L", "mmol/l", "µmol/L", "umol/L", "μmol/L",
    "mEq/L", "meq/L", "mEq/l", "mg/L", "ng/mL", "pg/mL", "U/L", "IU/L", "units/L", "mL/min",
    "ml/min", "mL/min/1.73 m2", "mL/min/1.73m2", "x10^9/L", "×10^9/L", "x 10^9/L", "10^9/L",
    "x10^3/µL", "x10^3/uL", "/µL", "/uL", "/mm3", "/mm^3", "cells/mm3", "mm Hg", "mmHg", "cmH2O",
    "bpm", "beats per minute", "beats/min", "breaths per minute", "breaths/min", "/min", "°C",
    "°F", "ºC", "ºF", "C", "F", "kg/m2", "kg/m²", "kg", "lbs", "lb", "pounds", "g", "cm", "m",
    "in", "inches", "ft", "feet", "%", "mg", "mcg", "µg", "ug", "mL", "ml", "L", "years", "year",
    "yrs", "year-old", "year old", "years old", "months", "weeks", "days", "hours", "ms", "msec", "points", "seconds", "s",
], key=len, reverse=True)
_UNIT = "|".join(re.escape(x) for x in _UNITS)
_MENTION = re.compile(rf"{_NUMBER}(?:\s*/\s*(\d{{2,3}}))?(?:[\s-]*({_UNIT})(?![A-Za-z]))?")
_SENTENCE = re.compile(r"(?<=[.!?;])\s+(?=[A-Z(\[])|\n+")
_LATER = re.compile(r"\b(?:on day \d+|hospital day|day \d+ of|after (?:\w+ ){0,3}(?:treatment|therapy|"
                    r"admission|surgery|resuscitation)|later|subsequently|follow[- ]?up|at discharge|"
                    r"on discharge|repeat(?:ed)?|the next (?:day|morning)|post-?operative(?:ly)?|"
                    r"\d+ (?:hours|days|weeks) later)\b", re.I)
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9']*")
# Names notes use for common inputs, keyed by a word of the input's name.
ALIASES: dict[str, tuple[str, ...]] = {
    "heart": ("hr", "pulse", "heart rate", "beats", "bpm", "tachycardic", "bradycardic"),
    "respiratory": ("rr", "respirations", "respiratory rate", "breaths", "tachypneic", "tachypnoeic"),
    "systolic": ("sbp", "blood pressure", "bp"), "diastolic": ("dbp", "blood pressure", "bp"),
    "temperature": ("temp", "t", "febrile"), "sodium": ("na",), "potassium": ("k",),
    "chloride": ("cl",), "bicarbonate": ("hco3", "bicarb", "co2", "tco2"), "bun": ("urea", "blood urea nitrogen"),
    "creatinine": ("cr", "creat", "scr"), "glucose": ("glu", "sugar", "bg"), "hemoglobin": ("hb", "hgb"),
    "hematocrit": ("hct",), "platelets": ("plt", "platelet"), "platelet": ("plt", "platelets"),
    "wbc": ("white", "leukocytes", "leukocyte"), "albumin": ("alb",), "bilirubin": ("bili", "tbili"),
    "age": ("year-old", "years old", "yo", "aged"), "weight": ("weighs", "weighed", "weighing", "wt"),
    "height": ("tall", "ht"), "calcium": ("ca",), "cholesterol": ("chol", "tc"), "hdl": ("hdl-c",),
    "triglycerides": ("tg", "trigs"), "insulin": ("insulin",), "inr": ("inr",), "pao2": ("po2", "pao2"),
    "fio2": ("fio2", "fraction of inspired"), "qt": ("qt", "qtc"), "ph": ("ph",),
}


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
        later = bool(_LATER.search(sentence))
        prev_end = 0  # a mention's words are those after the mention before it
        for m in _MENTION.finditer(sentence):
            words = _WORD.findall(sentence[prev_end:m.start()])[-6:]
            prev_end = m.end()
            before = " ".join(words)
            numbers = [m.group(1)] + ([m.group(2)] if m.group(2) else [])
            unit = m.group(3)
            if m.group(2) and unit is None:  # "3/4" without a unit is a ratio or a date, not two values
                continue
            for i, text in enumerate(numbers):
                label = before + (" (systolic)" if i == 0 and len(numbers) == 2 else
                                  " (diastolic)" if i == 1 else "")
                found.append(QuantityMention(
                    id=len(found) + 1, value=float(text.replace(",", "")), written=m.group(0).strip(),
                    unit=unit, before=label.strip(), sentence=sentence.strip(), sentence_index=index,
                    start=offset + m.start(), later=later))
    return found


# Units as notes write them -> the engine's symbols (calculators.units)
_SYMBOLS = {"year-old": "yr", "year old": "yr", "years old": "yr", "years": "yr", "year": "yr",
            "yrs": "yr", "months": "mo", "weeks": "wk", "days": "d", "hours": "h", "lbs": "lb",
            "pounds": "lb", "inches": "in", "feet": "ft", "bpm": "/min", "beats per minute": "/min",
            "beats/min": "/min", "breaths per minute": "/min", "breaths/min": "/min", "mm Hg": "mmHg",
            "°C": "degC", "ºC": "degC", "C": "degC", "°F": "degF", "ºF": "degF", "F": "degF",
            "msec": "ms", "seconds": "s", "µmol/L": "umol/L", "μmol/L": "umol/L", "mg/dl": "mg/dL",
            "g/dl": "g/dL", "mmol/l": "mmol/L", "meq/L": "mEq/L", "mEq/l": "mEq/L", "ml/min": "mL/min",
            "ml": "mL", "µg": "ug", "mcg": "ug", "×10^9/L": "10^9/L", "x10^9/L": "10^9/L",
            "x 10^9/L": "10^9/L", "x10^3/µL": "10^3/uL", "x10^3/uL": "10^3/uL", "/µL": "/uL",
            "/mm3": "/uL", "/mm^3": "/uL", "cells/mm3": "/uL", "kg/m2": "kg/m^2", "kg/m²": "kg/m^2",
            "units/L": "U/L"}


def symbol(unit: str) -> str:
    """A unit as a note writes it, as the engine's symbol ("mm Hg" -> "mmHg", "lbs" -> "lb")."""
    return _SYMBOLS.get(unit, unit)


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
_GENERAL = frozenset({"rate", "level", "count", "serum", "blood", "total", "score", "value", "dose", "number",
                      "per", "of", "the", "at", "in", "mean", "max", "min"})


def name_words(name: str, extra: Sequence[str] = ()) -> tuple[str, ...]:
    """The words that name an input in a note: its name's words and their ALIASES."""
    words = [w for w in re.split(r"[_\W]+", name.lower())
             if (len(w) > 1 or w in ("k", "t")) and w not in _GENERAL]
    out = list(words) + [a for w in words for a in ALIASES.get(w, ())] + [e.lower() for e in extra]
    return tuple(dict.fromkeys(out))


def _in_range(m: QuantityMention, unit: str | None, plausible: tuple[float, float] | None) -> bool:
    """False only when the mention, converted to the input's unit, is outside its plausible range
    ("300 mg" is no body weight); True when that cannot be told (no unit, mass vs molar)."""
    if plausible is None or unit is None or m.unit is None:
        return True
    try:
        x = u.convert(m.value, symbol(m.unit), unit)
    except (u.UnitError, KeyError, ValueError):
        return True
    return plausible[0] <= x <= plausible[1]


def candidates(mentions: Sequence[QuantityMention], name: str, units: Sequence[str] = (),
               extra_words: Sequence[str] = (), limit: int = 6, *, unit: str | None = None,
               plausible: tuple[float, float] | None = None) -> list[QuantityMention]:
    """The mentions that may give input `name` (declared `units`): those whose nearby words or
    written unit name the input (with a unit that converts to a declared one, or none), and
    those whose unit alone says what they are (a rate, a pressure, a weight — not a lab
    concentration) unless their words name another input ("respiratory rate of 24 /min" is no
    heart rate); with `plausible` (in `unit`), only mentions inside that range. Named ones first,
    then earlier time points first, then the note's order. At most `limit`."""
    words = name_words(name, extra_words)
    others = tuple(a for key, aliases in ALIASES.items() if key not in words
                   for a in (key, *aliases) if a not in words and len(a) > 2)

    def says(m: QuantityMention, terms: Sequence[str]) -> bool:
        near = f"{m.before} {m.unit or ''}".lower()
        return any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", near) for w in terms)

    def named(m: QuantityMention) -> bool:
        near = m.before.lower()
        for side, other in (("systolic", "diastolic"), ("diastolic", "systolic")):
            if f"({side})" in near and other in name.lower():
                return False
        return says(m, words)

    def keep(m: QuantityMention) -> bool:
        if not _in_range(m, unit, plausible):
            return False
        if named(m):
            return m.unit is None or not units or _fits(m.unit, units)
        # unnamed: only where the unit alone tells what it is (a lab concentration does not)
        return _fits(m.unit, units) and not _concentration(m.unit) and not says(m, others)

    kept = [m for m in mentions if keep(m)]
    kept.sort(key=lambda m: (not named(m), m.later, m.start))
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
