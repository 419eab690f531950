"""The `structured_cot` strategy: chain of thought whose steps can be checked exactly.

The model works the calculation out by itself, without tools, and answers as one JSON object
(constrained by a JSON schema through `response_format`, as `extract` is):

    {"calculator": <the formula or score it used>,
     "values": [{"name": ..., "value": ..., "unit": ...}, ...],
     "calculation": <its working, as text>,
     "answer": <the final answer>}

The answer is read by `answers.parse_answer` (statuses ok / unparsed / truncated / refused kept
apart from correctness; a failed request is `error`), and it stays the model's answer: this is a
chain-of-thought arm, the calculator only checks it. Then, with no model call:

1. the named calculator is read as a registered one (`name_matching.match_calculator`; how it
   matched is recorded; no match gives a `CalcTrace` with `calculator=None`);
2. each written value is read as one of its inputs by name (`name_matching.match_values`: the
   input's name, the dataset's entity names, its description's first words; the names that map
   to no input are recorded), with the rule options of the dataset's convention put over them
   (`calculation.case_options`, e.g. Cockcroft-Gault's weight rule);
3. the calculator is run on those values (`calculation.compute`; an input it rejects is a
   recorded error, not a crash; unit mix-ups are not fixed: these are the model's values);
4. `answer_matches` says whether the model's answer is the calculator's value on the model's
   own values: equal, equal to the calculator's rounding, or equal to it rounded to the decimals
   the model wrote.

`Outcome.calc` is a `CalcTrace` with `chosen_by="model"` and `computed_by="model"`; its
`written_inputs` are the mapped values as written (kept even when the calculator rejected them,
so the values step can still be checked), `inputs` the calculator's normalised reading, `result`
the calculator on them. `Outcome.calc` is None only when the reply holds no JSON object (the
model gave no working to check). `Outcome.trace` keeps the messages, how the reply was read,
the calculator match, every value with the input it went to (or why none), the options and the
calculator's error.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from ..answers import answer_source, parse_answer, reply_object
from ..calculation import case_options, compute, result_record
from ..models import Meter
from ..name_matching import match_calculator, match_values
from ..trace import CalcResult, CalcTrace, plain
from ..types import Answer, Case, ModelClient, ModelError, Outcome, OutputType
from . import register
from .base import Strategy

STRUCTURED_COT_PROMPT_VERSION = "1"

STRUCTURED_SYSTEM = (
    "You are a careful clinician who works out medical calculations by hand: formulas, unit "
    "conversions and clinical scores. You read a patient note and one question, name the formula "
    "or score that answers it, write down every value it needs from the note, and do the "
    "arithmetic yourself, showing your working."
)

STRUCTURED_INSTRUCTION = (
    "Reply with one JSON object and nothing else, with these keys in this order:\n"
    '- "calculator": the name of the formula or score you use;\n'
    '- "values": every value it needs, each as {{"name": <what the value is>, "value": <the '
    "number as the note gives it, true or false for a yes/no criterion, or the category as "
    'text>, "unit": <the unit the note uses, or null>}};\n'
    '- "calculation": your working as text, step by step: unit conversions first, then the '
    "formula with the numbers put in;\n"
    '- "answer": {fmt}.\n'
    "Use only what the note says about this patient; a yes/no criterion the note does not "
    "mention is false."
)

USER_TEMPLATE = "Patient note:\n{note}\n\nQuestion: {question}\n\n{instruction}"

# How the answer should look, by the case's output type. No example values: small models copy
# an example number instead of computing.
ANSWER_FORMATS: dict[OutputType, str] = {
    "decimal": "the result, a number without units",
    "integer": "the result, a whole number",
    "date": 'the result, a date as a string "MM/DD/YYYY"',
    "gestational_age": '{"weeks": <whole number>, "days": <whole number>}',
}


def texts_fingerprint() -> str:
    """sha256 over every prompt sentence; pinned by a test against STRUCTURED_COT_PROMPT_VERSION."""
    parts = [STRUCTURED_SYSTEM, STRUCTURED_INSTRUCTION, USER_TEMPLATE,
             json.dumps(ANSWER_FORMATS, sort_keys=True)]
    return hashlib.sha256("\x1e".join(parts).encode()).hexdigest()


def answer_schema(output_type: OutputType) -> dict[str, Any]:
    if output_type == "decimal":
        return {"type": "number"}
    if output_type == "integer":
        return {"type": "integer"}
    if output_type == "date":
        return {"type": "string"}
    return {"type": "object", "properties": {"weeks": {"type": "integer"}, "days": {"type": "integer"}},
            "required": ["weeks", "days"], "additionalProperties": False}


def reply_schema(output_type: OutputType) -> dict[str, Any]:
    """The JSON schema of the reply: the four keys in order, the working before the answer."""
    value = {"type": "object",
             "properties": {"name": {"type": "string"},
                            "value": {"type": ["number", "boolean", "string"]},
                            "unit": {"type": ["string", "null"]}},
             "required": ["name", "value", "unit"], "additionalProperties": False}
    return {"type": "object",
            "properties": {"calculator": {"type": "string"},
                           "values": {"type": "array", "items": value},
                           "calculation": {"type": "string"},
                           "answer": answer_schema(output_type)},
            "required": ["calculator", "values", "calculation", "answer"],
            "additionalProperties": False}


def response_format(output_type: OutputType) -> dict[str, Any]:
    return {"type": "json_schema", "json_schema": {"name": "structured_answer", "strict": True,
                                                   "schema": reply_schema(output_type)}}


def messages_for(case: Case) -> list[dict[str, Any]]:
    instruction = STRUCTURED_INSTRUCTION.format(fmt=ANSWER_FORMATS[case.output_type])
    user = USER_TEMPLATE.format(note=case.note.strip(), question=case.question.strip(), instruction=instruction)
    return [{"role": "system", "content": STRUCTURED_SYSTEM}, {"role": "user", "content": user}]


# ---------------------------------------------------------------- reading the reply

# One {"name", "value", "unit"} item: its "value" key must never be read as the answer.
_VALUE_ITEM = re.compile(r'\{[^{}]*"name"[^{}]*\}')


def read_object(text: str) -> tuple[dict[str, Any], Any]:
    """The reply's JSON object (`answers.reply_object`), and its "answer" as written (numbers
    as Decimal, so the decimals the model wrote count). ValueError with a short reason when
    the reply holds no JSON object."""
    return reply_object(text), reply_object(text, parse_float=Decimal).get("answer")


def answer_text(text: str, reply: Mapping[str, Any] | None, exact_answer: Any) -> str:
    """The text `parse_answer` reads: the object's answer alone when the object was read (so no
    number of the working is taken for it), else the reply without its value items."""
    if reply is not None:
        return json.dumps({"answer": exact_answer}, default=str)  # a Decimal as its written digits
    return _VALUE_ITEM.sub("", text)


# ---------------------------------------------------------------- checking the working


def written_values(raw: Any) -> tuple[list[tuple[str, Any, Any]], list[dict[str, Any]]]:
    """The reply's "values" as (name, value, unit), and the items that are not such a value
    (each with a note). A mapping {name: value or {value, unit}} is read too."""
    if raw is None:
        return [], []
    if isinstance(raw, Mapping):
        raw = [{"name": k, **(v if isinstance(v, Mapping) else {"value": v})} for k, v in raw.items()]
    if not isinstance(raw, list):
        return [], [{"name": None, "input": None, "matched_by": "malformed", "value": plain(raw),
                     "note": "values is not a list"}]
    found, malformed = [], []
    for item in raw:
        name = item.get("name") if isinstance(item, Mapping) else None
        if not isinstance(name, str) or not name.strip() or "value" not in item:
            malformed.append({"name": None, "input": None, "matched_by": "malformed", "value": plain(item),
                              "note": 'not a {"name", "value", "unit"} object'})
            continue
        value, unit = item["value"], item.get("unit")
        if isinstance(value, Mapping) and "value" in value:  # {"value": {"value": 5, "unit": "mg"}}
            value, unit = value["value"], unit or value.get("unit")
        found.append((name.strip(), value, unit))
    return found, malformed


def check_working(case: Case, reply: Mapping[str, Any], answer: Answer | None,
                  decimals: int | None) -> tuple[CalcTrace, dict[str, Any]]:
    """The model's calculator, values and answer checked by our calculator: its CalcTrace, and
    what to record in the attempt's trace."""
    record: dict[str, Any] = {}
    match = match_calculator(reply.get("calculator"))
    record["calculator_match"] = match.to_dict()
    found, malformed = written_values(reply.get("values"))
    calc = match.calculator
    if calc is None:
        record["values"] = [{"name": n, "input": None, "matched_by": "no_calculator", "value": plain(v),
                             "unit": u} for n, v, u in found] + malformed
        record["unmatched_values"] = [n for n, _, _ in found]
        return CalcTrace(None, None, "model", answer=plain(answer), computed_by="model"), record
    values = match_values(calc, found)
    options = case_options(calc, case)
    record["values"] = [n.to_dict() for n in values.named] + malformed
    record["unmatched_values"] = values.unmatched
    record["options"] = options
    written: dict[str, Any] = {**values.inputs, **options}
    result = None
    if not values.inputs:
        record["calculator_error"] = f"none of the values the model wrote names an input of {calc.id}"
    else:
        got = compute(calc, values.inputs, options)
        written = got.inputs if got.inputs is not None else written
        if got.result is None:
            record["calculator_error"] = got.message
            record["calculator_error_detail"] = got.error
        result = got.result
    matches = None
    if result is not None and answer is not None:
        how = answer_source(answer, result.value, result.rounded, case.output_type, decimals)
        record["answer_check"] = how
        matches = how is not None
    full = None if result is None else result_record(result)
    return CalcTrace(
        calculator=calc.id, calculator_version=calc.version, chosen_by="model", computed_by="model",
        written_inputs=plain(written), inputs=None if full is None else plain(full["inputs"]),
        result=None if full is None else CalcResult.from_dict(full),
        answer=plain(answer), answer_matches=matches), record


