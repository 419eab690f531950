"""The scenario agent and its exact evaluation, on scripted agents that are right, skip a step,
take the wrong time point, call an extra calculator or take the wrong branch; both tool
protocols; the paired arms through the bench's runner and the process report; and the same
evaluation from SQLite and PostgreSQL."""

import json

import pytest

from medreckon.bench.runs import runner
from medreckon.bench.runs.store import Store
from medreckon.bench.types import Completion, ToolCall
from medreckon.scenarios.agent import ScenarioAgent, tool_protocol
from medreckon.scenarios.build import build
from medreckon.scenarios.dataset import load_cases
from medreckon.scenarios.evaluate import evaluate_attempt
from medreckon.scenarios.model import scenario_from_dict
from medreckon.scenarios.report import markdown, report
from scenario_scripts import ScriptedAgent, plan_calls
from scripted import Scripted

AGENT = ScenarioAgent(max_turns=40)


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    folder = tmp_path_factory.mktemp("set")
    build(folder, per_template=2, background=20, seed=2, imported=False)
    return load_cases(path=folder)


def by_template(cases, template, want=None):
    for c in cases:
        s = scenario_from_dict(c.metadata["scenario"])
        if s.template == template and (want is None or want(s)):
            return c, s
    raise LookupError(template)


def attempt(case, calls):
    out = AGENT.run(case, ScriptedAgent(calls), {"max_tokens": 64})
    return out, evaluate_attempt(case, out.trace, out.answer, out.status)


def test_an_agent_that_follows_gold_is_right_on_every_metric(cases):
    for case in cases:
        s = scenario_from_dict(case.metadata["scenario"])
        out, ev = attempt(case, plan_calls(s))
        assert out.status == "ok" and out.answer == case.ground_truth, case.id
        assert ev["all_steps_right"] and ev["recommendation"]["correct"]
        assert ev["calculators"]["precision"] == ev["calculators"]["recall"] == 1.0 and ev["calculators"]["in_order"]
        assert ev["acquisition"]["acquired"] == ev["acquisition"]["inputs"] > 0
        assert ev["inputs"]["right"] == ev["inputs"]["of"] and all(b["right"] for b in ev["branches"])


def test_skipping_a_step_loses_recall_and_that_step(cases):
    case, s = by_template(cases, "aki-workup")
    out, ev = attempt(case, plan_calls(s, skip=2))
    assert ev["calculators"]["missing"] == [] and ev["calculators"]["recall"] == 1.0  # ckd-epi ran for step 1
    step2 = next(x for x in ev["steps"] if x["order"] == 2)
    assert not step2["called"] and not step2["correct"] and not ev["all_steps_right"]
    case, s = by_template(cases, "af-anticoagulation", lambda s: s.step(2).taken)
    out, ev = attempt(case, plan_calls(s, skip=2))
    assert ev["calculators"]["missing"] == ["has-bled"] and ev["calculators"]["recall"] == 0.5
    assert [b["right"] for b in ev["branches"]] == [False]


def test_the_wrong_time_point_is_named(cases):
    case, s = by_template(cases, "hyponatraemia", lambda s: len(next(
        i for i in s.step(1).inputs if i.name == "sodium").source.candidates) > 1)
    out, ev = attempt(case, plan_calls(s, other_time="sodium"))
    step1 = next(x for x in ev["steps"] if x["order"] == 1)
    na = next(i for i in step1["inputs"] if i["name"] == "sodium")
    gold_time = next(i for i in s.step(1).inputs if i.name == "sodium").source.time
    assert na["verdict"] == "wrong time point" and na["time_point"] not in (None, "gold", gold_time)
    assert na["acquired"]  # it read the gold row, then used another
    assert ev["inputs"]["wrong_time_point"] == sum(i.name == "sodium" for st in s.graded_steps() for i in st.inputs)


def test_an_extra_calculator_costs_precision_only(cases):
    case, s = by_template(cases, "hyponatraemia")
    out, ev = attempt(case, plan_calls(s, extra="bmi"))
    assert ev["calculators"]["extra"] == ["bmi"] and ev["calculators"]["precision"] < 1.0
    assert ev["calculators"]["recall"] == 1.0 and ev["all_steps_right"]


def test_the_wrong_branch_is_caught(cases):
    case, s = by_template(cases, "aki-workup")
    out, ev = attempt(case, plan_calls(s, branch_wrong=True))
    assert not any(b["right"] for b in ev["branches"])


def test_no_final_answer_within_the_turns_is_an_error_not_a_guess(cases):
    case, s = by_template(cases, "sepsis-screen")
    out = ScenarioAgent(max_turns=3).run(case, ScriptedAgent(plan_calls(s)), {})
    assert out.status == "error" and "within 3 turns" in out.error and out.answer is None
    bad = ScenarioAgent().run(case, Scripted('{"name": "final_answer", "arguments": {"results": []}}'), {})
    assert bad.status == "unparsed"


def test_the_prompt_protocol_is_constrained_for_in_process_models_only(cases):
    class Local(Scripted):
        info = {"provider": "embedded"}

    assert tool_protocol(Local("x")) == ("prompt", True)
    assert tool_protocol(Scripted("x")) == ("native", False)
    assert tool_protocol(Scripted("x"), "prompt") == ("prompt", False)
    case, s = by_template(cases, "hyponatraemia")
    model = Local(*[json.dumps(c) for c in plan_calls(s)])
    out = ScenarioAgent(max_turns=40).run(case, model, {})
    assert out.status == "ok"
    schema = model.requests[0]["response_format"]["json_schema"]["schema"]
    assert {b["properties"]["name"]["const"] for b in schema["anyOf"]} >= {"query_record", "calculate", "final_answer"}
    assert "query_record" in model.requests[0]["messages"][0]["content"]  # tools described in the prompt


