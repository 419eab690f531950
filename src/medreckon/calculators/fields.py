"""Field types for calculator inputs: quantities with units, choices, dates, findings, options.

A calculator's inputs model is the only place its inputs are declared; the JSON schema, the
tool schemas, the CLI and the docs are all read from it. Shared quantities (weight, age,
creatinine ...) are declared once here, so every calculator means the same thing by them.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
import numbers
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, ClassVar, Literal, Union, get_args, get_origin

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    WithJsonSchema,
    model_validator,
)
from pydantic_core import InitErrorDetails, PydanticCustomError, core_schema

from ..jsonable import echo_repr
from . import units as u
from .quantity_schema import MAGNITUDE, TINY, is_percent_or_fraction, unit_limits, within


def _null_means_not_given(schema: dict[str, Any]) -> None:
    """The request schema of an inputs model says what the validator takes: an optional input
    may be sent as `null`, which every surface (REST, tools, MCP) reads as "not given" (its
    default applies), and a yes/no input also as 0/1 or a word such as "yes"."""
    required = set(schema.get("required", ()))
    for name, prop in schema.get("properties", {}).items():
        booleans = [{"type": "boolean"}, {"enum": [0, 1]}, {"type": "string", "enum": _BOOLEAN_WORDS}]
        if prop.get("type") == "boolean":  # what pydantic reads as true or false, as it reads it
            del prop["type"]
            prop["anyOf"] = booleans
        elif {"type": "boolean"} in prop.get("anyOf", ()):  # an optional yes/no: boolean or null
            prop["anyOf"] = [*booleans, *(x for x in prop["anyOf"] if x != {"type": "boolean"})]
        if name in required:
            continue
        if "anyOf" in prop:
            if {"type": "null"} not in prop["anyOf"]:
                prop["anyOf"].append({"type": "null"})
            continue
        core = {k: prop.pop(k) for k in list(prop) if k not in _SCHEMA_META and not k.startswith("x-")}
        prop["anyOf"] = [core, {"type": "null"}]


def _request_schema(schema: dict[str, Any], model: type[BaseModel]) -> None:
    _null_means_not_given(schema)
    if getattr(model, "rules", ()):
        from .rules import state_rules

        state_rules(schema, model)


_SCHEMA_META = frozenset({"title", "description", "default", "examples"})
_BOOLEAN_WORDS = list(dict.fromkeys(v for w in ("true", "false", "yes", "no", "y", "n", "t", "f", "on", "off", "1", "0")
                                    for v in (w, w.capitalize(), w.upper())))


class Inputs(BaseModel):
    """Base of every calculator's inputs: unknown keys are errors, never ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True, validate_default=False,
                              json_schema_extra=_request_schema)

    # rules between inputs (calculators/rules.py): the engine checks them, the schema states them
    rules: ClassVar[tuple[Any, ...]] = ()

    @model_validator(mode="before")
    @classmethod
    def _no_boolean_numbers(cls, data: Any) -> Any:
        """A JSON `false` is not 0 points, nor `true` a station of +1: pydantic's lax mode would
        read them so, and the schema (type integer or number) says they are not numbers."""
        if isinstance(data, Mapping):
            numeric = _numeric_fields(cls)
            bad = [k for k, v in data.items() if type(v) is bool and k in numeric]
            if bad:
                raise ValidationError.from_exception_data(cls.__name__, [InitErrorDetails(
                    type=_error(f"a boolean is not a number ({echo_repr(data[k])})",
                                "a number such as 0, 1 or 2", None),
                    loc=(k,), input=data[k]) for k in bad])
        return data


@cache
def _numeric_fields(model: type[BaseModel]) -> frozenset[str]:
    """The fields whose type is a plain int or float (optional or not), unless the field reads its
    input itself (a before/plain/wrap validator, e.g. HAS-BLED's drink count, says why a boolean
    is not a count in its own words)."""
    return frozenset(n for n, f in model.model_fields.items()
                     if _plain_number(f.annotation) and not _reads_itself(f.annotation, f.metadata))


