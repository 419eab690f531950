"""The same cases through `medreckon bench run` and through `inspect eval`, paired case by case.

Both runners are run as a user runs them, one after the other, with the same model string,
strategy and selection:

    medreckon bench run --model M --strategy S --subset medrac_clean_940 --per-calculator 1 --seed 0 ...
    inspect eval medreckon/medcalc_bench --model medreckon/M -T strategy=S -T subset=... ...

(`medreckon/M` is our inspect model provider: the same ModelClient, so the same requests.) Then
each case's attempt in the run store is paired with its inspect sample: the reply text, the
parsed answer and status, and the verdict under each rule. It writes `parity.md` (summary and
the case-by-case table, differing cases listed first) and `parity.json` into --out, and prints
the summary. Overhead per sample: each runner's wall time minus the time spent in model requests
(attempt latencies in the store; each model call's time in the inspect log), divided by the
number of cases; the difference is what inspect adds per sample. Both wall times include
starting the process and loading the model, once each.

    python benchmarks/inspect_parity.py --out runs/parity                      # the 51 cases
    python benchmarks/inspect_parity.py --out /tmp/parity --limit 2            # a check

The default selection (clean-940 subset, one case per calculator, seed 0) is 51 cases, one per
calculator clean-940 covers. inspect finds `medreckon/medcalc_bench` through the package's
`inspect_ai` entry point: install the package (`pip install -e '.[inspect,embedded]'`, again
after pulling this entry point) so that its metadata declares it.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import subprocess
import sys
import time
from importlib.metadata import entry_points
from pathlib import Path

from medreckon.bench.analysis.scoring import RULES, is_correct
from medreckon.bench.runs.store import Store, decode_answer


def sh(cmd: list[str]) -> float:
    print("$", " ".join(cmd), flush=True)
    start = time.perf_counter()
    subprocess.run(cmd, check=True)
    return time.perf_counter() - start


def selection_args(a: argparse.Namespace) -> list[tuple[str, object]]:
    return [(k, v) for k, v in (("subset", a.subset), ("per_calculator", a.per_calculator), ("seed", a.seed),
                                ("limit", a.limit), ("calculators", a.calculators)) if v is not None]


def model_seconds(sample) -> float:
    """Time in model requests: each model call's own time as the provider reported it."""
    total = 0.0
    for event in sample.events or []:
        if getattr(event, "event", None) == "model" and event.output is not None:
            total += float(event.output.time or 0.0)
    return total


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model", default="embedded", help="our model string (default embedded)")
    p.add_argument("--strategy", default="direct")
    p.add_argument("--subset", default="medrac_clean_940")
    p.add_argument("--per-calculator", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--limit", type=int, default=None)
    p.add_argument("--calculators", default=None)
    p.add_argument("--out", required=True, help="a new folder for the run, the inspect log and the table")
    a = p.parse_args()

    if not any(ep.name == "medreckon" for ep in entry_points(group="inspect_ai")):
        sys.exit("inspect cannot find medreckon/medcalc_bench: the installed medreckon metadata has no "
                 "inspect_ai entry point. Reinstall the package: pip install -e '.[inspect,embedded]'")
    out = Path(a.out)
    if out.exists():
        sys.exit(f"--out {out} exists; give a new folder (both runners must start fresh for the timings)")
    out.mkdir(parents=True)
    run_dir, log_dir = out / "bench_run", out / "inspect_logs"

    bench_cmd = [sys.executable, "-m", "medreckon.cli", "bench", "run", "--model", a.model, "--strategy", a.strategy,
                 "--concurrency", "1", "--run-dir", str(run_dir)]
    for key, value in selection_args(a):
        bench_cmd += [f"--{key.replace('_', '-')}", str(value)]
    inspect_cmd = [sys.executable, "-m", "inspect_ai", "eval", "medreckon/medcalc_bench", "--model",
                   f"medreckon/{a.model}", "-T", f"strategy={a.strategy}", "--log-dir", str(log_dir),
                   "--display", "none", "--max-connections", "1", "--log-format", "eval"]
    for key, value in selection_args(a):
        inspect_cmd += ["-T", f"{key}={value}"]
    bench_wall = sh(bench_cmd)
    inspect_wall = sh(inspect_cmd)

    from inspect_ai.log import read_eval_log

    with Store(run_dir, read_only=True) as store:
        cases, attempts = store.cases(), {a_.case_id: a_ for a_ in store.attempts()}
    [log_file] = glob.glob(str(log_dir / "*.eval"))
    log = read_eval_log(log_file)
    if log.status != "success":
        sys.exit(f"inspect eval ended {log.status}: {log.error and log.error.message}")
    samples = {str(s.id): s for s in log.samples}
    if set(samples) != set(attempts):
        sys.exit(f"the runners ran different cases: only bench {sorted(set(attempts) - set(samples))}, "
                 f"only inspect {sorted(set(samples) - set(attempts))}")

    rows = []
    for cid in sorted(attempts, key=lambda c: (len(c), c)):
        att, s, case = attempts[cid], samples[cid], cases[cid]
        ours = s.store.get("medreckon_outcome") or {}
        row = {"case": cid, "calculator": case.calculator_name,
               "bench_raw": att.outcome.raw, "inspect_raw": s.output.completion,
               "bench_status": att.outcome.status, "inspect_status": ours.get("status"),
               "bench_answer": att.outcome.answer, "inspect_answer": decode_answer(ours.get("answer")),
               "bench": {r: _safe(is_correct, att.outcome, case, r) for r in RULES},
               # the task scored medcalc_bench; every rule's verdict on the same Outcome is in its metadata
               "inspect": dict(s.scores["medcalc_bench"].metadata["by_rule"])}
        assert row["inspect"]["medcalc_bench"] == (s.scores["medcalc_bench"].value == "C")
        row["same_raw"] = row["bench_raw"] == row["inspect_raw"]
        row["same_score"] = row["bench"] == row["inspect"]
        rows.append(row)

    n = len(rows)
    bench_model = sum(attempts[r["case"]].outcome.latency_s for r in rows)
    inspect_model = sum(model_seconds(samples[r["case"]]) for r in rows)
    summary = {
        "n": n, "model": a.model, "strategy": a.strategy, "selection": dict(selection_args(a)),
        "same_score": sum(r["same_score"] for r in rows), "same_raw_output": sum(r["same_raw"] for r in rows),
        "differ": [r["case"] for r in rows if not r["same_score"]],
        "accuracy_medcalc_bench": {"bench": sum(r["bench"]["medcalc_bench"] for r in rows) / n,
                                   "inspect": sum(r["inspect"]["medcalc_bench"] for r in rows) / n},
        "wall_s": {"bench": round(bench_wall, 2), "inspect": round(inspect_wall, 2)},
        "model_s": {"bench": round(bench_model, 2), "inspect": round(inspect_model, 2)},
        "overhead_per_sample_s": {"bench": round((bench_wall - bench_model) / n, 3),
                                  "inspect": round((inspect_wall - inspect_model) / n, 3),
                                  "inspect_minus_bench": round(((inspect_wall - inspect_model)
                                                                - (bench_wall - bench_model)) / n, 3)},
        "commands": {"bench": " ".join(bench_cmd), "inspect": " ".join(inspect_cmd)},
    }
    (out / "parity.json").write_text(json.dumps({"summary": summary, "rows": rows}, indent=2, default=str))
    (out / "parity.md").write_text(markdown(summary, rows))
    print(json.dumps(summary, indent=2))


def _safe(fn, *args):
    try:
        return fn(*args)
    except ValueError:
        return None


def markdown(summary: dict, rows: list[dict]) -> str:
    def cell(v) -> str:
        return {True: "right", False: "wrong", None: "—"}.get(v, str(v)) if isinstance(v, bool | None) else str(v)

    o = summary["overhead_per_sample_s"]
    lines = [
        f"# bench run vs inspect eval: {summary['n']} cases, {summary['model']}, {summary['strategy']}", "",
        f"- same score under every rule: {summary['same_score']} of {summary['n']}; same reply text: "
        f"{summary['same_raw_output']} of {summary['n']}",
        f"- differing cases: {', '.join(summary['differ']) or 'none'}",
        f"- accuracy (medcalc_bench): bench {summary['accuracy_medcalc_bench']['bench']:.3f}, "
        f"inspect {summary['accuracy_medcalc_bench']['inspect']:.3f}",
        f"- wall s: bench {summary['wall_s']['bench']}, inspect {summary['wall_s']['inspect']}; in model "
        f"requests: bench {summary['model_s']['bench']}, inspect {summary['model_s']['inspect']}",
        f"- overhead per sample (wall − model time, / n): bench {o['bench']} s, inspect {o['inspect']} s, "
        f"inspect − bench {o['inspect_minus_bench']} s",
        "", "| case | calculator | bench answer | inspect answer | bench | inspect | same score | same reply |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in sorted(rows, key=lambda r: r["same_score"]):
        lines.append(f"| {r['case']} | {r['calculator']} | {r['bench_status']} {r['bench_answer']} | "
                     f"{r['inspect_status']} {r['inspect_answer']} | {cell(r['bench']['medcalc_bench'])} | "
                     f"{cell(r['inspect']['medcalc_bench'])} | {'yes' if r['same_score'] else '**no**'} | "
                     f"{'yes' if r['same_raw'] else 'no'} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    os.environ.setdefault("INSPECT_LOG_LEVEL", "warning")
    main()
