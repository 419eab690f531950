"""Our calculators as inspect tools, for any inspect agent (`react()`, `use_tools()`, your own).

    from medreckon.integrations.inspect import calculator_tools, compact_calculator_tools
    solver = [use_tools(calculator_tools(["cockcroft-gault", "bmi"])), generate()]
    solver = react(tools=compact_calculator_tools())   # search / describe / calculate

Names, descriptions and parameter schemas come from `interfaces.tools` (generated from the
calculator declarations), a call goes through the same `call_tool` / `call_compact_tool` as the
REST, MCP and bench surfaces, and its result is JSON text: the calculator's Result (value,
rounded, working, warnings, normalised inputs) or the structured error a model repairs from.
inspect's JSON-schema type has no exclusiveMinimum/Maximum, so those bounds are left out of what
the model is shown; the calculator still enforces them and says so in its error.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from inspect_ai.tool import Tool, ToolDef, ToolParams

from ...calculators.spec import Calculator
from ...interfaces.tools import (
    QuantityStyle,
    call_compact_tool,
    call_tool,
    compact_tool_schemas,
    tool_schemas,
)

Run = Callable[[dict[str, Any]], Any]  # decoded arguments -> a JSON-able result


def as_tool(function: Mapping[str, Any], run: Run, *, checked: bool = True) -> Tool:
    """An inspect Tool from an OpenAI function declaration (`{"name", "description",
    "parameters"}`) and what to run on the call's arguments.

    inspect checks a call against the declared parameters before it runs the tool, and answers a
    call that fails with its own parsing error (empty content). `checked=False` declares an open
    object instead, so every call reaches `run`, which checks it itself: for running calls
    (`execute_tools`) made against a declaration that is guidance, not the contract, such as the
    strict form's "every input required, null if not given" (the calculator accepts an input left
    out). Offer the model the checked tool; an unchecked one shows it no parameters."""

    async def execute(**kwargs: Any) -> str:
        return json.dumps(run(kwargs), ensure_ascii=False, default=str)

    parameters = ToolParams.model_validate(function["parameters"]) if checked else ToolParams(
        additionalProperties=True)
    return ToolDef(execute, name=function["name"], description=function["description"],
                   parameters=parameters).as_tool()


def calculator_tools(calculators: Iterable[Calculator | str] | None = None, *, strict: bool = False,
                     quantities: QuantityStyle = "text") -> list[Tool]:
    """One inspect tool per calculator (all 140 by default; ids, aliases, names or MedCalc-Bench
    IDs select some). `strict`/`quantities` choose the schema form as `interfaces.tools` does."""
    out = []
    for schema in tool_schemas(calculators, strict=strict, quantities=quantities):
        function = schema["function"]
        name = function["name"]
        out.append(as_tool(function, lambda args, name=name: call_tool(name, args)))
    return out


def compact_calculator_tools() -> list[Tool]:
    """`search_calculators`, `describe_calculator` and `calculate`: every calculator behind three
    tools, for agents whose context cannot hold 140 schemas."""
    return [as_tool(s["function"], lambda args, name=s["function"]["name"]: call_compact_tool(name, args))
            for s in compact_tool_schemas()]


__all__ = ["as_tool", "calculator_tools", "compact_calculator_tools"]