def _reads_itself(t: Any, metadata: list[Any]) -> bool:
    from pydantic.functional_validators import BeforeValidator, PlainValidator, WrapValidator

    if any(isinstance(m, BeforeValidator | PlainValidator | WrapValidator) for m in metadata):
        return True
    if get_origin(t) is Annotated:
        return _reads_itself(get_args(t)[0], list(get_args(t)[1:]))
    if get_origin(t) in (Union, types.UnionType):
        return any(_reads_itself(a, []) for a in get_args(t) if a is not type(None))
    return False


def _plain_number(t: Any) -> bool:
    if get_origin(t) is Annotated:
        return _plain_number(get_args(t)[0])
    if get_origin(t) in (Union, types.UnionType):
        kinds = [a for a in get_args(t) if a is not type(None)]
        return len(kinds) == 1 and _plain_number(kinds[0])
    return t in (int, float)


_SUGGESTED_WIRE = {"anyOf": [{"type": "object", "required": ["value", "unit"], "properties": {
    "value": {"type": "number"}, "unit": {"type": "string"}}}, {"type": "null"}]}


@dataclass(frozen=True, slots=True)
class InputWarning:
    """Something the caller should know: an implausible value, an assumed default, a variant."""

    field: str | None
    message: str
    code: str = "note"  # implausible | assumed_default | convention | note
    # (number, unit) that would make it plausible, as data; written {"value", "unit"} (Result.to_dict)
    suggested: Annotated[tuple[float, str] | None, WithJsonSchema(_SUGGESTED_WIRE)] = None


def _fmt(x: float) -> str:
    return f"{x:.4g}" if abs(x) < 1e5 else f"{x:,.0f}"


