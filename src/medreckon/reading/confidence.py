"""Confidence: how often an input settled the way this one was is right, and how likely the case's
answer is right, both calibrated on a design sample (`calibration.json`, fitted by
`reading.calibration` from runs whose answers and inputs were checked against the dataset's).

An input's confidence is looked up by what settled it, most specific first: its kind, method and
state ("boolean:context:absent"), then kind and method, then method, each used once the design
sample saw it `min_n` times ((right + 1) / (n + 2)); a person's value is 1. The case's raw score
is the product of the confidences of the inputs that matter (another value would change the
result), mapped through the design sample's isotonic fit of raw score -> share right. A case
under `threshold` needs review. Before any fit (no table) inputs get `prior` and the case its raw
score, and no threshold: every case needs review.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..calculators.describe import describe_inputs
from ..calculators.spec import Calculator, Result
from ..errors import CalculatorInputError
from .result import InputReading, Source

TABLE = Path(__file__).parent / "calibration.json"
DRIVERS = 3  # inputs named as driving a case's confidence
LOGPROB_BINS = (0.5, 0.8)  # a choice question's top calibrated probability: under 0.5, to 0.8, above


@functools.cache
def table() -> dict[str, Any]:
    """The fitted calibration (see the module docstring)."""
    return json.loads(TABLE.read_text())


def table_fingerprint() -> str:
    return hashlib.sha256(TABLE.read_bytes()).hexdigest()


def _state(r: InputReading) -> str:
    d = r.detail
    if r.method in ("context", "phrases") and r.kind == "boolean":
        return str(d.get("state", ""))
    if r.method == "named_mention":
        return "named_before" if d.get("rank", 0) < 1 else "named_after"
    if r.method == "logprob" and isinstance(d.get("p_options"), Mapping) and d["p_options"]:
        top = max(d["p_options"].values())
        return "low" if top < LOGPROB_BINS[0] else "middle" if top < LOGPROB_BINS[1] else "high"
    if r.method in ("json_request", "mention_choice", "finding_question", "logprob") and r.value is None:
        return "null"
    return "read_as" if "read_as" in d else ""


def buckets(r: InputReading) -> tuple[str, ...]:
    """The keys an input's confidence is looked up by, most specific first."""
    return (f"{r.kind}:{r.method}:{_state(r)}", f"{r.kind}:{r.method}", r.method)


def input_confidence(r: InputReading, fitted: Mapping[str, Any] | None = None) -> float:
    """The calibrated probability that this input is right (see the module docstring)."""
    if r.source == Source.PERSON:
        return 1.0
    fitted = table() if fitted is None else fitted
    counts = fitted.get("inputs", {})
    for key in buckets(r):
        right, n = counts.get(key, (0, 0))
        if n >= fitted.get("min_n", 10):
            return round((right + 1) / (n + 2), 4)
    return float(fitted.get("prior", 0.9))


def _alternatives(choices: tuple[str, ...], r: InputReading) -> list[Any]:
    if r.kind == "boolean":
        return [not r.value] if r.value is not None else [True]
    return [v for v in choices if v != r.value] if r.kind == "choice" else []


def matters(calc: Calculator, readings: Mapping[str, InputReading], arguments: Mapping[str, Any],
            result: Result) -> dict[str, bool]:
    """For each input, whether another value would change the rounded result: a finding flipped,
    another option of a choice; a quantity always matters (any other number may)."""
    out = {}
    choices = {s.name: s.choices for s in describe_inputs(calc)}
    for name, r in readings.items():
        if r.kind not in ("boolean", "choice") or r.source == Source.PERSON:
            out[name] = r.kind not in ("boolean", "choice")
            continue
        changed = False
        for alt in _alternatives(choices.get(name, ()), r)[:8]:
            try:
                changed = calc.calculate({**arguments, name: alt}).rounded != result.rounded
            except CalculatorInputError:
                changed = True  # the calculator cannot take the other value: it is not indifferent
            if changed:
                break
        out[name] = changed
    return out


def calibrated_case(raw: float, fitted: Mapping[str, Any] | None = None) -> float:
    """The design sample's share right at this raw score (its isotonic fit: [[upper raw, share], ...]
    ascending), or the raw score before any fit."""
    fitted = table() if fitted is None else fitted
    steps = fitted.get("case") or []
    for upper, share in steps:
        if raw <= upper:
            return float(share)
    return float(steps[-1][1]) if steps else raw


def raw_score(readings: Mapping[str, InputReading]) -> float:
    """The product of the confidences of the inputs that matter."""
    logs = [math.log(max(r.confidence or 0.0, 1e-9)) for r in readings.values() if r.matters]
    return round(math.exp(sum(logs)), 6)


def drivers(readings: Mapping[str, InputReading]) -> tuple[str, ...]:
    """The inputs that pull the case's confidence down most, least sure first."""
    unsure = [r for r in readings.values() if r.matters and (r.confidence or 0.0) < 1.0]
    unsure.sort(key=lambda r: (r.confidence or 0.0, r.name))
    return tuple(r.name for r in unsure[:DRIVERS])


def case_confidence(calc: Calculator, readings: Mapping[str, InputReading], arguments: Mapping[str, Any],
                    result: Result, fitted: Mapping[str, Any] | None = None,
                    ) -> tuple[dict[str, InputReading], float, tuple[str, ...]]:
    """(each input with its confidence and whether it matters, the case's confidence, its drivers)."""
    which = matters(calc, readings, arguments, result)
    scored = {n: replace(r, confidence=input_confidence(r, fitted), matters=which[n]) for n, r in readings.items()}
    return scored, round(calibrated_case(raw_score(scored), fitted), 4), drivers(scored)


def threshold(fitted: Mapping[str, Any] | None = None) -> float | None:
    """The case confidence under which a reading needs review (fixed on the design sample)."""
    fitted = table() if fitted is None else fitted
    value = fitted.get("threshold")
    return None if value is None else float(value)
