"""`medreckon env …`: generate cases, verify them (or score model outputs on them), show
generation statistics, and import MedCalc-Eval's task config. Bad input exits with code 2 and
one paragraph."""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import Any, NoReturn

import click


def _fail(message: str) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


def _knobs(items: tuple[str, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        if "=" not in item:
            _fail(f"--knob {item!r}: write name=value, e.g. --knob unit_variety=0.5")
        key, value = item.split("=", 1)
        low = value.strip().lower()
        try:
            out[key.strip()] = low == "true" if low in ("true", "false") else (
                int(value) if value.strip().lstrip("-").isdigit() else float(value))
        except ValueError:
            _fail(f"--knob {item!r}: {value!r} is not a number or true/false")
    return out


def _ranges(items: tuple[str, ...]) -> dict[str, dict[str, tuple[float, float]]]:
    out: dict[str, dict[str, tuple[float, float]]] = {}
    for item in items:
        try:
            calc, rest = item.split(":", 1)
            name, span = rest.split("=", 1)
            lo, hi = (float(x) for x in span.split(":", 1))
        except ValueError:
            _fail(f"--range {item!r}: write calculator:input=low:high, e.g. --range crcl:age=18:40")
        out.setdefault(calc.strip(), {})[name.strip()] = (lo, hi)
    return out


def _generator(calculators: str | None, seed: int, level: str, knobs: tuple[str, ...], ranges: tuple[str, ...],
               workers: int = 1):
    from ..errors import CalculatorInputError
    from .difficulty import difficulty
    from .generator import Generator

    try:
        return Generator(calculators, seed=seed, level=difficulty(level, **_knobs(knobs)), ranges=_ranges(ranges),
                         workers=workers, verify=True)
    except (CalculatorInputError, ValueError) as exc:
        _fail(str(exc))


_generation_options = [
    click.option("--calculators", "-c", default=None, help="Comma-separated ids, aliases or MedCalc-Bench IDs (default: all)."),
    click.option("--n", "n", type=int, default=1000, show_default=True, help="Number of cases."),
    click.option("--seed", type=int, default=0, show_default=True),
    click.option("--level", default="easy", show_default=True, help="Difficulty: easy, medium or hard."),
    click.option("--knob", "knobs", multiple=True, help="Change one difficulty knob: name=value (repeatable)."),
    click.option("--range", "ranges", multiple=True, help="Narrow an input: calculator:input=low:high (canonical unit)."),
    click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
                 help="Processes to share the calculators among (the cases are the same for any number)."),
]


def generation_options(f):
    for option in reversed(_generation_options):
        f = option(f)
    return f


@click.group()
def env() -> None:
    """Synthetic cases with verifiable answers, RL exports, and MedCalc-Eval's task config."""


@env.command("generate")
@generation_options
@click.option("--format", "fmt", type=click.Choice(["jsonl", "parquet", "trl", "verl"]), default="jsonl", show_default=True)
@click.option("--out", required=True, help="File to write (.parquet for Parquet; trl/verl also take .jsonl).")
@click.option("--split", default="train", show_default=True, help="verl's extra_info.split.")
@click.option("--paraphrase", "paraphrase_model", default=None,
              help="Reword each note with this model (any bench model string); cases whose facts do not "
              "survive the rewording are dropped.")
def env_generate(calculators, n, seed, level, knobs, ranges, workers, fmt, out, split, paraphrase_model) -> None:
    """Generate cases (stratified over calculators) and write them in a training format."""
    from .distributions import GenerationError
    from .formats import exports

    if n < 1:
        _fail(f"--n must be >= 1, got {n}")
    gen = _generator(calculators, seed, level, knobs, ranges, workers)
    cases = gen.generate(n)
    dropped: Counter[str] = Counter()
    if paraphrase_model:
        cases = _paraphrased(cases, paraphrase_model, dropped)
    used: Counter[tuple[str, str]] = Counter()  # (specialty, calculator) of each case written

    def counted(cases):
        from ..calculators.registry import get

        for case in cases:
            used[get(case["calculator"]).specialty, case["calculator"]] += 1
            yield case

    try:
        written = exports.write(counted(cases), fmt, out, split)
    except (GenerationError, RuntimeError, ValueError) as exc:
        _fail(str(exc))
    rejected = sum(sum(c.values()) for c in gen.stats.rejected.values())
    click.echo(f"wrote {written} cases to {out} as {fmt}: {_spread(used, len(gen.calculators))}; level "
               f"{gen.knobs.name}, seed {seed}; {rejected} draws rejected"
               + (f"; dropped after paraphrase: {dict(dropped)}" if paraphrase_model else ""))


def _spread(used: Counter, available: int) -> str:
    """What the cases cover: "5 calculators of 140, one case each, from 5 specialties"."""
    per = sorted(set(used.values()))
    each = ("no cases" if not per else f"{per[0]} case{'s' * (per[0] != 1)} each" if len(per) == 1
            else f"{per[0]}-{per[-1]} cases each")
    return (f"{len(used)} calculators of {available} ({each}, taken in turn across specialties), "
            f"from {len({s for s, _ in used})} specialties")


def _paraphrased(cases, model_string: str, dropped: Counter):
    """The cases whose facts survive the model's rewording; `dropped` counts the others by why."""
    from ..bench.models.clients import connect
    from .paraphrase import paraphrase

    try:
        model = connect(model_string)
    except Exception as exc:  # noqa: BLE001 - a bad model string or a missing extra: one paragraph
        _fail(f"--paraphrase {model_string}: {exc}")
    for case in cases:
        kept, why = paraphrase(case, model, temperature=0.0, max_tokens=512)
        if kept is None:
            dropped[next((k for k in ("lost", "flipped", "empty", "model error") if k in why), "other")] += 1
            continue
        yield kept


@env.command("verify")
@click.argument("file")
@click.option("--outputs", default=None, help="JSONL of model outputs {id, output} to score against the cases.")
@click.option("--rule", default="relative", show_default=True, help="Scoring rule for --outputs.")
@click.option("--percent", type=float, default=None, help="Tolerance of the relative rule (default 1).")
@click.option("--json", "as_json", is_flag=True)
def env_verify(file, outputs, rule, percent, as_json) -> None:
    """Re-derive every case's answer from its facts (exit 1 if any differs); with --outputs,
    score model outputs under the bench's rules."""
    from .formats.exports import read
    from .generator import recompute

    try:
        cases = read(file)
    except (OSError, ValueError, RuntimeError) as exc:
        _fail(f"cannot read {file}: {exc}")
    if cases and "case" in cases[0] and "facts" not in cases[0]:
        cases = [json.loads(c["case"]) for c in cases]  # a TRL export
    elif cases and "extra_info" in cases[0]:
        cases = [json.loads(c["extra_info"]["case"]) for c in cases]  # a verl export
    problems = [(c.get("id"), why) for c, why in zip(cases, recompute(cases), strict=True) if why]
    report: dict[str, Any] = {"cases": len(cases), "reverified": len(cases) - len(problems),
                              "problems": [{"id": i, "why": w} for i, w in problems[:20]]}
    if outputs:
        from .verify import reward

        by_id = {str(c.get("id")): c for c in cases}
        params = {} if percent is None else {"percent": percent}
        rewards, statuses, unknown = [], Counter(), 0
        with open(outputs, encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    continue
                rec = json.loads(line)
                case = by_id.get(str(rec.get("id")))
                if case is None:
                    unknown += 1
                    continue
                try:
                    r = reward(rec.get("output"), case, rule=rule, **params)
                except ValueError as exc:
                    _fail(str(exc))
                rewards.append(r.score)
                statuses[r.status] += 1
        report |= {"scored": len(rewards), "mean_reward": round(sum(rewards) / len(rewards), 4) if rewards else None,
                   "statuses": dict(statuses), "unknown_ids": unknown, "rule": rule}
    if as_json:
        click.echo(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        click.echo(f"{report['reverified']} of {report['cases']} cases re-derived from their facts")
        for p in report["problems"]:
            click.echo(f"  {p['id']}: {p['why']}")
        if outputs:
            click.echo(f"scored {report['scored']} outputs under {rule}: mean reward {report['mean_reward']}; "
                       f"statuses {report['statuses']}; {unknown} outputs name no case")
    if problems:
        sys.exit(1)


@env.command("stats")
@generation_options
@click.option("--json", "as_json", is_flag=True)
def env_stats(calculators, n, seed, level, knobs, ranges, workers, as_json) -> None:
    """Generate n cases and show, per calculator, cases made and draws rejected (by reason)."""
    from .distributions import GenerationError

    gen = _generator(calculators, seed, level, knobs, ranges, workers)
    try:
        for _ in gen.generate(n):
            pass
    except GenerationError as exc:
        _fail(str(exc))
    stats = gen.stats.to_dict()
    if as_json:
        click.echo(json.dumps(stats, indent=2))
        return
    click.echo(f"{'calculator':<34} {'cases':>6} {'rejected':>8} {'rate':>6}  top reasons")
    for calc, s in stats.items():
        if "skipped" in s:  # "all calculators" left it out: the generic draws cannot meet it
            click.echo(f"{calc:<34} {0:>6} {'-':>8} {'-':>6}  left out: {s['skipped'].split(': ', 1)[-1]}")
            continue
        reasons = ", ".join(f"{r} {k}" for r, k in list(s["reasons"].items())[:2])
        click.echo(f"{calc:<34} {s['accepted']:>6} {s['rejected']:>8} {s['rejection_rate']:>6.1%}  {reasons}")


@env.command("import-medcalc-eval")
@click.option("--file", "path", default=None, help="med_calculator.json (default: $MEDRECKON_DATA/medcalc_eval/).")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--cases-per-task", type=int, default=3, show_default=True)
@click.option("--rule-text", is_flag=True, help="Put the task's formula in each prompt.")
@click.option("--out", default=None, help="Write the generated cases (JSONL, Chinese prompts).")
@click.option("--report", "report_path", default=None, help="Write the per-task report (JSON).")
def env_import_medcalc_eval(path, seed, cases_per_task, rule_text, out, report_path) -> None:
    """Load MedCalc-Eval's 709 tasks, evaluate their formulas safely, generate cases, flag
    impossible targets and placeholder ranges, and compare the tasks we also implement."""
    from dataclasses import asdict

    from .medcalc_eval import import_config, summary

    try:
        reports, cases = import_config(path, seed=seed, cases_per_task=cases_per_task, rule_text=rule_text)
    except (OSError, ValueError) as exc:
        _fail(str(exc))
    s = summary(reports)
    for key, value in s.items():
        click.echo(f"{key:<32} {value}")
    for r in reports:
        if r.calculator and r.disagree:
            click.echo(f"  disagrees: {r.name} vs {r.calculator} on {r.disagree}/{r.compared}: {r.reason}")
    if out:
        with open(out, "w", encoding="utf-8") as f:
            for c in cases:
                f.write(json.dumps(c, ensure_ascii=False) + "\n")
    if report_path:
        with open(report_path, "w", encoding="utf-8") as f:
            json.dump({"summary": s, "tasks": [asdict(r) for r in reports]}, f, ensure_ascii=False, indent=1)