@dataclass(frozen=True, slots=True)
class Quantity:
    """A measured value with a canonical unit.

    Accepts a number (taken in `unit`), a string such as "106 umol/L" or "5 ft 7 in", a mapping
    `{"value": 106, "unit": "umol/L"}`, or a `[value, unit]` pair. Values outside the hard
    bounds (`gt`, `ge`, `lt`, `le`: physically impossible) are errors; values outside
    `plausible` pass with a warning that names the likely unit mix-up.
    """

    unit: str
    analyte: str | None = None
    gt: float | None = None
    ge: float | None = None
    lt: float | None = None
    le: float | None = None
    plausible: tuple[float, float] | None = None
    units: tuple[str, ...] = ()  # units offered to callers; any unit of the dimension is accepted
    # (from, below): the values `compute` takes, a narrower range than the hard bounds; the JSON
    # schema states it, `compute` rejects the others with its reason (see quantity_schema)
    scope: tuple[float | None, float | None] | None = None
    # precomputed from the above (see __post_init__): the bounds every value passes as one test,
    # and the conversions already made from each unit spelling seen (unit -> bounds in the unit
    # given, or None; factor; offset), so a value on the common path costs a few comparisons
    _passes: tuple[float, bool, float, bool] = dataclasses.field(init=False, repr=False, compare=False)
    _usual: tuple[float, float] = dataclasses.field(init=False, repr=False, compare=False)  # closed: passes, plausible
    _unit_plans: dict[str, tuple[Any, float, float]] = dataclasses.field(init=False, repr=False, compare=False)
    _same_unit: set[str | None] = dataclasses.field(init=False, repr=False, compare=False)  # no conversion
    # a percentage also offered as a fraction: a bare 0 < x <= 1 could be either (see `unstated`)
    _either: bool = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        lows = [(-MAGNITUDE, True)]  # (bound, strict): every bound _violated_bound checks
        highs = [(MAGNITUDE, True)]
        if self.gt is not None:
            lows.append((self.gt, True))
        if self.gt == 0:
            lows.append((TINY, False))
        if self.ge is not None:
            lows.append((self.ge, False))
        if self.lt is not None:
            highs.append((self.lt, True))
        if self.le is not None:
            highs.append((self.le, False))
        lo = max(lows)  # the highest lower bound; at a tie the strict one (True > False)
        hi = min(highs, key=lambda b: (b[0], not b[1]))  # the lowest upper bound; at a tie the strict one
        object.__setattr__(self, "_passes", (lo[0], lo[1], hi[0], hi[1]))

        def passes(x: float) -> bool:
            return (lo[0] < x if lo[1] else lo[0] <= x) and (x < hi[0] if hi[1] else x <= hi[0])

        # the values that pass and are plausible, as one closed range when they form one (else empty)
        a, b = self.plausible or (lo[0] if not lo[1] else math.inf, hi[0] if not hi[1] else -math.inf)
        object.__setattr__(self, "_usual", (a, b) if passes(a) and passes(b) else (math.inf, -math.inf))
        object.__setattr__(self, "_unit_plans", {})
        either = is_percent_or_fraction(self)
        object.__setattr__(self, "_either", either)
        object.__setattr__(self, "_same_unit", {self.unit} if either else {None, "", self.unit})

    def __get_pydantic_core_schema__(self, source: Any, handler: Callable) -> Any:
        return core_schema.with_info_plain_validator_function(
            self.validate, serialization=core_schema.plain_serializer_function_ser_schema(float)
        )

    def __get_pydantic_json_schema__(self, schema: Any, handler: Callable) -> dict[str, Any]:
        from .quantity_schema import quantity_json_schema

        return quantity_json_schema(self)

    @property
    def example(self) -> float:
        if self.plausible:
            return u.convert(sum(self.plausible) / 2, self.unit, self.units[-1] if self.units else self.unit, self.analyte)
        return 1.0

    @property
    def dimension(self) -> str:
        return u.dimension_of(self.unit)

    def to_canonical(self, v: Any) -> float:
        """The value in the canonical unit; raises PydanticCustomError on unreadable input."""
        tv = type(v)
        if tv is float or tv is int:
            return float(v) if tv is float or _LOWEST_INT < v < _INT_LIMIT else _to_float(v, self.unit)
        if tv is dict and len(v) == 2 and "value" in v and "unit" in v:  # {value, unit}, the common form
            x = v["value"]
            return self._convert(x if type(x) is float else self._number(x), v["unit"])
        if isinstance(v, list | tuple):  # [value, unit], before the (slow) Mapping check
            if len(v) == 2:
                return self._convert(self._number(v[0]), v[1])
        elif isinstance(v, str):
            try:
                parts = u.parse_amount(v)
            except u.UnitError as exc:
                raise _error(str(exc), f"a number in {self.unit} or a string with a unit", exc.suggestion) from None
            return sum(self._convert(x, unit) for x, unit in parts)
        if tv is dict or isinstance(v, Mapping):  # `tv is dict` first: the ABC check is slow
            if "value" not in v or not v.keys() <= _VALUE_UNIT:
                raise _error(
                    "a mapping needs the keys 'value' and optionally 'unit'",
                    f'{{"value": <number>, "unit": "{self.unit}"}}',
                    None,
                )
            return self._convert(self._number(v["value"]), v.get("unit"))
        if _is_number(v):  # numpy.float64, numpy.int64, fractions: numbers all the same
            return self._convert(_to_float(v, self.unit), None)
        raise _error(f"cannot read {echo_repr(v)}", f"a number in {self.unit} or a string with a unit", None)

    def _number(self, x: Any) -> float:
        if type(x) is int and _LOWEST_INT < x < _INT_LIMIT:
            return float(x)
        if type(x) is float or type(x) is int or _is_number(x):
            return _to_float(x, self.unit)
        if isinstance(x, str):
            try:
                return float(x.replace(",", ""))
            except ValueError:
                pass
        raise _error(f"{echo_repr(x)} is not a number", "a number", None)

    def _convert(self, x: float, unit: Any) -> float:
        if unit is None or unit == "" or unit == self.unit:  # exact: no conversion rounding
            if self._either and unit != self.unit and 0 < x <= 1:
                raise self.unstated(x)
            return x
        plan = self._unit_plans.get(unit) if type(unit) is str else None
        if plan is not None:  # a spelling converted before: the same checks, from the cache
            bounds, factor, offset = plan
            if bounds is None or within(x, bounds):
                if factor == 1.0 and offset == 0.0:
                    return x
                return float(f"{x * factor + offset:.12g}")
        if not isinstance(unit, str):
            raise _error(f"unit {echo_repr(unit)} is not a string", f"a unit string such as {self.unit!r}", None)
        if unit in self.units and not within(x, bounds := unit_limits(self, unit)):
            # checked in the unit given, as the JSON schema states it, so the two agree exactly
            try:
                hint = _unit_hint(self, x, u.convert(x, unit, self.unit, self.analyte))  # "did you mean 41 %?"
            except u.UnitError:
                hint = None
            shown = "as a fraction" if unit == "1" else unit
            raise _error(f"{_fmt(x)} {unit} is impossible",
                         f"a value from {bounds[0]:.6g} to {bounds[2]:.6g} {shown}", *(hint or (None, None)))
        try:
            factor, offset = u.conversion(unit, self.unit, self.analyte)
            if type(unit) is str and len(self._unit_plans) < _UNIT_PLANS:
                offered = unit in self.units
                self._unit_plans[unit] = (unit_limits(self, unit) if offered else None, factor, offset)
                if factor == 1.0 and offset == 0.0 and not offered:  # "years" for yr: nothing to check or do
                    self._same_unit.add(unit)
            if factor == 1.0 and offset == 0.0:  # another spelling of the canonical unit ("years")
                return x
            # drop conversion noise (100.4 degF -> 38.00000000000001 degC) that could tip a threshold
            return float(f"{x * factor + offset:.12g}")
        except u.UnitError as exc:
            expected = f"a {self.dimension.replace('_', ' ')} unit such as {', '.join(self.units or (self.unit,))}"
            return _raise(_error(str(exc), expected, exc.suggestion))

    def validate(self, v: Any, info: core_schema.ValidationInfo) -> float:
        context = info.context  # Calculator.parse passes {"warnings": [...]}; no context, no warnings
        return self.read(v, info.field_name, None if context is None else context.setdefault("warnings", []))

    def read(self, v: Any, field_name: str | None, warnings: list[InputWarning] | None) -> float:
        """The value in the canonical unit, checked against the bounds; an implausible value adds
        a warning to `warnings` (None: not warned). Raises PydanticCustomError."""
        tv = type(v)
        if tv is float:
            x = v
            if x <= 1.0 and self._either and x > 0:
                raise self.unstated(x)
        elif tv is int and _LOWEST_INT < v < _INT_LIMIT:
            x = float(v)
            if x == 1.0 and self._either:
                raise self.unstated(x)
        elif tv is list and len(v) == 2 or tv is dict and len(v) == 2 and "value" in v and "unit" in v:
            # [value, unit] or {value, unit}: to_canonical's reading, inlined
            x, unit = (v[0], v[1]) if tv is list else (v["value"], v["unit"])
            tx = type(x)
            if tx is not float:
                x = float(x) if tx is int and _LOWEST_INT < x < _INT_LIMIT else self._number(x)
            try:
                same = unit in self._same_unit  # None, "", the unit, its other spellings ("years" for yr)
            except TypeError:  # unhashable: _convert says what is wrong with it
                same = False
            if not same:
                x = self._convert(x, unit)
        elif tv is bool:
            raise _error("a boolean is not a quantity", f"a number in {self.unit}", None)
        else:
            x = self.to_canonical(v)
        usual = self._usual
        if usual[0] <= x <= usual[1]:  # false for NaN
            return x
        lo, lo_strict, hi, hi_strict = self._passes
        if (lo < x if lo_strict else lo <= x) and (x < hi if hi_strict else x <= hi):  # false for NaN
            p = self.plausible
            if p is None or warnings is None or p[0] <= x <= p[1]:
                return x
        return self._checked(v, x, field_name, warnings)

    def _checked(self, v: Any, x: float, field_name: str | None, warnings: list[InputWarning] | None) -> float:
        """The checks of `read` one by one, for a value outside the bounds or the plausible range."""
        if x != x or x in (float("inf"), float("-inf")):
            raise _error("not a finite number", f"a finite number in {self.unit}", None)
        bound = self._violated_bound(x)
        if bound:
            raise _error(
                f"{_fmt(x)} {self.unit} is impossible", f"a value {bound} {self.unit}",
                *(_unit_hint(self, v, x) or (None, None)),
            )
        if self.plausible and not (self.plausible[0] <= x <= self.plausible[1]) and warnings is not None:
            lo, hi = self.plausible
            msg = f"{field_name} = {_fmt(x)} {self.unit} is outside the plausible range {_fmt(lo)}-{_fmt(hi)} {self.unit}"
            hint = _unit_hint(self, v, x)
            warnings.append(
                InputWarning(field_name, msg + (f"; {hint[0]}" if hint else ""), "implausible", hint[1] if hint else None)
            )
        return x

    def unstated(self, x: float) -> PydanticCustomError:
        """The error for a bare 0 < x <= 1 where a percentage is also offered as a fraction: 0.4 could
        be 0.4 % or 40 %, so the unit must be said (the hint names the one that is plausible)."""
        return _error(f"{_fmt(x)} without a unit could be {_fmt(x)} % or a fraction (= {_fmt(x * 100)} %)",
                      f'a unit with a value of 1 or less: "{_fmt(x)} %", or {{"value": {_fmt(x)}, "unit": "1"}} '
                      f"for a fraction (a bare number is read in % when it is over 1)",
                      *(_unit_hint(self, x, x) or (None, None)))

    def _violated_bound(self, x: float) -> str | None:
        if self.gt is not None and not x > self.gt:
            return f"> {_fmt(self.gt)}"
        if self.ge is not None and not x >= self.ge:
            return f">= {_fmt(self.ge)}"
        if self.lt is not None and not x < self.lt:
            return f"< {_fmt(self.lt)}"
        if self.le is not None and not x <= self.le:
            return f"<= {_fmt(self.le)}"
        if not -MAGNITUDE < x < MAGNITUDE:  # beyond any measurement; formulas would overflow
            return f"between {-MAGNITUDE:g} and {MAGNITUDE:g}"
        if self.gt == 0 and x < TINY:  # a denormal would make a formula divide to infinity
            return f">= {TINY:g}"
        return None


