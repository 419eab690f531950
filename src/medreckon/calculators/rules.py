"""Rules between a calculator's inputs, declared once as data on its inputs model.

Some inputs are needed only together or only in some cases: SOFA needs a creatinine or a urine
output, SAPS II the PaO2 and FiO2 when the patient is ventilated, Ranson all its 48-hour values or
none. An inputs model lists them in `rules`; the engine checks them on the validated inputs
(before `compute`), and the request schema states them (`allOf` of JSON Schema conditions), so a
body the schema allows is one the engine takes, and the reverse.

A `Relation` between values (diastolic ≤ systolic, one date after another) is beyond JSON Schema:
it is stated in words (the schema's `description` and its `x-medreckon-rules` list, with the 422
it gives) and checked by `compute`, next to the formula whose domain it is.

In the schema an input counts as given when its key is present with a value other than `null`
(an optional input sent as `null` is "not given", as everywhere else).

A request is answered with every problem at once: a rule names each input it misses, and a
request with bad values is checked against the rules too (`issues_beside`: the rules that do not
hang on a bad value), so a request missing creatinine and a height it needs names both.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import CalculatorInputError, InputIssue

if TYPE_CHECKING:
    from pydantic import BaseModel

_GIVEN_SCHEMA = {"not": {"type": "null"}}
_TRUE_FORMS: list[Any] | None = None


def _true_forms() -> list[Any]:
    """Every JSON value a yes/no input reads as true (as `fields` lists what it accepts)."""
    global _TRUE_FORMS
    if _TRUE_FORMS is None:
        from .fields import _BOOLEAN_WORDS

        _TRUE_FORMS = [True, 1, *(w for w in _BOOLEAN_WORDS if w.lower() in ("true", "yes", "y", "t", "on", "1"))]
    return _TRUE_FORMS


def _given(x: BaseModel, name: str) -> bool:
    return getattr(x, name) is not None


def _given_schema(names: Sequence[str]) -> dict[str, Any]:
    return {"required": list(names), "properties": {n: _GIVEN_SCHEMA for n in names}}


# ---------------------------------------------------------------- conditions


@dataclass(frozen=True, slots=True)
class Is:
    """`field` holds one of `values` (`True` for a yes/no input: any form read as yes)."""

    field: str
    values: tuple[Any, ...]

    def __init__(self, field: str, *values: Any):
        object.__setattr__(self, "field", field)
        object.__setattr__(self, "values", values)

    def holds(self, value: Any) -> bool:
        return value is not None and value in self.values

    def value_schema(self) -> dict[str, Any]:
        forms: list[Any] = []
        for v in self.values:
            forms.extend(_true_forms() if v is True else [v])
        return {"enum": forms}

    def words(self) -> str:
        shown = " or ".join("true" if v is True else repr(v) for v in self.values)
        return f"{self.field} is {shown}"


@dataclass(frozen=True, slots=True)
class Above:
    """`field` is a number greater than `bound`."""

    field: str
    bound: float

    def holds(self, value: Any) -> bool:
        return value is not None and value > self.bound

    def value_schema(self) -> dict[str, Any]:
        return {"type": "number", "exclusiveMinimum": self.bound}

    def words(self) -> str:
        return f"{self.field} > {self.bound:g}"


@dataclass(frozen=True, slots=True)
class Between:
    """A quantity `field` is at least `ge` and below `lt` (either may be None) in its canonical
    unit. The schema states it in every form and offered unit the field takes ("49 %", 0.49 as a
    fraction, {"value": 0.49, "unit": "1"}), each threshold converted exactly as the validator
    converts (`quantity_schema.threshold`): a per-unit threshold JSON Schema can state, where a
    `Relation` would have left it to `compute`."""

    field: str
    ge: float | None = None
    lt: float | None = None

    def holds(self, value: Any) -> bool:
        return value is not None and (self.ge is None or value >= self.ge) and (self.lt is None or value < self.lt)

    def value_schema(self, model: type[BaseModel] | None = None) -> dict[str, Any]:
        from .quantity_schema import at_least_schema

        q = _quantity(model, self.field)
        parts: list[dict[str, Any]] = []
        if self.ge is not None:
            parts.append(at_least_schema(q, self.ge))
        if self.lt is not None:
            parts.append({"not": at_least_schema(q, self.lt)})
        return parts[0] if len(parts) == 1 else {"allOf": parts}

    def words(self) -> str:
        low = f"{self.field} ≥ {self.ge:g}" if self.ge is not None else ""
        high = f"{self.field} < {self.lt:g}" if self.lt is not None else ""
        return " and ".join(x for x in (low, high) if x) + " (in its canonical unit)"


def _quantity(model: type[BaseModel] | None, name: str) -> Any:
    from .describe import unwrap
    from .fields import Quantity

    assert model is not None, "a quantity condition needs its inputs model"
    f = model.model_fields[name]
    _, meta, _ = unwrap(f.annotation)
    q = next((m for m in [*meta, *f.metadata] if isinstance(m, Quantity)), None)
    assert q is not None, f"{name} is not a quantity"
    return q


Condition = Is | Above | Between


def _value_schema(c: Condition, model: type[BaseModel]) -> dict[str, Any]:
    return c.value_schema(model) if isinstance(c, Between) else c.value_schema()


def _conditions_schema(model: type[BaseModel], when: Sequence[Condition]) -> dict[str, Any]:
    """The JSON Schema an `if` needs to hold exactly when every condition holds on the validated
    inputs: an input left out (or `null`) takes its default, so it satisfies the condition only
    if its default does."""
    properties: dict[str, Any] = {}
    required: list[str] = []
    for c in when:
        f = model.model_fields[c.field]
        default = None if f.is_required() else f.default
        schema = _value_schema(c, model)
        if not f.is_required() and c.holds(default):
            properties[c.field] = {"anyOf": [schema, {"type": "null"}]}
        else:
            properties[c.field] = schema
            required.append(c.field)
    return {"properties": properties, **({"required": required} if required else {})}


# ---------------------------------------------------------------- rules


@dataclass(frozen=True, slots=True)
class AtLeastOne:
    """At least one of `groups` is given whole (a group is one input name or a tuple of them),
    always or only when every condition of `when` holds."""

    groups: tuple[str | tuple[str, ...], ...]
    field: str  # the input an error names
    expected: str
    suggestion: str | None = None
    when: tuple[Condition, ...] = ()

    def _names(self) -> list[tuple[str, ...]]:
        return [(g,) if isinstance(g, str) else g for g in self.groups]

    @property
    def reads(self) -> tuple[str, ...]:  # inputs whose values (not only whether given) it reads
        return tuple(c.field for c in self.when)

    def issues(self, x: BaseModel) -> list[InputIssue]:
        if not all(c.holds(getattr(x, c.field)) for c in self.when):
            return []
        if any(all(_given(x, n) for n in g) for g in self._names()):
            return []
        return [InputIssue(self.field, None, self.expected, self.suggestion)]

    def json_schema(self, model: type[BaseModel]) -> dict[str, Any] | None:
        given = {"anyOf": [_given_schema(g) for g in self._names()]}
        return {"if": _conditions_schema(model, self.when), "then": given} if self.when else given

    def words(self) -> str:
        text = "at least one of " + ", ".join(" with ".join(g) for g in self._names()) + " is given"
        return text + (f" when {' and '.join(c.words() for c in self.when)}" if self.when else "")


@dataclass(frozen=True, slots=True)
class AllOrNone:
    """Either every one of `fields` is given, or none is."""

    fields: tuple[str, ...]
    expected: str
    suggestion: str | None = None  # may name `{missing}`, the inputs left out

    reads: ClassVar[tuple[str, ...]] = ()

    def issues(self, x: BaseModel) -> list[InputIssue]:
        missing = [n for n in self.fields if not _given(x, n)]
        if not missing or len(missing) == len(self.fields):
            return []
        hint = self.suggestion.format(missing=", ".join(missing)) if self.suggestion else None
        return [InputIssue(n, None, self.expected, hint, "missing") for n in missing]

    def json_schema(self, model: type[BaseModel]) -> dict[str, Any] | None:
        everything = _given_schema(self.fields)
        nothing = {"properties": {n: {"type": "null"} for n in self.fields}}  # each absent or null
        return {"anyOf": [everything, nothing]}

    def words(self) -> str:
        return f"{', '.join(self.fields)}: all given or none"


@dataclass(frozen=True, slots=True)
class RequiredWhen:
    """`fields` are needed when every condition of `when` holds."""

    fields: tuple[str, ...]
    when: tuple[Condition, ...]
    expected: str
    suggestion: str | None = None

    @property
    def reads(self) -> tuple[str, ...]:
        return tuple(c.field for c in self.when)

    def issues(self, x: BaseModel) -> list[InputIssue]:
        if not all(c.holds(getattr(x, c.field)) for c in self.when):
            return []
        return [InputIssue(n, None, self.expected, self.suggestion, "missing")
                for n in self.fields if not _given(x, n)]

    def json_schema(self, model: type[BaseModel]) -> dict[str, Any] | None:
        return {"if": _conditions_schema(model, self.when), "then": _given_schema(self.fields)}

    def words(self) -> str:
        return f"{' and '.join(self.fields)} needed when {' and '.join(c.words() for c in self.when)}"


@dataclass(frozen=True, slots=True)
class NotWhen:
    """`field` may not be true (a yes/no input) when every condition of `when` holds."""

    field: str
    when: tuple[Condition, ...]
    expected: str
    suggestion: str | None = None

    @property
    def reads(self) -> tuple[str, ...]:
        return (self.field, *(c.field for c in self.when))

    def issues(self, x: BaseModel) -> list[InputIssue]:
        if getattr(x, self.field) and all(c.holds(getattr(x, c.field)) for c in self.when):
            return [InputIssue(self.field, True, self.expected, self.suggestion)]
        return []

    def json_schema(self, model: type[BaseModel]) -> dict[str, Any] | None:
        return {"if": _conditions_schema(model, self.when),
                "then": {"properties": {self.field: {"not": {"enum": _true_forms()}}}}}

    def words(self) -> str:
        return f"{self.field} may not be true when {' and '.join(c.words() for c in self.when)}"


@dataclass(frozen=True, slots=True)
class RangeWhen:
    """A quantity `within.field` lies inside `within` (a `Between`) when every condition of `when`
    holds: the classic APLS formula takes ages of 1-10 completed years."""

    within: Between
    when: tuple[Condition, ...]
    expected: str
    suggestion: str | None = None

    @property
    def reads(self) -> tuple[str, ...]:
        return (self.within.field, *(c.field for c in self.when))

    def issues(self, x: BaseModel) -> list[InputIssue]:
        value = getattr(x, self.within.field)
        if value is None or self.within.holds(value) or not all(c.holds(getattr(x, c.field)) for c in self.when):
            return []
        return [InputIssue(self.within.field, value, self.expected, self.suggestion, "range")]

    def json_schema(self, model: type[BaseModel]) -> dict[str, Any] | None:
        return {"if": _conditions_schema(model, self.when),
                "then": {"properties": {self.within.field: {"anyOf": [self.within.value_schema(model),
                                                                       {"type": "null"}]}}}}

    def words(self) -> str:
        return self.within.words() + (f" when {' and '.join(c.words() for c in self.when)}" if self.when else "")


@dataclass(frozen=True, slots=True)
class Relation:
    """A rule between values that JSON Schema cannot state: `compute` checks it (it belongs to the
    formula's domain) and answers a 422 naming `fields`; the schema states it in words."""

    fields: tuple[str, ...]
    statement: str

    reads: ClassVar[tuple[str, ...]] = ()

    def issues(self, x: BaseModel) -> list[InputIssue]:
        return []  # checked by compute, beside the formula

    def json_schema(self, model: type[BaseModel]) -> dict[str, Any] | None:
        return None

    def words(self) -> str:
        return self.statement


Rule = AtLeastOne | AllOrNone | RequiredWhen | NotWhen | RangeWhen | Relation


def check_rules(calculator: str, x: BaseModel) -> None:
    """Raise one CalculatorInputError with every rule of `x`'s model that its values break."""
    issues = [i for r in type(x).rules for i in r.issues(x)]  # type: ignore[attr-defined]
    if issues:
        raise CalculatorInputError(calculator, issues)


def issues_beside(model: type[BaseModel], data: Mapping[str, Any], failed: set[str]) -> list[InputIssue]:
    """The rules' issues with a request whose inputs `failed` did not validate: each rule that
    reads no failed input's value is checked, an input counting as given when the request holds
    it (not null), and the values a rule reads validated one by one. Issues of the failed inputs
    themselves are left out (their own issue names them)."""
    rules: Sequence[Rule] = getattr(model, "rules", ())
    values: dict[str, Any] = {n: data.get(n) for n in model.model_fields}
    out: list[InputIssue] = []
    for r in rules:
        if failed & set(r.reads):
            continue
        try:
            for name in r.reads:
                values[name] = _read_one(model, name, data)
        except ValueError:  # a value the rule reads does not validate alone: undecided
            continue
        out.extend(i for i in r.issues(SimpleNamespace(**values)) if i.field not in failed)  # type: ignore[arg-type]
    return out


def _read_one(model: type[BaseModel], name: str, data: Mapping[str, Any]) -> Any:
    """One input validated as the model would (its default when not given)."""
    f = model.model_fields[name]
    if data.get(name) is None:
        return None if f.is_required() else f.default
    return _adapter(model, name).validate_python(data[name], context={"warnings": []})


@functools.cache
def _adapter(model: type[BaseModel], name: str) -> Any:
    from pydantic import TypeAdapter

    return TypeAdapter(model.model_fields[name].rebuild_annotation())


def state_rules(schema: dict[str, Any], model: type[BaseModel]) -> None:
    """Write `model.rules` into its JSON Schema: the conditions JSON Schema can state as `allOf`,
    every rule in words in `x-medreckon-rules` (with the answer that breaking it gets) and in the
    description."""
    rules: Sequence[Rule] = model.rules  # type: ignore[attr-defined]
    conditions = [s for r in rules if (s := r.json_schema(model)) is not None]
    if conditions:
        schema["allOf"] = [*schema.get("allOf", ()), *conditions]
    schema["x-medreckon-rules"] = [
        {"rule": r.words(), "fields": list(_fields(r)), "in_schema": r.json_schema(model) is not None,
         "status": 422, "error": "invalid_input"} for r in rules]
    words = "; ".join(r.words() for r in rules)
    lead = schema.get("description", "").rstrip()
    schema["description"] = (lead + "\n\n" if lead else "") + f"Rules between inputs (a 422 otherwise): {words}."


def _fields(r: Rule) -> tuple[str, ...]:
    if isinstance(r, AtLeastOne):
        return (*(n for g in r._names() for n in g), *(c.field for c in r.when))
    if isinstance(r, RangeWhen):
        return (r.within.field, *(c.field for c in r.when))
    if isinstance(r, NotWhen):
        return (r.field, *(c.field for c in r.when))
    if isinstance(r, RequiredWhen):
        return (*r.fields, *(c.field for c in r.when))
    return r.fields
