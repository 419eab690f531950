"""Capabilities detected and declared (issue 31): `bench probe`, the overrides, the fallbacks of a
JSON Schema request, the prompted tool protocol and the log-probability check before a run,
against a real HTTP server on loopback that answers as llama-cpp-python's server does where it
lacks a feature (a 500 for response_format json_schema; json_object with a schema enforced; no
tool_calls; an error for logprobs without --logits_all). The real server: test_bench_serving_e2e.py.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from click.testing import CliRunner

from medreckon.bench.models import ModelConfigError, connect, openai_api
from medreckon.bench.models.ask import ask_json
from medreckon.bench.models.capabilities import Capabilities, adapt, parse_env
from medreckon.bench.models.probe import Check, chosen_mode, probe
from medreckon.cli import main

pytest.importorskip("openai", reason="the bench extra (openai) is not installed")

LLAMA_500 = {"error": {"message": "1 validation error for CreateChatCompletionRequest response_format.type: "
                                  "Input should be 'text' or 'json_object'", "type": "internal_server_error"}}
NO_LOGITS = {"error": {"message": "logprobs is not supported for models created with logits_all=False",
                       "type": "internal_server_error"}}


class Endpoint:
    """What the scripted server can do; every request body is kept in `requests`."""

    def __init__(self, *, json_schema=False, json_object=True, enforce=True, tools=False, logprobs=False,
                 context=None, texts=()):
        self.json_schema, self.json_object, self.enforce = json_schema, json_object, enforce
        self.tools, self.logprobs, self.context = tools, logprobs, context
        self.texts = list(texts)  # replies to the requests that are not the probe's, in order
        self.requests: list[dict] = []

    def answer(self, body: dict) -> tuple[int, dict]:
        rf = body.get("response_format") or {}
        if rf.get("type") == "json_schema" and not self.json_schema:
            return 500, LLAMA_500
        if rf.get("type") == "json_object" and not self.json_object:
            return 400, {"error": {"message": "response_format is not supported", "type": "invalid_request_error"}}
        if body.get("logprobs"):
            if not self.logprobs:
                return 500, NO_LOGITS
            top = [{"token": "yes", "logprob": -0.1, "bytes": None}, {"token": "no", "logprob": -2.4, "bytes": None}]
            return 200, reply_body("yes", logprobs={"content": [{"token": "yes", "logprob": -0.1, "bytes": None,
                                                                 "top_logprobs": top}]})
        if body.get("tools") and body.get("tool_choice") == "required" and self.tools:
            call = {"id": "c1", "type": "function", "function": {"name": "record_colour", "arguments": '{"colour": "teal"}'}}
            return 200, reply_body(None, tool_calls=[call], finish="tool_calls")
        if "colour" in json.dumps(body["messages"][-1]):  # the probe's structured request
            honoured = rf.get("type") in ("json_schema", "json_object") and self.enforce
            return 200, reply_body('{"colour": "teal"}' if honoured else '{"colour": "blue"}')
        return 200, reply_body(self.texts.pop(0) if len(self.texts) > 1 else (self.texts or ['{"answer": 42}'])[0])


def reply_body(text, *, finish="stop", tool_calls=None, logprobs=None) -> dict:
    message = {"role": "assistant", "content": text, **({"tool_calls": tool_calls} if tool_calls else {})}
    return {"id": "x", "object": "chat.completion", "created": 0, "model": "m",
            "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": logprobs}],
            "usage": {"prompt_tokens": 9, "completion_tokens": 3, "total_tokens": 12}}


@pytest.fixture
def serve(monkeypatch):
    """`serve(Endpoint(...), name)` starts it on a free loopback port as <NAME>_BASE_URL."""
    servers = []
    monkeypatch.setattr(openai_api, "_PROBED", {})  # each test probes its own server

    def start(endpoint: Endpoint, name: str = "LACKING") -> Endpoint:
        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def send(self, status: int, payload: dict) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                entry = {"id": "m", "object": "model", "owned_by": "me"}
                if endpoint.context:
                    entry["max_model_len"] = endpoint.context
                self.send(200, {"object": "list", "data": [entry]})

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                endpoint.requests.append(body)
                self.send(*endpoint.answer(body))

        httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        servers.append(httpd)
        monkeypatch.setenv(f"{name}_BASE_URL", f"http://127.0.0.1:{httpd.server_port}/v1")
        return endpoint

    yield start
    for httpd in servers:
        httpd.shutdown()
        httpd.server_close()


def checks(found) -> dict[str, Check]:
    return {c.name: c for c in found.checks}


def test_probe_finds_what_a_server_lacking_json_schema_can_do(serve):
    endpoint = serve(Endpoint(context=4096))
    found = probe(connect("openai-api/lacking/m", max_retries=3, backoff_s=0.01))
    c = checks(found)
    assert not c["JSON Schema"].works and "500" in c["JSON Schema"].detail
    assert c["JSON object with schema"].works and c["JSON object with schema"].detail == "enforced"
    assert not c["native tool calls"].works and "no tool_calls" in c["native tool calls"].detail
    assert not c["log-probabilities"].works and "logits_all" in c["log-probabilities"].detail
    assert found.found == Capabilities(structured="json_object", tools=False, logprobs=False, context_length=4096,
                                       source="probe")
    # each check is one request, never retried (a 500 is the answer, not a hiccup)
    assert len(endpoint.requests) == 4


def test_probe_finds_a_full_server_and_tells_enforced_from_ignored(serve):
    serve(Endpoint(json_schema=True, tools=True, logprobs=True), "FULL")
    found = probe(connect("openai-api/full/m", max_retries=0)).found
    assert (found.structured, found.tools, found.logprobs, found.context_length) == ("json_schema", True, True, None)
    serve(Endpoint(json_schema=True, enforce=False), "LOOSE")  # accepts every mode, enforces none
    loose = probe(connect("openai-api/loose/m", max_retries=0))
    assert checks(loose)["JSON Schema"].detail.startswith("a JSON object, schema not enforced")
    assert loose.found.structured == "json_object"  # the schema goes in the prompt


def test_chosen_mode_on_both_sides():
    enforced, loose, no = Check("s", True, "enforced"), Check("s", True, "a JSON object, schema not enforced"), \
        Check("s", False, "rejected")
    assert chosen_mode(enforced, no) == "json_schema"
    assert chosen_mode(loose, enforced) == "json_object" and chosen_mode(no, loose) == "json_object"
    assert chosen_mode(loose, no) == "none" and chosen_mode(no, no) == "none"


def schema_request():
    schema = {"type": "object", "properties": {"answer": {"type": "number"}}, "required": ["answer"]}
    messages = [{"role": "system", "content": "You compute."}, {"role": "user", "content": "What is 6 x 7?"}]
    return schema, messages, {"type": "json_schema", "json_schema": {"name": "a", "strict": True, "schema": schema}}


def test_a_json_schema_request_falls_back_to_json_object_with_the_schema_in_the_prompt(serve):
    endpoint = serve(Endpoint())
    client = connect("openai-api/lacking/m", max_retries=0)
    schema, messages, rf = schema_request()
    reply = client.chat(messages, response_format=rf, temperature=0)
    assert reply.text == '{"answer": 42}'
    sent = endpoint.requests[-1]  # after the probe's four, one request: no 500 first
    assert len(endpoint.requests) == 5 and sent["response_format"] == {"type": "json_object", "schema": schema}
    assert sent["messages"][0]["content"].startswith("You compute.") and json.dumps(schema) in sent["messages"][0]["content"]
    assert sent["messages"][1:] == messages[1:] and messages[0]["content"] == "You compute."  # the caller's untouched
    client.chat(messages, response_format=rf)  # probed once per endpoint and model
    assert len(endpoint.requests) == 6


def test_without_json_mode_plain_text_with_the_schema_then_a_repair_turn(serve):
    endpoint = serve(Endpoint(json_object=False, texts=["It is forty-two.", '{"answer": 42}']), "PLAIN")
    client = connect("openai-api/plain/m", max_retries=0)
    assert client.capabilities.structured == "none"
    probed = len(endpoint.requests)
    schema, messages, rf = schema_request()

    def read(obj):
        if not isinstance(obj.get("answer"), int | float):
            raise ValueError('"answer" must be a number')
        return obj["answer"]

    asked = ask_json(client, messages, read, response_format=rf, gen={"temperature": 0}, max_retries=1,
                     repair="Your reply could not be used: {problem}. Reply again.", repair_cut="cut")
    assert asked.value == 42 and asked.requests == 2 and asked.failure is None
    first, second = endpoint.requests[probed:]
    assert "response_format" not in first and json.dumps(schema) in first["messages"][0]["content"]
    assert second["messages"][-1]["content"].startswith("Your reply could not be used")


def test_a_request_without_a_schema_goes_as_it_is():
    _, messages, _ = schema_request()
    assert adapt(messages, None, "none") == (messages, None)
    assert adapt(messages, {"type": "json_object"}, "none") == (messages, {"type": "json_object"})
    schema, _, rf = schema_request()
    assert adapt(messages, rf, "json_schema") == (messages, rf)
    sent, fmt = adapt(messages[1:], rf, "json_object")  # no system message: one is added
    assert sent[0]["role"] == "system" and json.dumps(schema) in sent[0]["content"] and fmt["type"] == "json_object"


def test_overrides_from_the_environment_skip_the_probe(serve, monkeypatch):
    endpoint = serve(Endpoint())
    monkeypatch.setenv("LACKING_CAPABILITIES", "structured=none, tools=false, logprobs=true, context_length=2048")
    client = connect("openai-api/lacking/m", max_retries=0)
    assert client.capabilities == Capabilities("none", False, True, 2048, "override")
    assert client.supports_logprobs and endpoint.requests == []


def test_a_file_override_is_merged_over_the_probe_and_the_environment_over_the_file(serve, monkeypatch, tmp_path):
    serve(Endpoint())
    file = tmp_path / "endpoints.toml"
    file.write_text('[lacking]\nlogprobs = true\ntools = true\n\n[other]\nstructured = "none"\n')
    monkeypatch.setenv("MEDRECKON_ENDPOINTS", str(file))
    caps = connect("openai-api/lacking/m", max_retries=0).capabilities
    assert (caps.structured, caps.tools, caps.logprobs, caps.source) == ("json_object", True, True, "probe + override")
    monkeypatch.setenv("LACKING_CAPABILITIES", "tools=false")
    monkeypatch.setattr(openai_api, "_PROBED", {})
    assert connect("openai-api/lacking/m", max_retries=0).capabilities.tools is False


@pytest.mark.parametrize("text, fragment", [
    ("structured=grammar", "structured must be one of json_schema, json_object, none, got 'grammar'"),
    ("tools=sometimes", "tools must be true or false, got 'sometimes'"),
    ("context_length=0", "context_length must be a positive whole number of tokens, got '0'"),
    ("parallel=true", "unknown capability 'parallel'"),
    ("tools", "write key=value pairs"),
])
def test_a_bad_override_names_the_field_the_value_and_what_is_expected(text, fragment, monkeypatch):
    monkeypatch.setenv("LACKING_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("LACKING_CAPABILITIES", text)
    with pytest.raises(ModelConfigError, match="LACKING_CAPABILITIES") as err:
        connect("openai-api/lacking/m")
    assert fragment in str(err.value)
    assert parse_env("tools=no,logprobs=1", "X") == {"tools": False, "logprobs": True}


def test_a_broken_endpoints_file_is_named(monkeypatch, tmp_path):
    file = tmp_path / "endpoints.toml"
    file.write_text("[lacking\n")
    monkeypatch.setenv("LACKING_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("MEDRECKON_ENDPOINTS", str(file))
    with pytest.raises(ModelConfigError, match="cannot read it as TOML"):
        connect("openai-api/lacking/m")


def test_the_tools_strategy_uses_the_prompted_protocol_without_native_tool_calls(serve):
    from medreckon.bench.strategies.tools import Tools

    serve(Endpoint())
    serve(Endpoint(json_schema=True, tools=True, logprobs=True), "FULL")
    assert Tools().mode_for(connect("openai-api/lacking/m", max_retries=0)) == "constrained"
    assert Tools().mode_for(connect("openai-api/full/m", max_retries=0)) == "native"


def invoke(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_bench_probe_prints_what_works_and_what_the_bench_will_use(serve):
    serve(Endpoint(context=4096))
    r = invoke("bench", "probe", "openai-api/lacking/m")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert any(x.split()[:3] == ["JSON", "Schema", "no"] and "500" in x for x in lines), r.output
    assert any(x.split()[:5] == ["JSON", "object", "with", "schema", "yes"] for x in lines), r.output
    assert "structured output: JSON object + the schema in the prompt" in r.output
    assert "tool calls: the prompted tool protocol" in r.output and "context length" in r.output
    assert "LACKING_CAPABILITIES" in r.output
    data = json.loads(invoke("bench", "probe", "openai-api/lacking/m", "--json").output)
    assert data["used"]["structured"] == "json_object" and data["found"]["context_length"] == 4096


def test_a_run_records_how_the_model_was_asked_and_the_report_says_it(serve, tmp_path, medcalc_cases):
    medcalc_cases("61")  # skips without the shared data
    serve(Endpoint(texts=['{"answer": 73.8}']))
    run_dir = tmp_path / "run"
    r = invoke("bench", "run", "--model", "openai-api/lacking/m", "--strategy", "direct", "--calculators", "61",
               "--limit", "1", "--max-retries", "0", "--run-dir", str(run_dir), "-q")
    assert r.exit_code == 0, r.output
    from medreckon.bench.runs.store import Store

    with Store(run_dir) as store:
        recorded = store.config()["capabilities"]
    assert (recorded["structured"], recorded["tools"], recorded["source"]) == ("json_object", False, "probe")
    assert recorded["uses"]["structured output"].startswith("JSON object + the schema")
    report = invoke("bench", "report", str(run_dir))
    assert "asked: structured json_object · tools prompted · logprobs no (probe)" in report.output


def test_a_stage_that_needs_log_probabilities_refuses_before_the_run_names_the_flag(serve, tmp_path, medcalc_cases):
    medcalc_cases("61")
    endpoint = serve(Endpoint())
    run_dir = tmp_path / "run"
    args = ["bench", "run", "--model", "openai-api/lacking/m", "--strategy", "extract", "--calculators", "61",
            "--limit", "1", "--max-retries", "0", "--run-dir", str(run_dir)]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2, r.output
    assert "scores options by log-probability" in r.output and "--logits_all true" in r.output
    assert not (run_dir / "run.sqlite").exists() and len(endpoint.requests) == 4  # the probe's only
    # the pipeline without log-probabilities runs on the same endpoint
    r = CliRunner().invoke(main, [*args[:5], "extract:pipeline=generate", *args[6:]])
    assert r.exit_code == 0, r.output


def test_an_endpoint_that_is_not_there_is_named_not_probed_into_a_wrong_answer(monkeypatch, tmp_path, medcalc_cases):
    from test_bench_e2e import free_port

    medcalc_cases("61")  # bench run below reads the shared data first
    monkeypatch.setattr(openai_api, "_PROBED", {})
    monkeypatch.setenv("GONE_BASE_URL", f"http://127.0.0.1:{free_port()}/v1")  # nothing listens
    r = CliRunner().invoke(main, ["bench", "probe", "openai-api/gone/m", "--timeout", "5"])
    assert r.exit_code == 2 and "the probe cannot reach the endpoint" in r.output, r.output
    run_dir = tmp_path / "run"
    r = CliRunner().invoke(main, ["bench", "run", "--model", "openai-api/gone/m", "--calculators", "61",
                                  "--limit", "1", "--max-retries", "0", "--run-dir", str(run_dir)])
    assert r.exit_code == 2 and "cannot reach the endpoint" in r.output, r.output
    assert not (run_dir / "run.sqlite").exists()
