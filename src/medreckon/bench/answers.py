"""Reads a model's final text as an answer of the case's output type.

`parse_answer(text, output_type, finish_reason)` returns `Parsed(answer, status, explanation,
method, decimals)`. The status is kept apart from correctness: `ok` (an answer was read),
`unparsed` (no answer could be read), `truncated` (the model hit its token limit), `refused`
(the model declined). `method` names the step of the cascade that decided, for audits.

The cascade (the first step that finds something decides; long degenerate outputs are bounded,
so no text makes it hang):

0. ``empty``: nothing but white space -> unparsed.
1. Reasoning blocks are removed first: ``<think>…</think>`` (also ``<thinking>``,
   ``<reasoning>``); text before a lone closing tag is reasoning too (chat templates that open
   the block in the prompt); an opening tag that never closes hides the rest. If nothing
   visible is left: ``think_only`` -> unparsed.
2. ``json``: the last JSON object (bare or in a ``` fence) that has an answer key — ``answer``,
   ``final_answer``, ``result``, ``value``, ``score`` …, any case, any key order, also one level
   down. Its value alone decides: a value of the output type -> ok; words of refusal ->
   refused; anything else -> unparsed. The free text is not searched once such an object
   exists (a number from the reasoning is not an answer).
3. ``python_dict``: the same for a Python-literal dict (``{'answer': 5}``).
4. ``answer_key``: an object too broken to load, read by its ``"answer": value`` pair.
5. ``boxed``: the last ``\\boxed{…}``.
6. ``answer_phrase``: the last "answer: X" / "answer is X" / "final answer = X".
7. ``bare``: the whole visible text is one short line ("25.2 kg/m²", "4 points", "03/15/2021").
8. ``last_sentence``: the last sentence that holds a value of the output type.
9. ``refusal``: no value, but words of refusal ("I cannot calculate …") -> refused.
10. ``none`` -> unparsed.

Finish reason ``length`` makes the status ``truncated`` whatever the cascade found; an answer
the model stated (steps 2–6) is kept for audits (scoring never counts it), a value picked out of
cut-off prose (steps 7–8) is dropped. ``content_filter`` without an answer makes it ``refused``.

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

`decimals` is the number of decimal places the answer was written with ("25.20" -> 2), which
the ``mdcalc_precision`` rule needs and a float cannot keep.
"""

from __future__ import annotations

import ast
import datetime as dt
import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from ..calculators.rounding import round_half_away
from .types import Answer, Status

OUTPUT_TYPES = ("decimal", "integer", "date", "gestational_age")


@dataclass(frozen=True)
class Parsed:
    answer: Answer | None
    status: Status
    explanation: str | None
    method: str
    decimals: int | None = None  # decimal places as written, for numbers ("25.20" -> 2)


# --------------------------------------------------------------------------------------------
# Values
# --------------------------------------------------------------------------------------------

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


def _decimals_of(d: Decimal) -> int:
    exp = d.as_tuple().exponent
    return max(0, -exp) if isinstance(exp, int) else 0


def _number(d: Decimal, output_type: str) -> tuple[float | int, int] | None:
    if not d.is_finite():
        return None
    decimals = _decimals_of(d)
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


def _check_type(output_type: str) -> None:
    if output_type not in OUTPUT_TYPES:
        raise ValueError(f"unknown output type {output_type!r}; expected one of {', '.join(OUTPUT_TYPES)}")


def read_value(text: str, output_type: str) -> tuple[Answer | None, int | None]:
    """The answer a short answer string gives, as (value, decimals), or (None, None)."""
    _check_type(output_type)
    text = text.replace("**", "").replace("__", "").strip()
    if not text:
        return None, None
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


def coerce_value(value: Any, output_type: str) -> tuple[Answer | None, int | None]:
    """An answer from a JSON-like value (a number, a string, a list or a dict), or (None, None)."""
    _check_type(output_type)
    if value is None or isinstance(value, bool):
        return None, None
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
        return read_value(value, output_type)
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


