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
from .timepoints import LATER

# How notes write an age's unit ("71-year-old", "71 y/o"): units of the scanner, and the sex
# shorthand's ("71 y/o M", reading.demographics)
AGE_UNITS = ("year-old", "year old", "years old", "y/o", "y.o.", "yo", "yr-old", "yr old")
_NUMBER = r"(?<![\w.])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
# Units as notes write them; longest first so "mg/dL" wins over "mg".
_UNITS = sorted([
    "mg/dL", "mg/dl", "mg%", "g/dL", "g/dl", "g/L", "mmol/L", "mmol/l", "µmol/L", "umol/L", "μmol/L",
    "mEq/L", "meq/L", "mEq/l", "mg/L", "ng/mL", "pg/mL", "U/L", "IU/L", "units/L", "mL/min",
    "ml/min", "mL/min/1.73 m2", "mL/min/1.73m2", "x10^9/L", "×10^9/L", "x 10^9/L", "10^9/L",
    "x10^3/µL", "x10^3/uL", "/µL", "/uL", "/mm3", "/mm^3", "cells/mm3", "mm Hg", "mmHg", "cmH2O",
    "degrees Fahrenheit", "degrees fahrenheit", "degrees F", "deg F", "degrees Celsius", "degrees celsius",
    "degrees C", "deg C", "° F", "° C", "℉", "℃",
    "bpm", "beats per minute", "beats/min", "breaths per minute", "breaths/min", "/min", "°C",
    "°F", "ºC", "ºF", "C", "F", "kg/m2", "kg/m²", "kg", "lbs", "lb", "pounds", "g", "cm", "m",
    "in", "inches", "ft", "feet", "%", "mg", "mcg", "µg", "ug", "mL", "ml", "L", "years", "year",
    "mm hg", "mmhg", "mL/day", "ml/day", "mL/d", "L/day", "mL/h", "ml/h", "mL/hr", "mcg/kg/min", "µg/kg/min",
    "ug/kg/min", "mcg/kg/h", "µg/kg/h", "mg/kg/min", "µIU/mL", "uIU/mL", "μIU/mL", "pmol/L", "kPa",
    "cells/µL", "cells/uL", "K/µL", "K/uL", "x 10^3/µL", "× 10^3/µL", "10^3/µL", "10^3/uL", "x10^9/l",
    "beats/minute", "breaths/minute", "per minute",
    "yrs", *AGE_UNITS, "months", "weeks", "days", "hours", "ms", "msec", "points", "seconds", "s",
], key=len, reverse=True)
_UNIT = "|".join(re.escape(x) for x in _UNITS)
_MENTION = re.compile(rf"{_NUMBER}(?:\s*/\s*(\d{{2,3}}))?(?:[\s-]*({_UNIT})(?![A-Za-z]))?")
_SENTENCE = re.compile(r"(?<=[.!?;])\s+(?=[A-Z(\[])|\n+")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9']*")
# Names notes use for common inputs, keyed by a word of the input's name.
ALIASES: dict[str, tuple[str, ...]] = {
    "heart": ("hr", "pulse", "pr", "heart rate", "beats", "bpm", "tachycardic", "bradycardic"),
    "saturation": ("spo2", "sao2", "o2 sat", "oximetry", "sats", "oxygen saturation"),
    "respiratory": ("rr", "respirations", "respiratory rate", "breaths", "tachypneic", "tachypnoeic"),
    "systolic": ("sbp", "blood pressure", "bp"), "diastolic": ("dbp", "blood pressure", "bp"),
    "temperature": ("temp", "t", "febrile"), "sodium": ("na",), "potassium": ("k",),
    "chloride": ("cl",), "bicarbonate": ("hco3", "bicarb", "co2", "tco2", "carbon dioxide"), "bun": ("urea", "blood urea nitrogen"),
    "creatinine": ("cr", "creat", "scr"), "glucose": ("glu", "sugar", "bg", "fg", "fpg", "fbg", "fbs"), "hemoglobin": ("hb", "hgb"),
    "hematocrit": ("hct",), "platelets": ("plt", "platelet"), "platelet": ("plt", "platelets"),
    "wbc": ("white", "leukocytes", "leukocyte", "leucocytes"), "albumin": ("alb",), "bilirubin": ("bili", "tbili"),
    "age": ("year-old", "years old", "yo", "y/o", "aged"), "weight": ("weighs", "weighed", "weighing", "wt"),
    "height": ("tall", "ht", "length"), "calcium": ("ca",), "cholesterol": ("chol", "tc"), "hdl": ("hdl-c", "high density lipoprotein", "high-density lipoprotein"),
    "triglycerides": ("tg", "trigs", "triglyceride"), "insulin": ("insulin",), "inr": ("inr", "international normalized ratio"), "pao2": ("po2", "pao2", "pao", "pao₂", "partial pressure of oxygen"),
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


_PRESSURE = re.compile(r"\b(?:blood pressure|BP|B/P|pressure)\b", re.I)


# Units as notes write them -> the engine's symbols (calculators.units)
_SYMBOLS = {**dict.fromkeys(AGE_UNITS, "yr"), "years": "yr", "year": "yr", "yrs": "yr", "months": "mo", "weeks": "wk", "days": "d", "hours": "h", "lbs": "lb",
            "pounds": "lb", "inches": "in", "feet": "ft", "bpm": "/min", "beats per minute": "/min",
            "beats/min": "/min", "breaths per minute": "/min", "breaths/min": "/min", "mm Hg": "mmHg",
            "°C": "degC", "ºC": "degC", "C": "degC", "°F": "degF", "ºF": "degF", "F": "degF",
            "degrees Fahrenheit": "degF", "degrees fahrenheit": "degF", "degrees F": "degF", "deg F": "degF",
            "degrees Celsius": "degC", "degrees celsius": "degC", "degrees C": "degC", "deg C": "degC",
            "° F": "degF", "° C": "degC", "℉": "degF", "℃": "degC",
            "msec": "ms", "seconds": "s", "µmol/L": "umol/L", "μmol/L": "umol/L", "mg/dl": "mg/dL",
            "g/dl": "g/dL", "mg%": "mg/dL", "mmol/l": "mmol/L", "meq/L": "mEq/L", "mEq/l": "mEq/L", "ml/min": "mL/min",
            "ml": "mL", "µg": "ug", "mcg": "ug", "×10^9/L": "10^9/L", "x10^9/L": "10^9/L",
            "x 10^9/L": "10^9/L", "x10^3/µL": "10^3/uL", "x10^3/uL": "10^3/uL", "/µL": "/uL",
            "/mm3": "/uL", "/mm^3": "/uL", "cells/mm3": "/uL", "kg/m2": "kg/m^2", "kg/m²": "kg/m^2",
            "units/L": "U/L", "mm hg": "mmHg", "mL/day": "mL/d", "ml/day": "mL/d", "L/day": "L/d", "ml/h": "mL/h",
            "mL/hr": "mL/h", "mcg/kg/min": "ug/kg/min", "µg/kg/min": "ug/kg/min", "mcg/kg/h": "ug/kg/h",
            "µg/kg/h": "ug/kg/h", "µIU/mL": "uIU/mL", "μIU/mL": "uIU/mL", "cells/µL": "/uL", "cells/uL": "/uL",
            "K/µL": "10^3/uL", "K/uL": "10^3/uL", "x 10^3/µL": "10^3/uL", "× 10^3/µL": "10^3/uL",
            "10^3/µL": "10^3/uL", "x10^9/l": "10^9/L", "beats/minute": "/min", "breaths/minute": "/min",
            "per minute": "/min"}


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
_SPECIMEN = ("urine", "urinary")
_NOT_THIS: dict[str, tuple[str, ...]] = {
    "cholesterol": ("hdl", "ldl", "lipoprotein", "non-hdl"), "creatinine": ("clearance",), "weight": ("birth",),
}


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
