"""Prompting strategies: a Case and a ModelClient in, an Outcome out.

| name | what the model is asked | default max_tokens |
|---|---|---|
| `direct` | the answer only, as JSON `{"answer": ...}` | 64 |
| `zero_shot_cot` | step-by-step working, then the answer, as JSON `{"reasoning": ..., "answer": ...}` | 1024 |
| `one_shot_cot` | the same, after one worked exemplar of the same calculator (from the one-shot set) | 1024 |

A strategy's `version` ("<strategy version>+p<prompt version>") is part of every attempt key.
A model request that fails (ModelError) becomes an Outcome with status `error`; parsing is
`extract.parse_answer`, whose status (ok, unparsed, truncated, refused) is kept apart from
correctness.
"""

from __future__ import annotations

import inspect
from typing import Any

from . import prompts
from .meter import Meter
from .types import Case, Completion, ModelClient, ModelError, Outcome, Usage


class PromptStrategy:
    """One request, one parsed answer. Subclasses say how the messages are built."""

    name = ""
    strategy_version = "1"
    default_gen: dict[str, Any] = {"temperature": 0.0}

    @property
    def version(self) -> str:
        return f"{self.strategy_version}+p{prompts.PROMPT_VERSION}"

    def messages(self, case: Case) -> list[dict[str, Any]]:
        raise NotImplementedError

    def check(self, cases: list[Case]) -> None:
        """Raise ValueError before a run starts if some case cannot be prompted."""

    def trace_of(self, case: Case) -> dict[str, Any]:
        """What to record about how the prompt was built, beyond the messages."""
        return {}

    def run(self, case: Case, model: ModelClient, gen: dict[str, Any]) -> Outcome:
        from .extract import parse_answer

        messages = self.messages(case)
        trace: dict[str, Any] = {"messages": messages, **self.trace_of(case)}
        meter = Meter(model)
        try:
            completion: Completion = meter.chat(messages, gen)
        except ModelError as exc:
            return meter.outcome(raw="", answer=None, status="error", error=str(exc), trace=trace)
        parsed = parse_answer(completion.text, case.output_type, completion.finish_reason)
        trace.update(finish_reason=completion.finish_reason, parse_method=parsed.method,
                     answer_decimals=parsed.decimals, served_by=completion.model)
        if completion.reasoning:
            trace["reasoning"] = completion.reasoning
        return Outcome(
            raw=completion.text,
            answer=parsed.answer,
            status=parsed.status,
            explanation=parsed.explanation,
            trace=trace,
            usage=completion.usage or Usage(),
            latency_s=completion.latency_s,
            model_calls=1,
        )


class Direct(PromptStrategy):
    name = "direct"
    default_gen = {"temperature": 0.0, "max_tokens": 64}

    def messages(self, case: Case) -> list[dict[str, Any]]:
        return [{"role": "system", "content": prompts.SYSTEM},
                prompts.user_message(case, prompts.DIRECT_INSTRUCTION)]


class ZeroShotCoT(PromptStrategy):
    name = "zero_shot_cot"
    default_gen = {"temperature": 0.0, "max_tokens": 1024}

    def messages(self, case: Case) -> list[dict[str, Any]]:
        return [{"role": "system", "content": prompts.SYSTEM},
                prompts.user_message(case, prompts.STEP_BY_STEP_INSTRUCTION)]