def format_answer(answer: Answer | None, output_type: str | None = None, style: str = "dataset") -> Any:
    """An answer written out (None stays None). `style="dataset"`: text the way MedCalc-Bench
    writes ground truth ("('14 weeks', '1 days')", "4", "25.238"); `style="prompt"`: the value
    the way our prompts ask for it (a JSON number, "03/05/2021", "14 weeks, 1 days"), as an
    exemplar's answer or a calculator's answer shown back to the model."""
    if answer is None:
        return None
    if output_type == "date" or isinstance(answer, dt.date):
        if not isinstance(answer, dt.date):
            raise ValueError(f"a date answer must be a date, got {answer!r}")
        return answer.strftime("%m/%d/%Y")
    if output_type == "gestational_age" or isinstance(answer, tuple):
        if not (isinstance(answer, tuple) and len(answer) == 2):
            raise ValueError(f"a gestational-age answer must be (weeks, days), got {answer!r}")
        weeks, days = answer
        return f"('{weeks} weeks', '{days} days')" if style == "dataset" else f"{weeks} weeks, {days} days"
    if style == "prompt":
        return int(round(float(answer))) if output_type == "integer" else answer
    if isinstance(answer, float) and answer.is_integer() and output_type == "integer":
        return str(int(answer))
    return repr(answer) if isinstance(answer, float) else str(answer)


def typed_answer(value: Any, output_type: str) -> Answer:
    """A calculator's value as the case's output type (decimal -> float unrounded, integer ->
    int rounded half away from zero, date, (weeks, days)); ValueError when it cannot be."""
    if output_type == "date":
        if isinstance(value, dt.date):
            return value
        raise ValueError(f"the calculator gave {value!r}, not a date")
    if output_type == "gestational_age":
        if isinstance(value, list | tuple) and len(value) == 2:
            return int(value[0]), int(value[1])
        raise ValueError(f"the calculator gave {value!r}, not (weeks, days)")
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"the calculator gave {value!r}, not a number")
    if output_type == "integer":
        return int(round_half_away(float(value), 0))
    return float(value)


def shown_decimals(answer: Any) -> int:
    """Decimal places of a number's shortest decimal form: 25.2 -> 1, 25 -> 0, 1e-05 -> 5."""
    if isinstance(answer, bool) or not isinstance(answer, int | float) or not math.isfinite(answer):
        raise ValueError(f"not a finite number: {answer!r}")
    return 0 if isinstance(answer, int) else _decimals_of(Decimal(repr(answer)).normalize())


def decimals_of(answer: Answer | None) -> int | None:
    """The decimal places an answer shows (None for dates and gestational ages)."""
    if isinstance(answer, float):
        return shown_decimals(answer)
    return 0 if isinstance(answer, int) and not isinstance(answer, bool) else None


def same_value(a: Any, b: Any) -> bool:
    """Equal, numbers (not booleans) within a relative 1e-6: the one comparison of an answer with
    a calculator's, and of an input with gold's."""
    if all(isinstance(v, int | float) and not isinstance(v, bool) for v in (a, b)):
        return abs(a - b) <= 1e-6 * max(abs(a), abs(b))
    return a == b


def is_refusal(text: str) -> bool:
    return bool(_REFUSAL.search(text))


# --------------------------------------------------------------------------------------------
# The cascade
# --------------------------------------------------------------------------------------------

_THINK_TAGS = ("think", "thinking", "reasoning")
_ANSWER_KEYS = ("answer", "final_answer", "finalanswer", "final answer", "result", "value",
                "calculated_value", "output", "total_score", "score")
_EXPLANATION_KEYS = ("step_by_step_thinking", "explanation", "reasoning", "thinking", "thoughts",
                     "rationale", "steps", "working", "step_by_step")