_INT_LIMIT = 2**1023  # every int below converts to a float exactly enough
_LOWEST_INT = -_INT_LIMIT
_UNIT_PLANS = 64  # unit spellings a quantity remembers (hostile input could send endless variants)


def _is_number(x: Any) -> bool:
    return isinstance(x, numbers.Real) and not isinstance(x, bool)


def _to_float(x: Any, unit: str) -> float:
    try:
        return float(x)
    except (OverflowError, ValueError, TypeError):
        raise _error("too large for a number", f"a finite number in {unit}", None) from None


_VALUE_UNIT = frozenset({"value", "unit"})


def _raise(exc: Exception) -> Any:
    raise exc


def _error(message: str, expected: str, suggestion: str | None,
           suggested: tuple[float, str] | None = None) -> PydanticCustomError:
    """`suggestion` in words for a person; `suggested`, the (number, unit) it names, for a program."""
    return PydanticCustomError(
        "medreckon", "{message}", {"message": message, "expected": expected, "suggestion": suggestion,
                                   "suggested": suggested}
    )


def _unit_hint(q: Quantity, raw: Any, x: float) -> tuple[str, tuple[float, str]] | None:
    """('did you mean 88 umol/L (= 1 mg/dL)?', (88.0, 'umol/L')) when another offered unit makes the
    number plausible: the words and, as data, the number and unit they name."""
    if not q.plausible:
        return None
    try:
        parts = u.parse_amount(raw) if isinstance(raw, str) else None
    except u.UnitError:
        parts = None
    number = parts[0][0] if parts and len(parts) == 1 else None
    if isinstance(raw, int | float):
        number = float(raw)
    elif isinstance(raw, Mapping):
        number = raw.get("value")
    elif isinstance(raw, list | tuple) and raw:
        number = raw[0]
    if not isinstance(number, int | float):
        return None
    for alt in q.units or ():
        try:
            y = u.convert(float(number), alt, q.unit, q.analyte)
        except u.UnitError:
            continue
        if abs(y - x) > 1e-9 * max(1.0, abs(x)) and q.plausible[0] <= y <= q.plausible[1]:
            same = alt == q.unit or alt in u.symbols(q.dimension) and u.conversion(alt, q.unit)[0] == 1.0
            text = f"did you mean {_fmt(float(number))} {alt}" + ("?" if same else f" (= {_fmt(y)} {q.unit})?")
            return text, (float(number), alt)
    return None


