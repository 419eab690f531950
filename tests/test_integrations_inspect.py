"""medreckon in inspect_ai, run for real: `inspect_ai.eval` with inspect's mockllm model (scripted
replies) or with our `medreckon/` model provider against a local OpenAI-compatible HTTP server,
and the entry point resolved by inspect's own registry in a fresh interpreter."""

from __future__ import annotations

import csv
import json
import math
import os
import subprocess
import sys
import threading
import tomllib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

pytest.importorskip("inspect_ai")

from inspect_ai import Task, eval  # noqa: E402
from inspect_ai.model import ModelOutput, ModelUsage  # noqa: E402
from inspect_ai.solver import generate, use_tools  # noqa: E402

from medreckon.bench.analysis.scoring import RULES, is_correct  # noqa: E402
from medreckon.bench.answers import parse_answer  # noqa: E402
from medreckon.bench.calculation import calculator_tool  # noqa: E402
from medreckon.bench.datasets import COLUMNS, DatasetNotFound, locate  # noqa: E402
from medreckon.bench.runs.runner import RunSettings, run  # noqa: E402
from medreckon.bench.runs.store import Store  # noqa: E402
from medreckon.bench.strategies import get_strategy  # noqa: E402
from medreckon.bench.types import Outcome  # noqa: E402
from medreckon.calculators import all_calculators  # noqa: E402
from medreckon.integrations.inspect import (  # noqa: E402
    OUTCOME_KEY,
    bench_strategy,
    calculator_tools,
    case_of,
    compact_calculator_tools,
    medcalc_bench,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module", autouse=True)
def _data():
    try:
        locate("medcalc-bench")
    except DatasetNotFound:
        pytest.skip("MedCalc-Bench data not found")


def output(text: str = "", **tool_call) -> ModelOutput:
    """A mockllm reply with usage set (mockllm would otherwise count tokens with tiktoken,
    which downloads its vocabulary)."""
    if tool_call:
        out = ModelOutput.for_tool_call("mockllm/model", tool_call["name"], tool_call["arguments"])
    else:
        out = ModelOutput.from_content("mockllm/model", text)
    out.usage = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
    return out


def by_note(replies: dict[str, str], cases):
    """mockllm custom_outputs answering each case by the note in the last user message."""
    notes = {c.id: c.note.strip() for c in cases}

    def respond(input, tools, tool_choice, config):
        text = input[-1].text
        hit = [cid for cid, note in notes.items() if note in text]
        assert len(hit) == 1, "each prompt holds exactly one case's note"
        return output(replies[hit[0]])

    return respond


def v1_rows(n: int, calculator: str | None = None) -> list[dict[str, str]]:
    """The first n rows of the v1.0 file (of one calculator), read at run time."""
    with locate("medcalc-bench").open(newline="", encoding="utf-8-sig") as f:
        rows = [r for r in csv.DictReader(f) if calculator is None or r["Calculator ID"] == calculator]
    return rows[:n]


def write_rows(tmp_path: Path, rows: list[dict[str, str]]) -> Path:
    """A file in MedCalc-Bench's columns, as a later release (v1.2, Verified) is."""
    path = tmp_path / "test_v1.2.csv"
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(COLUMNS), extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    return path


def evaluate(task, tmp_path, **kw):
    kw.setdefault("model", "mockllm/model")
    [log] = eval(task, display="none", log_dir=str(tmp_path / "logs"), **kw)
    assert log.status == "success", log.error and log.error.message
    return log


# ---------------------------------------------------------------- import and datasets


def test_importing_medreckon_does_not_import_inspect():
    code = ("import sys, medreckon, medreckon.integrations, medreckon.bench; "
            "assert 'inspect_ai' not in sys.modules, 'inspect_ai imported'")
    subprocess.run([sys.executable, "-c", code], check=True, env={**os.environ, "PYTHONPATH": str(ROOT / "src")})


def test_the_task_loads_each_dataset_variant(tmp_path):
    clean = medcalc_bench(subset="medrac_clean_940", per_calculator=1, seed=0)
    assert len(clean.dataset) == 51  # clean-940 covers 51 calculators
    assert clean.metadata["dataset_version"] == "v1.0"

    corrected = medcalc_bench(dataset="medcalc-bench-corrected", calculators="MDRD GFR Equation")
    targets = {s.id: s.target for s in corrected.dataset}
    assert targets["146"] == "N/A"  # a corrected label the note does not allow
    relabelled = medcalc_bench(calculators="MDRD GFR Equation", labels="corrected")
    assert {s.id: s.target for s in relabelled.dataset} == targets

    # a Verified/v1.2 file given as a data file (three v1.0 rows in its columns)
    later = medcalc_bench(dataset="medcalc-bench-v1.2", data_file=str(write_rows(tmp_path, v1_rows(3))))
    assert len(later.dataset) == 3 and later.metadata["dataset_version"].startswith("v1.2@")

    assert len(medcalc_bench(calculators=2, limit=2).dataset) == 2  # `-T calculators=2` arrives as an int

    synthetic = medcalc_bench(dataset="synthetic:easy,n=3,seed=1", calculators="bmi")
    assert len(synthetic.dataset) == 3
    assert all(case_of(s.metadata).dataset == "synthetic" for s in synthetic.dataset)


def test_bad_parameters_name_the_field_and_what_was_expected():
    with pytest.raises(ValueError, match="labels: got 'v2'.*v1.0, corrected"):
        medcalc_bench(labels="v2", limit=1)
    with pytest.raises(ValueError, match="rule: got 'nearby'.*medcalc_bench, mdcalc_precision"):
        medcalc_bench(rule="nearby", limit=1)
    with pytest.raises(ValueError, match="unknown strategy 'guess'"):
        medcalc_bench(strategy="guess", limit=1)


# ---------------------------------------------------------------- scoring, as the bench scores


def test_every_rule_scores_as_the_bench_does(tmp_path):
    task = medcalc_bench(subset="medrac_clean_940", per_calculator=1, calculators="2,4,68,69,5", rule="all")
    cases = {s.id: case_of(s.metadata) for s in task.dataset}
    by_type = {c.output_type: c for c in cases.values()}
    decimal, integer = by_type["decimal"], by_type["integer"]
    truth = decimal.ground_truth
    replies = {c.id: json.dumps({"answer": 1e6}) for c in cases.values()}  # wrong
    replies[decimal.id] = json.dumps({"answer": round(truth * 1.03, 6)})  # within 5 %, not 1 %
    replies[integer.id] = f'{{"answer": {integer.ground_truth}}}'  # right
    replies[by_type["date"].id] = "I cannot calculate this."  # refused
    weeks, days = by_type["gestational_age"].ground_truth
    replies[by_type["gestational_age"].id] = f'{{"answer": "{weeks} weeks, {days} days"}}'
    log = evaluate(task, tmp_path, model_args={"custom_outputs": by_note(replies, cases.values())})
    seen = {}
    for sample in log.samples:
        case = cases[str(sample.id)]
        parsed = parse_answer(replies[case.id], case.output_type, "stop")
        bench = Outcome(raw=replies[case.id], answer=parsed.answer, status=parsed.status, trace={
            "answer_decimals": parsed.decimals})
        for rule in RULES:
            expected = is_correct(bench, case, rule)
            assert (sample.scores[rule].value == "C") is expected, (case.id, rule)
            assert sample.scores[rule].metadata["status"] == parsed.status
            seen[(case.id, rule)] = expected
    assert seen[(decimal.id, "medcalc_bench")] and not seen[(decimal.id, "relative")]
    assert all(seen[(integer.id, r)] for r in RULES)
    assert not any(seen[(by_type["date"].id, r)] for r in RULES)
    assert log.samples[0].scores["medcalc_bench"].metadata["by_rule"].keys() == set(RULES)
    metrics = {s.name: s.metrics for s in log.results.scores}
    assert metrics["exact"]["accuracy"].value == pytest.approx(2 / 5)
    assert "stderr" in metrics["medcalc_bench"]


# ---------------------------------------------------------------- parity with `bench run`


@pytest.fixture
def endpoint(monkeypatch):
    """A local OpenAI-compatible server: replies by the case id found in the prompt, records bodies."""

    class State:
        model = ""  # our model string of this server
        replies: dict[str, str] = {}  # note -> reply text
        requests: list[dict] = []

        @staticmethod
        def respond(body: dict) -> str:
            prompt = body["messages"][-1]["content"]
            return next(r for note, r in State.replies.items() if note in prompt)

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            State.requests.append(body)
            text = State.respond(body)
            data = json.dumps({
                "id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
                "choices": [{"index": 0, "finish_reason": "stop",
                             "message": {"role": "assistant", "content": text}}],
                "usage": {"prompt_tokens": 50, "completion_tokens": 6, "total_tokens": 56}}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    # an endpoint name of its own: inspect keeps models by name for the whole process
    State.model = f"openai-api/local{httpd.server_port}/m"
    monkeypatch.setenv(f"LOCAL{httpd.server_port}_BASE_URL", f"http://127.0.0.1:{httpd.server_port}/v1")
    # declared, so bench run sends no probe requests and both paths send the same
    monkeypatch.setenv(f"LOCAL{httpd.server_port}_CAPABILITIES", "structured=json_schema,tools=true,logprobs=false")
    yield State
    httpd.shutdown()
    httpd.server_close()


def test_inspect_with_our_provider_sends_and_scores_what_bench_run_does(endpoint, tmp_path):
    from medreckon.bench.models import connect

    task = medcalc_bench(subset="medrac_clean_940", per_calculator=1, calculators="2,4,69", strategy="direct")
    cases = [case_of(s.metadata) for s in task.dataset]
    endpoint.replies = {cases[0].note.strip(): f'{{"answer": {cases[0].ground_truth}}}',
                        cases[1].note.strip(): '{"answer": 0.5}',
                        cases[2].note.strip(): "no idea"}
    store = Store(tmp_path / "run", create=True)
    run(store, cases, get_strategy("direct"), connect(endpoint.model, max_retries=0),
        RunSettings(model=endpoint.model, strategy="direct"))
    ours = {a.case_id: a for a in store.attempts()}
    bench_requests, endpoint.requests = endpoint.requests, []
    log = evaluate(task, tmp_path, model=f"medreckon/{endpoint.model}", model_args={"max_retries": 0})
    key = lambda body: body["messages"][-1]["content"]  # noqa: E731
    strip = lambda body: {k: v for k, v in body.items() if k not in ("stream",)}  # noqa: E731
    assert sorted(map(strip, endpoint.requests), key=key) == sorted(map(strip, bench_requests), key=key)
    for sample in log.samples:
        attempt = ours[str(sample.id)]
        stored = sample.store[OUTCOME_KEY]
        assert (stored["status"], stored["answer"]) == (attempt.outcome.status, attempt.outcome.answer)
        case = case_of(sample.metadata)
        assert (sample.scores["medcalc_bench"].value == "C") is is_correct(attempt.outcome, case)
    assert [ours[c.id].outcome.status for c in cases] == ["ok", "ok", "unparsed"]


def test_a_failed_request_is_an_error_attempt_as_in_bench_run(endpoint, tmp_path):
    def fail(body):
        raise ConnectionResetError  # the handler dies: the client sees no response

    endpoint.respond = fail
    task = medcalc_bench(calculators="Body Mass Index", limit=1)
    log = evaluate(task, tmp_path, model=f"medreckon/{endpoint.model}", model_args={"max_retries": 0})
    [sample] = log.samples
    stored = sample.store[OUTCOME_KEY]
    assert stored["status"] == "error" and "failed after 1 tries" in stored["error"]
    assert sample.scores["medcalc_bench"].value == "I"


# ---------------------------------------------------------------- tools


def test_the_tools_solver_calls_a_real_calculator_and_its_steps_are_verified(tmp_path):
    task = medcalc_bench(calculators="Body Mass Index", limit=2, strategy="tools")
    case = case_of(task.dataset[1].metadata)  # row 82: 46.5 kg, 139.8 cm
    script = iter([
        output(name="bmi", arguments={"weight": {"value": 46.5, "unit": "kg"},
                                      "height": {"value": 139.8, "unit": "ft"}}),  # a unit slip
        output(name="bmi", arguments={"weight": {"value": 46.5, "unit": "kg"},
                                      "height": {"value": 139.8, "unit": "cm"}}),
        output(name="final_answer", arguments={"answer": 23.79}),
    ])
    log = evaluate(task, tmp_path, sample_id=case.id, model_args={"custom_outputs": script})
    [sample] = log.samples
    tool_results = [m.text for m in sample.messages if m.role == "tool"]
    assert "error" in json.loads(tool_results[0]) or "warnings" in json.loads(tool_results[0])
    assert json.loads(tool_results[1])["value"] == pytest.approx(23.79, abs=0.01)
    stored = sample.store[OUTCOME_KEY]
    assert stored["status"] == "ok" and stored["calc"]["calculator"] == "bmi"
    assert stored["calc"]["repairs"]["turns"] == 1
    assert sample.scores["medcalc_bench"].value == "C"
    steps = sample.scores["step_verification"].value
    assert steps == {"calculator": 1.0, "values": 1.0, "arithmetic": 1.0, "answer": 1.0}
    assert sample.scores["step_verification"].metadata["verdicts"]["status"] == "ok"


def test_the_tools_solver_offers_the_strategy_declarations_and_the_calculator_judges_each_call(tmp_path):
    # bmi's strict declaration lists target_bmi as required (null if not given) and takes no other
    # key; the calculator accepts target_bmi left out and a quantity written as text, and answers an
    # unknown key with its own repairable error: inspect's check against the declaration must not
    # answer first (it did: an empty tool result, and tool_choice "any" again)
    task = medcalc_bench(calculators="Body Mass Index", limit=2, strategy="tools")
    case = case_of(task.dataset[1].metadata)
    replies = iter([
        output(name="bmi", arguments={"weight": {"value": 46.5, "unit": "kg"}, "height": {"value": 139.8, "unit": "cm"},
                                      "weight_kg": 46.5}),
        output(name="bmi", arguments={"weight": "46.5 kg", "height": {"value": 139.8, "unit": "cm"}}),
        output(name="final_answer", arguments={"answer": 23.79}),
    ])
    asked = []

    def respond(input, tools, tool_choice, config):
        asked.append((tool_choice, {t.name: t.parameters.model_dump(exclude_none=True) for t in tools}))
        return next(replies)

    log = evaluate(task, tmp_path, sample_id=case.id, model_args={"custom_outputs": respond})
    [sample] = log.samples
    assert [choice for choice, _ in asked] == ["any", "any", "auto"]
    declared = calculator_tool("bmi")["function"]["parameters"]
    assert asked[0][1]["bmi"]["required"] == declared["required"] == ["weight", "height", "target_bmi"]
    assert asked[0][1]["bmi"]["additionalProperties"] is False
    tools = [m for m in sample.messages if m.role == "tool"]
    assert [m.error for m in tools] == [None, None, None]
    refused = json.loads(tools[0].text)
    assert refused["error"] == "invalid_input" and "weight_kg" in refused["message"]
    assert json.loads(tools[1].text)["value"] == pytest.approx(23.79, abs=0.01)
    stored = sample.store[OUTCOME_KEY]
    assert stored["status"] == "ok" and stored["calc"]["calculator"] == "bmi"
    assert stored["calc"]["repairs"]["turns"] == 1
    assert [e.function for e in sample.events if e.event == "tool"] == ["bmi", "bmi", "final_answer"]  # inspect ran them


def test_the_tools_solver_through_our_provider_reads_calls_written_as_text(endpoint, tmp_path):
    task = medcalc_bench(calculators="Body Mass Index", limit=2, strategy="tools")
    case = case_of(task.dataset[1].metadata)
    call = {"name": "bmi", "arguments": {"weight": {"value": 46.5, "unit": "kg"},
                                         "height": {"value": 139.8, "unit": "cm"}}}
    # a server that does not parse its model's calls: they arrive as text, as llama.cpp's do
    endpoint.respond = lambda body: (f"<tool_call>{json.dumps(call)}</tool_call>" if body["messages"][-1]["role"] == "user"
                                     else json.dumps({"name": "final_answer", "arguments": {"answer": 23.8}}))
    log = evaluate(task, tmp_path, sample_id=case.id, model=f"medreckon/{endpoint.model}",
                   model_args={"max_retries": 0})
    [sample] = log.samples
    assert [r["tool_choice"] for r in endpoint.requests] == ["required", "auto"]
    offered = {t["function"]["name"] for t in endpoint.requests[0]["tools"]}
    assert {"bmi", "search_calculators", "describe_calculator", "final_answer"} <= offered
    assert endpoint.requests[1]["messages"][-1]["role"] == "tool"
    assert json.loads(endpoint.requests[1]["messages"][-1]["content"])["calculator"] == "bmi"
    stored = sample.store[OUTCOME_KEY]
    assert (stored["status"], stored["answer"], stored["calc"]["calculator"]) == ("ok", 23.8, "bmi")
    assert sample.scores["medcalc_bench"].value == "C"


def test_prompt_solvers_send_the_strategy_messages(tmp_path):
    for strategy in ("zero_shot_cot", "one_shot_cot"):
        task = medcalc_bench(calculators="Body Mass Index", limit=1, strategy=strategy)
        case = case_of(task.dataset[0].metadata)
        reply = json.dumps({"reasoning": "weight / height^2", "answer": case.ground_truth})
        log = evaluate(task, tmp_path / strategy, model_args={"custom_outputs": [output(reply)]})
        [sample] = log.samples
        sent = [{"role": m.role, "content": m.text} for m in sample.messages[:-1]]
        assert sent == get_strategy(strategy).messages(case)
        assert sample.scores["medcalc_bench"].value == "C"
        assert log.eval.task_args["strategy"] == strategy and log.eval.task_version.startswith(strategy)


def test_other_strategies_run_their_own_code_with_requests_through_inspect(tmp_path):
    task = medcalc_bench(calculators="Body Mass Index", limit=2, strategy="extract:configuration=plain")
    case = case_of(task.dataset[1].metadata)
    schemas = []

    def respond(input, tools, tool_choice, config):
        schemas.append(config.response_schema.json_schema.model_dump(exclude_none=True))
        return output(json.dumps({"weight": {"value": 46.5, "unit": "kg"}, "height": {"value": 139.8, "unit": "cm"}}))

    log = evaluate(task, tmp_path, sample_id=case.id, model_args={"custom_outputs": respond})
    [sample] = log.samples
    assert set(schemas[0]["properties"]) == {"weight", "height", "target_bmi"}  # extract's reply, as inspect's schema
    assert [e.event for e in sample.events].count("model") == 1  # the request is in inspect's transcript
    stored = sample.store[OUTCOME_KEY]
    assert stored["status"] == "ok" and stored["calc"]["calculator"] == "bmi"
    assert stored["answer"] == pytest.approx(23.79, abs=0.01)
    assert sample.scores["medcalc_bench"].value == "C"
    assert sample.scores["step_verification"].value == {"calculator": 1.0, "values": 1.0, "arithmetic": 1.0,
                                                        "answer": 1.0}


@pytest.mark.parametrize("strategy", ["extract", "extract:decide=logprob", "extract:choices=logprob",
                                      "extract:configuration=issue17"])
def test_a_strategy_inspect_cannot_run_is_refused_before_any_sample(strategy):
    # inspect's models are asked for text: a pipeline that scores options by log-probability would
    # fail in every sample (extract:choices=logprob did, before the pipelines declared their needs)
    with pytest.raises(ValueError, match="log-probability"):
        medcalc_bench(limit=1, strategy=strategy)
    with pytest.raises(ValueError, match="log-probability"):
        bench_strategy(strategy)
    assert medcalc_bench(limit=1, strategy="extract:pipeline=generate") is not None


def test_calculator_tools_serve_any_inspect_agent(tmp_path):
    tools = calculator_tools()
    assert len(tools) == len(all_calculators())
    task = Task(dataset=medcalc_bench(calculators="Body Mass Index", limit=1).dataset,
                solver=[use_tools(calculator_tools(["bmi"]) + compact_calculator_tools()), generate()])
    script = iter([
        output(name="bmi", arguments={"weight": "70 kg", "height": 175}),
        output(name="calculate", arguments={"calculator": "bmi", "inputs": {"weight": -70, "height": 175}}),
        output("done"),
    ])
    log = evaluate(task, tmp_path, model_args={"custom_outputs": script})
    results = [json.loads(m.text) for m in log.samples[0].messages if m.role == "tool"]
    assert results[0]["value"] == pytest.approx(70 / 1.75**2) and results[0]["steps"]
    assert results[1]["error"] and results[1]["issues"][0]["field"] == "inputs.weight"


# ---------------------------------------------------------------- registration


def test_the_entry_point_resolves_in_a_fresh_interpreter(tmp_path):
    from inspect_ai._util.package import get_installed_package_name

    from medreckon.integrations.inspect import task as task_module

    if get_installed_package_name(task_module) != "medreckon":
        # e.g. a source tree on PYTHONPATH beside a stale medreckon.egg-info: inspect then does
        # not namespace our names, as it would not for any uninstalled code
        pytest.skip("inspect does not see medreckon as an installed package here; pip install -e .")
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["inspect_ai"]
    assert declared == {"medreckon": "medreckon.integrations.inspect._registry"}
    # the installed metadata may predate the entry point (an editable install): declare it beside
    dist = tmp_path / "medreckon_entry_point-0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: medreckon-entry-point\nVersion: 0\n")
    (dist / "entry_points.txt").write_text(f"[inspect_ai]\nmedreckon = {declared['medreckon']}\n")
    code = (
        "import sys\n"
        "from inspect_ai._util.registry import registry_lookup\n"
        "from inspect_ai.model import get_model\n"
        "assert 'medreckon.integrations.inspect' not in sys.modules\n"
        "assert registry_lookup('task', 'medreckon/medcalc_bench') is not None\n"
        "assert registry_lookup('scorer', 'medreckon/mdcalc_precision') is not None\n"
        "assert registry_lookup('solver', 'medreckon/tools_strategy') is not None\n"
        "try:\n"
        "    get_model('medreckon/openai-api/nowhere/m')\n"
        "except Exception as exc:\n"
        "    assert 'NOWHERE_BASE_URL' in str(exc), exc\n"
        "else:\n"
        "    raise AssertionError('the medreckon provider did not check its endpoint')\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))}
    env.pop("NOWHERE_BASE_URL", None)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]


def test_a_case_the_rule_cannot_judge_is_unscored_not_counted_wrong(tmp_path):
    # a later release's decimal row without Lower/Upper Limit: the medcalc_bench rule cannot judge it
    rows = v1_rows(1, calculator="2")
    rows[0]["Lower Limit"] = rows[0]["Upper Limit"] = ""
    task = medcalc_bench(dataset="medcalc-bench-v1.2", data_file=str(write_rows(tmp_path, rows)),
                         rule="medcalc_bench,relative")
    case = case_of(task.dataset[0].metadata)
    reply = json.dumps({"answer": case.ground_truth})
    log = evaluate(task, tmp_path, model_args={"custom_outputs": by_note({case.id: reply}, [case])})
    scores = log.samples[0].scores
    assert math.isnan(scores["medcalc_bench"].value) and "not scored" in scores["medcalc_bench"].explanation
    assert scores["relative"].value == "C"
    [mcb] = [s for s in log.results.scores if s.name == "medcalc_bench"]
    assert mcb.unscored_samples == 1 and mcb.scored_samples == 0
