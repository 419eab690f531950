"""Calculators as the bench uses them, apart from any strategy's prompts and loop: the
calculator a case names and the rule options its dataset asks for; the inputs a model fills and
their strict JSON schema; a calculator run on the arguments a model wrote (a result, or the
structured error the model can repair from); one tool call of a model (a calculator tool or
the helpers `search_calculators` / `describe_calculator`); unit mix-ups fixed without asking;
and the result as a record, as a `CalcTrace` and as explanation text.

`strategies.extract` and `strategies.tools` drive a model with these; the environment can offer
the same calculators to a model the same way.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..calculators.describe import InputSpec, describe_inputs
from ..calculators.registry import by_medcalc_bench_id, get
from ..calculators.spec import Calculator, Result
from ..errors import CalculatorInputError
from ..interfaces.tools import (
    calculator_for_tool,
    call_compact_tool,
    compact_tool_schemas,
    error_object,
    parameters_schema,
    parse_arguments,
    tool_name,
    tool_schema,
)
from .trace import CalcResult, CalcTrace, ChosenBy, Repairs, plain
from .types import Case

HELPERS = ("search_calculators", "describe_calculator")


# ---------------------------------------------------------------- the case's calculator


# Datasets whose Calculator ID is MedCalc-Bench's (the vignettes are written in its columns).
MEDCALC_BENCH_IDS = ("medcalc-bench", "medreckon-vignettes")


def calculator_for_case(case: Case) -> Calculator:
    """The calculator a case names: MedCalc-Bench Calculator ID, else its name.
    Raises CalculatorInputError when no registered calculator matches."""
    if case.calculator_id is not None and case.dataset.startswith(MEDCALC_BENCH_IDS):
        return by_medcalc_bench_id(case.calculator_id)
    return get(case.calculator_name)


def case_options(calc: Calculator, case: Case) -> dict[str, Any]:
    """Rule options the dataset's questions ask for (declared on the calculator), else none."""
    if case.dataset.startswith("medcalc-bench") and calc.medcalc_bench is not None:
        return dict(calc.medcalc_bench.options)
    return {}


# ---------------------------------------------------------------- the inputs a model fills


def asked_inputs(calc: Calculator) -> list[InputSpec]:
    """The inputs the model fills: every input but the rule options."""
    return [s for s in describe_inputs(calc) if not s.option]


def input_schema(calc: Calculator, names: list[str] | None = None) -> dict[str, Any]:
    """The JSON schema of the model's reply: strict (every key present, in declaration order),
    quantities as {value, unit enum} (a bare number when only one unit is declared), required
    inputs not nullable, optional ones nullable. `names`: only these inputs."""
    strict = parameters_schema(calc, strict=True, quantities="object")["properties"]
    props: dict[str, Any] = {}
    for spec in asked_inputs(calc):
        if names is not None and spec.name not in names:
            continue
        field = strict[spec.name]
        if spec.kind == "quantity" and len(spec.units) <= 1:
            number: dict[str, Any] = {"type": "number" if spec.required and not spec.nullable
                                      else ["number", "null"]}
            field = number | {"description": field.get("description", "")}
        props[spec.name] = field
    return {"type": "object", "properties": props, "required": list(props),
            "additionalProperties": False}


# ---------------------------------------------------------------- computing


@dataclass(frozen=True)
class Computed:
    """One calculation from a model's arguments: the inputs read from them (None when they
    cannot be read), and either the result or the structured error with its text."""

    inputs: dict[str, Any] | None
    result: Result | None = None
    error: dict[str, Any] | None = None  # interfaces.tools.error_object
    message: str | None = None


def compute(calc: Calculator, arguments: str | Mapping[str, Any] | None,
            fixed: Mapping[str, Any] | None = None) -> Computed:
    """`calc` on the arguments a model wrote (JSON text or decoded), with `fixed` inputs (found
    findings, rule options) put over them."""
    inputs = None
    try:
        inputs = {**parse_arguments(calc, arguments), **(fixed or {})}
        return Computed(inputs, calc.calculate(inputs))
    except CalculatorInputError as exc:
        return Computed(inputs, error=error_object(exc, calc), message=str(exc))


def fix_units(calc: Calculator, inputs: dict[str, Any], result: Result) -> tuple[dict[str, Any], Result, list[str]]:
    """For each value still implausible after the repairs: if exactly one other declared unit
    makes it plausible (138000 "10^9/L" -> 138000 "/uL"), use that unit. Returns the inputs,
    the result and what was changed."""
    fixes = []
    units = {s.name: s.units for s in describe_inputs(calc) if s.kind == "quantity"}
    for w in result.warnings:
        name = w.field
        given = inputs.get(name) if name else None
        if w.code != "implausible" or not isinstance(given, Mapping) or len(units.get(name, ())) < 2:
            continue
        working = []
        for alt in units[name]:
            if alt == given.get("unit"):
                continue
            trial = {**inputs, name: {"value": given["value"], "unit": alt}}
            try:
                r = calc.calculate(trial)
            except CalculatorInputError:
                continue
            if not any(x.field == name and x.code == "implausible" for x in r.warnings):
                working.append((alt, trial, r))
        if len(working) == 1:
            alt, inputs, result = working[0]
            fixes.append(f"{name}: {given['value']} {given.get('unit')} read as {given['value']} {alt}")
    return inputs, result, fixes


# ---------------------------------------------------------------- results


def result_record(result: Result) -> dict[str, Any]:
    d = result.to_dict()
    return {k: d[k] for k in ("calculator", "version", "value", "unit", "rounded", "interpretation",
                              "steps", "warnings", "inputs")}


