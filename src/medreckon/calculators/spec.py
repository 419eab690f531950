"""The calculator declaration, its result, and how a call turns inputs into a `Result`.

A calculator module declares an `Inputs` model and a pure `compute(x, w)` decorated with
`@calculator(...)`. `compute` reads like the published formula and records its working with
`w.step(...)`, so the steps shown to a user are built from the very numbers of the result.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import ValidationError

from ..errors import MAX_ISSUES, CalculatorInputError, InputIssue, wrong_argument
from ..jsonable import jsonable
from .defined import check_defined, undefined
from .domain import Domain
from .fields import Inputs, InputWarning
from .plan import Reader, reader
from .rounding import round_half_away
from .rules import check_rules, issues_beside

OutputType = Literal["decimal", "integer", "date", "gestational_age", "category"]
SecondaryType = Literal["decimal", "integer", "text", "boolean"]


@dataclass(frozen=True, slots=True)
class Secondary:
    """A further output shown beside the main value, as MDCalc's multi-output tools show them
    (adjusted body weight beside ideal body weight; the compensation beside an ABG's primary
    disorder). `compute` records it with `w.output(name, value)`; None means "not applicable
    here" (e.g. no compensation to judge) and is said so in `Result.outputs`."""

    name: str  # the key in Result.outputs (snake_case)
    description: str
    unit: str | None = None
    type: SecondaryType = "decimal"
    decimals: int = 1  # rounding of a decimal's `rounded` (half away from zero)


@dataclass(frozen=True, slots=True)
class Output:
    unit: str | None
    type: OutputType = "decimal"
    decimals: int = 1  # rounding of `Result.rounded` for decimals (half away from zero)
    range: tuple[float, float] | None = None  # usual output range (error magnitudes); a score's points
    secondary: tuple[Secondary, ...] = ()  # further outputs, in the order they are shown
    # type "category": the value is one of these labels (a classification such as a stage or grade,
    # which has no number to round; the label is what MDCalc shows)
    categories: tuple[str, ...] = ()
    # the values the formula may answer, where it can leave them; the engine enforces it (domain.py)
    domain: Domain | None = None

    def __post_init__(self) -> None:
        if (self.type == "category") != bool(self.categories):
            raise ValueError("an output of type 'category' declares its categories, and only it does")


@dataclass(frozen=True, slots=True)
class Reference:
    citation: str
    url: str | None = None


@dataclass(frozen=True, slots=True)
class MedCalcBench:
    """How a MedCalc-Bench row's Relevant Entities map onto this calculator's inputs.

    `entities`: dataset entity name -> input field (None: read by `adapt`). `options`: the convention the dataset's
    question asks for (e.g. Cockcroft-Gault's weight rule). `adapt(entities, mapped)` reshapes
    entities that are not one value per field (e.g. a steroid given as [name, dose, unit]).
    """

    id: int
    entities: Mapping[str, str | None] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)
    adapt: Callable[[Mapping[str, Any], dict[str, Any]], dict[str, Any]] | None = None