_ANSWER_KEY_PAIR = re.compile(
    r"""["'](?:final[_ ]answer|answer)["']\s*:\s*("(?:[^"\\]|\\.)*"|'[^']*'|[^,}\n]+)""", re.I
)
_BOXED = re.compile(r"\\boxed\{((?:[^{}]|\{[^{}]*\})*)\}")
_ANSWER_PHRASE = re.compile(r"(?:final\s+answer|answer)\s*(?:is|:|=|-)\s*[:=]?\s*(.+)", re.I)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z*#(\"'])|\n+")
_JSON = json.JSONDecoder(parse_float=Decimal, strict=False)
_GUESSES = ("bare", "last_sentence")


def _strip_reasoning(text: str) -> tuple[str, str | None]:
    """(visible text, reasoning text or None); linear in the text's length."""
    reasoning: list[str] = []
    visible = text
    for tag in _THINK_TAGS:
        opening, closing = f"<{tag}>", f"</{tag}>"
        lowered = visible.lower()
        first_open = lowered.find(opening)
        close = lowered.rfind(closing, 0, first_open if first_open != -1 else len(lowered))
        if close != -1:
            # Closing tags before any opening one: the prompt's template opened the block.
            reasoning.append(visible[:close].strip())
            visible = visible[close + len(closing):]
            lowered = visible.lower()
        kept: list[str] = []
        pos = 0
        while (start := lowered.find(opening, pos)) != -1:
            kept.append(visible[pos:start])
            end = lowered.find(closing, start + len(opening))
            if end == -1:  # never closed: the rest is reasoning
                reasoning.append(visible[start + len(opening):].strip())
                pos = len(visible)
                break
            reasoning.append(visible[start + len(opening):end].strip())
            kept.append("\n")
            pos = end + len(closing)
        kept.append(visible[pos:])
        visible = "".join(kept)
    return visible.strip(), ("\n\n".join(r for r in reasoning if r) or None)


def _norm_key(key: Any) -> str:
    return re.sub(r"[\s\-]+", "_", str(key).strip().lower())


def _answer_in(obj: dict[str, Any]) -> tuple[bool, Any, Any]:
    """(has an answer key, its value, the explanation value) at the top level or one level down."""
    keys = {_norm_key(k): v for k, v in obj.items()}
    explanation = next((keys[k] for k in _EXPLANATION_KEYS if k in keys), None)
    for k in _ANSWER_KEYS:
        if _norm_key(k) in keys:
            value = keys[_norm_key(k)]
            if isinstance(value, dict):
                inner, inner_value, inner_expl = _answer_in(value)
                if inner:
                    return True, inner_value, explanation if explanation is not None else inner_expl
            return True, value, explanation
    for v in obj.values():
        if isinstance(v, dict):
            inner, inner_value, inner_expl = _answer_in(v)
            if inner:
                return True, inner_value, explanation if explanation is not None else inner_expl
    return False, None, explanation


_JSON_START = re.compile(r'\{\s*["}]')
_PYTHON_START = re.compile(r"\{\s*'")
_MAX_FAILED_STARTS = 200  # bounds the work on long degenerate outputs ("{{{{…")
_MAX_OBJECT_CHARS = 20_000


def _objects(text: str, start: re.Pattern[str], load: Callable[[str, int], tuple[Any, int] | None]) -> list[dict[str, Any]]:
    """Dicts found left to right from each plausible opening brace, skipping what one covers."""
    found: list[dict[str, Any]] = []
    failures, pos = 0, 0
    while failures < _MAX_FAILED_STARTS and (m := start.search(text, pos)):
        got = load(text, m.start())
        if got is not None and isinstance(got[0], dict):
            found.append(got[0])
            pos = got[1]
        else:
            failures += 1
            pos = m.start() + 1
    return found


def _load_json(text: str, pos: int) -> tuple[Any, int] | None:
    try:
        return _JSON.raw_decode(text, pos)
    except (ValueError, RecursionError):
        return None


def _balanced_end(text: str, pos: int) -> int | None:
    depth, quote, i = 0, "", pos
    stop = min(len(text), pos + _MAX_OBJECT_CHARS)
    while i < stop:
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None


def _load_python(text: str, pos: int) -> tuple[Any, int] | None:
    end = _balanced_end(text, pos)
    if end is None:
        return None
    try:
        return ast.literal_eval(text[pos:end]), end
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def _explanation_text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, list):
        return "\n".join(str(v) for v in value)
    return str(value)


