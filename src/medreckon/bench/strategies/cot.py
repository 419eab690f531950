"""The published prompting baselines: one request, the answer parsed from the reply.

| name | what the model is asked | default max_tokens |
|---|---|---|
| `direct` | the answer only, as JSON `{"answer": ...}` | 64 |
| `zero_shot_cot` | step-by-step working, then the answer, as JSON `{"reasoning": ..., "answer": ...}` | 1024 |
| `one_shot_cot` | the same, after one worked exemplar of the same calculator (from the one-shot set) | 1024 |
"""

from __future__ import annotations

from typing import Any

from ..types import Case
from . import prompts, register
from .base import PromptStrategy


@register
class Direct(PromptStrategy):
    name = "direct"
    description = "The answer only, as JSON, in one request (MedCalc-Bench's direct prompt)."
    default_gen = {"temperature": 0.0, "max_tokens": 64}

    def messages(self, case: Case) -> list[dict[str, Any]]:
        return [{"role": "system", "content": prompts.SYSTEM},
                prompts.user_message(case, prompts.DIRECT_INSTRUCTION)]


@register
class ZeroShotCoT(PromptStrategy):
    name = "zero_shot_cot"
    description = "Step-by-step working, then the answer, as JSON, in one request (zero-shot chain of thought)."
    default_gen = {"temperature": 0.0, "max_tokens": 1024}

    def messages(self, case: Case) -> list[dict[str, Any]]:
        return [{"role": "system", "content": prompts.SYSTEM},
                prompts.user_message(case, prompts.STEP_BY_STEP_INSTRUCTION)]


@register
class OneShotCoT(PromptStrategy):
    """Zero-shot CoT preceded by one worked exemplar of the same calculator: the exemplar's note
    and question as a user turn, its explanation and answer as the assistant's JSON reply."""

    name = "one_shot_cot"
    description = "Zero-shot CoT after one worked exemplar of the same calculator (MedCalc-Bench's one-shot set)."
    default_gen = {"temperature": 0.0, "max_tokens": 1024}

    def __init__(self, exemplars: dict[int, Case] | None = None):
        self._exemplars = exemplars

    @property
    def exemplars(self) -> dict[int, Case]:
        if self._exemplars is None:
            from ..datasets import load_one_shot

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