def calc_trace(calc: Calculator | None, chosen_by: ChosenBy, result: Result | None,
               written: Mapping[str, Any] | None, answer: Any, answer_matches: bool | None,
               repairs: Repairs) -> CalcTrace:
    """The CalcTrace of a calculation: `calc` chosen (None: none), `result` computed from the
    inputs as `written` (None: none computed), the attempt's `answer`."""
    record = None if result is None else result_record(result)
    return CalcTrace(
        calculator=calc.id if calc else None, calculator_version=calc.version if calc else None,
        chosen_by=chosen_by, written_inputs=None if record is None else plain(written),
        inputs=None if record is None else plain(record["inputs"]),
        result=None if record is None else CalcResult.from_dict(record),
        answer=plain(answer), answer_matches=answer_matches, repairs=repairs)


def explanation_of(result: Result) -> str:
    steps = "; ".join(f"{s.what}: {s.expression} = {s.value}{f' {s.unit}' if s.unit else ''}"
                      for s in result.steps)
    return f"{result.calculator}: {steps}" if steps else result.calculator


# ---------------------------------------------------------------- tools and tool calls


def calculator_tool(calc_id: str) -> dict[str, Any]:
    return tool_schema(calc_id, strict=True, quantities="object")


def helper_tools() -> list[dict[str, Any]]:
    """search_calculators and describe_calculator as `interfaces.tools` declares them, with
    search's specialty/limit left out (fewer prompt tokens; it returns 5 results)."""
    tools = {t["function"]["name"]: t for t in compact_tool_schemas()}
    search = json.loads(json.dumps(tools["search_calculators"]))
    search["function"]["parameters"] = {
        "type": "object", "properties": {"query": search["function"]["parameters"]["properties"]["query"]},
        "required": ["query"], "additionalProperties": False}
    describe = json.loads(json.dumps(tools["describe_calculator"]))
    describe["function"]["parameters"]["additionalProperties"] = False
    return [search, describe]


def _bm25_search(query: str, limit: int):
    from .retrieval import Retriever

    return Retriever("bm25").search(query, limit)


@dataclass(frozen=True)
class Executed:
    """One tool call run: its `record` (name, arguments, and the `result` shown to the model;
    for a calculator also `calculator`, `inputs`, and `error` or `calculator_result`), the
    calculator's result when one computed, and the calculator that describe_calculator
    returned when it is not yet offered (to be offered from now on)."""

    record: dict[str, Any]
    result: Result | None = None
    described: str | None = None

    @property
    def asks_repair(self) -> bool:
        """A calculator call whose result asks the model to call again: an error, or a value
        that looks implausible."""
        return "calculator" in self.record and (
            self.result is None or any(w.code == "implausible" for w in self.result.warnings))


def execute_call(name: str, arguments: str, calculators: Mapping[str, str],
                 others: Sequence[str] = ()) -> Executed:
    """Run one tool call: a helper, or a calculator offered as `calculators` (tool name ->
    calculator id). A name that is neither gets an `unknown_tool` error listing the offered
    tools (the calculators, the helpers, then `others`) with a hint how to reach the calculator."""
    record: dict[str, Any] = {"name": name, "arguments": arguments}
    if name in HELPERS:
        described = None
        result = call_compact_tool(name, arguments, retriever=_bm25_search, strict=True, quantities="object")
        if name == "describe_calculator" and isinstance(result, dict) and "error" not in result:
            cid = result.get("id")
            if cid and tool_name(cid) not in calculators:
                described = cid
                record["added_tool"] = tool_name(cid)
            result = {k: v for k, v in result.items() if k != "parameters"} | {
                "tool": tool_name(cid) if cid else None,
                "note": "call this calculator by its tool name"}
        record["result"] = result
        return Executed(record, described=described)
    if name not in calculators:
        try:
            known = calculator_for_tool(name)
            hint = f"{tool_name(known)} is not offered yet; call describe_calculator with {known.id!r} first"
        except CalculatorInputError:
            hint = "use search_calculators to find a calculator"
        record["result"] = {"error": "unknown_tool", "message": f"no tool named {name!r}",
                            "offered": [*calculators, *HELPERS, *others], "hint": hint}
        return Executed(record)
    calc = get(calculators[name])
    record["calculator"] = calc.id
    done = compute(calc, arguments)
    if done.inputs is not None:
        record["inputs"] = done.inputs
    if done.result is None:
        assert done.error is not None
        record["error"] = done.error
        record["result"] = dict(done.error)
        for issue in record["result"].get("issues", []):
            issue.pop("path", None)
        return Executed(record)
    full = result_record(done.result)
    record["calculator_result"] = full
    shown: dict[str, Any] = {"calculator": calc.id, "value": full["value"], "rounded": full["rounded"],
                             "unit": full["unit"]}
    if full["interpretation"]:
        shown["interpretation"] = full["interpretation"]
    warnings = [w["message"] for w in full["warnings"] if w["code"] == "implausible"]
    if warnings:
        shown["warnings"] = warnings
        shown["hint"] = "A value looks implausible: check its number and unit in the note and call again if wrong."
    record["result"] = shown
    return Executed(record, done.result)


__all__ = ["calculator_for_case", "case_options", "asked_inputs", "input_schema", "compute", "Computed", "fix_units",
           "result_record", "calc_trace", "explanation_of", "calculator_tool", "helper_tools",
           "execute_call", "Executed", "HELPERS"]
