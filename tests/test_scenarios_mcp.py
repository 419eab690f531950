"""The scenario tools on the MCP server (`medreckon mcp --record DB`), through the real MCP
client over stdio: the same tools and results any MCP client gets."""

import asyncio
import os
import subprocess
import sys

import pytest

pytest.importorskip("mcp")

from mcp import Client, StdioServerParameters  # noqa: E402

from medreckon.interfaces.mcp import TOKEN_ENV  # noqa: E402
from medreckon.scenarios.build import build  # noqa: E402


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    out = tmp_path_factory.mktemp("mcpset")
    build(out, per_template=1, background=5, seed=3, imported=False)
    return out


def test_mcp_serves_the_scenario_tools_over_a_record(folder):
    env = {k: v for k, v in os.environ.items() if k != TOKEN_ENV}
    server = StdioServerParameters(command=sys.executable, env=env, args=[
        "-m", "medreckon.cli", "mcp", "--record", str(folder / "record.sqlite")])

    async def session():
        async with Client(server) as client:
            names = [t.name for t in (await client.list_tools()).tools]
            assert names == ["query_record", "search_calculators", "describe_calculator", "calculate", "run_python"]
            rows = await client.call_tool("query_record", {"sql": "SELECT COUNT(*) AS n FROM patients"})
            assert not rows.is_error and rows.structured_content["rows"] == [[10]]
            refused = await client.call_tool("query_record", {"sql": "DELETE FROM patients"})
            assert refused.is_error and "only reads the record" in refused.structured_content["message"]
            done = await client.call_tool("calculate", {"calculator": "bmi", "inputs": {"weight": 70, "height": 175}})
            assert not done.is_error and done.structured_content["rounded"] == 22.9

    asyncio.run(asyncio.wait_for(session(), 60))


def test_mcp_refuses_a_record_that_is_not_one(tmp_path):
    done = subprocess.run([sys.executable, "-m", "medreckon.cli", "mcp", "--record", str(tmp_path / "none.sqlite")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "no patient record at" in done.stderr