class Step:
    """One line of working: what, the expression with its numbers, the value and its unit.

    `expression` may be given as a zero-argument callable that returns the text: it is formatted
    on first access (most results are used for their value, and formatting numbers into text was
    a third of a calculation's time), then kept.
    """

    __slots__ = ("what", "_expression", "value", "unit")

    def __init__(self, what: str, expression: str | Callable[[], str], value: Any, unit: str | None = None):
        self.what, self._expression, self.value, self.unit = what, expression, value, unit

    @property
    def expression(self) -> str:
        e = self._expression
        if not isinstance(e, str):
            e = self._expression = e()
        return e

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Step):
            return NotImplemented
        return (self.what, self.expression, self.value, self.unit) == (
            other.what, other.expression, other.value, other.unit)

    __hash__ = None  # type: ignore[assignment]  # mutable cache: compared by content, not hashed

    def __jsonable__(self) -> dict[str, Any]:
        return {"what": self.what, "expression": self.expression, "value": self.value, "unit": self.unit}

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        # Result is documented by pydantic (the REST API's response schema): a Step is the object
        # __jsonable__ writes, read back into a Step
        from pydantic_core import core_schema as cs

        as_dict = cs.no_info_after_validator_function(lambda d: cls(**d), cs.typed_dict_schema({
            "what": cs.typed_dict_field(cs.str_schema()),
            "expression": cs.typed_dict_field(cs.str_schema()),
            "value": cs.typed_dict_field(cs.any_schema()),
            "unit": cs.typed_dict_field(cs.nullable_schema(cs.str_schema())),
        }))
        return cs.json_or_python_schema(
            json_schema=as_dict, python_schema=cs.union_schema([cs.is_instance_schema(cls), as_dict]),
            serialization=cs.plain_serializer_function_ser_schema(lambda s: s.__jsonable__()))

    def __repr__(self) -> str:
        return f"Step(what={self.what!r}, expression={self.expression!r}, value={self.value!r}, unit={self.unit!r})"


@dataclass(slots=True)
class Result:
    calculator: str
    version: str
    value: Any
    unit: str | None
    rounded: Any
    interpretation: str | None
    steps: list[Step]
    warnings: list[InputWarning]
    inputs: dict[str, Any]
    references: tuple[Reference, ...]
    # the declared secondary outputs by name: {"value", "rounded", "unit"} (value None: not applicable)
    outputs: dict[str, dict[str, Any]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "calculator": self.calculator,
            "version": self.version,
            "value": jsonable(self.value),
            "unit": self.unit,
            "rounded": jsonable(self.rounded),
            "interpretation": self.interpretation,
            "steps": [
                {"what": s.what, "expression": s.expression, "value": jsonable(s.value), "unit": s.unit}
                for s in self.steps
            ],
            "warnings": [{"field": w.field, "message": w.message, "code": w.code,
                          **({"suggested": {"value": w.suggested[0], "unit": w.suggested[1]}} if w.suggested else {})}
                         for w in self.warnings],
            "inputs": {k: jsonable(v) for k, v in self.inputs.items()},
            "references": [{"citation": r.citation, "url": r.url} for r in self.references],
            "outputs": {k: {"value": jsonable(o["value"]), "rounded": jsonable(o["rounded"]), "unit": o["unit"]}
                        for k, o in self.outputs.items()},
        }


class Lines(list):  # type: ignore[type-arg]
    """Steps as `compute` recorded them, (what, expression, value, unit) tuples not yet made
    `Step`s: a tuple costs a quarter of a Step, and most results are used for their value only."""

    __slots__ = ()

    def steps(self) -> list[Step]:
        return [Step(*line) for line in self]


class _StepsOnRead:
    """`Result.steps` as stored in its slot, except that recorded `Lines` become Steps on the
    first read (and are kept as Steps from then on)."""

    __slots__ = ("slot",)

    def __init__(self, slot: Any):
        self.slot = slot  # the dataclass's own slot descriptor

    def __get__(self, result: Result | None, owner: type | None = None) -> Any:
        if result is None:
            return self.slot
        steps = self.slot.__get__(result, owner)
        if type(steps) is Lines:
            steps = steps.steps()
            self.slot.__set__(result, steps)
        return steps

    def __set__(self, result: Result, steps: list[Step]) -> None:
        self.slot.__set__(result, steps)


Result.steps = _StepsOnRead(Result.__dict__["steps"])  # type: ignore[assignment, misc]