# ---------------------------------------------------------------- the strategy


@register
class StructuredCoT(Strategy):
    """Chain of thought as {calculator, values, calculation, answer}; the answer is the model's,
    each step checked by our calculators. See the module docstring."""

    name = "structured_cot"
    description = "Chain of thought answered as {calculator, values, calculation, answer}, each step checked by our calculators."
    strategy_version = "1"
    default_gen: dict[str, Any] = {"temperature": 0.0, "max_tokens": 1024}

    @property
    def version(self) -> str:
        return f"{self.strategy_version}+s{STRUCTURED_COT_PROMPT_VERSION}"

    def run(self, case: Case, model: ModelClient, gen: dict[str, Any]) -> Outcome:
        messages = messages_for(case)
        trace: dict[str, Any] = {"messages": messages}
        meter = Meter(model)
        try:
            completion = meter.chat(messages, gen, response_format=response_format(case.output_type))
        except ModelError as exc:
            return meter.outcome(raw="", answer=None, status="error", error=str(exc), trace=trace)
        reply, exact_answer = None, None
        try:
            reply, exact_answer = read_object(completion.text)
        except ValueError as exc:
            trace["reply_error"] = str(exc)
        parsed = parse_answer(answer_text(completion.text, reply, exact_answer), case.output_type,
                              completion.finish_reason)
        trace.update(finish_reason=completion.finish_reason, parse_method=parsed.method,
                     answer_decimals=parsed.decimals, served_by=completion.model)
        if completion.reasoning:
            trace["reasoning"] = completion.reasoning
        calc = None
        explanation = completion.text.strip() or None if parsed.explanation else None  # unmasked
        if reply is not None:
            calc, checked = check_working(case, reply, parsed.answer, parsed.decimals)
            trace.update(checked)
            if isinstance(reply.get("calculation"), str) and reply["calculation"].strip():
                explanation = reply["calculation"].strip()
        return meter.outcome(raw=completion.text, answer=parsed.answer, status=parsed.status,
                             explanation=explanation, trace=trace, calc=calc)


__all__ = ["StructuredCoT", "STRUCTURED_COT_PROMPT_VERSION", "answer_text", "check_working",
           "messages_for", "read_object", "reply_schema", "response_format", "texts_fingerprint", "written_values"]
