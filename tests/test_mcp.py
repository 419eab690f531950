"""The MCP server with the official SDK's client: a real session over stdio (spawning
`python -m medreckon.cli mcp`) and over streamable HTTP (a server on a free loopback port)."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from click.testing import CliRunner

pytest.importorskip("mcp")  # the `mcp` extra (2.x)

import httpx2  # noqa: E402 - the SDK's HTTP client
from mcp import Client, StdioServerParameters  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402

from medreckon.calculators import all_calculators, calculate, get  # noqa: E402
from medreckon.cli import main  # noqa: E402
from medreckon.interfaces import tools  # noqa: E402
from medreckon.interfaces.mcp import TOKEN_ENV  # noqa: E402

TIMEOUT = 60


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, TIMEOUT))


def stdio(*flags: str) -> StdioServerParameters:
    env = {k: v for k, v in os.environ.items() if k != TOKEN_ENV}
    return StdioServerParameters(command=sys.executable, args=["-m", "medreckon.cli", "mcp", *flags], env=env)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def http_server(*flags: str, token: str | None = None) -> Iterator[str]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != TOKEN_ENV}
    if token:
        env[TOKEN_ENV] = token
    proc = subprocess.Popen(
        [sys.executable, "-m", "medreckon.cli", "mcp", "--transport", "http", "--port", str(port), *flags],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + TIMEOUT
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"server exited: {proc.stderr.read().decode()}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise TimeoutError("MCP server did not start") from None
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stderr.close()


@pytest.fixture(scope="module")
def http_url() -> Iterator[str]:
    with http_server() as url:
        yield url


@pytest.fixture(scope="module")
def http_compact_url() -> Iterator[str]:
    with http_server("--compact") as url:
        yield url


# ---------------------------------------------------------------- one tool per calculator


async def per_calculator_session(server) -> None:
    async with Client(server) as client:
        listed = (await client.list_tools()).tools
        assert [t.name for t in listed] == [*(tools.tool_name(c) for c in all_calculators()), "calculate_from_note"]
        by_name = {t.name: t for t in listed}
        cg = by_name["cockcroft_gault"]
        assert cg.input_schema == tools.parameters_schema("cockcroft-gault")
        assert cg.description == tools.tool_description(get("cockcroft-gault"))
        assert cg.annotations.read_only_hint is True

        args = {"age": 60, "sex": "female", "weight": "154 lb", "height": "5 ft 5 in", "creatinine": "88 umol/L"}
        ok = await client.call_tool("cockcroft_gault", args)
        assert ok.is_error is False
        expected = calculate("cockcroft-gault", args).to_dict()
        assert ok.structured_content == expected
        assert json.loads(ok.content[0].text) == expected

        bad = await client.call_tool("cockcroft_gault", {**args, "sex": "femle", "creatinine": "-1 mg/dL", "wieght": 70})
        assert bad.is_error is True
        error = bad.structured_content
        assert json.loads(bad.content[0].text) == error
        assert error["error"] == "invalid_input" and error["calculator"] == "cockcroft-gault"
        issues = {i["field"]: i for i in error["issues"]}
        assert issues["sex"]["value"] == "femle" and issues["sex"]["did_you_mean"] == "female"
        assert issues["sex"]["allowed"] == ["male", "female"]
        assert issues["creatinine"]["unit"] == "mg/dL" and "> 0" in issues["creatinine"]["expected"]
        assert issues["wieght"]["kind"] == "unknown_field" and issues["wieght"]["did_you_mean"] == "weight"

        missing = await client.call_tool("bmi", {})
        assert missing.is_error and {i["field"] for i in missing.structured_content["issues"]} == {"weight", "height"}

        unknown = await client.call_tool("cockroft_gault", args)
        assert unknown.is_error and unknown.structured_content["issues"][0]["did_you_mean"] == "cockcroft_gault"


def test_stdio_one_tool_per_calculator():
    run(per_calculator_session(stdio()))


def test_http_one_tool_per_calculator(http_url):
    run(per_calculator_session(http_url))


# ---------------------------------------------------------------- compact mode


async def compact_session(server) -> None:
    async with Client(server) as client:
        assert [t.name for t in (await client.list_tools()).tools] == [
            "search_calculators", "describe_calculator", "calculate", "calculate_from_note"]

        found = await client.call_tool("search_calculators", {"query": "pneumonia severity"})
        assert not found.is_error
        ids = [r["id"] for r in found.structured_content["results"]]
        assert "curb-65" in ids

        described = await client.call_tool("describe_calculator", {"calculator": "curb-65"})
        assert not described.is_error
        schema = described.structured_content["parameters"]
        assert set(schema["required"]) == {"bun", "respiratory_rate", "systolic_bp", "diastolic_bp", "age"}

        inputs = {"confusion": True, "bun": "8 mmol/L", "respiratory_rate": 32, "systolic_bp": 85,
                  "diastolic_bp": 55, "age": 70}
        done = await client.call_tool("calculate", {"calculator": "curb-65", "inputs": inputs})
        assert not done.is_error
        assert done.structured_content["rounded"] == calculate("curb-65", inputs).rounded == 5

        bad = await client.call_tool("calculate", {"calculator": "curb-65", "inputs": {**inputs, "age": "old"}})
        assert bad.is_error
        issue = bad.structured_content["issues"][0]
        assert issue["field"] == "inputs.age" and issue["path"] == ["inputs", "age"] and issue["value"] == "old"

        nowhere = await client.call_tool("describe_calculator", {"calculator": "curb66"})
        assert nowhere.is_error and nowhere.structured_content["error"] == "unknown_calculator"


def test_stdio_compact_search_describe_calculate():
    run(compact_session(stdio("--compact")))


def test_http_compact_search_describe_calculate(http_compact_url):
    run(compact_session(http_compact_url))


# ---------------------------------------------------------------- secure by default


def test_non_loopback_host_needs_a_token(monkeypatch):
    monkeypatch.delenv(TOKEN_ENV, raising=False)
    result = CliRunner().invoke(main, ["mcp", "--transport", "http", "--host", "0.0.0.0", "--port", "1"])
    assert result.exit_code == 2
    assert TOKEN_ENV in result.output and "traceback" not in result.output.lower()


def test_token_is_required_when_configured():
    token = "s3cret-token"
    with http_server(token=token) as url:
        response = httpx2.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                               headers={"Accept": "application/json, text/event-stream"})
        assert response.status_code == 401
        assert response.json()["error"] == "unauthorized"

        async def authorised() -> None:
            http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=TIMEOUT)
            async with http, Client(streamable_http_client(url, http_client=http)) as client:
                result = await client.call_tool("bmi", {"weight": 70, "height": 175})
                assert not result.is_error and result.structured_content["rounded"] == 22.9

        run(authorised())


def test_missing_sdk_is_a_clear_error(monkeypatch):
    from medreckon.interfaces import mcp as adapter

    monkeypatch.setitem(sys.modules, "mcp", None)  # what an uninstalled extra looks like
    with pytest.raises(adapter.MCPUnavailable, match=r"medreckon\[mcp\]"):
        adapter.build_server()

