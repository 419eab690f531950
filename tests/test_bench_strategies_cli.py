"""Every registered strategy through the CLI, the way a user runs it: `bench run` and `bench arms`
on two real MedCalc-Bench BMI cases with a scripted model (tests/scripted.py) put in place of
`models.connect`, and `bench strategies` listing each with its description. A strategy that
does not subclass `strategies.base.Strategy`, lacks `check`, or crashes inside `run` (stored as
status `error`) fails here."""

from __future__ import annotations

import json
import sqlite3

import pytest
from click.testing import CliRunner

from medreckon.bench.strategies import STRATEGIES, register
from medreckon.bench.strategies.base import Strategy
from medreckon.cli import main
from scripted import Scripted

CASES = ["--dataset", "medcalc-bench", "--calculators", "6", "--limit", "2", "--seed", "0"]
INPUTS = {"weight": {"value": 70, "unit": "kg"}, "height": {"value": 175, "unit": "cm"}}
# One JSON reply that every prompt strategy reads as an answer: the CoT fields, structured_cot's
# fields, and self_refine's critique verdict (no error found, so it stops after one round).
WORKED = {"reasoning": "BMI = weight / height^2 = 70 / 1.75^2", "calculator": "Body Mass Index",
          "values": [{"name": k, **v} for k, v in INPUTS.items()],
          "calculation": "70 / 1.75^2 = 22.9", "answer": 22.9, "problems": [], "has_error": False}
PROGRAM = "```python\nanswer = round(70 / 1.75 ** 2, 1)\n```"


class BmiModel(Scripted):
    """Answers each strategy's requests as a competent model would on a BMI case."""

    def __init__(self, strategy: str):
        super().__init__()
        self.strategy = strategy

    def reply(self, n, messages, response_format, gen):
        if self.strategy == "tools":  # call the calculator, then answer with its result
            if any(m["role"] == "tool" for m in messages):
                return {"name": "final_answer", "arguments": {"answer": 22.9}}
            return {"name": "bmi", "arguments": INPUTS}
        if self.strategy == "extract":
            return INPUTS
        if self.strategy in ("code", "rag_code"):
            return PROGRAM
        return WORKED


@pytest.fixture
def scripted_connect(monkeypatch, medcalc_cases):
    """`bench run` and `bench arms` connect to a BmiModel for the strategy named; skips where the
    MedCalc-Bench data is not found."""
    medcalc_cases("6")
    from medreckon.bench import models

    made: list[BmiModel] = []

    def connect_for(strategy):
        def connect(model, **_kw):
            made.append(BmiModel(strategy))
            return made[-1]
        monkeypatch.setattr(models, "connect", connect)
        return made

    return connect_for


def stored(run_dir) -> list[dict]:
    db = sqlite3.connect(f"file:{run_dir / 'run.sqlite'}?mode=ro", uri=True)
    try:
        return [json.loads(o) for (o,) in db.execute("SELECT outcome FROM attempts")]
    finally:
        db.close()


# how each runs on MedCalc-Bench cases with a scripted model: extract's default pipeline scores
# options by log-probability, which a scripted model cannot give; the scenario agent runs on
# scenarios (tests/test_scenarios_agent.py runs it through bench run and arms)
SPECS = {"extract": "extract:pipeline=generate"}
ON_MEDCALC = [n for n in STRATEGIES if n != "scenario_agent"]


@pytest.mark.parametrize("name", ON_MEDCALC)
def test_every_strategy_runs_through_bench_run(name, scripted_connect, tmp_path):
    made = scripted_connect(name)
    run_dir = tmp_path / "run"
    r = CliRunner().invoke(main, ["bench", "run", "--model", "scripted", "--strategy", SPECS.get(name, name), *CASES,
                                  "--run-dir", str(run_dir), "--quiet"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    assert "2 attempts made, 0 already stored" in r.stdout
    outcomes = stored(run_dir)
    assert [o["status"] for o in outcomes] == ["ok", "ok"], [(o["error"], o["raw"]) for o in outcomes]
    assert all(o["answer"] is not None for o in outcomes)
    # the scripted model was asked (extract's rules read these two BMI notes whole: nothing to ask)
    assert made and (made[0].requests or name == "extract")


@pytest.mark.parametrize("name", ON_MEDCALC)
def test_every_strategy_runs_through_bench_arms(name, scripted_connect, tmp_path):
    scripted_connect(name)
    r = CliRunner().invoke(main, ["bench", "arms", "--model", "scripted", "--strategies", SPECS.get(name, name),
                                  *CASES, "--run-dir", str(tmp_path), "--quiet"],
                           catch_exceptions=False)
    assert r.exit_code == 0, r.output
    (arm,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    assert [o["status"] for o in stored(arm)] == ["ok", "ok"]


def test_bench_strategies_describes_each_in_one_line():
    r = CliRunner().invoke(main, ["bench", "strategies"])
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    heads = {line.split()[0]: line for line in lines if line and not line.startswith(" ")}
    assert list(heads) == list(STRATEGIES)
    for name, cls in STRATEGIES.items():
        assert cls.description and cls.description in heads[name]
        after = lines[lines.index(heads[name]) + 1]
        assert after.split()[:2] == ["version", cls().version]
    assert "version 1+p1 ·" in lines[lines.index(heads["direct"]) + 1]


def test_a_strategy_must_subclass_the_base_and_describe_itself():
    class Loose:  # the shape, not the base: rejected
        name, description = "loose", "Not a Strategy."

        def run(self, case, model, gen):
            raise AssertionError

    with pytest.raises(TypeError, match="not a subclass of strategies.base.Strategy"):
        register(Loose)

    class Mute(Strategy):
        name = "mute"

        def run(self, case, model, gen):
            raise AssertionError

    with pytest.raises(TypeError, match="one-line description"):
        register(Mute)
    Mute.description = "Two\nlines."
    with pytest.raises(TypeError, match="one-line description"):
        register(Mute)
    assert "loose" not in STRATEGIES and "mute" not in STRATEGIES


def test_the_base_checks_nothing_and_every_strategy_has_check():
    for cls in STRATEGIES.values():
        assert issubclass(cls, Strategy) and callable(cls.check)
