"""Issue 31 against the real thing: llama-cpp-python's OpenAI-compatible server (`python -m
llama_cpp.server`) on the embedded model, probed, then `extract` through `openai-api/...` on one
real MedCalc-Bench case. The server answers response_format json_schema with a 500, so the run
works only if the JSON Schema request falls back to json_object + the schema in the prompt.
Kept small: calculator 61 (target weight, a one-line note; the target BMI is asked of the model).
"""

from __future__ import annotations

import json

import pytest

from medreckon.bench.models import connect, openai_api
from medreckon.bench.models.probe import probe
from medreckon.bench.runs.runner import RunSettings, run
from medreckon.bench.runs.store import Store
from medreckon.bench.strategies import get_strategy
from test_bench_e2e import llama_server


@pytest.mark.embedded
def test_probe_and_extract_through_llama_cpp_python_s_server(embedded_model_path, medcalc_cases, tmp_path,
                                                              monkeypatch):
    (case,) = medcalc_cases("61")
    monkeypatch.setattr(openai_api, "_PROBED", {})
    with llama_server(embedded_model_path, tmp_path, ("--n_ctx", "4096")) as base:
        monkeypatch.setenv("LLAMASERVER_BASE_URL", base)
        client = connect("openai-api/llamaserver/embedded", timeout=300, max_retries=1, concurrency=1)
        found = probe(client)
        checks = {c.name: c for c in found.checks}
        assert not checks["JSON Schema"].works and "500" in checks["JSON Schema"].detail, checks
        assert checks["JSON object with schema"].detail == "enforced", checks
        assert not checks["native tool calls"].works  # llama-cpp-python: no tool_calls for "required"
        assert checks["log-probabilities"].works  # the server's default --logits_all true
        assert (found.used.structured, found.used.tools, found.used.logprobs) == ("json_object", False, True)

        with Store(tmp_path / "run", create=True) as store:
            progress = run(store, [case], get_strategy("extract"), client,
                           RunSettings(model=client.name, strategy="extract"))
            (attempt,) = store.attempts()
            recorded = store.config()["capabilities"]
    log = (tmp_path / "server.log").read_text()
    assert progress.done == 1 and recorded["structured"] == "json_object"
    outcome = attempt.outcome
    assert outcome.status != "error", outcome.error
    turns = outcome.trace.get("turns", [])
    assert turns, "the model was asked nothing: the fallback was not exercised"
    # every reply came under json_object + the schema: a JSON object, never a 500
    assert all(isinstance(json.loads(t["raw"]), dict) for t in turns), turns
    assert log.count(" 500 ") == 1, log[-3000:]  # the probe's json_schema request, and only it
    print(outcome.status, outcome.answer, case.ground_truth, [t["raw"] for t in turns])