class Working:
    """What `compute` records as it goes: steps (as `Lines`), warnings, the interpretation and
    any secondary outputs."""

    __slots__ = ("lines", "warnings", "interpretation", "outputs")

    def __init__(self, warnings: list[InputWarning] | None = None):
        self.lines = Lines()
        self.warnings: list[InputWarning] = warnings if warnings is not None else []
        self.interpretation: str | None = None
        self.outputs: dict[str, Any] = {}

    def output(self, name: str, value: Any) -> Any:
        """Record a secondary output declared in `Output.secondary` and return it."""
        self.outputs[name] = value
        return value

    @property
    def steps(self) -> list[Step]:
        """The steps recorded so far, as Steps (made anew on each read)."""
        return self.lines.steps()

    def step(self, what: str, expression: str | Callable[[], str], value: Any, unit: str | None = None) -> Any:
        """Record a step and return its value, so a formula reads `x = w.step(..., expr)`.

        `expression` shows how the value is obtained from numbers (built with `fmt` from the
        same variables as `value`); it does not repeat the value itself, which surfaces print as
        "expression = value unit". Hot paths pass it as a lambda, formatted only when read.
        """
        self.lines.append((what, expression, value, unit))
        return value

    def warn(self, message: str, field: str | None = None, code: str = "note") -> None:
        self.warnings.append(InputWarning(field, message, code))


_FIXED = {d: f"{{:.{d}f}}".format for d in range(10)}  # the format functions, built once


def fmt(x: float, decimals: int = 3) -> str:
    """A number as steps show it: at most `decimals` places, no trailing zeros."""
    if type(x) is int or isinstance(x, int):
        return str(x)
    if x and abs(x) < 10 ** -decimals * 10:  # small values keep 3 significant figures
        return f"{x:.3g}"
    fixed = _FIXED.get(decimals)
    text = fixed(x) if fixed else f"{x:.{decimals}f}"
    if "." in text:  # strip zeros after the point only: fmt(1520, 0) is "1520"
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def invalid(field: str, value: Any, expected: str, suggestion: str | None = None) -> CalculatorInputError:
    """For `compute` to reject a combination of inputs the formula cannot take."""
    return CalculatorInputError(None, [InputIssue(field, value, expected, suggestion)])


Kind = Literal["equation", "score"]