# ---------------------------------------------------------------- choices, dates, findings


_SEEN_SPELLINGS = 256  # spellings a choice remembers (bounded: hostile input can send endless ones)


def _choice_normaliser(values: tuple[str, ...], synonyms: Mapping[str, str]) -> Callable[[Any], Any]:
    table = {v.lower(): v for v in values} | {k.lower(): v for k, v in synonyms.items()}
    seen: dict[str, Any] = {}  # spelling -> what it reads as: the same few spellings come again and again

    def normalise(v: Any) -> Any:
        if type(v) is str and (known := seen.get(v)) is not None:
            return known
        if isinstance(v, str):
            key = " ".join(v.strip().lower().replace("_", " ").split())
            out = table.get(key, table.get(key.replace(" ", "_"), v))
            if type(v) is str and len(seen) < _SEEN_SPELLINGS:
                seen[v] = out
            return out
        return v

    return normalise


def choice(*values: str, synonyms: Mapping[str, str] | None = None, unscorable: tuple[str, ...] = ()) -> Any:
    """An enumerated input: case-insensitive, with synonyms (e.g. "M" -> "male").

    `unscorable`: values the input reads so that `compute` can say why they cannot be scored
    (GCS "not testable"); the JSON schema leaves them out, since a call with one always fails."""
    typed: Any = Annotated[Literal[values], BeforeValidator(_choice_normaliser(values, synonyms or {}))]
    if unscorable:
        typed = Annotated[typed, WithJsonSchema({"type": "string", "enum": [v for v in values if v not in unscorable]})]
    return typed


