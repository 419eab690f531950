"""Reads a model's final text as an answer of the case's output type.

`parse_answer(text, output_type, finish_reason)` returns `Parsed(answer, status, explanation,
method, decimals)`. The status is kept apart from correctness: `ok` (an answer was read),
`unparsed` (no answer could be read), `truncated` (the model hit its token limit), `refused`
(the model declined). `method` names the step of the cascade that decided, for audits.

The cascade (the first step that finds something decides; long degenerate outputs are bounded,
so no text makes it hang):

0. ``empty``: nothing but white space -> unparsed.
1. Reasoning blocks are removed first: ``<think>…</think>`` (also ``<thinking>``,
   ``<reasoning>``); text before a lone closing tag is reasoning too (chat templates that open
   the block in the prompt); an opening tag that never closes hides the rest. If nothing
   visible is left: ``think_only`` -> unparsed.
2. ``json``: the last JSON object (bare or in a ``` fence) that has an answer key — ``answer``,
   ``final_answer``, ``result``, ``value``, ``score`` …, any case, any key order, also one level
   down. Its value alone decides: a value of the output type -> ok; words of refusal ->
   refused; anything else -> unparsed. The free text is not searched once such an object
   exists (a number from the reasoning is not an answer).
3. ``python_dict``: the same for a Python-literal dict (``{'answer': 5}``).
4. ``answer_key``: an object too broken to load, read by its ``"answer": value`` pair.
5. ``boxed``: the last ``\\boxed{…}``.
6. ``answer_phrase``: the last "answer: X" / "answer is X" / "final answer = X".
7. ``bare``: the whole visible text is one short line ("25.2 kg/m²", "4 points", "03/15/2021").
8. ``last_sentence``: the last sentence that holds a value of the output type.
9. ``abstention``: an answer that says "not computable" (or "cannot be computed"; a bare
   "N/A" is not one: MedCalc-Bench's harness writes it for answers it could not read),
   as the answer value (steps 2–4), after "answer:" or as the whole text -> abstained; the
   explanation keeps the inputs it names as missing. An abstention is an answer: it is right
   where the label is "not computable" too (see analysis.scoring).
10. ``refusal``: no value, but words of refusal ("I cannot calculate …") -> refused.
11. ``none`` -> unparsed.

Finish reason ``length`` makes the status ``truncated`` whatever the cascade found; an answer
the model stated (steps 2–6) is kept for audits (scoring never counts it), a value picked out of
cut-off prose (steps 7–8) is dropped. ``content_filter`` without an answer makes it ``refused``.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..types import Answer, Status
from .values import check_output_type, coerce_value, is_abstention, is_refusal, read_value


def reply_object(text: str, parse_float: Callable[[str], Any] | None = None) -> dict[str, Any]:
    """The JSON object a model replied with (after any reasoning block; past a ```json fence or
    a preamble: from the first "{" to the last "}"); ValueError with a short reason ("no JSON
    object", "invalid JSON: …", "not a JSON object") when there is none. `parse_float=Decimal`
    keeps numbers as written."""
    visible = text.rsplit("</think>", 1)[-1]
    start, end = visible.find("{"), visible.rfind("}")
    if start < 0 or end <= start:
        raise ValueError("no JSON object")
    try:
        obj = json.loads(visible[start:end + 1], parse_float=parse_float)
    except ValueError as exc:
        raise ValueError(f"invalid JSON: {exc}") from None
    if not isinstance(obj, dict):
        raise ValueError("not a JSON object")
    return obj


@dataclass(frozen=True)
class Parsed:
    answer: Answer | None
    status: Status
    explanation: str | None
    method: str
    decimals: int | None = None  # decimal places as written, for numbers ("25.20" -> 2)


_THINK_TAGS = ("think", "thinking", "reasoning")
_ANSWER_KEYS = ("answer", "final_answer", "finalanswer", "final answer", "result", "value",
                "calculated_value", "output", "total_score", "score")
_EXPLANATION_KEYS = ("step_by_step_thinking", "explanation", "reasoning", "thinking", "thoughts",
                     "rationale", "steps", "working", "step_by_step")
_ANSWER_KEY_PAIR = re.compile(
    r"""["'](?:final[_ ]answer|answer)["']\s*:\s*("(?:[^"\\]|\\.)*"|'[^']*'|[^,}\n]+)""", re.I
)
_BOXED = re.compile(r"\\boxed\{((?:[^{}]|\{[^{}]*\})*)\}")
_ANSWER_PHRASE = re.compile(r"(?:final\s+answer|answer)\s*(?:is|:|=|-)\s*[:=]?\s*(.+)", re.I)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z*#(\"'])|\n+")
_JSON = json.JSONDecoder(parse_float=Decimal, strict=False)
_GUESSES = ("bare", "last_sentence")
_BARE_LABEL_WORDS = 5  # without its labels, a category answer standing alone is this short


def _strip_reasoning(text: str) -> tuple[str, str | None]:
    """(visible text, reasoning text or None); linear in the text's length."""
    reasoning: list[str] = []
    visible = text
    for tag in _THINK_TAGS:
        opening, closing = f"<{tag}>", f"</{tag}>"
        lowered = visible.lower()
        first_open = lowered.find(opening)
        close = lowered.rfind(closing, 0, first_open if first_open != -1 else len(lowered))
        if close != -1:
            # Closing tags before any opening one: the prompt's template opened the block.
            reasoning.append(visible[:close].strip())
            visible = visible[close + len(closing):]
            lowered = visible.lower()
        kept: list[str] = []
        pos = 0
        while (start := lowered.find(opening, pos)) != -1:
            kept.append(visible[pos:start])
            end = lowered.find(closing, start + len(opening))
            if end == -1:  # never closed: the rest is reasoning
                reasoning.append(visible[start + len(opening):].strip())
                pos = len(visible)
                break
            reasoning.append(visible[start + len(opening):end].strip())
            kept.append("\n")
            pos = end + len(closing)
        kept.append(visible[pos:])
        visible = "".join(kept)
    return visible.strip(), ("\n\n".join(r for r in reasoning if r) or None)


def _norm_key(key: Any) -> str:
    return re.sub(r"[\s\-]+", "_", str(key).strip().lower())


def _answer_in(obj: dict[str, Any]) -> tuple[bool, Any, Any]:
    """(has an answer key, its value, the explanation value) at the top level or one level down."""
    keys = {_norm_key(k): v for k, v in obj.items()}
    explanation = next((keys[k] for k in _EXPLANATION_KEYS if k in keys), None)
    for k in _ANSWER_KEYS:
        if _norm_key(k) in keys:
            value = keys[_norm_key(k)]
            if isinstance(value, dict):
                inner, inner_value, inner_expl = _answer_in(value)
                if inner:
                    return True, inner_value, explanation if explanation is not None else inner_expl
            return True, value, explanation
    for v in obj.values():
        if isinstance(v, dict):
            inner, inner_value, inner_expl = _answer_in(v)
            if inner:
                return True, inner_value, explanation if explanation is not None else inner_expl
    return False, None, explanation


_JSON_START = re.compile(r'\{\s*["}]')
_PYTHON_START = re.compile(r"\{\s*'")
_MAX_FAILED_STARTS = 200  # bounds the work on long degenerate outputs ("{{{{…")
_MAX_OBJECT_CHARS = 20_000


def _objects(text: str, start: re.Pattern[str], load: Callable[[str, int], tuple[Any, int] | None]) -> list[dict[str, Any]]:
    """Dicts found left to right from each plausible opening brace, skipping what one covers."""
    found: list[dict[str, Any]] = []
    failures, pos = 0, 0
    while failures < _MAX_FAILED_STARTS and (m := start.search(text, pos)):
        got = load(text, m.start())
        if got is not None and isinstance(got[0], dict):
            found.append(got[0])
            pos = got[1]
        else:
            failures += 1
            pos = m.start() + 1
    return found


def _load_json(text: str, pos: int) -> tuple[Any, int] | None:
    try:
        return _JSON.raw_decode(text, pos)
    except (ValueError, RecursionError):
        return None


def _balanced_end(text: str, pos: int) -> int | None:
    depth, quote, i = 0, "", pos
    stop = min(len(text), pos + _MAX_OBJECT_CHARS)
    while i < stop:
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None


def _load_python(text: str, pos: int) -> tuple[Any, int] | None:
    end = _balanced_end(text, pos)
    if end is None:
        return None
    try:
        return ast.literal_eval(text[pos:end]), end
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def _explanation_text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, list):
        return "\n".join(str(v) for v in value)
    return str(value)


def _decide(value: Any, output_type: str,
            categories: Sequence[str] | None = None) -> tuple[Answer | None, Status, int | None]:
    answer, decimals = coerce_value(value, output_type, categories)
    if answer is not None:
        return answer, "ok", decimals
    if isinstance(value, str) and is_abstention(value):
        return None, "abstained", None
    if isinstance(value, str) and is_refusal(value):
        return None, "refused", None
    return None, "unparsed", None


def _structured(visible: str, output_type: str, categories: Sequence[str] | None = None
                ) -> tuple[str, Answer | None, Status, int | None, str | None] | None:
    for method, start, load in (("json", _JSON_START, _load_json), ("python_dict", _PYTHON_START, _load_python)):
        hits = [o for o in _objects(visible, start, load) if _answer_in(o)[0]]
        if hits:
            _, value, explanation = _answer_in(hits[-1])
            answer, status, decimals = _decide(value, output_type, categories)
            return method, answer, status, decimals, _explanation_text(explanation)
    pairs = list(_ANSWER_KEY_PAIR.finditer(visible))
    if pairs:
        raw = pairs[-1].group(1).strip()
        if raw[:1] in "\"'" and raw[-1:] == raw[:1] and len(raw) >= 2:
            raw = raw[1:-1].replace('\\"', '"')
        answer, status, decimals = _decide(raw, output_type, categories)
        return "answer_key", answer, status, decimals, visible  # the object is broken: keep it whole
    return None


def _free_text(visible: str, output_type: str,
               categories: Sequence[str] | None = None) -> tuple[str, Answer | None, int | None] | None:
    plain = visible.replace("**", "").replace("__", "")
    boxed = _BOXED.findall(plain)
    for content in reversed(boxed):
        content = re.sub(r"\\(?:text|mathrm|mbox)\{([^{}]*)\}", r"\1", content).replace("\\,", "").replace("\\%", "%")
        answer, decimals = read_value(content, output_type, categories)
        if answer is not None:
            return "boxed", answer, decimals
    for m in reversed(list(_ANSWER_PHRASE.finditer(plain))):
        answer, decimals = read_value(m.group(1), output_type, categories)
        if answer is not None:
            return "answer_phrase", answer, decimals
    lines = [ln for ln in plain.splitlines() if ln.strip()]
    unlabelled = output_type == "category" and not categories
    if len(lines) == 1 and len(lines[0]) <= 80 and not (unlabelled and len(lines[0].split()) > _BARE_LABEL_WORDS):
        answer, decimals = read_value(lines[0], output_type, categories)
        if answer is not None:
            return "bare", answer, decimals
    if unlabelled:
        return None  # without the labels a sentence cannot be told from a label
    for sentence in reversed(_SENTENCE_END.split(plain)):
        if sentence.strip():
            answer, decimals = read_value(sentence, output_type, categories)
            if answer is not None:
                return "last_sentence", answer, decimals
    return None


def parse_answer(text: str, output_type: str, finish_reason: str | None = None,
                 categories: Sequence[str] | None = None) -> Parsed:
    """Read the answer of one model output; see the module docstring for the cascade.
    `categories`: the labels a category answer may take (found in the reply as `values`
    says); without them a category answer is read only where it stands alone."""
    check_output_type(output_type)
    if text is None:
        text = ""
    if not isinstance(text, str):
        raise TypeError(f"parse_answer needs the model's text (a str), got {type(text).__name__}")

    def done(answer: Answer | None, status: Status, explanation: str | None, method: str,
             decimals: int | None = None) -> Parsed:
        if finish_reason == "length":
            status = "truncated"
            if method in _GUESSES:  # a value picked out of cut-off prose is not the model's answer
                answer = None
        elif finish_reason == "content_filter" and status != "ok":
            status, method = "refused", "content_filter"
        return Parsed(answer, status, explanation, method, decimals if answer is not None else None)

    if not text.strip():
        return done(None, "unparsed", None, "empty")
    visible, reasoning = _strip_reasoning(text)
    if not visible:
        return done(None, "unparsed", reasoning, "think_only")
    got = _structured(visible, output_type, categories)
    if got is not None:
        method, answer, status, decimals, explanation = got
        if status == "abstained":  # keep what it says is missing
            explanation = explanation or visible
        return done(answer, status, explanation or reasoning, method, decimals)
    free = _free_text(visible, output_type, categories)
    if free is not None:
        method, answer, decimals = free
        explanation = reasoning if method == "bare" else visible
        return done(answer, "ok", explanation, method, decimals)
    plain = visible.replace("**", "").replace("__", "")
    phrases = [m.group(1) for m in _ANSWER_PHRASE.finditer(plain)]
    if is_abstention(plain) or (phrases and is_abstention(phrases[-1])):
        return done(None, "abstained", visible, "abstention")
    if is_refusal(visible):
        return done(None, "refused", visible, "refusal")
    return done(None, "unparsed", visible, "none")