@dataclass(frozen=True, eq=False)
class Calculator:
    id: str
    name: str
    inputs: type[Inputs]
    compute: Callable[[Any, Working], Any]
    output: Output
    kind: Kind
    specialty: str
    references: tuple[Reference, ...]
    version: str = "1.0.0"
    aliases: tuple[str, ...] = ()
    description: str = ""
    formula: str = ""  # the formula or criteria, as text for docs, CLI and retrieval cards
    medcalc_bench: MedCalcBench | None = None
    example: Mapping[str, Any] | None = None  # inputs of the docs' worked example; None: generated
    _defaults: tuple[tuple[str, str], ...] = field(default=(), repr=False)
    _reader: Reader | None = field(default=None, repr=False)  # see plan.py

    def __post_init__(self) -> None:
        # fields whose default stands in for a missing clinical fact: warned when used
        defaults = []
        for name, f in self.inputs.model_fields.items():
            extra = f.json_schema_extra if isinstance(f.json_schema_extra, dict) else {}
            if not f.is_required() and not extra.get("x-option") and f.default is not None:
                meaning = "absent" if f.default is False else "present" if f.default is True else repr(f.default)
                defaults.append((name, meaning))
        object.__setattr__(self, "_defaults", tuple(defaults))
        object.__setattr__(self, "_reader", reader(self.inputs))

    def __call__(self, inputs: Mapping[str, Any] | Inputs | None = None, /, **kwargs: Any) -> Result:
        if kwargs:
            if inputs is not None and not isinstance(inputs, Mapping):
                raise wrong_argument("inputs", inputs, "a mapping of input names to values (with keyword inputs)")
            inputs = {**(inputs or {}), **kwargs}
        return self.calculate(inputs if inputs is not None else {})

    def parse(self, data: Mapping[str, Any] | Inputs, warnings: list[InputWarning]) -> Inputs:
        """Validate raw inputs into the inputs model, or raise CalculatorInputError."""
        if type(data) is dict and self._reader is not None:
            x = self._reader(data, warnings)  # the common valid call; None: pydantic reads it
            if x is not None:
                return x
        elif type(data) is not dict and isinstance(data, self.inputs):
            return data
        if type(data) is not dict and not isinstance(data, Mapping):
            raise CalculatorInputError(
                self.id, [InputIssue("inputs", data, "a mapping of input names to values", kind="type")]
            )
        try:
            return self.inputs.model_validate(data, context={"warnings": warnings})
        except ValidationError as exc:
            issues = _issues(self, exc)
            if self.inputs.rules:  # every problem at once: the rules the bad values leave decidable
                issues += issues_beside(self.inputs, data, {i.field for i in issues})
            raise CalculatorInputError(self.id, issues) from None
        except (ArithmeticError, RecursionError) as exc:  # a field validator failed on an extreme value
            raise CalculatorInputError(self.id, [InputIssue("inputs", None, "values a number can hold",
                                                            f"an input could not be read ({type(exc).__name__})")]) from None

    def calculate(self, data: Mapping[str, Any] | Inputs) -> Result:
        warnings: list[InputWarning] = []
        x = None
        if type(data) is dict and self._reader is not None:  # parse's fast path, without the call
            x = self._reader(data, warnings)
        if x is None:
            x = self.parse(data, warnings)
        if x.rules:
            check_rules(self.id, x)
        if self._defaults:
            given = x.model_fields_set
            for name, meaning in self._defaults:
                if name not in given:
                    warnings.append(InputWarning(name, f"{name} not given; assumed {meaning}", "assumed_default"))
        w = Working(warnings)
        try:
            value = self.compute(x, w)
        except CalculatorInputError as exc:
            raise CalculatorInputError(self.id, exc.issues) from None
        except (ZeroDivisionError, OverflowError, ValueError) as exc:
            raise undefined(self.id, x.__dict__, warnings, f"the formula failed: {exc}") from None
        check_defined(self.id, value, w.lines, x.__dict__, warnings)  # finite, or an input error
        output = self.output
        if output.categories and value not in output.categories:
            raise RuntimeError(f"{self.id} returned {value!r}, not one of its declared categories")
        if output.domain is not None and not output.domain.holds(value):
            value = output.domain.enforce(self.id, value, w, x.__dict__, output.unit)
        return Result(
            self.id, self.version, value, output.unit,
            round_half_away(value, output.decimals) if output.type == "decimal" else self.round(value),
            w.interpretation, w.lines, warnings,  # the lines become Steps when read
            dict(x.__dict__),  # inputs: the validated, canonical-unit values (flat: no nested models)
            self.references,
            _secondary(self, w.outputs, x.__dict__, warnings) if output.secondary or w.outputs else {},
        )

    def calculate_many(
        self, batch: Iterable[Mapping[str, Any] | Inputs], *, errors: Literal["raise", "return"] = "raise"
    ) -> list[Result | CalculatorInputError]:
        """`calculate` for each inputs of `batch`, in order. `errors="return"` puts each
        CalculatorInputError in the list in place of its result instead of raising, so one bad
        row does not stop a batch (the generator, the verifier and `calc verify` use this)."""
        if errors not in ("raise", "return") or type(errors) is not str:
            raise wrong_argument("errors", errors, "'raise' or 'return'")
        if isinstance(batch, Mapping | str | bytes) or not isinstance(batch, Iterable):
            raise wrong_argument("batch", batch, "an iterable of inputs mappings")
        out: list[Result | CalculatorInputError] = []
        calculate = self.calculate
        for data in batch:
            try:
                out.append(calculate(data))
            except CalculatorInputError as exc:
                if errors == "raise":
                    raise
                out.append(exc)
        return out

    def round(self, value: Any) -> Any:
        kind = self.output.type
        if kind == "decimal":
            return round_half_away(value, self.output.decimals)
        if kind == "integer":
            return int(round_half_away(value, 0))
        return value


