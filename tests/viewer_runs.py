"""Run directories for the viewer tests, made with the scripted model (no data files needed):
an `extract` run on BMI cases (one with a hostile note, one whose model reply is junk) and a
`direct` run on the same cases (free-text answers, no calculation trace).
Test modules import it as `from viewer_runs import make_runs`."""

from __future__ import annotations

import json
import re
from pathlib import Path

from medreckon.bench.runs import runner
from medreckon.bench.runs.store import Store
from medreckon.bench.strategies import get_strategy
from medreckon.bench.types import Case
from scripted import Scripted

# A note that would run script, load an image and break out of attributes if it were markup.
HOSTILE = ('Patient is 180 cm tall and weighs 81 kg. <script>window.__pwned = 1</script>'
           '<img src=x onerror="window.__pwned = 2"> "><b id=injected>bold</b> &amp; </textarea>')


def bmi_case(cid: str, height: float, weight: float, note: str | None = None) -> Case:
    truth = round(weight / (height / 100) ** 2, 1)
    return Case(id=cid, calculator_id=6, calculator_name="Body Mass Index (BMI)",
                note=note or f"A 40-year-old seen in clinic: height {height:g} cm, weight {weight:g} kg.",
                question="What is the patient's BMI in kg/m²?", ground_truth=truth,
                lower=round(truth * 0.95, 3), upper=round(truth * 1.05, 3), output_type="decimal",
                category="physical", entities={"height": [height, "cm"], "weight": [weight, "kg"]},
                dataset="medcalc-bench", dataset_version="v1.0", metadata={})


def cases(n: int = 4) -> list[Case]:
    """`n` cases: the first has the hostile note, the second is one the model misreads."""
    out = [bmi_case("9001", 180, 81, HOSTILE), bmi_case("9002", 165, 70)]
    out += [bmi_case(str(9003 + i), 150 + (i % 50), 50 + (i % 60)) for i in range(max(0, n - 2))]
    return out[:n]


def _extract_reply(messages, gen) -> str:
    """The values of the note the prompt quotes; case 9002's weight read as 7.0 (a wrong
    value), case 9003's reply is junk (unparsed)."""
    text = messages[-1]["content"]
    if "height 150 cm, weight 50 kg" in text:
        return "I cannot tell."
    h = re.search(r"(\d+) cm", text)
    w = re.search(r"(\d+) kg", text)
    weight = 7.0 if "height 165 cm" in text else float(w.group(1))
    return json.dumps({"height": {"value": float(h.group(1)), "unit": "cm"},
                       "weight": {"value": weight, "unit": "kg"}})


def _direct_reply(messages, gen) -> str:
    return json.dumps({"answer": 25.0})


def make_run(run_dir: Path, strategy: str, the_cases: list[Case], reply) -> Path:
    with Store(run_dir, create=True) as store:
        runner.run(store, the_cases, get_strategy(strategy), Scripted(reply, name="scripted"),
                   runner.RunSettings(model="scripted", strategy=strategy, gen={"seed": 0}))
    return run_dir


# the name scripts/main.sh gave its run before names were short: the whole strategy spec
LONG_NAME = ("main-embedded-extract-context-alone-choices-logprob-candidates-first-apply_hints-true-"
             "item_lists-true-abstain-true-max_repairs-1-1pc")


def make_runs(root: Path, n: int = 4, extract_dir: str = "extract") -> tuple[Path, Path]:
    the_cases = cases(n)
    # extract before issue 28 (no log-probabilities: a scripted model gives text only)
    return (make_run(root / extract_dir, "extract:configuration=plain", the_cases, _extract_reply),
            make_run(root / "direct", "direct", the_cases, _direct_reply))
