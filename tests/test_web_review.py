"""The review page end to end in a real browser (Playwright driving Debian's Chromium, headless)
against the real viewer: paste a note, take a suggested calculator, see every input with its
evidence highlighted in the note and its confidence, change an input, compute, save the corrected
inputs as a labelled example (read back from the JSONL the server wrote). Screenshots go to
test-output/screenshots (docs/screenshots/review*.png are copies)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import httpx
import pytest

from medreckon.web.app import create_viewer
from medreckon.web.site import Site
from test_web_viewer import Server

pytestmark = pytest.mark.browser
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (the test extra)")
CHROMIUM = os.environ.get("MEDRECKON_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).is_file():
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set MEDRECKON_CHROMIUM)",
                allow_module_level=True)
SHOTS = Path(os.environ.get("MEDRECKON_TEST_OUTPUT") or Path(__file__).parents[1] / "test-output") / "screenshots"
WAIT = 90_000  # ms: the first reading loads medspaCy (seconds on a busy machine)
expect = sync_api.expect
expect.set_options(timeout=WAIT)

NOTE = ("A 72-year-old man presents with a productive cough for three days and new "
        "confusion this morning. BUN 31 mg/dL, respiratory rate 32/min, blood pressure 85/50 mmHg, "
        "pulse 112. Chest x-ray: right lower lobe consolidation, community-acquired pneumonia.")


@pytest.fixture(scope="module")
def examples(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("examples")


@pytest.fixture(scope="module")
def server(examples):
    with Server(create_viewer(Site([], examples_dir=examples))) as s:
        yield s


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def page(browser, server):
    p = browser.new_page(viewport={"width": 1280, "height": 1000})
    p.set_default_timeout(WAIT)
    errors: list[str] = []
    p.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    p.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
    p.errors = errors
    yield p
    p.close()


def row(p, name: str):
    return p.locator(f"#review-inputs tr[data-input='{name}']")


def test_paste_read_edit_compute_save(page, server, examples):
    p = page
    assert p.goto(server.url + "/review.html").status == 200
    p.fill("#note", NOTE)
    p.click("#suggest")
    p.wait_for_selector("#suggestions button")
    suggested = [b.get_attribute("data-calculator") for b in p.locator("#suggestions button").all()]
    assert "curb-65" in suggested[:3], suggested
    p.click("#suggestions button[data-calculator='curb-65']")
    p.wait_for_selector("#review-inputs tbody tr")

    # every input with its value, source, confidence and the words of the note, highlighted
    assert p.locator("#calc-value").inner_text() == "5 points"
    assert row(p, "confusion").locator("select").input_value() == "true"
    assert "rule" in row(p, "confusion").inner_text() and "“confusion”" in row(p, "confusion").inner_text()
    assert row(p, "bun").locator("input").input_value() == "31 mg/dL"
    assert row(p, "bun").locator("td").nth(3).inner_text().endswith("%")
    marks = {m.inner_text(): m.get_attribute("data-inputs") for m in p.locator("#review-note mark").all()}
    assert marks["confusion"] == "confusion" and marks["31 mg/dL"] == "bun"
    assert set(marks["85/50 mmHg"].split()) == {"systolic_bp", "diastolic_bp"}
    assert p.locator("#review-note").inner_text() == NOTE  # the note as pasted, only marked
    row(p, "bun").hover()
    assert p.locator("#review-note mark.active").inner_text() == "31 mg/dL"
    assert "needs review" in p.locator("#case-confidence").inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    p.screenshot(path=str(SHOTS / "review.png"), full_page=True)

    # a person's change: confusion was not new after all; computed again
    row(p, "confusion").locator("select").select_option("false")
    p.click("#compute")
    expect(p.locator("#calc-value")).to_have_text("4 points")
    assert "person" in row(p, "confusion").inner_text() and "read: yes" in row(p, "confusion").inner_text()
    steps = p.locator("#calc-steps").inner_text()
    assert "confusion" in steps and "absent" in steps
    p.screenshot(path=str(SHOTS / "review-edited.png"), full_page=True)

    # a bad value is named on its row, nothing computed
    row(p, "age").locator("input").fill("very old")
    row(p, "age").locator("input").dispatch_event("change")
    p.click("#compute")
    p.wait_for_selector("#review-inputs tr.invalid")
    assert "very old" in row(p, "age").locator(".field-error").inner_text()
    row(p, "age").locator("input").fill("72 years")
    row(p, "age").locator("input").dispatch_event("change")
    p.click("#compute")
    expect(p.locator("#review-inputs tr.invalid")).to_have_count(0)

    p.click("#save")
    expect(p.locator("#save-status")).to_have_text("Saved example 1 to examples.jsonl.")
    lines = (examples / "examples.jsonl").read_text().splitlines()
    assert len(lines) == 1
    saved = json.loads(lines[0])
    assert saved["calculator"] == "curb-65" and saved["note"] == NOTE
    assert saved["inputs"]["confusion"] == {"value": False, "source": "person", "method": "person",
                                            "evidence": [{"start": NOTE.index("confusion"),
                                                          "end": NOTE.index("confusion") + 9, "text": "confusion"}],
                                            "read": True}
    assert saved["inputs"]["age"]["value"] == "72 years" and saved["inputs"]["age"]["source"] == "person"
    assert saved["inputs"]["bun"]["source"] == "rule" and saved["result"]["rounded"] == 4
    # the one failed request is the bad age's 422, which the page showed on its row
    assert [e for e in p.errors if "status of 422" not in e] == [] and len(p.errors) == 1


def test_a_hostile_note_is_text(page, server):
    p = page
    p.goto(server.url + "/review.html")
    hostile = "<img src=x onerror=alert(1)> confusion <script>alert(2)</script> age 70 years"
    p.fill("#note", hostile)
    p.select_option("#calculator", "curb-65")
    p.click("#read")
    p.wait_for_selector("#review-inputs tbody tr")
    assert p.locator("#review-note").inner_text() == hostile and p.locator("#review-note img").count() == 0
    assert "Not computable" in p.locator("#calc-status").inner_text()  # BUN, RR and the pressures are missing
    assert p.errors == []


def test_the_endpoints_refuse_what_they_cannot_use(server, tmp_path):
    with httpx.Client(base_url=server.url, timeout=60) as c:
        assert c.post("/review/examples", content=b"note=x",
                      headers={"content-type": "application/x-www-form-urlencoded"}).status_code == 415
        bad = c.post("/review/examples", json={"calculator": "curb-65", "note": NOTE, "inputs": {"age": "old"}})
        assert bad.status_code == 422 and bad.json()["issues"][0]["field"] == "inputs.age"
        empty = c.post("/review/suggestions", json={"note": "  "})
        assert empty.status_code == 422 and empty.json()["issues"][0]["field"] == "note"
        unknown = c.post("/review/examples", json={"calculator": "curb66", "note": NOTE})
        assert unknown.status_code == 422 and unknown.json()["issues"][0]["field"] == "calculator"
    with Server(create_viewer(Site([]))) as off, httpx.Client(base_url=off.url, timeout=60) as c:
        refused = c.post("/review/examples", json={"calculator": "curb-65", "note": NOTE})
        assert refused.status_code == 409 and "--examples-dir" in refused.json()["message"]
        assert 'id="save" disabled' in c.get("/review.html").text
