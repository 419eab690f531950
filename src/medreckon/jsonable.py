"""Python values as JSON carries them: calculator results, error objects and sandbox answers.

`jsonable(value)` converts a value to its JSON equivalent (dates as ISO text, tuples as lists,
...). `jsonable(value, convert=False)` echoes a value someone gave, as given when JSON carries it
and as its repr otherwise, bounded in size and depth (`echo`): an error that answers a `datetime.date` passed for a number shows
`datetime.date(2024, 1, 15)`, which tells the caller what was wrong, where "2024-01-15" would not.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import decimal
import itertools
import json
import math
import re
import reprlib
from typing import Any

MAX_DEPTH = 20  # deeper containers are shown as their repr
REPR_LIMIT = 200  # characters of a repr kept when converting
ECHO_DEPTH = 4  # an echoed value's containers deeper than this are cut
ECHO_ITEMS = 8  # items of an echoed container kept
ECHO_TEXT = 200  # characters of an echoed string kept
ECHO_BYTES = 1000  # JSON characters of an echoed container kept


def jsonable(value: Any, *, convert: bool = True) -> Any:
    """`value` as JSON can carry it.

    convert=True: numbers and strings as they are, non-finite floats as the strings
    "nan"/"inf"/"-inf", Decimal as float, dates and times as ISO text, a timedelta as its text
    ("280 days, 0:00:00"), tuples and sets as lists, dataclass instances as dicts, dict keys as
    text, anything else as its repr (cut to 200 characters).
    convert=False: `echo(value)`, the value as given, bounded (see `echo`).
    """
    if not convert:
        return echo(value)
    return _converted(value, 0)


def echo(value: Any) -> Any:
    """A value someone gave, as an error shows it back: bounded in size and depth, whatever came
    in. Strings over 200 characters, containers over 8 items or 4 levels deep are cut and the cut
    is marked ("…", "… 992 more"); a container still over 1,000 characters of JSON is shown as
    its clipped JSON text; what JSON cannot carry is shown as its (clipped) repr."""
    shown = _echo(value, 0)
    if isinstance(shown, list | dict):
        text = json.dumps(shown, ensure_ascii=False)  # depth-bounded by _echo, so no recursion
        if len(text) > ECHO_BYTES:
            return clip_text(text)
    return shown


def _echo(value: Any, depth: int) -> Any:
    if value is None:
        return None
    if isinstance(value, bool | int | str):
        if isinstance(value, str):
            return clip_text(value)
        if isinstance(value, bool):
            return bool(value)
        if isinstance(value, int) and abs(value) > 2**63:  # orjson and most parsers stop at 64-bit integers
            return f"<an integer of {value.bit_length() * 0.30103:.0f} digits>" if value.bit_length() > 256 \
                else _safe_repr(value)
        return int(value)  # an int subclass (IntEnum) as the number JSON writes
    if isinstance(value, float):  # numpy.float64 too, as the plain float JSON writes
        return float(value) if math.isfinite(value) else repr(float(value))
    if isinstance(value, list | tuple | dict):
        if depth >= ECHO_DEPTH:
            return f"<{type(value).__name__} nested deeper than {ECHO_DEPTH} levels>"
        if isinstance(value, dict):
            items = list(itertools.islice(value.items(), ECHO_ITEMS))
            out: Any = {clip_text(str(k)): _echo(v, depth + 1) for k, v in items}
            if len(value) > ECHO_ITEMS:
                out["…"] = f"{len(value) - ECHO_ITEMS} more"
            return out
        out = [_echo(v, depth + 1) for v in value[:ECHO_ITEMS]]
        if len(value) > ECHO_ITEMS:
            out.append(f"… {len(value) - ECHO_ITEMS} more")
        return out
    return clip_text(_safe_repr(value))


def clip_text(text: str | bytes, limit: int = ECHO_TEXT) -> str:
    """`text` cut to `limit` characters, the cut marked with how much was left out: the one
    bounding function every echo of client input goes through (errors, messages, logs).

    Bytes are decoded as UTF-8 (bad bytes replaced), and a lone surrogate ("\\ud800", which a
    Python string can hold but UTF-8 and JSON encoders refuse) becomes U+FFFD, so whatever is
    echoed can be written as JSON."""
    if isinstance(text, bytes | bytearray):  # at most 4 bytes a character: decode only what is kept
        head = bytes(text[: limit * 4]).decode("utf-8", "replace")
        left = len(text) - limit * 4
        text = head if left <= 0 else f"{head[:limit]}… ({left + max(0, len(head) - limit)} more bytes)"
        limit = max(limit, len(text))
    elif type(text) is not str:
        text = str(text)
    clipped = text if len(text) <= limit else f"{text[:limit]}… ({len(text) - limit} more characters)"
    if not clipped.isascii():
        try:
            clipped.encode("utf-8")
        except UnicodeEncodeError:
            clipped = _SURROGATES.sub("\ufffd", clipped)
    return clipped


_SURROGATES = re.compile("[\ud800-\udfff]")


def echo_repr(value: Any) -> str:
    """The repr of a value someone gave, bounded: what an error message quotes."""
    shown = echo(value)
    return clip_text(shown if isinstance(shown, str) and not isinstance(value, str) else repr(shown))


def _safe_repr(value: Any) -> str:
    try:
        return reprlib.repr(value)
    except Exception:  # a hostile __repr__ must not turn an input error into a crash
        return f"<{type(value).__name__}>"


def _converted(v: Any, depth: int) -> Any:
    tv = type(v)
    if v is None or tv is str or tv is int or tv is bool:
        return v
    if tv is float:
        return v if math.isfinite(v) else str(v)
    if isinstance(v, bool | int | str | float):  # subclasses (numpy.float64, IntEnum) as plain values
        return _converted(bool(v) if isinstance(v, bool) else int(v) if isinstance(v, int) else
                          float(v) if isinstance(v, float) else str(v), depth)
    if isinstance(v, decimal.Decimal):
        return float(v) if v.is_finite() else str(v)
    if isinstance(v, dt.date | dt.datetime | dt.time):
        return v.isoformat()
    if isinstance(v, dt.timedelta):
        return str(v)
    if depth > MAX_DEPTH:
        return _safe_repr(v)[:REPR_LIMIT]
    if isinstance(v, list | tuple):
        return [_converted(x, depth + 1) for x in v]
    if isinstance(v, set | frozenset):
        return sorted((_converted(x, depth + 1) for x in v), key=repr)
    if isinstance(v, dict):
        return {str(_converted(k, depth + 1)): _converted(x, depth + 1) for k, x in v.items()}
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return _converted(dataclasses.asdict(v), depth + 1)
    if hasattr(type(v), "__jsonable__"):  # a value class that says how JSON carries it (calculators' Step)
        return _converted(v.__jsonable__(), depth + 1)
    return _safe_repr(v)[:REPR_LIMIT]
