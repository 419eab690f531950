"""An inputs model's precompiled reader: the common, valid call read without pydantic's machinery.

`reader(model)` looks once at the model's fields and, when every field is of a kind it knows
(a quantity, a yes/no finding, a choice, a date, a bounded number), returns a function that reads
a plain dict of inputs field by field with the same validators pydantic would call, and builds
the model instance directly. The reader never decides that an input is wrong: at the first thing
it does not take as it stands (an unknown key, a missing input, a boolean where a number goes, a
value out of bounds, an unreadable string) it returns None, and the caller validates the same
dict with pydantic, whose errors and messages are the only ones a user sees. So the reader can
only be faster than pydantic, never different from it (tests/test_engine_plan.py checks every
calculator against pydantic on generated and hostile inputs).

A model with anything the reader does not know (a field or model validator of its own, an
alias, a nested model, a mutable default) gets no reader and is always validated by pydantic.

The reader is generated as straight-line Python source, one block per field (as `dataclasses`
writes `__init__`): a loop over the fields cost more than all of a calculation's unit handling.
The source is kept on the function (`read.source`) for reading and debugging.
"""

from __future__ import annotations

import datetime as dt
import math
import typing
from collections.abc import Callable
from typing import Any

import annotated_types as at
from pydantic import BaseModel
from pydantic.functional_validators import BeforeValidator
from pydantic.json_schema import WithJsonSchema

from .fields import Quantity, Scope, parse_date

Reader = Callable[[dict[str, Any], list[Any]], BaseModel | None]

_REQUIRED = object()
_MISSING = object()
_IMMUTABLE = (type(None), bool, int, float, str, tuple, frozenset, dt.date)
_BASE_VALIDATORS = frozenset({"_no_boolean_numbers"})  # Inputs' own: its rule is kept (a boolean falls back)
_INT_RANGE = 2**63  # whole numbers pydantic takes as they are
_BOUND_TESTS = {at.Gt: (">", "gt"), at.Ge: (">=", "ge"), at.Lt: ("<", "lt"), at.Le: ("<=", "le")}


def reader(model: type[BaseModel]) -> Reader | None:
    """The model's reader, or None when some field or validator is not one the reader knows."""
    from .describe import unwrap  # describe reads spec, which builds readers: imported on first use
    decorators = model.__pydantic_decorators__
    if (set(decorators.model_validators) - _BASE_VALIDATORS or decorators.field_validators
            or decorators.validators or decorators.root_validators or decorators.computed_fields
            or model.__pydantic_post_init__ or model.__pydantic_root_model__
            or model.model_config.get("extra") != "forbid"):
        return None
    fields = []
    for name, f in model.model_fields.items():
        if f.alias or f.validation_alias or f.default_factory is not None or not name.isidentifier():
            return None
        if f.is_required():
            default = _REQUIRED
        elif type(f.default) in _IMMUTABLE:
            default = f.default
        else:
            return None
        base, metadata, nullable = unwrap(f.annotation)
        kind = _field_kind(base, [*metadata, *f.metadata], nullable)
        if kind is None:
            return None
        fields.append((name, *kind, default))
    return _compile(model, fields)


def _field_kind(annotation: Any, metadata: list[Any], nullable: bool) -> tuple[str, Any, bool] | None:
    """(kind, argument, nullable) for one field, or None when the reader does not know it."""
    metadata = [m for m in metadata if not isinstance(m, WithJsonSchema | Scope)]  # schema and prose only
    quantities = [m for m in metadata if isinstance(m, Quantity)]
    if quantities:
        return ("quantity", quantities[0], nullable) if len(metadata) == 1 and annotation is float else None
    before = [m.func for m in metadata if isinstance(m, BeforeValidator)]
    bounds = [(_BOUND_TESTS[type(m)][0], getattr(m, _BOUND_TESTS[type(m)][1])) for m in metadata if type(m) in _BOUND_TESTS]
    if len(before) > 1 or len(before) + len(bounds) != len(metadata):
        return None  # an after/plain/wrap validator, a constraint the reader does not check …
    if typing.get_origin(annotation) is typing.Literal:
        values = typing.get_args(annotation)
        if bounds or not all(type(v) is str for v in values):
            return None
        return "choice", (before[0] if before else None, frozenset(values)), nullable
    if before:
        return ("date", None, nullable) if annotation is dt.date and before[0] is parse_date and not bounds else None
    if annotation is bool and not bounds:
        return "boolean", None, nullable
    if annotation is int:
        return "integer", bounds, nullable
    if annotation is float:
        return "float", bounds, nullable
    return None


