"""The review flow as an LLM tool (`calculate_from_note`; the MCP server offers it beside the
calculators): a clinical note read for a calculator's inputs by the rule-based readers, each input
with its source, evidence and confidence, and the result — `reading.review.from_note`, as the CLI,
REST and the viewer's review page call it. Without a calculator: the calculators ranked for the
note. Never raises for bad arguments: returns the structured error of `tools.error_object`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..calculators.registry import get
from ..errors import CalculatorInputError, InputIssue
from . import tools

NAME = "calculate_from_note"

DESCRIPTION = (
    "Read a clinical note for a calculator's inputs and calculate: every input with its value, where it "
    "came from (rule, default, person), the words of the note it was read from and a confidence; the "
    "case's confidence and whether a person should review it; the result with its steps. Give `inputs` "
    "to correct what was read. Without `calculator`: the calculators ranked for the note.")


def schema() -> dict[str, Any]:
    """The tool in OpenAI function form (as `tools.tool_schemas` gives the calculators)."""
    return {"type": "function", "function": {"name": NAME, "description": DESCRIPTION, "parameters": {
        "type": "object", "additionalProperties": False, "required": ["note"], "properties": {
            "note": {"type": "string", "minLength": 1, "description": "The clinical note, as written."},
            "calculator": {"type": "string", "description": "A calculator id (search_calculators finds one); "
                                                            "leave it out for ranked suggestions."},
            "inputs": {"type": "object", "description": (
                "Corrections: input name -> value, replacing what was read (null leaves an input out). "
                "Quantities take a number in the canonical unit or a string with its unit.")}}}}}


def is_error(outcome: Mapping[str, Any]) -> bool:
    """An error object (a reading has an `error` too: None, or why nothing was computed)."""
    return "issues" in outcome and isinstance(outcome.get("error"), str)


def call(arguments: str | Mapping[str, Any] | None) -> dict[str, Any]:
    """The reading (`NoteReading.to_dict()`), `{"suggestions": [...]}`, or an error object."""
    from ..reading.review import check_note, from_note, suggest

    try:
        args = tools._decode(arguments, None, "a JSON object with note, calculator and inputs")
        check_note(args.get("note"))
        unknown = sorted(set(args) - {"note", "calculator", "inputs"})
        if unknown:
            raise CalculatorInputError(None, [InputIssue(unknown[0], args[unknown[0]],
                                                         "one of note, calculator, inputs", None, "unknown_field")])
        inputs = args.get("inputs") or {}
        if not isinstance(inputs, Mapping):
            raise CalculatorInputError(None, [InputIssue("inputs", inputs, "an object of input names to values",
                                                         None, "type")])
    except CalculatorInputError as exc:
        return tools.error_object(exc)
    if args.get("calculator") in (None, ""):
        return {"suggestions": suggest(args["note"])}
    try:
        calc = get(str(args["calculator"]))
    except CalculatorInputError as exc:
        return tools.unknown_calculator_error(str(args["calculator"]), exc)
    try:
        return from_note(calc, args["note"], values=inputs).to_dict()
    except CalculatorInputError as exc:
        return tools.error_object(exc, calc, prefix="inputs.")