def _secondary(calc: Calculator, recorded: dict[str, Any], inputs: dict[str, Any],
               warnings: list[InputWarning]) -> dict[str, dict[str, Any]]:
    """The declared secondary outputs, typed and rounded; a name recorded but not declared is a
    bug in the calculator, not the caller's error."""
    declared = {s.name: s for s in calc.output.secondary}
    unknown = set(recorded) - set(declared)
    if unknown:
        raise RuntimeError(f"{calc.id} recorded undeclared outputs {sorted(unknown)}; declare them in Output.secondary")
    out = {}
    for name, s in declared.items():
        value = recorded.get(name)
        if s.type in ("decimal", "integer") and value is not None:
            check_defined(calc.id, value, [], inputs, warnings)  # finite, or an input error
            value = int(round_half_away(value, 0)) if s.type == "integer" else value
        rounded = round_half_away(value, s.decimals) if s.type == "decimal" and value is not None else value
        out[name] = {"value": value, "rounded": rounded, "unit": s.unit}
    return out


def calculator(**declaration: Any) -> Callable[[Callable[[Any, Working], Any]], Calculator]:
    """Decorate `compute(x, w)` to declare a calculator; the module's attribute becomes it."""

    def wrap(compute: Callable[[Any, Working], Any]) -> Calculator:
        return Calculator(compute=compute, **declaration)

    return wrap


# ---------------------------------------------------------------- validation errors

_EXPECTED = {
    "missing": "a value (this input is required)",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "int_parsing": "a whole number",
    "int_type": "a whole number",
    "float_parsing": "a number",
    "date_from_datetime_parsing": "a date as YYYY-MM-DD or MM/DD/YYYY",
    "date_parsing": "a date as YYYY-MM-DD or MM/DD/YYYY",
    "date_type": "a date as YYYY-MM-DD or MM/DD/YYYY",
}


_BOUND_WORDS = {"greater_than": ">", "greater_than_equal": ">=", "less_than": "<", "less_than_equal": "<="}


def _issues(calc: Calculator, exc: ValidationError) -> list[InputIssue]:
    names = list(calc.inputs.model_fields)
    issues = []
    listed = False  # the known inputs are listed once per error, not once per unknown key
    for err in exc.errors(include_url=False):
        loc = ".".join(str(p) for p in err["loc"]) or "inputs"
        kind, ctx = err["type"], err.get("ctx") or {}
        value = err.get("input")
        if kind == "medreckon":
            issues.append(InputIssue(loc, value, ctx["expected"], ctx.get("suggestion"), "invalid",
                                     ctx.get("suggested")))
        elif kind == "extra_forbidden" and len(issues) >= MAX_ISSUES:  # not shown: spare the matching
            issues.append(InputIssue(loc, value, "no such input", None, "unknown_field"))
        elif kind == "extra_forbidden":
            close = difflib.get_close_matches(loc, names, n=1, cutoff=0.6) if len(loc) < 100 else []
            hint = f"did you mean {close[0]!r}?" if close else (
                "see the known inputs listed above" if listed else f"known inputs: {', '.join(names)}")
            listed = listed or not close
            issues.append(InputIssue(loc, value, "no such input", hint, "unknown_field"))
        elif kind == "literal_error":
            allowed = ctx.get("expected", "")
            issues.append(InputIssue(loc, value, f"one of {allowed}", None, "choice"))
        elif kind == "missing":
            f = calc.inputs.model_fields.get(loc)
            hint = f.description if f is not None else None
            issues.append(InputIssue(loc, None, _EXPECTED["missing"], hint, "missing"))
        elif kind in _BOUND_WORDS:
            bound = next(iter(ctx.values()), "?")
            issues.append(InputIssue(loc, value, f"a value {_BOUND_WORDS[kind]} {bound}", None, "range"))
        else:
            issues.append(InputIssue(loc, value, _EXPECTED.get(kind, err["msg"]), None, "type"))
    return issues