def _number_text(v: Any) -> Any:
    if isinstance(v, int | float) and not isinstance(v, bool):
        text = repr(float(v))  # exact: 3.7000001 is not '3.7'
        return text.removesuffix(".0")
    return v.strip() if isinstance(v, str) else v


def number_choice(*values: str) -> Any:
    """A choice among numbers named by their text ('5', '3.7'): a JSON number 5 or 3.7 reads as that
    text, so the schema lists both."""
    numbers_ = [int(v) if float(v).is_integer() else float(v) for v in values]
    return Annotated[Literal[values], BeforeValidator(_number_text), WithJsonSchema({"enum": [*values, *numbers_]})]


def parse_date(v: Any) -> Any:
    """Dates as ISO (2024-03-01) or as MedCalc-Bench writes them, US month first (03/01/2024)."""
    if isinstance(v, str):
        s = v.strip()
        for fmt in ("%Y-%m-%d", "%m/%d/%Y", "%Y/%m/%d", "%m-%d-%Y"):
            try:
                return dt.datetime.strptime(s, fmt).date()
            except ValueError:
                continue
        raise _error(f"cannot read {echo_repr(v)} as a date", "a date as YYYY-MM-DD or MM/DD/YYYY", None)
    if isinstance(v, dt.datetime):
        return v.date()
    if isinstance(v, dt.date):
        return v
    # pydantic would read a number as seconds since 1970; no clinical note writes a date that way
    raise _error(f"{echo_repr(v)} is not a date", "a date as YYYY-MM-DD or MM/DD/YYYY", None)


Date = Annotated[dt.date, BeforeValidator(parse_date)]


@dataclass(frozen=True)
class Scope:
    """A finding's clinical scope: which of its occurrences count (the note readers of
    medreckon.reading count those mentions only); kept out of every schema. `when`: at "any" time, only in the "past" (Wells' previous DVT: in a note
    about a suspected PE, "PE is the most likely diagnosis" is no previous one) or "recent", the
    weeks before presentation ("three years ago she spent six weeks in a plaster cast" is no
    recent cast). `whose`: the "patient"'s or a "relative"'s (a family-history criterion).
    `absence`: the criterion is the finding's absence (Centor's cough absent is true when no
    cough is present)."""

    when: Literal["any", "past", "recent"] = "any"
    whose: Literal["patient", "relative"] = "patient"
    absence: bool = False


def Finding(description: str, default: bool | None = False, *,  # noqa: N802 - reads as a type
            when: Literal["any", "past", "recent"] = "any", whose: Literal["patient", "relative"] = "patient",
            absence: bool = False) -> Any:
    """A yes/no clinical finding. When not given it takes `default` (absent), reported as a warning.
    `when`, `whose`, `absence`: which occurrences count (see Scope). The words notes use for it are
    the reading lexicon's (medreckon/reading/lexicon), not the calculator's."""
    info = Field(default, description=description)
    if (when, whose, absence) != ("any", "patient", False):
        info.metadata.append(Scope(when, whose, absence))
    return info


