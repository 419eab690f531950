"""The REST server, tested as a client sees it: real uvicorn servers on free loopback ports, real
HTTP requests (httpx), and schemathesis against the served /openapi.json (no 500s allowed)."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

import medreckon
from medreckon.calculators import all_calculators
from medreckon.interfaces import rest

TOKEN = "s3cret-token-for-tests"


@dataclass
class Server:
    url: str
    log: Path
    proc: subprocess.Popen

    def access_lines(self) -> list[dict]:
        lines = []
        for line in self.log.read_text(errors="replace").splitlines():
            if line.startswith('{"ts"'):
                lines.append(json.loads(line))
        return lines


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(tmp: Path, *args: str, env: dict[str, str] | None = None) -> Server:
    port = _free_port()
    log = tmp / f"server-{port}.log"
    proc = subprocess.Popen(
        [sys.executable, "-m", "medreckon.cli", "serve", "--port", str(port), *args],
        stdout=subprocess.DEVNULL, stderr=log.open("wb"), env={**os.environ, **(env or {})},
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}: {log.read_text()}")
        try:
            if httpx.get(url + "/health", timeout=1).status_code == 200:
                return Server(url, log, proc)
        except httpx.TransportError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("server did not start in 60 s")


def _stop(server: Server) -> None:
    server.proc.terminate()
    try:
        server.proc.wait(10)
    except subprocess.TimeoutExpired:
        server.proc.kill()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = _start(tmp_path_factory.mktemp("rest"))
    yield s
    _stop(s)


@pytest.fixture(scope="module")
def secured(tmp_path_factory):
    """Token from the environment, CORS for one origin, a small body limit."""
    s = _start(tmp_path_factory.mktemp("rest-auth"), "--cors-origin", "https://app.example",
               "--max-body", "2048", env={rest.TOKEN_ENV: TOKEN})
    yield s
    _stop(s)


@pytest.fixture(scope="module")
def client(server):
    with httpx.Client(base_url=server.url, timeout=10) as c:
        yield c


def _is_error(r: httpx.Response, status: int, code: str) -> dict:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/json")
    body = r.json()
    assert body["error"] == code and body["message"]
    assert "Traceback" not in r.text
    return body


# ---------------------------------------------------------------- endpoints


def test_health(client):
    r = client.get("/health")
    assert r.status_code == 200
    assert r.json() == {"status": "ok", "calculators": len(all_calculators()), "version": medreckon.__version__}


def test_list_search_and_filter(client):
    everything = client.get("/calculators").json()
    assert everything["count"] == len(all_calculators())
    found = client.get("/calculators", params={"q": "creatinine clearance", "limit": 3}).json()
    assert found["calculators"][0]["id"] == "cockcroft-gault" and found["count"] <= 3
    cardio = client.get("/calculators", params={"specialty": "cardiology", "kind": "score"}).json()
    assert cardio["count"] > 0
    assert all(c["specialty"] == "cardiology" and c["kind"] == "score" for c in cardio["calculators"])


def test_bad_query_parameters_are_structured_422s(client):
    body = _is_error(client.get("/calculators", params={"specialty": "cardio"}), 422, "invalid_input")
    issue = body["issues"][0]
    assert issue["field"] == "specialty" and issue["did_you_mean"] == "cardiology"
    assert "cardiology" in issue["allowed"]
    body = _is_error(client.get("/calculators", params={"limit": 0}), 422, "invalid_input")
    assert body["issues"][0]["field"] == "limit" and body["issues"][0]["value"] == "0"
    body = _is_error(client.get("/calculators", params={"kind": "formula"}), 422, "invalid_input")
    assert body["issues"][0]["allowed"] == ["equation", "score"]


def test_describe_by_id_alias_or_medcalc_bench_id(client):
    d = client.get("/calculators/cockcroft-gault").json()
    assert d["formula"] and d["references"] and d["output"]["unit"] == "mL/min"
    assert d["request_schema"] == medreckon.calculators.get("crcl").inputs.model_json_schema()
    assert next(i for i in d["inputs"] if i["name"] == "creatinine")["units"] == ["mg/dL", "umol/L"]
    assert client.get("/calculators/crcl").json() == d
    assert client.get("/calculators/2").json()["id"] == "cockcroft-gault"
    body = _is_error(client.get("/calculators/cockroft-gault"), 404, "unknown_calculator")
    assert body["issues"][0]["did_you_mean"] == "cockcroft_gault"


def test_post_returns_the_result(client):
    inputs = {"age": 60, "sex": "female", "weight": "154 lb", "height": "5 ft 5 in", "creatinine": "88 umol/L"}
    r = client.post("/calculators/cockcroft-gault", json=inputs)
    assert r.status_code == 200
    assert r.json() == medreckon.calculate("cockcroft-gault", inputs).to_dict()
    body = r.json()
    assert body["rounded"] == 59.0 and body["steps"] and body["inputs"]["weight"] == pytest.approx(69.85, abs=0.01)
    assert client.post("/calculators/crcl", json=inputs).json() == body


def test_post_reports_warnings(client):
    r = client.post("/calculators/cockcroft-gault",
                    json={"age": 60, "sex": "male", "weight": 70, "creatinine": 88, "weight_rule": "actual"})
    assert r.status_code == 200
    assert any(w["code"] == "implausible" and w["field"] == "creatinine" for w in r.json()["warnings"])


def test_invalid_inputs_are_422_with_repairable_issues(client):
    r = client.post("/calculators/cockcroft-gault", json={"age": -1, "sex": "femal", "wieght": 70, "creatinine": 1})
    body = _is_error(r, 422, "invalid_input")
    by_field = {i["field"]: i for i in body["issues"]}
    assert by_field["sex"]["did_you_mean"] == "female"
    assert by_field["wieght"]["did_you_mean"] == "weight"
    assert by_field["age"]["value"] == -1 and by_field["age"]["unit"] == "yr"
    assert by_field["weight"]["kind"] == "missing"


@pytest.mark.parametrize("content", [b"{not json", b"[1, 2]", b"null", b"", b"   "])
def test_a_body_that_is_not_a_json_object_is_a_422(client, content):
    r = client.post("/calculators/bmi", content=content, headers={"content-type": "application/json"})
    body = _is_error(r, 422, "invalid_input")
    assert body["issues"][0]["field"] == "body"


def test_unknown_calculator_unknown_path_and_wrong_method(client):
    _is_error(client.post("/calculators/nope", json={}), 404, "unknown_calculator")
    _is_error(client.get("/nothing-here"), 404, "not_found")
    r = client.delete("/calculators/bmi")
    _is_error(r, 405, "method_not_allowed")
    assert r.headers["allow"] == "GET, POST"


def test_request_size_limit(client):
    big = b'{"weight": 70, "height": 175, "pad": "' + b"x" * (70 * 1024) + b'"}'
    _is_error(client.post("/calculators/bmi", content=big, headers={"content-type": "application/json"}),
              413, "request_too_large")

    def chunks():  # no content-length: the limit is counted as the body streams in
        for _ in range(70):
            yield b"x" * 1024

    _is_error(client.post("/calculators/bmi", content=chunks(), headers={"content-type": "application/json"}),
              413, "request_too_large")
    # just under the limit is read (and then judged on its content)
    ok = b'{"weight": 70, "height": 175}' + b" " * (60 * 1024)
    assert client.post("/calculators/bmi", content=ok, headers={"content-type": "application/json"}).status_code == 200


def test_no_cors_unless_configured(client):
    r = client.options("/calculators/bmi", headers={"Origin": "https://evil.example",
                                                    "Access-Control-Request-Method": "POST"})
    assert "access-control-allow-origin" not in r.headers
    r = client.get("/health", headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in r.headers


def test_access_log_is_one_json_line_per_request(server, client):
    client.get("/calculators/bmi", headers={"x-marker": "1"})
    client.post("/calculators/bmi", json={"weight": 70})
    time.sleep(0.2)
    lines = server.access_lines()
    assert any(x["method"] == "GET" and x["path"] == "/calculators/bmi" and x["status"] == 200 for x in lines)
    post = [x for x in lines if x["method"] == "POST" and x["path"] == "/calculators/bmi" and x["status"] == 422]
    assert post and post[-1]["client"] == "127.0.0.1" and post[-1]["ms"] >= 0 and post[-1]["bytes"] > 0


def test_openapi_has_a_request_schema_per_calculator(client):
    spec = client.get("/openapi.json").json()
    schemas = spec["components"]["schemas"]
    for calc in all_calculators():
        op = spec["paths"][f"/calculators/{calc.id}"]["post"]
        ref = op["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        name = ref.rsplit("/", 1)[1]
        assert schemas[name] == calc.inputs.model_json_schema()
        assert op["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].endswith("/Result")
        assert op["responses"]["422"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorBody")
        assert "get" in spec["paths"][f"/calculators/{calc.id}"]
    assert "security" not in spec


# ---------------------------------------------------------------- security


def test_token_is_required_when_configured(secured):
    with httpx.Client(base_url=secured.url, timeout=10) as c:
        r = c.get("/calculators")
        _is_error(r, 401, "unauthorized")
        assert r.headers["www-authenticate"] == "Bearer"
        _is_error(c.get("/calculators", headers={"Authorization": "Bearer wrong"}), 401, "unauthorized")
        _is_error(c.get("/calculators", headers={"Authorization": TOKEN}), 401, "unauthorized")
        _is_error(c.post("/calculators/bmi", json={"weight": 70, "height": 175},
                         headers={"Authorization": f"Basic {TOKEN}"}), 401, "unauthorized")
        assert c.get("/health").status_code == 200  # liveness stays open
        ok = c.post("/calculators/bmi", json={"weight": 70, "height": 175},
                    headers={"Authorization": f"Bearer {TOKEN}"})
        assert ok.status_code == 200 and ok.json()["rounded"] == 22.9
        assert c.get("/calculators", headers={"authorization": f"bearer {TOKEN}"}).status_code == 200
        spec = c.get("/openapi.json", headers={"Authorization": f"Bearer {TOKEN}"}).json()
        assert spec["components"]["securitySchemes"]["bearer"]["scheme"] == "bearer"


def test_configured_cors_origin_and_body_limit(secured):
    with httpx.Client(base_url=secured.url, timeout=10) as c:
        auth = {"Authorization": f"Bearer {TOKEN}"}
        r = c.get("/calculators", headers={**auth, "Origin": "https://app.example"})
        assert r.headers["access-control-allow-origin"] == "https://app.example"
        r = c.get("/calculators", headers={**auth, "Origin": "https://evil.example"})
        assert "access-control-allow-origin" not in r.headers
        body = {"weight": 70, "height": 175, "x": "y" * 3000}
        _is_error(c.post("/calculators/bmi", json=body, headers=auth), 413, "request_too_large")


def test_non_loopback_host_is_refused_without_a_token():
    env = {k: v for k, v in os.environ.items() if k != rest.TOKEN_ENV}
    out = subprocess.run([sys.executable, "-m", "medreckon.cli", "serve", "--host", "0.0.0.0", "--port", "1"],
                         capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 2
    assert "refusing to listen on '0.0.0.0'" in out.stderr and "Traceback" not in out.stderr


@pytest.mark.parametrize("host,loopback", [("127.0.0.1", True), ("127.8.9.1", True), ("localhost", True),
                                           ("::1", True), ("[::1]", True), ("0.0.0.0", False),
                                           ("192.168.1.10", False), ("::", False), ("example.org", False)])
def test_loopback_detection_and_bind_check(host, loopback):
    assert rest.is_loopback(host) is loopback
    if loopback:
        rest.check_bind(host, None)
    else:
        with pytest.raises(rest.UnsafeBindError):
            rest.check_bind(host, None)
    rest.check_bind(host, "a-token")  # a token makes any host acceptable


def test_an_unexpected_failure_is_a_json_500_without_traceback():
    import asyncio

    app = rest.create_app(access_log=False)

    async def boom() -> None:
        raise RuntimeError("internal detail that must not leak")

    app.fastapi.add_api_route("/boom", boom)

    async def call() -> httpx.Response:
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
            return await c.get("/boom")

    r = asyncio.run(call())
    body = _is_error(r, 500, "internal_error")
    assert "internal detail" not in r.text and body["issues"] == []


def test_the_fastapi_route_answers_like_the_fast_path(client):
    """FastPath serves POST /calculators/{id}; the FastAPI route behind it gives the same answers."""
    import asyncio

    app = rest.create_app(access_log=False).fastapi

    async def call(path, content) -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
            return await c.post(path, content=content, headers={"content-type": "application/json"})

    for path, content in [("/calculators/bmi", b'{"weight": 70, "height": 175}'),
                          ("/calculators/bmi", b'{"weight": -70}'), ("/calculators/crcl", b"[]")]:
        direct = asyncio.run(call(path, content))
        served = client.post(path, content=content, headers={"content-type": "application/json"})
        assert (direct.status_code, direct.json()) == (served.status_code, served.json())


def test_importing_medreckon_does_not_import_fastapi():
    code = "import sys, medreckon, medreckon.cli; print('fastapi' in sys.modules, 'uvicorn' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False False"


# ---------------------------------------------------------------- schemathesis


SCHEMATHESIS_CONFIG = Path(__file__).resolve().parents[1] / "schemathesis.toml"


def test_schemathesis_config_lists_exactly_the_relations():
    """The operations whose schema-valid bodies may get a 422 (schemathesis.toml) are exactly the
    calculators with a rule between values that no JSON Schema states (a `Relation`), and each
    schema says that rule in words."""
    import tomllib

    from medreckon.calculators.rules import Relation

    config = tomllib.loads(SCHEMATHESIS_CONFIG.read_text())
    listed = {op["include-name"].removeprefix("POST /calculators/"): op for op in config["operations"]
              if "checks" in op and not op["include-name"].endswith("/from-note")}
    relations = {c.id for c in all_calculators() if any(isinstance(r, Relation) for r in c.inputs.rules)}
    assert set(listed) == relations
    for calc_id, op in listed.items():
        assert op["checks"] == {"positive_data_acceptance": {"expected-statuses": [200, 422]}}
        assert op.get("phases", {"fuzzing": {"enabled": False}}) == {"fuzzing": {"enabled": False}}
        schema = medreckon.calculators.get(calc_id).inputs.model_json_schema()
        stated = [r for r in schema["x-medreckon-rules"] if not r["in_schema"]]
        assert stated and all(r["status"] == 422 and r["rule"] in schema["description"] for r in stated)
    # the one other entry: MME's rules are in its schema, too many for the fuzzing phase's generator
    # the reading operation: a person's `inputs` are checked against the calculator the path names
    assert {"include-name": "POST /calculators/{calculator}/from-note", "checks": {
        "positive_data_acceptance": {"expected-statuses": [200, 422]}, "max_response_time": 120},
        "request-timeout": 120} in config["operations"]
    others = [op for op in config["operations"] if "checks" not in op]
    assert others == [{"include-name": "POST /calculators/morphine-milligram-equivalents",
                       "phases": {"fuzzing": {"enabled": False}}}]
    assert len(medreckon.calculators.get("mme").inputs.model_json_schema()["allOf"]) == 13


def _schemathesis_failures(output: str) -> list[tuple[str, str]]:
    """(operation, check code) of each failure in `st run` output."""
    found, operation = [], None
    for line in output.splitlines():
        m = re.match(r"^_+ (GET|POST|PUT|DELETE|PATCH|OPTIONS|HEAD) (\S+) _+$", line)
        if m:
            operation = f"{m.group(1)} {m.group(2)}"
        m = re.match(r"^- (ST\d+) ", line)
        if m and operation:
            found.append((operation, m.group(1)))
    return found


def _schemathesis_sample() -> list[str]:
    """The calculators the suite fuzzes: those schemathesis.toml names (each with a rule a schema
    cannot state) and every third of the rest, by id. The whole API (440 operations, ~30 min on 2
    cores) is the command in docs/hardening.md ("Figures")."""
    named = set(re.findall(r'"POST /calculators/([a-z0-9-]+)"', SCHEMATHESIS_CONFIG.read_text()))
    ids = sorted(c.id for c in all_calculators())
    return sorted(named | set(ids[::3]))


def test_schemathesis_all_checks(server, tmp_path):
    """Property-based requests from /openapi.json with every schemathesis check (bounded): no
    500s, every status code, header and body as documented, schema-invalid bodies rejected and
    schema-valid ones accepted (a 422 for one only where schemathesis.toml says why)."""
    st = shutil.which("st", path=str(Path(sys.executable).parent)) or shutil.which("st")
    if st is None:
        pytest.fail("schemathesis is not installed (it is in the test extra)")
    har = tmp_path / "schemathesis.har"
    sample = _schemathesis_sample()
    paths = "^/(?!calculators/)|^/calculators/(" + "|".join(map(re.escape, sample)) + ")$"
    out = subprocess.run(
        [st, "--config-file", str(SCHEMATHESIS_CONFIG), "run", f"{server.url}/openapi.json", "--checks", "all", "--max-examples", "6",
         "--workers", "2", "--seed", "1", "--phases", "examples,coverage,fuzzing", "--no-color",
         "--include-path-regex", paths, "--report", "har", "--report-har-path", str(har)],
        capture_output=True, text=True, timeout=900, cwd=tmp_path,
    )
    failures = _schemathesis_failures(out.stdout)
    assert not failures, out.stdout[-8000:] + out.stderr[-2000:]
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert "Server error" not in out.stdout
    # every operation's success path was reached (its OpenAPI example at least), and no answer to a
    # POST, whatever its body, was over 64 KB
    entries = json.loads(har.read_text())["log"]["entries"]
    succeeded = {urlsplit(e["request"]["url"]).path for e in entries
                 if e["request"]["method"] == "POST" and e["response"]["status"] == 200}
    assert {f"/calculators/{c}" for c in sample} <= succeeded
    posts = [e["response"]["content"].get("size", 0) for e in entries if e["request"]["method"] == "POST"]
    assert posts and max(posts) <= 64 * 1024


def test_every_operation_documents_a_request_that_succeeds(client):
    """The example in each POST operation's request body (rest_shapes.request_example) validates
    against the operation's schema and the server computes it: a fuzzer's examples phase starts
    there."""
    import jsonschema

    spec = client.get("/openapi.json").json()
    for calc in all_calculators():
        body = spec["paths"][f"/calculators/{calc.id}"]["post"]["requestBody"]["content"]["application/json"]
        assert "example" in body, calc.id
        jsonschema.Draft202012Validator(calc.inputs.model_json_schema()).validate(body["example"])
        assert client.post(f"/calculators/{calc.id}", json=body["example"]).status_code == 200, calc.id
