"""The lm-evaluation-harness tasks, run by the real harness: `process_results` against our
scoring rule on the same strings (the pitfalls the published harness trips on), the task folder
found through --include_path, `simple_evaluate` with a scripted model whose right and wrong
replies are known, and the `lm_eval` command with the harness's dummy model. Synthetic cases
need no data; the one-shot task needs the shared one-shot exemplars and skips without them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("lm_eval", reason="needs the [lm-eval] extra")

from lm_eval import simple_evaluate  # noqa: E402
from lm_eval.api.model import LM  # noqa: E402
from lm_eval.tasks import TaskManager  # noqa: E402

from medreckon.bench.analysis.scoring import medcalc_bench  # noqa: E402
from medreckon.bench.answers import format_answer, parse_answer  # noqa: E402
from medreckon.bench.datasets import DatasetNotFound, corrected_labels, load_one_shot  # noqa: E402
from medreckon.bench.datasets.export import case_from_row, case_row  # noqa: E402
from medreckon.bench.types import Case  # noqa: E402
from medreckon.integrations.lm_eval import TASKS, tasks_path  # noqa: E402
from medreckon.integrations.lm_eval.task import process_results  # noqa: E402

SYNTHETIC = {"dataset": "synthetic:easy,n=6,seed=3"}


def manager(metadata: dict) -> TaskManager:
    """Our tasks only (indexing the harness's thousands of built-in tasks takes seconds)."""
    return TaskManager(include_path=str(tasks_path()), include_defaults=False, metadata=metadata)


def case(truth, output_type="decimal", lower=None, upper=None, cid="1") -> Case:
    return Case(id=cid, calculator_id=2, calculator_name="Creatinine Clearance (Cockcroft-Gault Equation)",
                note="A note.", question="What is the creatinine clearance?", ground_truth=truth,
                lower=lower, upper=upper, output_type=output_type, category="lab", entities={},
                dataset="medcalc-bench", dataset_version="v1.0")


DECIMAL = case(1025.2, lower=973.94, upper=1076.46)
PERCENT = case(12.5, lower=11.875, upper=13.125)
INTEGER = case(4, "integer")
NOT_COMPUTABLE = case(None)

# (case, reply, acc, answered): the published harness's pitfalls and the statuses
REPLIES = [
    (DECIMAL, '{"step_by_step_thinking": "CrCl = ...", "answer": "1,025.2"}', 1.0, 1.0),  # thousands comma
    (DECIMAL, '{"answer": 1025.2, "step_by_step_thinking": "from 30 and 40"}', 1.0, 1.0),  # answer first
    (DECIMAL, '{"answer": "1,250.0"}', 0.0, 1.0),
    (PERCENT, "The answer is 12.5%.", 1.0, 1.0),  # a percentage is not divided by 100
    (INTEGER, '{"answer": 4.4}', 1.0, 1.0),  # rounded half away from zero
    (INTEGER, '{"answer": 4.5}', 0.0, 1.0),
    (NOT_COMPUTABLE, '{"answer": "not computable: the weight is missing"}', 1.0, 1.0),
    (NOT_COMPUTABLE, '{"answer": 25}', 0.0, 1.0),
    (DECIMAL, "lol", 0.0, 0.0),  # the dummy model's reply: unparsed
]


@pytest.mark.parametrize(("c", "reply", "acc", "answered"), REPLIES)
def test_process_results_scores_a_reply_as_the_published_rule_does(c, reply, acc, answered):
    doc = case_row(c)
    assert process_results(doc, [reply]) == {"acc": acc, "answered": answered}
    if c.ground_truth is not None:  # the rule itself on the parsed answer agrees
        assert medcalc_bench(parse_answer(reply, c.output_type).answer, case_from_row(doc)) is bool(acc)


def test_process_results_refuses_anything_but_one_reply():
    with pytest.raises(ValueError, match="expected one generated reply for row 1"):
        process_results(case_row(DECIMAL), ["a", "b"])


def test_the_task_folder_is_found_through_include_path():
    out = subprocess.run([sys.executable, "-m", "medreckon.integrations.lm_eval", "path"],
                         capture_output=True, text=True, check=True)
    folder = Path(out.stdout.strip())
    assert folder == tasks_path() and sorted(p.name for p in folder.glob("*.yaml")) == [
        "medcalc_bench_one_shot.yaml", "medcalc_bench_zero_shot.yaml"]
    assert set(TASKS) <= set(TaskManager(include_path=str(folder), include_defaults=False).all_tasks)
    bad = subprocess.run([sys.executable, "-m", "medreckon.integrations.lm_eval", "where"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "path|tasks" in bad.stderr


class Scripted(LM):
    """A model whose replies the test chooses: each row's label as JSON, the answer key first and
    thousands written with a comma (an abstention for an N/A label); with `wrong_odd`, twice the
    label (plus one) for odd rows."""

    def __init__(self, wrong_odd: bool = False):
        super().__init__()
        self.wrong_odd = wrong_odd
        self.prompts: list[tuple[str, dict]] = []

    def generate_until(self, requests, disable_tqdm: bool = False):
        replies = []
        for request in requests:
            self.prompts.append((request.arguments[0], request.doc))
            c = case_from_row(request.doc)
            value = c.ground_truth
            if self.wrong_odd and request.doc_id % 2:
                value = value * 2 + 1
            if value is None:  # a corrected label N/A: the right answer is to abstain
                shown = "not computable: the note lacks an input"
            else:
                shown = f"{value:,}" if isinstance(value, int | float) else format_answer(value, c.output_type, "prompt")
            replies.append(json.dumps({"answer": shown, "reasoning": "worked from the note"}))
        return replies

    def loglikelihood(self, requests, disable_tqdm: bool = False):
        raise NotImplementedError

    def loglikelihood_rolling(self, requests, disable_tqdm: bool = False):
        raise NotImplementedError


def test_simple_evaluate_runs_the_zero_shot_task_and_our_scorer_gives_its_metrics():
    model = Scripted(wrong_odd=True)
    results = simple_evaluate(model=model, tasks=["medcalc_bench_zero_shot"],
                              task_manager=manager(SYNTHETIC),
                              log_samples=True, bootstrap_iters=0)
    samples = results["samples"]["medcalc_bench_zero_shot"]
    assert len(samples) == 6 and len(model.prompts) == 6
    expected = [process_results(s["doc"], [s["resps"][0][0]])["acc"] for s in samples]
    assert [s["acc"] for s in samples] == expected == [1.0, 0.0] * 3
    metrics = results["results"]["medcalc_bench_zero_shot"]
    assert metrics["acc,none"] == pytest.approx(sum(expected) / 6) and metrics["answered,none"] == 1.0
    prompt, doc = model.prompts[0]
    assert doc["patient_note"].strip()[:60] in prompt and "one step at a time" in prompt
    assert prompt.startswith("You are a careful clinician")  # the system prompt, as description


def test_the_lm_eval_command_runs_both_tasks_with_the_dummy_model(tmp_path):
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
           "PYTHONPATH": os.pathsep.join([str(Path(__file__).parents[1] / "src"), os.environ.get("PYTHONPATH", "")])}
    tasks = "medcalc_bench_zero_shot"
    try:
        load_one_shot()
        tasks += ",medcalc_bench_one_shot"
        metadata = {"subset": "medrac_clean_940", "per_calculator": 1}
    except DatasetNotFound:
        metadata = SYNTHETIC
    cmd = [sys.executable, "-m", "lm_eval", "run", "--model", "dummy", "--tasks", tasks, "--include_path",
           str(tasks_path()), "--limit", "2", "--metadata", json.dumps(metadata),
           "--output_path", str(tmp_path), "--log_samples"]
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    (result_file,) = tmp_path.rglob("results_*.json")
    results = json.loads(result_file.read_text())["results"]
    for task in tasks.split(","):
        assert results[task]["acc,none"] == 0.0 and results[task]["answered,none"] == 0.0  # "lol"
        (samples,) = tmp_path.rglob(f"samples_{task}_*.jsonl")
        lines = [json.loads(line) for line in samples.read_text().splitlines()]
        assert len(lines) == 2 and all(s["acc"] == 0.0 and s["resps"] == [["lol"]] for s in lines)


@pytest.fixture(scope="module")
def exemplars():
    try:
        return load_one_shot()
    except DatasetNotFound:
        pytest.skip("the MedCalc-Bench one-shot exemplars are not found")


def test_one_shot_puts_the_same_calculators_exemplar_in_the_system_prompt(exemplars):
    model = Scripted()
    metadata = {"calculators": "2,69,13", "per_calculator": 1}  # a decimal, (weeks, days), a date
    results = simple_evaluate(model=model, tasks=["medcalc_bench_one_shot"],
                              task_manager=manager(metadata),
                              bootstrap_iters=0)
    assert len(model.prompts) == 3
    assert results["results"]["medcalc_bench_one_shot"]["acc,none"] == 1.0
    for prompt, doc in model.prompts:
        exemplar = exemplars[doc["calculator_id"]]
        assert doc["exemplar_id"] == exemplar.id
        worked = prompt.index("A worked example of the same calculation")
        assert prompt.index(exemplar.note.strip()[:80]) > worked
        assert prompt.rindex(doc["patient_note"].strip()[:80]) > prompt.index(exemplar.note.strip()[:80])


def test_an_unknown_dataset_names_the_setting_to_change():
    with pytest.raises(ValueError, match=r"cannot load dataset 'medcalc-bench-v9'.*--metadata"):
        simple_evaluate(model=Scripted(), tasks=["medcalc_bench_zero_shot"],
                        task_manager=manager({"dataset": "medcalc-bench-v9"}))


@pytest.fixture(scope="module")
def corrected():
    try:
        return corrected_labels()
    except DatasetNotFound:
        pytest.skip("MedCalc-Bench v1.0 or its corrected labels are not found")


def test_the_corrected_labels_score_an_abstention_right_against_n_a(corrected):
    model = Scripted()
    metadata = {"dataset": "medcalc-bench-corrected", "calculators": "18", "per_calculator": 20}
    results = simple_evaluate(model=model, tasks=["medcalc_bench_zero_shot"], task_manager=manager(metadata),
                              log_samples=True, bootstrap_iters=0)
    samples = results["samples"]["medcalc_bench_zero_shot"]
    not_computable = [s for s in samples if s["doc"]["ground_truth"] == "N/A"]
    assert not_computable and all("not computable" in s["resps"][0][0] for s in not_computable)
    assert all(s["acc"] == 1.0 for s in samples)  # abstentions included
    assert all(s["doc"]["corrected_ground_truth"] == s["doc"]["ground_truth"] for s in samples)