def Option(default: Any, description: str) -> Any:  # noqa: N802
    """A method or variant choice (e.g. MDRD 175 vs 186): its default is documented, never warned."""
    return Field(default, description=description, json_schema_extra={"x-option": True})


def q(unit: str, **kw: Any) -> Any:
    """Shorthand for a quantity type: `weight: q("kg", gt=0)`."""
    return Annotated[float, Quantity(unit, **kw)]


def above_zero(quantity: Any) -> Any:
    """A shared quantity whose 0 is impossible for one formula (it divides by it or takes its
    logarithm): the same units and plausible range, the bound `> 0` stated in the schema."""
    (declared,) = [m for m in get_args(quantity)[1:] if isinstance(m, Quantity)]
    return Annotated[float, dataclasses.replace(declared, ge=None, gt=0)]


def scoped(quantity: Any, start: float | None = None, below: float | None = None) -> Any:
    """A shared quantity narrowed to the values a calculator is defined for (`Quantity.scope`):
    `scoped(Age, start=16)` for a rule derived in adults; `compute` rejects the others."""
    (declared,) = [m for m in get_args(quantity)[1:] if isinstance(m, Quantity)]
    return Annotated[float, dataclasses.replace(declared, scope=(start, below))]


# ---------------------------------------------------------------- the shared vocabulary

Sex = choice("male", "female", synonyms={"m": "male", "man": "male", "f": "female", "woman": "female"})

Age = q("yr", ge=0, le=130, plausible=(0, 120), units=("yr", "mo", "wk", "d"))
Weight = q("kg", gt=0, lt=1000, plausible=(0.3, 350), units=("kg", "lb", "g"))
Height = q("cm", gt=0, lt=300, plausible=(20, 250), units=("cm", "m", "in", "ft"))
BMI = q("kg/m^2", gt=0, lt=300, plausible=(8, 120), units=("kg/m^2",))
HeartRate = q("/min", ge=0, lt=600, plausible=(20, 300), units=("/min",))
RespiratoryRate = q("/min", ge=0, lt=200, plausible=(2, 80), units=("/min",))
BloodPressure = q("mmHg", ge=0, lt=400, plausible=(20, 300), units=("mmHg", "kPa"))
# a systolic pressure that a formula divides by or takes the logarithm of
SystolicDivisor = q("mmHg", gt=0, lt=400, plausible=(20, 300), units=("mmHg", "kPa"))
Temperature = q("degC", gt=-273.15, plausible=(25, 45), units=("degC", "degF"))
QTInterval = q("ms", gt=0, lt=3000, plausible=(200, 700), units=("ms", "s"))

Creatinine = q("mg/dL", analyte="creatinine", gt=0, plausible=(0.1, 25), units=("mg/dL", "umol/L"))
BUN = q("mg/dL", analyte="bun", ge=0, plausible=(1, 300), units=("mg/dL", "mmol/L"))
Glucose = q("mg/dL", analyte="glucose", gt=0, plausible=(10, 2500), units=("mg/dL", "mmol/L"))
Sodium = q("mEq/L", analyte="sodium", gt=0, plausible=(90, 200), units=("mEq/L", "mmol/L"))
Potassium = q("mEq/L", analyte="potassium", gt=0, plausible=(1, 12), units=("mEq/L", "mmol/L"))
Chloride = q("mEq/L", analyte="chloride", gt=0, plausible=(50, 160), units=("mEq/L", "mmol/L"))
Bicarbonate = q("mEq/L", analyte="bicarbonate", ge=0, plausible=(2, 60), units=("mEq/L", "mmol/L"))
Calcium = q("mg/dL", analyte="calcium", gt=0, plausible=(3, 20), units=("mg/dL", "mmol/L", "mEq/L"))
Albumin = q("g/dL", analyte="albumin", gt=0, plausible=(0.5, 7), units=("g/dL", "g/L"))
Bilirubin = q("mg/dL", analyte="bilirubin", ge=0, plausible=(0.05, 60), units=("mg/dL", "umol/L"))
Cholesterol = q("mg/dL", analyte="cholesterol", gt=0, plausible=(5, 1000), units=("mg/dL", "mmol/L"))
Triglycerides = q("mg/dL", analyte="triglycerides", gt=0, plausible=(10, 5000), units=("mg/dL", "mmol/L"))
Hemoglobin = q("g/dL", analyte="hemoglobin", gt=0, plausible=(2, 25), units=("g/dL", "g/L", "mmol/L"))
Platelets = q("10^9/L", ge=0, plausible=(1, 2000), units=("10^9/L", "10^3/uL", "/uL"))
WhiteCells = q("10^9/L", ge=0, plausible=(0.05, 500), units=("10^9/L", "10^3/uL", "/uL"))
Enzyme = q("U/L", ge=0, plausible=(1, 20000), units=("U/L",))
INR = q("1", gt=0, plausible=(0.5, 20), units=("1",))
Percent = q("%", ge=0, le=100, units=("%", "1"))