class OneShotCoT(PromptStrategy):
    """Zero-shot CoT preceded by one worked exemplar of the same calculator: the exemplar's note
    and question as a user turn, its explanation and answer as the assistant's JSON reply."""

    name = "one_shot_cot"
    default_gen = {"temperature": 0.0, "max_tokens": 1024}

    def __init__(self, exemplars: dict[int, Case] | None = None):
        self._exemplars = exemplars

    @property
    def exemplars(self) -> dict[int, Case]:
        if self._exemplars is None:
            from .datasets import load_one_shot

            self._exemplars = load_one_shot()
        return self._exemplars

    def exemplar(self, case: Case) -> Case:
        ex = self.exemplars.get(case.calculator_id) if case.calculator_id is not None else None
        if ex is None:
            raise ValueError(
                f"one_shot_cot has no exemplar for calculator {case.calculator_id} "
                f"({case.calculator_name}); the one-shot set covers calculators "
                f"{', '.join(str(k) for k in sorted(self.exemplars))}"
            )
        return ex

    def check(self, cases: list[Case]) -> None:
        missing = sorted({f"{c.calculator_id} ({c.calculator_name})" for c in cases
                          if c.calculator_id not in self.exemplars})
        if missing:
            raise ValueError(f"one_shot_cot has no exemplar for calculator(s): {', '.join(missing)}")
        for c in cases:
            prompts.exemplar_reply(self.exemplar(c))  # raises if an exemplar has no explanation

    def trace_of(self, case: Case) -> dict[str, Any]:
        ex = self.exemplar(case)
        # The one-shot set reuses a test note for one v1.0 row (191): flag it for audits.
        return {"exemplar": ex.id, "exemplar_is_this_note": ex.note.strip() == case.note.strip()}

    def messages(self, case: Case) -> list[dict[str, Any]]:
        ex = self.exemplar(case)
        return [
            {"role": "system", "content": prompts.SYSTEM},
            prompts.user_message(ex, prompts.STEP_BY_STEP_INSTRUCTION),
            {"role": "assistant", "content": prompts.exemplar_reply(ex)},
            prompts.user_message(case, prompts.STEP_BY_STEP_INSTRUCTION),
        ]


STRATEGIES: dict[str, type[PromptStrategy]] = {
    s.name: s for s in (Direct, ZeroShotCoT, OneShotCoT)
}

# Program of thought, MedRaC, formula RAG, Self-Refine, MedPrompt kNN few-shot (issue 5). These
# modules import nothing heavy at load time (sandbox, bm25s, torch load when a strategy runs).
from .knn import MedPrompt  # noqa: E402
from .program import Code, RagCode  # noqa: E402
from .rag import Rag  # noqa: E402
from .refine import SelfRefine  # noqa: E402

STRATEGIES.update({s.name: s for s in (Code, Rag, RagCode, SelfRefine, MedPrompt)})  # type: ignore[misc]

# Calculator-backed arms (issue 5): schema-constrained extraction, and calculator tools.
from .agent import Tools  # noqa: E402
from .extraction import Extract  # noqa: E402

STRATEGIES.update({s.name: s for s in (Extract, Tools)})  # type: ignore[misc]


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """"extract:max_repairs=1,split_findings=false" -> ("extract", {"max_repairs": "1", ...})."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"strategy parameter {item!r} in {spec!r} must be key=value")
        params[key.strip()] = value.strip()
    return name.strip(), params


def _coerce(strategy: str, key: str, text: str, default: Any) -> Any:
    """A parameter's text as the type of its default (bool, int, float or str)."""
    if isinstance(default, bool):
        words = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}
        if text.lower() in words:
            return words[text.lower()]
        raise ValueError(f"{strategy} parameter {key}: got {text!r}; expected true or false")
    for kind, expected in ((int, "a whole number"), (float, "a number")):
        if isinstance(default, kind):
            try:
                return kind(text)
            except ValueError:
                raise ValueError(f"{strategy} parameter {key}: got {text!r}; expected {expected}") from None
    return text


def strategy_parameters(cls: type) -> dict[str, Any]:
    """The constructor parameters a spec may set: those with a bool, number or string default."""
    sig = inspect.signature(cls.__init__)
    return {p.name: p.default for p in sig.parameters.values()
            if isinstance(p.default, bool | int | float | str)}


def get_strategy(spec: str) -> PromptStrategy:
    """A strategy from its name, optionally with constructor parameters:
    ``extract:max_repairs=1,split_findings=false``. The parameters show in the version, so runs
    of different settings never share attempts."""
    name, params = parse_spec(spec)
    if name not in STRATEGIES:
        raise ValueError(f"unknown strategy {name!r}; known: {', '.join(STRATEGIES)}")
    cls = STRATEGIES[name]
    allowed = strategy_parameters(cls)
    unknown = sorted(set(params) - set(allowed))
    if unknown:
        raise ValueError(f"{name} has no parameter {', '.join(unknown)}; its parameters: "
                         f"{', '.join(f'{k} (default {v})' for k, v in allowed.items()) or 'none'}")
    return cls(**{k: _coerce(name, k, v, allowed[k]) for k, v in params.items()})
