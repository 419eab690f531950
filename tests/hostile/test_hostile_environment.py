"""An environment that cannot run what a run needs stops it before its first case, with the fix
named, never booked as one `error` attempt per case (issue 29: numpy 2 beside spaCy 3.7 failed
46 of 100 held-out rows with "numpy.dtype size changed" while the run carried on)."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from medreckon.bench.environment import (
    EnvironmentFault,
    environment_fault,
    is_environment_fault,
    probe,
)
from medreckon.bench.runs import runner
from medreckon.bench.runs.store import Store
from medreckon.bench.strategies.base import Strategy
from medreckon.bench.types import Outcome

ROOT = Path(__file__).parents[2]
ABI = "numpy.dtype size changed, may indicate binary incompatibility. Expected 96 from C header, got 88 from PyObject"


@pytest.fixture
def broken_spacy(tmp_path):
    """An environment whose spaCy fails to import as a numpy-1 build under numpy 2 does: a
    `spacy` package first on the path that raises that very error."""
    fake = tmp_path / "site"
    (fake / "spacy").mkdir(parents=True)
    (fake / "spacy" / "__init__.py").write_text(f"raise ValueError({ABI!r})\n")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(fake), os.environ.get("PYTHONPATH", "")])}


def test_the_fault_names_numpy_and_the_fix():
    fault = environment_fault("reading", "reading", ValueError(ABI))
    assert "pip install 'numpy<2'" in str(fault) and "Nothing was run" in str(fault)
    assert is_environment_fault(ValueError(ABI)) and is_environment_fault(ModuleNotFoundError("x", name="bm25s"))
    assert not is_environment_fault(ValueError("a value the formula cannot take"))
    missing = environment_fault("BM25", None, ModuleNotFoundError("No module named 'bm25s'", name="bm25s"))
    assert "pip install 'medreckon[retrieval]'" in str(missing)
    with pytest.raises(EnvironmentFault, match="numpy<2"):
        probe("reading", "reading", lambda: (_ for _ in ()).throw(ValueError(ABI)))


def test_the_capability_check_names_the_broken_one(broken_spacy):
    out = subprocess.run([sys.executable, "-m", "medreckon.bench.environment"], capture_output=True, text=True,
                         timeout=300, env=broken_spacy)
    assert out.returncode == 1
    (line,) = [x for x in out.stdout.splitlines() if x.startswith("FAULT")]
    assert line.startswith("FAULT reading") and "pip install 'numpy<2'" in line
    assert "ok    serve" in out.stdout


def test_bench_run_stops_before_its_first_case(broken_spacy, tmp_path):
    from medreckon.bench.datasets import DatasetNotFound, load_cases

    try:
        load_cases("medcalc-bench", subset="medrac_clean_940", calculators="61", per_calculator=1)
    except DatasetNotFound as exc:
        pytest.skip(f"MedCalc-Bench data not found: {exc}")
    run_dir = tmp_path / "run"
    env = {**broken_spacy, "FAKE_BASE_URL": "http://127.0.0.1:9/v1",  # never reached
           "FAKE_CAPABILITIES": "structured=json_schema,tools=true,logprobs=false"}
    out = subprocess.run([sys.executable, "-m", "medreckon.cli", "bench", "run", "--model", "openai-api/fake/x",
                          "--strategy", "extract:context=alone", "--calculators", "2", "--per-calculator", "3",
                          "--run-dir", str(run_dir), "--quiet"], capture_output=True, text=True, timeout=300, env=env)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "context='alone'" in out.stderr and "pip install 'numpy<2'" in out.stderr
    assert not (run_dir / "run.sqlite").exists()  # no case was attempted, none booked as an error


class _FailsOnTheSecond(Strategy):
    """A strategy that meets a missing module on its second case, as a lazily loaded reader would."""

    name, description = "fails-on-the-second", "meets a missing module on its second case"

    def __init__(self) -> None:
        self.calls = 0

    def run(self, case, model, gen):
        self.calls += 1
        if self.calls >= 2:
            raise ModuleNotFoundError("No module named 'medspacy'", name="medspacy")
        return Outcome(raw="1", answer=None, status="unparsed")


def test_a_fault_met_during_a_run_stops_it_instead_of_booking_errors(tmp_path):
    sys.path.insert(0, str(Path(__file__).parents[1]))
    from scripted import Scripted
    from viewer_runs import cases

    with Store(tmp_path, create=True) as store:
        with pytest.raises(EnvironmentFault, match=r"pip install 'medreckon\[reading\]'"):
            runner.run(store, cases(6), _FailsOnTheSecond(), Scripted("1"), runner.RunSettings(model="m", strategy="s"))
        statuses = store.statuses()
    assert list(statuses.values()) == ["unparsed"]  # the case before it, and no `error` attempt


def test_the_reading_extra_states_the_numpy_its_compiled_modules_need():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert "numpy<2; python_version < '3.12'" in extras["reading"]
    script = (ROOT / "scripts" / "test.sh").read_text()
    torch_first = script.index("torch==2.13.0 numpy")
    assert torch_first < script.index('-e ".[${EXTRAS}]"') < script.index("medreckon.bench.environment")
