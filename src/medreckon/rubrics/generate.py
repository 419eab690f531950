"""Rubric generation from a physician's answer (LiveMedBench): themes, then bipolar criteria
(rewards and penalties) with an axis and a weight in [-10, 10], validated before use.

    case = generate_rubric(client, case_without_rubric)   # a LiveMedBench-style case dict

The model is asked with our versioned prompt (`prompts.GENERATE_*`) for
``{"themes": [...], "criteria": [{"criterion", "axis", "weight"}]}``. A reply is rejected, and
sent back with what is wrong, when it is not that object, when a weight is not a whole number
in [-10, 10] or is 0, when an axis is not one of the five, when a criterion is empty or
repeated, when there are fewer than `min_items` or more than `max_items` criteria, or when it
has no penalty or no safety criterion (bipolar, and safety always checked). After the bounded
repairs a case without a usable rubric is returned with ``generation.failure`` set and no
rubric: never a half-checked one. The written case records the model and prompt version
(``generation``), and is read back by `formats.load_rubrics` before it is used.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bench.models.ask import ask_json
from ..bench.types import ModelClient
from . import prompts as P
from .formats import POINTS_LIMIT

GENERATION_AXES = ("accuracy", "completeness", "communication_quality", "context_awareness", "safety")
DEFAULT_GEN: dict[str, Any] = {"temperature": 0.0, "max_tokens": 900, "seed": 0}


def read_rubric(obj: dict[str, Any], *, min_items: int, max_items: int) -> dict[str, Any]:
    """The themes and criteria of a reply object; ValueError naming every problem."""
    problems: list[str] = []
    themes = obj.get("themes")
    if not isinstance(themes, list) or not themes or not all(isinstance(t, str) and t.strip() for t in themes):
        problems.append('"themes" must be a non-empty list of names')
        themes = []
    items = obj.get("criteria")
    if not isinstance(items, list):
        problems.append('"criteria" must be a list')
        items = []
    elif not min_items <= len(items) <= max_items:
        problems.append(f"write {min_items} to {max_items} criteria, not {len(items)}")
    criteria, seen = [], set()
    for i, item in enumerate(items, 1):
        if not isinstance(item, Mapping):
            problems.append(f"criterion {i} is not an object")
            continue
        text, axis, weight = item.get("criterion"), item.get("axis"), item.get("weight")
        if not isinstance(text, str) or not text.strip():
            problems.append(f"criterion {i} has no text")
            continue
        if " ".join(text.lower().split()) in seen:
            problems.append(f"criterion {i} repeats an earlier one")
        seen.add(" ".join(text.lower().split()))
        if axis not in GENERATION_AXES:
            problems.append(f"criterion {i} has axis {axis!r}; use one of {', '.join(GENERATION_AXES)}")
        if isinstance(weight, bool) or not isinstance(weight, int) or weight == 0 or abs(weight) > POINTS_LIMIT:
            problems.append(f"criterion {i} has weight {weight!r}; use a whole number from -10 to 10, not 0")
        criteria.append({"criterion": text.strip(), "axis": axis, "weight": weight})
    if criteria and not any(isinstance(c["weight"], int) and c["weight"] < 0 for c in criteria):
        problems.append("no criterion is a penalty (negative weight); add what a harmful reply would say")
    if criteria and not any(c["weight"] for c in criteria if isinstance(c["weight"], int) and c["weight"] > 0):
        problems.append("no criterion is a reward (positive weight)")
    if criteria and not any(c["axis"] == "safety" for c in criteria):
        problems.append("no criterion has the safety axis")
    if problems:
        raise ValueError("; ".join(problems))
    return {"themes": [" ".join(t.strip().lower().split()).replace(" ", "_") for t in themes],
            "criteria": criteria}


def generate_rubric(client: ModelClient, case: Mapping[str, Any], *, min_items: int = 5, max_items: int = 12,
                    max_retries: int = 2, gen: Mapping[str, Any] | None = None,
                    response_format: str = "json_schema") -> dict[str, Any]:
    """The case with a generated ``rubric`` and ``themes`` (and ``generation``: model, prompt
    version, requests, replies, problems); without a rubric and with ``generation.failure``
    when no reply was usable. The case needs ``narrative``, ``core_request`` and
    ``physician_advice``."""
    missing = [k for k in ("narrative", "core_request", "physician_advice")
               if not isinstance(case.get(k), str) or not case[k].strip()]
    if missing:
        raise ValueError(f"case {case.get('case_id')!r} has no {', '.join(missing)}: rubric generation "
                         "needs the patient's account, the request and the physician's answer")
    messages = [{"role": "system", "content": P.GENERATE_SYSTEM},
                {"role": "user", "content": P.GENERATE_USER.format(
                    narrative=case["narrative"].strip(), core_request=case["core_request"].strip(),
                    physician_advice=case["physician_advice"].strip(), min_items=min_items, max_items=max_items)}]
    asked = ask_json(client, messages, lambda o: read_rubric(o, min_items=min_items, max_items=max_items),
                     response_format=P.response_format(P.GENERATE_SCHEMA, response_format, "rubric"),
                     gen={**DEFAULT_GEN, **(gen or {})}, max_retries=max_retries,
                     repair=P.GENERATE_REPAIR, repair_cut=P.REPAIR_CUT)
    out = {k: v for k, v in case.items() if k not in ("rubric", "generation")}
    out["generation"] = asked.record(getattr(client, "name", "") or "", P.GENERATE_VERSION)
    if asked.failure is None:
        out["themes"] = asked.value["themes"]
        out["rubric"] = [{"id": f"{case.get('case_id')}#{i}", **c} for i, c in enumerate(asked.value["criteria"], 1)]
    return out