__all__ = [
    "Inputs", "InputWarning", "Quantity", "choice", "number_choice", "Date", "Finding", "Option", "q", "scoped", "Sex",
    "Age",
    "Weight", "Height", "BMI", "HeartRate", "RespiratoryRate", "BloodPressure", "SystolicDivisor", "Temperature",
    "QTInterval", "Creatinine", "BUN", "Glucose", "Sodium", "Potassium", "Chloride", "Bicarbonate",
    "Calcium", "Albumin", "Bilirubin", "Cholesterol", "Triglycerides", "Hemoglobin", "Platelets",
    "WhiteCells", "Enzyme", "INR", "Percent",
]

# ---------------------------------------------------------------- intensive-care inputs (APACHE II, SOFA, PSI)

FiO2 = q("%", gt=0, le=100, plausible=(21, 100), units=("%", "1"))
PaO2 = q("mmHg", gt=0, plausible=(20, 700), units=("mmHg", "kPa"))
PaCO2 = q("mmHg", gt=0, plausible=(10, 150), units=("mmHg", "kPa"))
AaGradient = q("mmHg", plausible=(0, 700), units=("mmHg", "kPa"))
ArterialPH = q("1", gt=0, lt=14, plausible=(6.5, 8.0), units=("1",))
Hematocrit = q("%", ge=0, le=100, plausible=(10, 75), units=("%", "1"))
GCSTotal = Annotated[int, Field(ge=3, le=15)]  # the Glasgow Coma Scale total, for scores that take it directly

__all__ += ["FiO2", "PaO2", "PaCO2", "AaGradient", "ArterialPH", "Hematocrit", "GCSTotal"]

# ---------------------------------------------------------------- haemodynamics, echocardiography, oncology

CardiacOutput = q("L/min", gt=0, lt=60, plausible=(0.5, 20), units=("L/min", "mL/min"))
Saturation = q("%", ge=0, le=100, plausible=(20, 100), units=("%", "1"))  # an oxygen saturation (SaO2, SvO2)
EchoLength = q("cm", gt=0, lt=30, plausible=(0.3, 10), units=("cm", "mm"))  # a diameter or radius on echo
VelocityTimeIntegral = q("cm", gt=0, lt=300, plausible=(3, 150), units=("cm", "mm"))
DopplerVelocity = q("cm/s", gt=0, lt=2000, plausible=(2, 800), units=("cm/s", "m/s"))
CRP = q("mg/L", ge=0, lt=2000, plausible=(0, 700), units=("mg/L", "mg/dL"))
ESR = q("mm/h", ge=0, le=200, plausible=(0, 150), units=("mm/h",))  # a Westergren tube is 200 mm long
# right-heart and wedge pressures: low, and a CVP can be slightly negative in a spontaneously breathing patient
FillingPressure = q("mmHg", gt=-30, lt=150, plausible=(-5, 45), units=("mmHg", "cmH2O", "kPa"))
PulmonaryArteryPressure = q("mmHg", ge=0, lt=250, plausible=(5, 120), units=("mmHg", "kPa"))
ECOGGrade = Annotated[int, Field(ge=0, le=4)]  # ECOG performance status: 0 fully active to 4 bedbound

__all__ += ["CardiacOutput", "Saturation", "FillingPressure", "PulmonaryArteryPressure", "EchoLength", "VelocityTimeIntegral", "DopplerVelocity", "CRP",
            "ECOGGrade", "ESR"]
