"""MedCalc-Bench as lm-evaluation-harness tasks, scored by medreckon (`pip install
'medreckon[lm-eval]'`).

    lm_eval --include_path "$(python -m medreckon.integrations.lm_eval path)" \\
        --tasks medcalc_bench_zero_shot,medcalc_bench_one_shot --model ... --apply_chat_template

The harness finds external tasks through ``--include_path`` (it has no plugin entry points for
tasks). The folder holds one YAML per task; everything they do is in `task`: the cases come from
our dataset loaders (the rows `medreckon data export` writes, so any dataset the bench loads:
``--metadata '{"dataset": "medcalc-bench-corrected"}'``), the prompts are our zero-shot and
one-shot CoT prompts, and `task.process_results` reads the answer with our parser and scores it
with our published rule — nothing re-implemented. This module imports neither lm_eval nor
datasets; `task` imports datasets when the harness loads a task.
"""

from __future__ import annotations

from pathlib import Path

TASKS = ("medcalc_bench_zero_shot", "medcalc_bench_one_shot")


def tasks_path() -> Path:
    """The folder to pass to ``lm_eval --include_path`` (or `TaskManager(include_path=...)`)."""
    return Path(__file__).resolve().parent / "tasks"