def _decide(value: Any, output_type: str) -> tuple[Answer | None, Status, int | None]:
    answer, decimals = coerce_value(value, output_type)
    if answer is not None:
        return answer, "ok", decimals
    if isinstance(value, str) and is_refusal(value):
        return None, "refused", None
    return None, "unparsed", None


def _structured(visible: str, output_type: str) -> tuple[str, Answer | None, Status, int | None, str | None] | None:
    for method, start, load in (("json", _JSON_START, _load_json), ("python_dict", _PYTHON_START, _load_python)):
        hits = [o for o in _objects(visible, start, load) if _answer_in(o)[0]]
        if hits:
            _, value, explanation = _answer_in(hits[-1])
            answer, status, decimals = _decide(value, output_type)
            return method, answer, status, decimals, _explanation_text(explanation)
    pairs = list(_ANSWER_KEY_PAIR.finditer(visible))
    if pairs:
        raw = pairs[-1].group(1).strip()
        if raw[:1] in "\"'" and raw[-1:] == raw[:1] and len(raw) >= 2:
            raw = raw[1:-1].replace('\\"', '"')
        answer, status, decimals = _decide(raw, output_type)
        return "answer_key", answer, status, decimals, visible  # the object is broken: keep it whole
    return None


def _free_text(visible: str, output_type: str) -> tuple[str, Answer | None, int | None] | None:
    plain = visible.replace("**", "").replace("__", "")
    boxed = _BOXED.findall(plain)
    for content in reversed(boxed):
        content = re.sub(r"\\(?:text|mathrm|mbox)\{([^{}]*)\}", r"\1", content).replace("\\,", "").replace("\\%", "%")
        answer, decimals = read_value(content, output_type)
        if answer is not None:
            return "boxed", answer, decimals
    for m in reversed(list(_ANSWER_PHRASE.finditer(plain))):
        answer, decimals = read_value(m.group(1), output_type)
        if answer is not None:
            return "answer_phrase", answer, decimals
    lines = [ln for ln in plain.splitlines() if ln.strip()]
    if len(lines) == 1 and len(lines[0]) <= 80:
        answer, decimals = read_value(lines[0], output_type)
        if answer is not None:
            return "bare", answer, decimals
    for sentence in reversed(_SENTENCE_END.split(plain)):
        if sentence.strip():
            answer, decimals = read_value(sentence, output_type)
            if answer is not None:
                return "last_sentence", answer, decimals
    return None


def parse_answer(text: str, output_type: str, finish_reason: str | None = None) -> Parsed:
    """Read the answer of one model output; see the module docstring for the cascade."""
    _check_type(output_type)
    if text is None:
        text = ""
    if not isinstance(text, str):
        raise TypeError(f"parse_answer needs the model's text (a str), got {type(text).__name__}")

    def done(answer: Answer | None, status: Status, explanation: str | None, method: str,
             decimals: int | None = None) -> Parsed:
        if finish_reason == "length":
            status = "truncated"
            if method in _GUESSES:  # a value picked out of cut-off prose is not the model's answer
                answer = None
        elif finish_reason == "content_filter" and status != "ok":
            status, method = "refused", "content_filter"
        return Parsed(answer, status, explanation, method, decimals if answer is not None else None)

    if not text.strip():
        return done(None, "unparsed", None, "empty")
    visible, reasoning = _strip_reasoning(text)
    if not visible:
        return done(None, "unparsed", reasoning, "think_only")
    got = _structured(visible, output_type)
    if got is not None:
        method, answer, status, decimals, explanation = got
        return done(answer, status, explanation or reasoning, method, decimals)
    free = _free_text(visible, output_type)
    if free is not None:
        method, answer, decimals = free
        explanation = reasoning if method == "bare" else visible
        return done(answer, "ok", explanation, method, decimals)
    if is_refusal(visible):
        return done(None, "refused", visible, "refusal")
    return done(None, "unparsed", visible, "none")
