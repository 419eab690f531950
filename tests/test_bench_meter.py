"""Meter: requests, tokens and time of one attempt, failed requests included."""

from __future__ import annotations

import pytest

from medreckon.bench.models import Meter
from medreckon.bench.strategies import get_strategy
from medreckon.bench.types import Case, ModelError, Usage
from scripted import GEN, Scripted

CASE = Case(id="1", calculator_id=6, calculator_name="Body Mass Index (BMI)", note="A man, 81 kg, 180 cm.",
            question="What is the patient's BMI?", ground_truth=25.0, lower=23.75, upper=26.25,
            output_type="decimal", category="physical", entities={}, dataset="test", dataset_version="1")


def test_requests_tokens_and_latency_are_summed():
    meter = Meter(Scripted("a", "b"))
    meter.chat([{"role": "user", "content": "x"}], GEN)
    meter.chat([{"role": "user", "content": "y"}], GEN, response_format={"type": "json_object"})
    out = meter.outcome(raw="b", answer=None, status="unparsed")
    assert (out.model_calls, out.usage, out.latency_s) == (2, Usage(200, 40), 1.0)
    assert meter.model.requests[1]["response_format"] == {"type": "json_object"}


def test_a_failed_request_counts_with_the_time_it_took():
    meter = Meter(Scripted("a", ModelError("server gone"), delay_s=0.05))
    meter.chat([{"role": "user", "content": "x"}], GEN)
    with pytest.raises(ModelError):
        meter.chat([{"role": "user", "content": "y"}], GEN)
    assert meter.calls == 2 and meter.usage == Usage(100, 20)
    assert 0.5 + 0.05 <= meter.latency_s < 0.5 + 5


@pytest.mark.parametrize("strategy", ["direct", "zero_shot_cot", "extract", "extract:configuration=plain"])
def test_an_attempt_that_ends_in_a_model_error_reports_its_time(strategy):
    class Model(Scripted):
        supports_logprobs = True  # the default pipeline scores some choices by log-probability

    out = get_strategy(strategy).run(CASE, Model(ModelError("timeout"), delay_s=0.05), GEN)
    assert out.status == "error" and out.model_calls == 1 and out.latency_s >= 0.05


def test_extract_without_log_probabilities_is_an_error_attempt_that_says_why():
    out = get_strategy("extract").run(CASE, Scripted({}), GEN)
    assert out.status == "error" and "log-probability" in out.error and out.model_calls == 0
