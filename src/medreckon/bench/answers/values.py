"""Values of an output type read from text or JSON: numbers, dates and gestational ages.

Reading a value from an answer string (`read_value`): where the string holds several values,
the last one that follows a cue ("=", ":", "is", "equals", "≈", "approximately" …) wins, else
the first; parenthetical asides are dropped for numbers ("25.2 (normal 18.5–24.9)").
- Numbers: "1,025.2" is 1025.2 (comma thousands, never 25.2); "12.5%" is 12.5 (never 0.125);
  "−3" (Unicode minus) is -3; "1.2e3"; glued units ("70kg") are fine. Not values: digits glued
  to letters ("CO2", "CHA2DS2-VASc", "m2"), powers ("10^9", "10⁹"), denominators
  ("mL/min/1.73 m²") and hyphenated compounds ("10-year risk"). For integer output a whole
  number ("4", "4.0") is an `int`; "4.5" stays a float (the rules decide). Number words
  "zero"…"twenty" are read when no digits are present.
- Dates: MM/DD/YYYY (the dataset's form; M/D, "-" and "." separators too), ISO YYYY-MM-DD,
  "March 5, 2021", "5 March 2021". A slash date whose first part exceeds 12 is read DD/MM/YYYY
  (it cannot be a month).
- Gestational age (weeks, days): "(14 weeks, 1 day)", "('14 weeks', '1 days')", "14 weeks and
  1 day", "14w1d", "14+1", "(14, 1)", JSON ``[14, 1]`` or ``{"weeks": 14, "days": 1}``;
  "4 weeks" is (4, 0) and "6 days" is (0, 6).
- Categories (a label such as "Stage IIIb" or "High risk"): with the calculator's labels known,
  the one label the text names ("The answer is Severe ARDS" -> "Severe"; a label inside a
  longer one counts once: "Moderate" is not found in "Moderately severe"); two different
  labels named is no answer. Without the labels, a short text is the label as written. Labels
  compare after `label_key` (Unicode NFKC, case, punctuation and spacing ignored).

`decimals` is the number of decimal places the answer was written with ("25.20" -> 2), which
the ``mdcalc_precision`` rule needs and a float cannot keep.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from ..types import Answer

OUTPUT_TYPES = ("decimal", "integer", "date", "gestational_age", "category")


_SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_NUMBER = re.compile(
    r"(?<![\w.^/])"  # not glued to a word, a decimal point, a power or a denominator
    r"(?P<sign>[-−]\s?)?"
    r"(?P<num>(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)"
    r"(?:[eE](?P<exp>[-+]?\d{1,3}))?"
    rf"(?![\d^{_SUPERSCRIPTS}]|,\d{{3}}|\.\d|-[^\W\d_])"
)
_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty".split()
)}
_WORD_NUMBER = re.compile(r"\b(" + "|".join(_WORDS) + r")\b", re.I)

_MONTHS = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
    "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
}
_MONTH = (r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_DATE_ISO = re.compile(r"(?<![\d/.-])(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?![\d/-])")
_DATE_NUMERIC = re.compile(r"(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?![\d/-])")
_DATE_MONTH_FIRST = re.compile(rf"\b{_MONTH}\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.I)
_DATE_DAY_FIRST = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}\.?,?\s+(\d{{4}})\b", re.I)

_WEEKS = r"(?:weeks?|wks?|w(?![a-z]))"
_DAYS = r"(?:days?|d(?![a-z]))"
_GA_BOTH = re.compile(
    rf"(?<![\d.])(\d{{1,2}})\s*{_WEEKS}['\"]?[\s,;'\"]*(?:and\s+|\+\s*)?['\"]?(\d{{1,3}})\s*{_DAYS}", re.I
)
_GA_WEEKS = re.compile(rf"(?<![\d.])(\d{{1,2}})\s*{_WEEKS}", re.I)
_GA_DAYS = re.compile(rf"(?<![\d.])(\d{{1,3}})\s*{_DAYS}", re.I)
_GA_PAIR = re.compile(r"[(\[]\s*(\d{1,2})\s*,\s*(\d{1,3})\s*[)\]]")
_GA_PLUS = re.compile(r"^\s*(\d{1,2})\s*\+\s*([0-6])\s*(?:weeks?|wks?)?\s*$", re.I)

# A value right after one of these counts as "the" value of a string holding several.
_CUE = re.compile(
    r"(?:=|:|≈|~|→|\bis|\bequals?|\bwas|\bbe|\bgives?|\bof approximately|\bapproximately|\babout|"
    r"\baround|\broughly|\bscore|\btotal)\s*(?:approximately|about|around|roughly|~|≈)?\s*[*_`]*\s*$",
    re.I,
)
_PAREN = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")

_REFUSAL = re.compile(
    r"\b(?:I\s*(?:cannot|can['’]t|can\s*not|am\s+unable\s+to|['’]m\s+unable\s+to|am\s+not\s+able\s+to|"
    r"won['’]t|will\s+not|must\s+decline)\b"
    r"|as\s+an\s+AI\b"
    r"|I['’]?m\s+sorry\b|I\s+apologi[sz]e\b"
    r"|(?:cannot|can['’]t|can\s*not|unable\s+to)\s+be\s+(?:calculated|computed|determined|estimated)"
    r"|(?:not\s+possible|impossible)\s+to\s+(?:calculate|compute|determine|estimate)"
    r"|(?:insufficient|not\s+enough|missing)\s+(?:information|data|details)"
    r"|^\s*(?:unknown|undetermined|indeterminate|cannot\s+determine)\s*\.?\s*$)",
    re.I | re.M,
)


@dataclass(frozen=True)
class _Found:
    start: int
    value: Answer
    decimals: int | None = None


def written_decimals(d: Decimal) -> int:
    exp = d.as_tuple().exponent
    return max(0, -exp) if isinstance(exp, int) else 0


def _number(d: Decimal, output_type: str) -> tuple[float | int, int] | None:
    if not d.is_finite():
        return None
    decimals = written_decimals(d)
    if output_type == "integer" and d == d.to_integral_value():
        return int(d), decimals
    value = float(d)
    if value != value or value in (float("inf"), float("-inf")):
        return None
    return value, decimals


def _numbers(text: str, output_type: str) -> list[_Found]:
    out: list[_Found] = []
    for m in _NUMBER.finditer(text):
        raw = m.group("num").replace(",", "")
        if m.group("exp"):
            raw += "e" + m.group("exp")
        if m.group("sign"):
            raw = "-" + raw
        try:
            got = _number(Decimal(raw), output_type)
        except InvalidOperation:
            continue
        if got is not None:
            out.append(_Found(m.start(), got[0], got[1]))
    return out


def _safe_date(y: int, m: int, d: int) -> dt.date | None:
    try:
        return dt.date(y, m, d)
    except ValueError:
        return None


def _dates(text: str) -> list[_Found]:
    found: list[_Found] = []
    for m in _DATE_ISO.finditer(text):
        if (v := _safe_date(int(m[1]), int(m[2]), int(m[3]))) is not None:
            found.append(_Found(m.start(), v))
    for m in _DATE_NUMERIC.finditer(text):
        a, b, y = int(m[1]), int(m[3]), int(m[4])
        month, day = (b, a) if a > 12 >= b else (a, b)  # MM/DD unless the first part cannot be a month
        if (v := _safe_date(y, month, day)) is not None:
            found.append(_Found(m.start(), v))
    for m in _DATE_MONTH_FIRST.finditer(text):
        if (v := _safe_date(int(m[3]), _MONTHS[m[1][:3].lower()], int(m[2]))) is not None:
            found.append(_Found(m.start(), v))
    for m in _DATE_DAY_FIRST.finditer(text):
        if (v := _safe_date(int(m[3]), _MONTHS[m[2][:3].lower()], int(m[1]))) is not None:
            found.append(_Found(m.start(), v))
    found.sort(key=lambda f: f.start)
    return found


def _gestational(text: str) -> list[_Found]:
    plus = _GA_PLUS.match(text)
    if plus:
        return [_Found(0, (int(plus[1]), int(plus[2])))]
    found = [_Found(m.start(), (int(m[1]), int(m[2]))) for m in _GA_BOTH.finditer(text)]
    taken = [(m.start(), m.end()) for m in _GA_BOTH.finditer(text)]

    def free(pos: int) -> bool:
        return not any(a <= pos < b for a, b in taken)

    found += [_Found(m.start(), (int(m[1]), int(m[2]))) for m in _GA_PAIR.finditer(text) if free(m.start())]
    found += [_Found(m.start(), (int(m[1]), 0)) for m in _GA_WEEKS.finditer(text) if free(m.start())]
    found += [_Found(m.start(), (0, int(m[1]))) for m in _GA_DAYS.finditer(text) if free(m.start())]
    found.sort(key=lambda f: f.start)
    return found


def _candidates(text: str, output_type: str) -> list[_Found]:
    if output_type == "date":
        return _dates(text)
    if output_type == "gestational_age":
        return _gestational(text)
    return _numbers(text, output_type)


def _pick(text: str, found: list[_Found]) -> _Found:
    """One value: the only one; else the last one right after a cue; else the first."""
    if len(found) == 1:
        return found[0]
    cued = [f for f in found if _CUE.search(text[max(0, f.start - 40):f.start])]
    return cued[-1] if cued else found[0]


def check_output_type(output_type: str) -> None:
    if output_type not in OUTPUT_TYPES:
        raise ValueError(f"unknown output type {output_type!r}; expected one of {', '.join(OUTPUT_TYPES)}")


def label_key(text: str) -> str:
    """A category label as labels compare: NFKC, case folded, every run of punctuation or
    spaces one space ("High-risk" and "high risk" are one label)."""
    t = unicodedata.normalize("NFKC", str(text)).casefold()
    return re.sub(r"[\W_]+", " ", t).strip()


_MAX_LABEL_CHARS = 80  # a text longer than this is a sentence, not a label written bare


def read_category(text: str, categories: Sequence[str] | None = None) -> str | None:
    """The label a text gives: with `categories`, the one label it names (as the calculator
    writes it), None when it names none or two different ones; without them, a short text as
    written (trimmed of quotes and closing punctuation)."""
    key = label_key(text)
    if not key:
        return None
    if not categories:
        bare = text.strip().strip("\"'`").rstrip(".;,").strip()
        return bare if bare and len(bare) <= _MAX_LABEL_CHARS and "\n" not in bare else None
    keys = {label_key(c): c for c in categories}
    if key in keys:
        return keys[key]
    spans = []  # (start, end, label) of each label named, longest first so a longer label wins
    for k in sorted(keys, key=len, reverse=True):
        for m in re.finditer(rf"(?<!\w){re.escape(k)}(?!\w)", key):
            if not any(a < m.end() and m.start() < b for a, b, _ in spans):
                spans.append((m.start(), m.end(), keys[k]))
    named = {label for _, _, label in spans}
    return named.pop() if len(named) == 1 else None


def read_value(text: str, output_type: str,
               categories: Sequence[str] | None = None) -> tuple[Answer | None, int | None]:
    """The answer a short answer string gives, as (value, decimals), or (None, None).
    `categories`: the labels a category answer may take (see `read_category`)."""
    check_output_type(output_type)
    text = text.replace("**", "").replace("__", "").strip()
    if not text:
        return None, None
    if output_type == "category":
        return read_category(text, categories), None
    if output_type in ("decimal", "integer"):
        # A calculation written out: the value is after the last "=".
        if "=" in text and _numbers(text.rsplit("=", 1)[1], output_type):
            text = text.rsplit("=", 1)[1]
        source = _PAREN.sub(lambda m: " " * len(m.group(0)), text)  # same offsets, asides blanked
        found = _numbers(source, output_type)
        if not found:
            source, found = text, _numbers(text, output_type)
        if found:
            got = _pick(source, found)
            return got.value, got.decimals
        word = _WORD_NUMBER.search(text)
        if word:
            return _WORDS[word[1].lower()], 0
        return None, None
    found = _candidates(text, output_type)
    if not found:
        return None, None
    got = _pick(text, found)
    return got.value, None


def coerce_value(value: Any, output_type: str,
                 categories: Sequence[str] | None = None) -> tuple[Answer | None, int | None]:
    """An answer from a JSON-like value (a number, a string, a list or a dict), or (None, None)."""
    check_output_type(output_type)
    if value is None or isinstance(value, bool):
        return None, None
    if output_type == "category":
        if isinstance(value, dict):
            keys = {str(k).strip().lower(): v for k, v in value.items()}
            value = next((keys[k] for k in ("label", "category", "value", "answer") if k in keys), None)
        if isinstance(value, list | tuple) and len(value) == 1:
            value = value[0]
        return (read_category(value, categories), None) if isinstance(value, str) else (None, None)
    if isinstance(value, Decimal | int | float):
        if output_type not in ("decimal", "integer"):
            return None, None
        try:
            d = value if isinstance(value, Decimal) else Decimal(repr(value))
        except InvalidOperation:
            return None, None
        got = _number(d, output_type)
        return got if got is not None else (None, None)
    if isinstance(value, str):
        return read_value(value, output_type, categories)
    if isinstance(value, list | tuple):
        if output_type == "gestational_age" and len(value) == 2:
            parts = [_count(v) for v in value]
            if None not in parts:
                return (parts[0], parts[1]), None  # type: ignore[return-value]
            return read_value(", ".join(str(v) for v in value), output_type)
        if len(value) == 1:
            return coerce_value(value[0], output_type)
        return None, None
    if isinstance(value, dict):
        keys = {str(k).strip().lower(): v for k, v in value.items()}
        if output_type == "gestational_age" and ("weeks" in keys or "days" in keys):
            weeks, days = _count(keys.get("weeks", 0)), _count(keys.get("days", 0))
            return ((weeks, days), None) if weeks is not None and days is not None else (None, None)
        for key in ("value", "answer", "result"):
            if key in keys:
                return coerce_value(keys[key], output_type)
    return None, None


def _count(v: Any) -> int | None:
    """A whole count from 14, 14.0, "14", "14 weeks", "1 days"."""
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v if v >= 0 else None
    if isinstance(v, float | Decimal):
        return int(v) if v == int(v) and v >= 0 else None
    if isinstance(v, str):
        m = re.fullmatch(r"\s*['\"]?(\d{1,3})\s*(?:weeks?|wks?|w|days?|d)?['\"]?\s*", v, re.I)
        return int(m[1]) if m else None
    return None


def is_refusal(text: str) -> bool:
    return bool(_REFUSAL.search(text))


# "not computable" is an answer, not a refusal: the note lacks an input the calculation needs.
# The value must start with it. A bare "N/A" is not one: MedCalc-Bench's harness writes "N/A"
# where it could not read an answer, so it stays unparsed.
_ABSTENTION = re.compile(r"^\W*(?:not\s+computable|cannot\s+be\s+computed)\b", re.I)


def is_abstention(text: str) -> bool:
    """Whether an answer value says "not computable" (or "cannot be computed") — an abstention,
    scored right against a not-computable label and wrong against a number."""
    return bool(_ABSTENTION.match(text))
