"""The viewer's scenario page: a scenario run (scripted agents, through the bench's runner) shown
with its question, plan, each tool call with its rows and each step's verdict; in Chromium it
fits a 1,400 px window. Without Playwright or Chromium the page is still checked as HTML."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from medreckon.bench.runs import runner
from medreckon.bench.runs.store import Store
from medreckon.scenarios.agent import ScenarioAgent
from medreckon.scenarios.build import build
from medreckon.scenarios.dataset import load_cases
from medreckon.scenarios.model import scenario_from_dict
from medreckon.web.runs import load_runs, slug
from medreckon.web.site import Site
from scenario_scripts import plan_calls
from scripted import Scripted


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("view")
    build(root / "set", per_template=1, background=10, seed=4)
    cases = [c for c in load_cases(path=root / "set") if c.metadata["source"] == "generated"][:3]
    cases += [c for c in load_cases(path=root / "set") if c.metadata["source"] == "medmcp-calc"][:1]

    def respond(messages, gen):
        case = next(c for c in cases if c.note in messages[1]["content"])
        plan = plan_calls(scenario_from_dict(case.metadata["scenario"]), other_time="sodium")
        return __import__("json").dumps(plan[min(sum(m["role"] == "assistant" for m in messages), len(plan) - 1)])

    agent = ScenarioAgent(max_turns=40)
    with Store(root / "run", create=True) as store:
        runner.run(store, cases, agent, Scripted(respond),
                   runner.RunSettings(model="scripted", strategy=agent.name), concurrency=1)
    return Site(load_runs([root / "run"])), cases


def test_the_scenario_page_shows_question_plan_calls_rows_and_verdicts(site):
    s, cases = site
    html = s.render(f"runs/0/cases/{slug(cases[0].id)}.html")
    assert html is not None
    scenario = scenario_from_dict(cases[0].metadata["scenario"])
    assert "Plan and gold" in html and scenario.plan.split(")")[1].strip()[:20] in html
    assert "query_record" in html and "SELECT * FROM" in html and "<table class=\"rows\">" in html
    assert "Steps" in html and "final answer right" in html
    assert f"{scenario.patient_id}" in html
    run_page = s.render("runs/0/index.html")
    assert run_page is not None and cases[0].id in run_page


CHROMIUM = os.environ.get("MEDRECKON_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


@pytest.mark.browser
def test_the_scenario_page_fits_the_window_in_chromium(site):
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).is_file():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    from medreckon.web.app import create_viewer
    from test_web_browser import overflow
    from test_web_viewer import Server

    s, cases = site
    with Server(create_viewer(s)) as server, sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        for case in cases:
            response = page.goto(f"{server.url}/runs/0/cases/{slug(case.id)}.html")
            assert response is not None and response.status == 200
            width = overflow(page)
            assert width["scrollWidth"] <= width["clientWidth"], (case.id, width)
        shots = Path(os.environ.get("MEDRECKON_TEST_OUTPUT") or Path(__file__).parents[1] / "test-output") / "screenshots"
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / "scenario.png"), full_page=True)
        browser.close()
        assert errors == []
