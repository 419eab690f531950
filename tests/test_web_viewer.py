"""The viewer without a browser: every page renders and its links resolve, the real server
(uvicorn on a loopback socket) serves pages, the REST API and static files with its security
headers, hostile note text is escaped, run directories are never written, older schemas and
broken directories get clear answers, and the token rule is that of `medreckon serve`."""

from __future__ import annotations

import hashlib
import re
import socket
import sqlite3
import threading
import time
from pathlib import Path
from urllib.parse import urljoin

import httpx
import pytest
import uvicorn
from click.testing import CliRunner

from medreckon.cli import main
from medreckon.web.app import create_viewer, export_static
from medreckon.web.runs import RunDirError, load_runs
from medreckon.web.site import Site
from viewer_runs import make_runs


@pytest.fixture(scope="module")
def run_dirs(tmp_path_factory) -> tuple[Path, Path]:
    return make_runs(tmp_path_factory.mktemp("runs"))


@pytest.fixture(scope="module")
def site(run_dirs) -> Site:
    return Site(load_runs(list(run_dirs)))


class Server:
    """The viewer app on uvicorn in a thread, on a free loopback port."""

    def __init__(self, app):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the viewer did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()


@pytest.fixture(scope="module")
def server(site):
    with Server(create_viewer(site)) as s:
        yield s


def snapshot(d: Path) -> dict[str, tuple[int, int, str]]:
    return {p.name: (p.stat().st_size, p.stat().st_mtime_ns, hashlib.sha256(p.read_bytes()).hexdigest())
            for p in sorted(d.iterdir())}


def test_every_page_renders_and_every_relative_link_resolves(site):
    paths = set(site.paths())
    assert {"index.html", "arms.html", "audit.html", "calculators/index.html", "calculators/bmi.html",
            "runs/0/index.html", "runs/0/cases/9001.html", "runs/1/cases/9004.html"} <= paths
    for path in paths:
        text = site.render(path)
        assert text is not None and text.startswith("<!DOCTYPE html>"), path
        for href in re.findall(r'(?:href|src)="([^"#]+)"', text):
            if href.startswith(("http://", "https://", "data:")):
                continue
            target = urljoin("http://x/" + path, href)[len("http://x/"):]
            assert target in paths or target.startswith("static/"), (path, href)
    assert site.render("runs/7/index.html") is None and site.render("runs/0/cases/nope.html") is None
    assert site.render("calculators/../index.html") is None


def test_run_page_has_the_filters_and_the_rows_they_act_on(site, run_dirs):
    assert [r.run_dir for r in site.runs] == list(run_dirs)  # in the order given
    extract = site.render("runs/0/index.html")
    for name in ("calculator", "category", "status", "correct", "first-error", "errors", "cause"):
        assert f'data-filter="{name}"' in extract
    assert extract.count("<tr data-calculator=") == 4
    assert 'data-status="error"' in extract and 'data-errors="incorrect_extraction"' in extract
    assert "Step verification (exact verdicts)" in extract and "<svg" in extract


def test_case_page_shows_labels_verdicts_trace_and_the_evidence(site, run_dirs):
    text = site.render("runs/0/cases/9002.html")  # the extract run
    assert "v1.0 ground truth" in text and "our calculator on the gold entities" in text
    assert "hallucinated" in text and "incorrect_extraction" in text  # weight 7.0: not in the note
    assert "Calculation trace" in text and "BMI" in text
    # height: extracted and gold; weight: gold only (the model wrote 7.0, not in the note)
    assert '<mark class="ev-gold ev-value" title="value height; gold height">165</mark>' in text
    assert '<mark class="ev-gold" title="gold weight">70</mark>' in text
    assert "not in the note" in text
    free = site.render("runs/1/cases/9002.html")  # direct
    assert "no_trace" in free and "No calculation trace for this attempt." in free


def test_values_are_shown_as_written_not_as_python(site):
    text = site.render("runs/0/cases/9002.html")
    entities = text[text.index('<table class="entities">'):].split("</table>")[0]
    assert "<td>70 kg</td><td>7 kg</td><td>7 kg</td>" in entities  # gold, model, as written
    assert "<td>165 cm</td>" in entities
    assert "{'value'" not in text and "None" not in entities


def test_the_run_page_names_the_run_short_and_gives_its_configuration(tmp_path):
    from viewer_runs import LONG_NAME

    site = Site(load_runs(list(make_runs(tmp_path, n=2, extract_dir=LONG_NAME))))
    run = site.runs[0]
    assert run.name != LONG_NAME and len(run.name) == 40 and "…" in run.name
    index = site.render("index.html")
    assert f'title="{tmp_path / LONG_NAME}">{run.name} · extract</a>' in index
    page = site.render("runs/0/index.html")
    assert f"<h1>{run.name} · extract</h1>" in page
    assert f"<th>directory</th><td>{tmp_path / LONG_NAME}</td>" in page and "1+e3" in page


def test_audit_masks_are_marked_and_explained():
    from medreckon.web.site import masked_pattern

    got = str(masked_pattern("Cycle length # days <b> is '…' off"))
    assert got.startswith("Cycle length <span class=\"mask\" title=\"a number that differs")
    assert "&lt;b&gt;" in got and "title=\"a quoted value that differs" in got and got.endswith(" off")


def test_hostile_note_text_is_escaped_everywhere(site):
    for i in range(len(site.runs)):
        text = site.render(f"runs/{i}/cases/9001.html")
        assert "<script>window.__pwned" not in text and "<img src=x" not in text
        assert "<b id=injected>" not in text and "</textarea>" not in text
        assert "&lt;script&gt;window.__pwned = 1&lt;/script&gt;" in text
        assert text.count("<script") == 1  # the viewer's own, from static/


