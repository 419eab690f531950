"""The process metrics of scenario runs, with Wilson intervals, and the paired comparison of two
arms on the same scenarios (exact McNemar):

    medreckon scenarios report runs/scen-arms/scenario_agent [runs/scen-arms/scenario_agent-calculate-false]
        [--markdown out.md] [--json out.json]

Each run's attempts are evaluated (`evaluate.ScenarioEvaluator`; stored in the run as evaluations,
so a second report reads them back) and counted per metric, overall and by source (imported,
generated). With two runs, each scenario both ran is a pair: for "all graded steps right" and
"final answer right", the discordant pairs are tested.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bench.analysis.scoring import is_correct
from ..bench.analysis.stats import mcnemar_exact, wilson
from ..bench.runs.evaluations import evaluate
from ..bench.runs.store import Store
from .evaluate import EVALUATOR, VERSION, ScenarioEvaluator


@dataclass
class Rate:
    k: int = 0
    n: int = 0

    def add(self, hit: bool | None, weight: int = 1) -> None:
        if hit is not None:
            self.k += int(bool(hit)) * weight
            self.n += weight

    def to_dict(self) -> dict[str, Any]:
        lo, hi = wilson(self.k, self.n) if self.n else (None, None)
        return {"k": self.k, "n": self.n, "rate": self.k / self.n if self.n else None, "wilson": [lo, hi]}


METRICS = (
    ("final", "final answer right (the scenario's target)"),
    ("all_steps", "every graded step's answer right"),
    ("steps", "step answers right"),
    ("recall", "required calculators run (recall)"),
    ("precision", "calculators run that were required (precision)"),
    ("in_order", "required calculators run in order"),
    ("branches", "branches taken as gold"),
    ("acquired", "gold rows read from the record"),
    ("inputs", "inputs equal to gold"),
    ("time_point", "inputs from another time point (of inputs)"),
    ("recommendation", "recommendation right"),
    ("ok", "attempts that answered (status ok)"),
)


@dataclass
class Metrics:
    rates: dict[str, Rate] = field(default_factory=lambda: {k: Rate() for k, _ in METRICS})
    attempts: int = 0
    turns: int = 0
    tokens: int = 0

    def add(self, p: dict[str, Any], final: bool, turns: int, tokens: int) -> None:
        r = self.rates
        self.attempts += 1
        self.turns += turns
        self.tokens += tokens
        r["final"].add(final)
        r["all_steps"].add(p["all_steps_right"])
        r["ok"].add(p["status"] == "ok")
        for s in p["steps"]:
            r["steps"].add(s["correct"])
        calc = p["calculators"]
        r["recall"].k += len(calc["required"]) - len(calc["missing"])
        r["recall"].n += len(calc["required"])
        chosen = calc["chosen"]
        r["precision"].k += sum(c in calc["required"] for c in chosen)
        r["precision"].n += len(chosen)
        r["in_order"].add(calc["in_order"] if chosen else None)
        for b in p["branches"]:
            r["branches"].add(b["right"])
        r["acquired"].k += p["acquisition"]["acquired"]
        r["acquired"].n += p["acquisition"]["inputs"]
        r["inputs"].k += p["inputs"]["right"]
        r["inputs"].n += p["inputs"]["of"]
        r["time_point"].k += p["inputs"]["wrong_time_point"]
        r["time_point"].n += p["inputs"]["of"]
        if p.get("recommendation"):
            r["recommendation"].add(p["recommendation"]["correct"])

    def to_dict(self) -> dict[str, Any]:
        return {"attempts": self.attempts, "mean_turns": self.turns / self.attempts if self.attempts else None,
                "mean_tokens": self.tokens / self.attempts if self.attempts else None,
                **{k: v.to_dict() for k, v in self.rates.items()}}


@dataclass
class RunMetrics:
    name: str
    overall: Metrics = field(default_factory=Metrics)
    by_source: dict[str, Metrics] = field(default_factory=dict)
    per_case: dict[str, dict[str, bool]] = field(default_factory=dict)  # case id -> final, all_steps (epoch 0)
    config: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "strategy_version": self.config.get("strategy_version"),
                "model": self.config.get("model"), "overall": self.overall.to_dict(),
                "by_source": {k: v.to_dict() for k, v in sorted(self.by_source.items())}}


def run_metrics(run_dir: str | Path, rule: str = "medcalc_bench") -> RunMetrics:
    """Evaluate what is not yet evaluated, then count (see the module docstring)."""
    with Store(run_dir) as store:
        evaluate(store, ScenarioEvaluator(rule))
        cases = store.cases()
        payloads = {e.attempt_key: e.payload for e in store.evaluations()
                    if e.evaluator == EVALUATOR and e.evaluator_version == VERSION and e.status == "ok"}
        out = RunMetrics(Path(run_dir).name, config=store.config())
        for a in store.attempts():
            p = payloads.get(a.key)
            case = cases.get(a.case_id)
            if p is None or case is None:
                continue
            final = is_correct(a.outcome, case, rule)
            usage = a.outcome.usage
            args = (p, final, a.outcome.model_calls, usage.prompt_tokens + usage.completion_tokens)
            out.overall.add(*args)
            out.by_source.setdefault(p["source"], Metrics()).add(*args)
            if a.epoch == 0:
                out.per_case[a.case_id] = {"final": final, "all_steps": p["all_steps_right"]}
    return out


def paired(a: RunMetrics, b: RunMetrics) -> dict[str, Any]:
    """For each scenario both runs attempted: discordant pairs and the exact McNemar p."""
    common = sorted(set(a.per_case) & set(b.per_case))
    out: dict[str, Any] = {"pairs": len(common), "first": a.name, "second": b.name}
    for key in ("final", "all_steps"):
        only_a = sum(a.per_case[c][key] and not b.per_case[c][key] for c in common)
        only_b = sum(b.per_case[c][key] and not a.per_case[c][key] for c in common)
        out[key] = {"first_only": only_a, "second_only": only_b,
                    "p": mcnemar_exact(only_a, only_b) if common else None}
    return out


def _cell(r: dict[str, Any]) -> str:
    if not r["n"]:
        return "—"
    lo, hi = r["wilson"]
    return f"{r['k']}/{r['n']} = {100 * r['rate']:.0f}% ({100 * lo:.0f}–{100 * hi:.0f})"


def markdown(runs: Sequence[RunMetrics], comparison: dict[str, Any] | None = None) -> str:
    lines = ["| metric | " + " | ".join(r.name for r in runs) + " |", "|---|" + "---|" * len(runs)]
    dicts = [r.overall.to_dict() for r in runs]
    lines.append("| attempts | " + " | ".join(str(d["attempts"]) for d in dicts) + " |")
    for key, words in METRICS:
        lines.append(f"| {words} | " + " | ".join(_cell(d[key]) for d in dicts) + " |")
    lines.append("| mean model requests | " + " | ".join(
        f"{d['mean_turns']:.1f}" if d["mean_turns"] is not None else "—" for d in dicts) + " |")
    sources = sorted({s for r in runs for s in r.by_source})
    for source in sources:
        lines += ["", f"By source: {source}", "",
                  "| metric | " + " | ".join(r.name for r in runs) + " |", "|---|" + "---|" * len(runs)]
        per = [r.by_source.get(source) for r in runs]
        for key in ("final", "all_steps", "steps", "recall", "acquired", "inputs"):
            words = dict(METRICS)[key]
            lines.append(f"| {words} | " + " | ".join(_cell(m.to_dict()[key]) if m else "—" for m in per) + " |")
    if comparison:
        lines += ["", f"Paired ({comparison['pairs']} scenarios, exact McNemar): " + "; ".join(
            f"{k}: {comparison[k]['first_only']} right only in {comparison['first']}, {comparison[k]['second_only']} "
            f"only in {comparison['second']}, p = {comparison[k]['p']:.3g}" for k in ("final", "all_steps")
            if comparison[k]["p"] is not None)]
    lines.append("")
    lines.append("Rates with 95% Wilson intervals. Every metric is decided exactly from the attempt's trace "
                 "(medreckon.scenarios.evaluate).")
    return "\n".join(lines) + "\n"


def report(run_dirs: Iterable[str | Path], rule: str = "medcalc_bench") -> tuple[list[RunMetrics], dict | None]:
    runs = [run_metrics(d, rule) for d in run_dirs]
    return runs, (paired(runs[0], runs[1]) if len(runs) == 2 else None)


__all__ = ["METRICS", "RunMetrics", "markdown", "paired", "report", "run_metrics"]