def _compile(model: type[BaseModel], fields: list[tuple[Any, ...]]) -> Reader:
    """The reader's source, one block per field in declaration order (pydantic's order, so
    warnings come in the same order), and the function made from it."""
    # the instance's four slots, set through their descriptors (object.__setattr__ costs twice as much)
    slots = {name: BaseModel.__dict__[name].__set__ for name in
             ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__")}
    env: dict[str, Any] = {"MISSING": _MISSING, "new": object.__new__, "model": model,
                           "set_dict": slots["__dict__"], "set_fields_set": slots["__pydantic_fields_set__"],
                           "set_extra": slots["__pydantic_extra__"], "set_private": slots["__pydantic_private__"],
                           "parse_date": parse_date, "date": dt.date, "isfinite": math.isfinite,
                           "INT_LOW": -_INT_RANGE, "INT_HIGH": _INT_RANGE}
    fail = "del warnings[start:]; return None"  # a warning a field added before the failure goes too
    lines = ["def read(data, warnings):",
             f"    if len(data) > {len(fields)}: return None",
             "    get = data.get", "    start = len(warnings)", "    missing = 0", "    try:"]
    for i, (name, kind, arg, nullable, default) in enumerate(fields):
        out = f"f{i}"
        env[f"d{i}"] = None if default is _REQUIRED else default
        lines += [f"        v = get({name!r}, MISSING)", "        if v is MISSING:"]
        lines += [f"            {fail}"] if default is _REQUIRED else [f"            {out} = d{i}; missing += 1"]
        if nullable:
            lines += [f"        elif v is None: {out} = None"]
        lines += ["        else:"]
        body: list[str] = []
        if kind == "quantity":
            env[f"q{i}"] = arg.read
            body = [f"{out} = q{i}(v, {name!r}, warnings)"]
        elif kind == "boolean":
            body = [f"if type(v) is not bool: {fail}", f"{out} = v"]  # "yes", 1 …: pydantic's reading
        elif kind == "choice":
            normalise, allowed = arg
            env[f"a{i}"] = allowed
            if normalise is not None:
                env[f"n{i}"] = normalise
                body = [f"v = n{i}(v)"]
            body += [f"if type(v) is not str or v not in a{i}: {fail}", f"{out} = v"]
        elif kind == "date":
            body = ["v = parse_date(v)", f"if type(v) is not date: {fail}", f"{out} = v"]
        else:  # integer, float: the exact type, within the bounds
            tests = ["type(v) is int and INT_LOW < v < INT_HIGH" if kind == "integer" else "type(v) is float and isfinite(v)"]
            for j, (op, bound) in enumerate(arg):
                env[f"b{i}_{j}"] = bound
                tests.append(f"v {op} b{i}_{j}")
            body = [f"if not ({' and '.join(tests)}): {fail}", f"{out} = v"]
        lines += [f"            {line}" for line in body]
    lines += ["    except Exception:",  # pydantic reads it again and reports the error its way
              f"        {fail}",
              f"    if {len(fields)} - missing != len(data): {fail}",  # an unknown key
              "    x = new(model)",
              "    set_dict(x, {" + ", ".join(f"{f[0]!r}: f{i}" for i, f in enumerate(fields)) + "})",
              "    set_fields_set(x, set(data))",
              "    set_extra(x, None)",
              "    set_private(x, None)",
              "    return x"]
    source = "\n".join(lines) + "\n"
    exec(compile(source, f"<reader of {model.__name__}>", "exec"), env)  # noqa: S102 - our own source, built above
    read = env["read"]
    read.source = source
    return read

