"""A `verifiers` environment: a dataset with the columns verifiers reads (``prompt`` chat
messages, ``answer`` text, ``info`` with the case as JSON text) and reward functions taking
``completion``, ``answer`` and ``info`` (correctness under the bench's rules; an optional
format reward).

`load_environment(...)` builds a `verifiers.SingleTurnEnv` when verifiers (and `datasets`) are
installed; `dataset_rows` and the reward functions work without them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from ..generator import Generator
from ..verify import reward
from .exports import answer_text, messages


def dataset_rows(n: int, calculators: Iterable[str | int] | str | None = None, *, level: str = "medium",
                 seed: int = 0) -> list[dict[str, Any]]:
    out = []
    for case in Generator(calculators, seed=seed, level=level).generate(n):
        out.append({"prompt": messages(case), "answer": answer_text(case), "task": "medreckon",
                    "info": {"calculator": case["calculator"], "case": json.dumps(case, ensure_ascii=False)}})
    return out


def _case(info: Any) -> Any:
    if isinstance(info, Mapping):
        record = info.get("case")
        return json.loads(record) if isinstance(record, str) else record
    return None


def _text(completion: Any) -> Any:
    if isinstance(completion, list):
        texts = [m.get("content") for m in completion if isinstance(m, Mapping) and m.get("role") == "assistant"]
        return texts[-1] if texts else None
    return completion


def _graded(completion: Any, info: Any) -> Any:
    """The verifier's reward for the completion, or None when `info` holds no readable case."""
    try:
        case = _case(info)
    except ValueError:
        return None
    return None if case is None else reward(_text(completion), case)


def correct_reward(completion: Any, answer: str, info: Any = None, **kwargs: Any) -> float:
    """1.0 when the completion's answer is right for the case (relative ±1%), else 0.0."""
    got = _graded(completion, info)
    return 1.0 if got is not None and got.correct else 0.0


def format_reward(completion: Any, answer: str, info: Any = None, **kwargs: Any) -> float:
    """1.0 when the answer came as \\boxed{…} or a JSON answer key, whatever its value."""
    got = _graded(completion, info)
    return 1.0 if got is not None and got.formatted else 0.0


def load_environment(n: int = 1000, calculators: Iterable[str | int] | str | None = None, *, level: str = "medium",
                     seed: int = 0, format_weight: float = 0.1, **kwargs: Any):
    """A verifiers SingleTurnEnv over n generated cases (needs `pip install verifiers datasets`)."""
    try:
        import verifiers as vf
        from datasets import Dataset
    except ImportError:
        raise RuntimeError("load_environment needs the verifiers and datasets packages "
                           "(pip install verifiers datasets); dataset_rows and the reward functions do not") from None
    data = Dataset.from_list(dataset_rows(n, calculators, level=level, seed=seed))
    rubric = vf.Rubric(funcs=[correct_reward, format_reward], weights=[1.0 - format_weight, format_weight])
    return vf.SingleTurnEnv(dataset=data, rubric=rubric, **kwargs)
