"""Decisions by log-probability: the arithmetic on its own, then the embedded model in process
and behind an OpenAI-compatible server on a few hand-written sentences (marked embedded)."""

import math

import pytest

from medreckon.bench.models import Meter
from medreckon.bench.models.clients import option_scores
from medreckon.bench.types import ModelClient
from medreckon.reading.decisions import (
    DecisionUnavailable,
    calibrate,
    normalised,
    option_logprobs,
    yes_probability,
)
from pace import model_seconds


def test_option_scores_sum_the_spellings_of_an_option():
    tokens = [(" yes", math.log(0.5)), ("Yes", math.log(0.2)), ("No", math.log(0.1)), ("y", math.log(0.05)),
              ("yellow", math.log(0.1))]
    got = option_scores(tokens, ["yes", "no"])
    assert got["yes"] == pytest.approx(math.log(0.75)) and got["no"] == pytest.approx(math.log(0.1))
    assert option_scores([("B", -1.0)], ["A", "B"])["A"] == float("-inf")
    p = normalised({"yes": math.log(0.3), "no": math.log(0.1)})
    assert p == pytest.approx({"yes": 0.75, "no": 0.25})
    assert normalised({"yes": float("-inf"), "no": float("-inf")}) == {"yes": 0.0, "no": 0.0}


def test_calibrate_picks_the_separating_threshold_and_reports_it():
    examples = [(0.9, True), (0.8, True), (0.62, True), (0.55, False), (0.4, False), (0.1, False)]
    c = calibrate(examples, bins=2)
    assert 0.55 < c.threshold <= 0.62 and c.accuracy == 1.0 and c.balanced_accuracy == 1.0
    assert c.bins[0][2] == 2 and c.bins[1][2] == 4 and c.to_dict()["n"] == 6
    assert c.bins[0][3] == 0.0 and c.bins[1][3] == 0.75
    assert calibrate(examples, bins=10).bins[7][3] is None  # no example in [0.7, 0.8): no share
    assert c.brier == pytest.approx(sum((p - y) ** 2 for p, y in examples) / 6)
    with pytest.raises(ValueError, match="labelled yes and no"):
        calibrate([(0.9, True)])
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        calibrate([(1.5, True), (0.1, False)])


def test_a_client_that_cannot_score_options_says_so():
    class TextOnly(ModelClient):
        name = "text-only"

        def chat(self, messages, **kw):
            raise AssertionError("not called")

    with pytest.raises(DecisionUnavailable, match="text-only cannot score options"):
        option_logprobs(Meter(TextOnly()), [{"role": "user", "content": "x"}], ["yes", "no"])


SENTENCES = [  # (note, criterion, does the criterion apply?)
    ("A 71-year-old with liver cirrhosis. No history of stroke.", "a prior stroke", False),
    ("A 71-year-old with liver cirrhosis. No history of stroke.", "liver cirrhosis", True),
    ("He had a stroke in 2015 with mild residual weakness.", "a prior stroke", True),
    ("She denies chest pain. She has type 2 diabetes on metformin.", "diabetes", True),
]


def question(note, criterion):
    return [{"role": "system", "content": "You answer questions about clinical notes."},
            {"role": "user", "content": f"Patient note:\n{note}\n\nQuestion: does the note say that the "
                                        f"patient has {criterion}? Answer with one word: yes or no."}]


@pytest.mark.embedded
def test_the_embedded_model_scores_yes_and_no_without_generating(embedded_model_path):
    from medreckon.bench.models import connect

    meter = Meter(connect("embedded", timeout=model_seconds(1, prompt_tokens=200), max_retries=0))
    got = [yes_probability(meter, question(n, c)) for n, c, _ in SENTENCES]
    assert all(p is not None and 0.0 <= p <= 1.0 for p in got)
    assert [p >= 0.5 for p in got] == [y for _, _, y in SENTENCES], got
    assert meter.calls == len(SENTENCES) and meter.usage.completion_tokens == 0
    calibrated = calibrate(list(zip(got, [y for *_, y in SENTENCES], strict=True)))
    assert calibrated.balanced_accuracy == 1.0


@pytest.mark.embedded
def test_an_openai_compatible_server_scores_from_top_logprobs(embedded_model_path, tmp_path, monkeypatch):
    from medreckon.bench.models import connect
    from test_bench_e2e import llama_server

    # llama.cpp's server returns logprobs only for a model loaded with logits_all
    with llama_server(embedded_model_path, tmp_path, ("--logits_all", "true")) as base:
        monkeypatch.setenv("LLAMASERVER_BASE_URL", base)
        meter = Meter(connect("openai-api/llamaserver/embedded", timeout=model_seconds(1, prompt_tokens=200),
                              max_retries=0))
        got = [yes_probability(meter, question(n, c)) for n, c, _ in SENTENCES[:2]]
    assert got[0] is not None and got[1] is not None and got[0] < 0.5 < got[1], got
