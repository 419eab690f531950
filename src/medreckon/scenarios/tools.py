"""The tools an agent gets over a patient record, for the bench's `scenario_agent` and for the
MCP server (`medreckon mcp --record DB`) alike:

- `query_record(sql)`: one read-only SQL statement over the record (the schema is in the tool's
  description), at most `max_rows` rows and `timeout_s` seconds; a write, a second statement or a
  runaway query comes back as an error that says what to send instead;
- `search_calculators(query)`, `describe_calculator(calculator)`, `calculate(calculator, inputs)`:
  the validated calculators (`interfaces.tools`' compact trio; `calculate` can be withheld, to
  measure what access to it changes);
- `run_python(code)`: the code sandbox (`bench.sandbox`: Monty, no file, network or process access),
  for a step no calculator covers.

`ScenarioTools.call(name, arguments)` runs one call and returns `(shown, record)`: what the agent
sees (a JSON-able result, or {"error", "message"}) and what the trace keeps (for a query its SQL and
every row returned; for a calculation the calculator, the inputs it read and its full result), so the
evaluation can tell which rows the agent read and which values it used.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..interfaces.tools import call_compact_tool, compact_tool_schemas, is_error
from .record import QueryError, Record
from .schema import describe

QUERY = "query_record"
SEARCH, DESCRIBE, CALCULATE, CODE = "search_calculators", "describe_calculator", "calculate", "run_python"
FINAL = "final_answer"
ALL = (QUERY, SEARCH, DESCRIBE, CALCULATE, CODE)


def _fn(name: str, description: str, props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description, "parameters": {
        "type": "object", "properties": props, "required": required, "additionalProperties": False}}}


def query_tool(dialect: str, max_rows: int, timeout_s: float) -> dict[str, Any]:
    return _fn(QUERY, f"Run one read-only SQL SELECT over the patient record; at most {max_rows} rows, "
                      f"{timeout_s:g} s. {describe(dialect)}",  # type: ignore[arg-type]
               {"sql": {"type": "string", "description": "One SELECT statement, e.g. SELECT test_name, value, "
                                                         "unit, collected_at FROM lab_results WHERE patient_id = "
                                                         "'P000001' ORDER BY collected_at"}}, ["sql"])


def code_tool() -> dict[str, Any]:
    from ..bench.sandbox import ENVIRONMENT

    return _fn(CODE, f"Run Python code to compute something no calculator covers. {ENVIRONMENT}",
               {"code": {"type": "string", "description": "The code; set `answer` to the result."}}, ["code"])


def final_tool(options: list[str] | None) -> dict[str, Any]:
    value = {"anyOf": [{"type": "number"}, {"type": "string"}], "description": "its result (a number or a label)"}
    props: dict[str, Any] = {"results": {"type": "array", "description": "Each calculation in the order done.",
                                         "items": {"type": "object", "properties": {
                                             "calculator": {"type": "string", "description": "the calculator's name or id"},
                                             "value": value}, "required": ["calculator", "value"],
                                             "additionalProperties": False}}}
    required = ["results"]
    if options:
        props["recommendation"] = {"type": "string", "enum": list(options), "description": "your recommendation"}
        required.append("recommendation")
    return _fn(FINAL, "Give the results of every calculation and stop.", props, required)


class ScenarioTools:
    """The tools over one open record; `enabled` names the tools offered (see the module docstring)."""

    def __init__(self, record: Record | None, *, enabled: tuple[str, ...] = ALL, max_rows: int = 25,
                 timeout_s: float = 5.0):
        unknown = sorted(set(enabled) - set(ALL))
        if unknown:
            raise ValueError(f"unknown tools {', '.join(unknown)}; tools: {', '.join(ALL)}")
        if QUERY in enabled and record is None:
            raise ValueError("query_record needs a record")
        self.record, self.enabled = record, tuple(t for t in ALL if t in enabled)
        self.max_rows, self.timeout_s = max_rows, timeout_s

    def schemas(self) -> list[dict[str, Any]]:
        compact = {t["function"]["name"]: t for t in compact_tool_schemas()}
        out = []
        for name in self.enabled:
            if name == QUERY:
                out.append(query_tool(self.record.dialect, self.max_rows, self.timeout_s))  # type: ignore[union-attr]
            elif name == CODE:
                out.append(code_tool())
            else:
                tool = json.loads(json.dumps(compact[name]))
                if name == SEARCH:
                    tool["function"]["parameters"]["properties"] = {
                        "query": tool["function"]["parameters"]["properties"]["query"]}
                tool["function"]["parameters"]["additionalProperties"] = False
                out.append(tool)
        return out

    def call(self, name: str, arguments: str | Mapping[str, Any] | None) -> tuple[Any, dict[str, Any]]:
        record: dict[str, Any] = {"name": name, "arguments": arguments if isinstance(arguments, str)
                                  else json.dumps(arguments, ensure_ascii=False, default=str)}
        if name not in self.enabled:
            shown: Any = {"error": "unknown_tool", "message": f"no tool named {name!r}; tools: "
                                                              f"{', '.join(self.enabled)}, {FINAL}"}
            record["result"] = shown
            return shown, record
        try:
            args = json.loads(arguments) if isinstance(arguments, str) else dict(arguments or {})
            if not isinstance(args, dict):
                raise ValueError("not an object")
        except (ValueError, TypeError) as exc:
            shown = {"error": "bad_arguments", "message": f"the arguments must be a JSON object ({exc})"}
            record["result"] = shown
            return shown, record
        shown = self._run(name, args, record)
        record["result"] = shown
        return shown, record

    def _run(self, name: str, args: dict[str, Any], record: dict[str, Any]) -> Any:
        if name == QUERY:
            record["sql"] = args.get("sql")
            try:
                result = self.record.query(args.get("sql"), max_rows=self.max_rows,  # type: ignore[union-attr]
                                           timeout_s=self.timeout_s)
            except QueryError as exc:
                record["error"] = str(exc)
                return {"error": "query_refused", "message": str(exc)}
            record.update(columns=result.columns, rows=result.rows, truncated=result.truncated,
                          elapsed_s=result.elapsed_s)
            return result.to_dict()
        if name == CODE:
            return self._code(args, record)
        out = call_compact_tool(name, args)
        if name == CALCULATE:
            record["calculator"] = str(args.get("calculator"))
            if isinstance(out, dict) and not is_error(out):
                full = {k: v for k, v in out.items() if k != "references"}
                record.update(calculator=out.get("calculator"), inputs=out.get("inputs"), calculator_result=full)
                keep = ("calculator", "value", "rounded", "unit", "interpretation", "outputs")
                shown = {k: out[k] for k in keep if out.get(k) not in (None, {}, [])}
                warnings = [w.get("message") for w in out.get("warnings", []) if isinstance(w, dict)]
                if warnings:
                    shown["warnings"] = warnings
                return shown
            record["error"] = out
        return out

    @staticmethod
    def _code(args: dict[str, Any], record: dict[str, Any]) -> Any:
        from ..bench.sandbox import SandboxUnavailable, run_code

        code = args.get("code")
        if not isinstance(code, str) or not code.strip():
            return {"error": "bad_arguments", "message": "run_python needs the code as text"}
        try:
            ran = run_code(code)
        except SandboxUnavailable as exc:
            return {"error": "unavailable", "message": str(exc)}
        record.update(value=ran.value, ok=ran.ok)
        out: dict[str, Any] = {"ok": ran.ok, "value": ran.value}
        if ran.stdout:
            out["stdout"] = ran.stdout[:2000]
        if ran.error:
            out["error"] = ran.error
        return out


__all__ = ["ALL", "CALCULATE", "CODE", "DESCRIBE", "FINAL", "QUERY", "SEARCH", "ScenarioTools", "final_tool"]
