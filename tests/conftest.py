import os

import pytest

import medreckon


@pytest.fixture
def calc():
    """`calc("bmi", weight=70, height=170)` -> Result."""
    return medreckon.calculate


def value(calculator, **inputs):
    return medreckon.calculate(calculator, inputs).value


# ---------------------------------------------------------------- the embedded model

MODEL_FIXTURES = {"embedded_available", "embedded_model", "embedded_model_path"}


def pytest_collection_modifyitems(items):
    """A test that runs the real embedded model is marked `embedded` and `slow` (minutes on a
    loaded 2-core machine): `-m "not slow"` leaves them out; the full suite and CI run them."""
    for item in items:
        if MODEL_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.embedded)
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def embedded_available() -> None:
    """Skips, with the reason, where the embedded model cannot run here (its parts or
    llama-cpp-python missing). CI installs the embedded extra: there a missing model fails."""
    from medreckon.bench.models import embedded

    reason = embedded.missing_reason("embedded") or _crashes_here()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the embedded-model tests: {reason}")
        pytest.skip(reason)


def _crashes_here() -> str | None:
    """Why llama.cpp cannot generate in this process, found in a child process first: a wheel
    built with -march=native on another CPU dies of SIGILL, which would end the whole session."""
    import signal
    import subprocess
    import sys

    probe = ("from medreckon.bench.models import connect; "
             "connect('embedded', timeout=600).chat([{'role': 'user', 'content': 'Hi'}], max_tokens=1)")
    try:
        done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=900)
    except subprocess.TimeoutExpired:
        return "the embedded model did not answer one token within 900 s"
    if done.returncode < 0:
        name = signal.Signals(-done.returncode).name
        return (f"llama-cpp-python dies here ({name}; built for another CPU?): reinstall it with "
                "CMAKE_ARGS=-DGGML_NATIVE=OFF pip install --force-reinstall --no-cache-dir "
                "llama-cpp-python==0.3.36")
    if done.returncode:
        return f"the embedded model fails here: {done.stderr.strip().splitlines()[-1:]}"
    return None


@pytest.fixture(scope="session")
def embedded_model(embedded_available):
    """The embedded model as an in-process ModelClient (8192-token context), loaded once; each
    request's timeout is scaled to its prompt and max_tokens (`pace.model_seconds`)."""
    from medreckon.bench.models import embedded
    from medreckon.bench.models.clients import LlamaCppClient, parse_model
    from pace import model_seconds, prompt_tokens_of

    class Paced(LlamaCppClient):
        def chat(self, messages, tools=None, response_format=None, **gen):
            self.timeout = model_seconds(gen.get("max_tokens") or 1024,
                                         prompt_tokens=prompt_tokens_of(messages))
            return super().chat(messages, tools=tools, response_format=response_format, **gen)

    return Paced(parse_model("embedded"), embedded.ensure_model("embedded"))


@pytest.fixture(scope="session")
def embedded_model_path(embedded_available):
    """The embedded model's assembled GGUF file."""
    from medreckon.bench.models import embedded

    return embedded.ensure_model("embedded")


@pytest.fixture(scope="session")
def medcalc_cases():
    """`medcalc_cases("61,24")`: one case per calculator from MedCalc-Bench's medrac_clean_940
    subset; skips where the data is not found."""
    from medreckon.bench.datasets import DatasetNotFound, load_cases

    def load(calculators):
        try:
            return load_cases("medcalc-bench", subset="medrac_clean_940", calculators=calculators,
                              per_calculator=1)
        except DatasetNotFound:
            pytest.skip("MedCalc-Bench data not found")

    return load


# ---------------------------------------------------------------- run directories of the old code


@pytest.fixture
def legacy_run(tmp_path):
    """`legacy_run("extract")` -> a run directory (tmp/<name>/run.sqlite) loaded from
    tests/data/legacy_runs/<name>.sql, a run written by the code before the bench
    reorganisation (store schema 1; see tests/data/make_legacy_runs.py)."""
    import sqlite3
    from pathlib import Path

    def load(name: str) -> Path:
        run_dir = tmp_path / name
        run_dir.mkdir()
        db = sqlite3.connect(run_dir / "run.sqlite")
        db.executescript((Path(__file__).parent / "data" / "legacy_runs" / f"{name}.sql").read_text())
        db.close()
        return run_dir

    return load