def test_server_serves_pages_api_static_files_with_security_headers(server):
    with httpx.Client(base_url=server.url, follow_redirects=False) as http:
        assert http.get("/").headers["location"] == "/index.html"
        page = http.get("/runs/0/index.html")
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
        assert "script-src 'self'" in page.headers["content-security-policy"]
        assert http.get("/static/viewer.js").status_code == 200
        assert http.get("/nope.html").status_code == 404
        r = http.post("/api/calculators/bmi", json={"height": "180 cm", "weight": "81 kg"})
        assert r.status_code == 200 and r.json()["rounded"] == 25.0
        bad = http.post("/api/calculators/bmi", json={"height": "180 cm", "weight": -3})
        assert bad.status_code == 422 and bad.json()["issues"][0]["field"] == "weight"


def test_viewing_writes_nothing_into_the_run_directories(run_dirs, tmp_path):
    before = {d: snapshot(d) for d in run_dirs}
    site = Site(load_runs(list(run_dirs)))
    with Server(create_viewer(site)) as s, httpx.Client(base_url=s.url) as http:
        assert http.get("/runs/0/cases/9001.html").status_code == 200
    export_static(site, tmp_path / "out")
    assert {d: snapshot(d) for d in run_dirs} == before


def test_a_run_of_the_old_schema_is_shown_and_not_migrated(legacy_run):
    d = legacy_run("extract")
    before = snapshot(d)
    site = Site(load_runs([d]))
    assert site.render("runs/0/index.html") is not None
    case = next(iter(site.runs[0].by_case))
    assert "Step verdicts (exact)" in site.render(f"runs/0/cases/{case}.html")
    assert snapshot(d) == before
    db = sqlite3.connect(d / "run.sqlite")
    assert db.execute("SELECT value FROM config WHERE key = 'schema_version'").fetchone() in (None, ("1",))
    assert not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'evaluations'").fetchone()
    db.close()


def test_missing_corrupt_and_non_run_directories_fail_clearly(tmp_path):
    (tmp_path / "empty").mkdir()
    corrupt = tmp_path / "corrupt"
    corrupt.mkdir()
    (corrupt / "run.sqlite").write_bytes(b"not a database at all" * 100)
    (tmp_path / "file.txt").write_text("x")
    for arg, says in ((tmp_path / "missing", "does not exist"), (tmp_path / "empty", "is not a run directory"),
                      (corrupt, "cannot be read"), (tmp_path / "file.txt", "is a file")):
        with pytest.raises(RunDirError, match=says):
            load_runs([arg])
        r = CliRunner().invoke(main, ["view", str(arg), "--static", str(tmp_path / "out")])
        assert r.exit_code == 2 and says in r.output and "Traceback" not in r.output
    assert (corrupt / "run.sqlite").read_bytes() == b"not a database at all" * 100
    assert not (tmp_path / "out").exists()


def test_static_export_from_the_cli(run_dirs, tmp_path):
    out = tmp_path / "site"
    r = CliRunner().invoke(main, ["view", *map(str, run_dirs), "--static", str(out)])
    assert r.exit_code == 0, r.output
    assert (out / "index.html").is_file() and (out / "static" / "viewer.js").is_file()
    assert (out / "runs" / "0" / "cases" / "9001.html").is_file()


def test_a_non_loopback_host_needs_a_token(run_dirs, monkeypatch):
    monkeypatch.delenv("MEDRECKON_API_TOKEN", raising=False)
    r = CliRunner().invoke(main, ["view", str(run_dirs[0]), "--host", "0.0.0.0"])
    assert r.exit_code == 2 and "refusing to listen on '0.0.0.0' without an API token" in r.output


def test_with_a_token_every_path_needs_it_by_header_or_cookie(site):
    token = "s3cret-token"
    with Server(create_viewer(site, token=token)) as s, httpx.Client(base_url=s.url) as http:
        for path in ("/index.html", "/static/viewer.js", "/api/health"):
            assert http.get(path).status_code == 401
        assert http.get("/index.html", headers={"Authorization": "Bearer wrong"}).status_code == 401
        assert http.get("/index.html", headers={"Authorization": f"Bearer {token}"}).status_code == 200
        assert http.get("/index.html?token=wrong").status_code == 401
        first = http.get(f"/runs/0/index.html?token={token}", follow_redirects=False)
        assert first.status_code == 303 and first.headers["location"] == "/runs/0/index.html"
        assert "httponly" in first.headers["set-cookie"].lower()
        assert http.get("/runs/0/index.html").status_code == 200  # the cookie now
        assert http.post("/api/calculators/bmi", json={"height": 180, "weight": 81}).status_code == 200


def test_a_run_still_being_written_is_read_again_when_it_moves_on(tmp_path):
    from viewer_runs import _extract_reply, cases, make_run

    run = make_run(tmp_path / "live", "extract:configuration=plain", cases(2), _extract_reply)
    site = Site(load_runs([run]))
    assert site.page("runs/0/index.html").count("<tr data-calculator=") == 2
    assert site.page("runs/0/cases/9003.html") is None
    make_run(run, "extract:configuration=plain", cases(4), _extract_reply)  # the run goes on: two more attempts
    assert site.page("runs/0/index.html").count("<tr data-calculator=") == 4
    assert site.page("runs/0/cases/9004.html") is not None
    assert ">4</td>" in site.page("index.html")