def test_native_tool_calls_travel_as_tool_calls(cases):
    case, s = by_template(cases, "hyponatraemia")
    calls = plan_calls(s)

    class Native(Scripted):
        def reply(self, n, messages, response_format, gen):
            c = calls[min(n, len(calls)) - 1]
            return Completion(text="", tool_calls=(ToolCall(f"c{n}", c["name"], json.dumps(c["arguments"])),),
                              finish_reason="tool_calls")

    model = Native()
    out = ScenarioAgent(max_turns=40).run(case, model, {})
    assert out.status == "ok" and model.requests[0]["tools"]
    assert model.requests[1]["messages"][-1]["role"] == "tool"
    assert model.requests[1]["messages"][-2]["tool_calls"][0]["id"] == "c1"


def test_without_calculate_the_calculators_are_withheld(cases):
    case, s = by_template(cases, "hyponatraemia")
    model = Scripted('{"name": "calculate", "arguments": {"calculator": "bmi", "inputs": {}}}',
                     '{"name": "final_answer", "arguments": {"results": [], "recommendation": "'
                     + s.recommendation["answer"] + '"}}')
    out = ScenarioAgent(calculate=False).run(case, model, {})
    names = [t["function"]["name"] for t in model.requests[0]["tools"]]
    assert "calculate" not in names and "search_calculators" not in names and "query_record" in names
    assert out.trace["tool_calls"][0]["result"]["error"] == "unknown_tool"
    assert out.status == "ok" and out.answer == case.ground_truth
    assert ScenarioAgent(calculate=False).version != ScenarioAgent().version


def test_paired_arms_run_resume_and_report(cases, tmp_path):
    arms = {"scenario_agent": ScenarioAgent(max_turns=40), "nocalc": ScenarioAgent(calculate=False, max_turns=40)}
    dirs = []
    for name, strat in arms.items():
        def respond(messages, gen, name=name):
            case_id = next(c for c in cases if c.note in messages[1]["content"])
            s = scenario_from_dict(case_id.metadata["scenario"])
            guess = {"name": "final_answer", "arguments": {"results": [],
                                                           "recommendation": s.recommendation["answer"]}}
            plan = plan_calls(s) if name == "scenario_agent" else [guess]
            turn = sum(m["role"] == "assistant" for m in messages)
            return json.dumps(plan[min(turn, len(plan) - 1)])
        store = Store(tmp_path / name, create=True)
        settings = runner.RunSettings(model="scripted", strategy=strat.name, gen={"max_tokens": 64})
        progress = runner.run(store, cases, strat, Scripted(respond), settings, concurrency=1)
        assert progress.done == len(cases)
        again = runner.run(store, cases, strat, Scripted(respond), settings, concurrency=1)
        assert again.total == 0 and again.already == len(cases)  # resumes: nothing is redone
        store.close()
        dirs.append(tmp_path / name)
    runs, comparison = report(dirs)
    full, bare = (r.overall.to_dict() for r in runs)
    assert full["all_steps"]["k"] == full["attempts"] == len(cases)
    assert bare["steps"]["k"] == 0 and bare["recommendation"]["k"] == len(cases)  # it guessed, computed nothing
    assert comparison["pairs"] == len(cases) and comparison["all_steps"]["first_only"] == len(cases)
    text = markdown(runs, comparison)
    assert "every graded step's answer right" in text and "exact McNemar" in text
    runs2, _ = report(dirs)  # the evaluations were stored: read back the same
    assert runs2[0].overall.to_dict() == runs[0].overall.to_dict()


def test_postgres_and_sqlite_evaluate_alike(cases, tmp_path, monkeypatch):
    import os

    from medreckon.scenarios.postgres import LocalCluster, create_agent_role, find_bin
    from medreckon.scenarios.record import RecordError

    try:
        find_bin()
    except RecordError as exc:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the PostgreSQL tests: {exc}")
        pytest.skip(str(exc))
    with LocalCluster() as cluster:
        folder = tmp_path / "pg"
        build(folder, per_template=1, background=10, seed=2, imported=False, record=cluster.dsn())
        build(tmp_path / "lite", per_template=1, background=10, seed=2, imported=False)
        create_agent_role(cluster.dsn())
        monkeypatch.setenv("MEDRECKON_RECORD", cluster.dsn("medreckon_agent"))
        pg_cases = load_cases(path=folder)
        monkeypatch.delenv("MEDRECKON_RECORD")
        lite_cases = load_cases(path=tmp_path / "lite")
        assert [c.id for c in pg_cases] == [c.id for c in lite_cases]
        for a, b in zip(pg_cases, lite_cases, strict=True):
            s = scenario_from_dict(a.metadata["scenario"])
            for kw in ({}, {"other_time": s.graded_steps()[0].inputs[0].name}):
                out_a, ev_a = attempt(a, plan_calls(s, **kw))
                out_b, ev_b = attempt(b, plan_calls(s, **kw))
                rows = [[r.get("rows") for r in o.trace["tool_calls"]] for o in (out_a, out_b)]
                assert rows[0] == rows[1] and ev_a == ev_b and out_a.answer == out_b.answer
