"""`bench verify` (step verdicts of a run: exact from its calculation traces, optionally an LLM
judge's, and how far the judge and people agree with the exact ones) and `bench errors` (error
types of several runs side by side). Verdicts are stored as evaluations in each run directory,
so a second call only adds what is missing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from . import options
from .common import fail, open_run, open_run_for_evaluations, rule_params
from .groups import bench


def _verdict_rows(store: Any, evaluator: Any, made: list[Any]) -> list[tuple[Any, Any, Any]]:
    """(attempt, case, StepVerdicts) of one evaluator version's ok evaluations: stored, and those
    `made` in memory for a store that cannot be written."""
    from ..analysis.verdicts import StepVerdicts

    cases = store.cases()
    attempts = {a.key: a for a in store.attempts() if a.case_id in cases}
    out = []
    for e in [*store.evaluations(evaluator.name, evaluator.version), *(made if store.read_only else ())]:
        a = attempts.get(e.attempt_key)
        if a is not None and e.status == "ok":
            out.append((a, cases[a.case_id], StepVerdicts.from_dict(e.payload)))
    return out


def evaluated(store: Any, run_dir: str, evaluator: Any, **kwargs: Any) -> tuple[Any, list[Any]]:
    """(store, evaluations made) after making the evaluations `evaluator` has not made yet: stored
    where the run can be written; in memory where it cannot, or stops being writable midway (a
    full disk), with the store then read-only."""
    from ..runs.evaluations import evaluate
    from ..runs.store import StoreNotWritable

    try:
        return store, evaluate(store, evaluator, **kwargs)
    except StoreNotWritable as exc:
        store.close()
        click.echo(f"note: {str(exc).split('. ')[0]}; evaluations are computed in memory, not stored", err=True)
        store = open_run(run_dir, read_only=True)
        return store, evaluate(store, evaluator, **kwargs)


def exact_verdicts(run_dir: str, rule: str, params: dict[str, Any]) -> tuple[Any, list]:
    """Make the missing exact step verdicts of a run (stored where it can be written, else in
    memory), then read them all."""
    from ..analysis.steps import StepsEvaluator

    evaluator = StepsEvaluator(rule, **params)
    store, made = evaluated(open_run_for_evaluations(run_dir), run_dir, evaluator)
    return store, _verdict_rows(store, evaluator, made)


def step_metrics_of(run_dir: str | Path, rule: str, params: dict[str, Any],
                    cases: set[tuple[str, str, str]] | None = None) -> Any:
    """The exact step metrics of one run (its missing verdicts made and stored first), on
    `cases` (keys as `analysis.arms.case_key` gives them) when given: an arms report covers
    the cases of its manifest, which may be fewer than an arm's directory holds."""
    from ..analysis.arms import case_key
    from ..analysis.step_metrics import step_report

    store, rows = exact_verdicts(str(run_dir), rule, params)
    store.close()
    return step_report([(c, v) for _, c, v in rows if cases is None or case_key(c) in cases])


def _write(path: str | None, text: Any) -> None:
    if path:
        Path(path).write_text(text(), encoding="utf-8")
        click.echo(f"wrote {path}")


@bench.command("verify")
@click.argument("run_dir", type=click.Path(file_okay=False))
@options.scoring_rule
@click.option("--judge", "judge_model", default=None,
              help="Also judge each attempt's steps with this model (model strings as in bench "
                   "run); its verdicts are compared with the exact ones where both exist.")
@click.option("--judge-limit", type=click.IntRange(min=0), default=None,
              help="Judge at most this many attempts not judged yet (the judge is slow; a later "
                   "call goes on where this one stopped).")
@click.option("--judge-format", type=click.Choice(["json_schema", "json_object"]),
              default="json_schema", show_default=True,
              help="How the judge asks for JSON: json_object for servers that refuse json_schema "
                   "(llama-cpp-python's server).")
@click.option("--human", "human_csv", type=click.Path(exists=True, dir_okay=False), default=None,
              help="Human labels (CSV: attempt_key or case_id, step, label) to measure the exact "
                   "and judge verdicts against.")
@options.timeout()
@options.retry_errors(help="Judge again the attempts whose judge request failed.")
@options.markdown()
@options.html()
@options.json(help="Also write the step metrics and agreements as JSON here.")
def bench_verify(run_dir: str, rule: str, percent: float | None, judge_model: str | None,
                 judge_limit: int | None, judge_format: str, human_csv: str | None, timeout: float,
                 retry_errors: bool, markdown_out: str | None, html_out: str | None,
                 json_out: str | None) -> None:
    """Step-wise verification (MedRaC's four steps: calculator, values, arithmetic, answer):
    exact verdicts for every attempt with a calculation trace (extract, tools, structured_cot),
    Conditional Correctness and First-Error rates, error types; with --judge, an LLM judge's
    verdicts and its agreement with the exact ones (κ, AC1, macro-F1)."""
    from ..analysis.agreement import (
        HumanLabelsError,
        human_agreement,
        read_human_labels,
        step_agreement,
    )
    from ..analysis.step_metrics import step_report
    from ..render import steps as render
    from ..render.page import page

    params = rule_params(rule, percent)
    store, exact = exact_verdicts(run_dir, rule, params)
    config = store.config()
    report = step_report([(c, v) for _, c, v in exact])
    click.echo(f"run {run_dir}: model {config.get('model')} · strategy {config.get('strategy')} "
               f"({config.get('strategy_version')}) · rule {rule}")
    click.echo(render.render_text(report, "Exact step verdicts"), nl=False)
    out: dict[str, Any] = {"run": run_dir, "rule": rule, "exact": report.to_dict()}
    md = [render.render_markdown(report, "Exact step verdicts")]
    html_parts = [render.steps_html(report, "Exact step verdicts")]
    agreements = []
    if judge_model:
        from ..analysis.judge import JudgeEvaluator
        from ..models import ModelConfigError, connect

        try:
            client = connect(judge_model, timeout=timeout)
        except (ModelConfigError, ValueError) as exc:
            fail(str(exc))
        judge = JudgeEvaluator(client, judge_model, response_format=judge_format)

        def progress(done: int, total: int, e: Any) -> None:
            status = e.payload.get("status", e.status) if e.status == "ok" else f"error: {e.payload.get('error')}"
            click.echo(f"[judge {done}/{total}] {status}", err=True)

        store, made = evaluated(store, run_dir, judge, retry_errors=retry_errors, limit=judge_limit,
                                on_progress=progress)
        judged = _verdict_rows(store, judge, made)
        judge_report = step_report([(c, v) for _, c, v in judged])
        title = f"Judge step verdicts ({judge_model})"
        click.echo("\n" + render.render_text(judge_report, title), nl=False)
        md.append(render.render_markdown(judge_report, title))
        html_parts.append(render.steps_html(judge_report, title))
        out["judge"] = {"model": judge_model, "steps": judge_report.to_dict()}
        by_key = {a.key: v for a, _, v in exact}
        pairs = [(v, by_key[a.key]) for a, _, v in judged if a.key in by_key]
        agreements.append(step_agreement(pairs, rater_a=f"judge {judge_model}", rater_b="exact"))
    if human_csv:
        try:
            labels = read_human_labels(human_csv)
        except HumanLabelsError as exc:
            fail(str(exc))
        agreements.append(human_agreement(labels, [(a.key, c.id, v) for a, c, v in exact], rater="exact"))
        if judge_model:
            agreements.append(human_agreement(labels, [(a.key, c.id, v) for a, c, v in judged],
                                              rater=f"judge {judge_model}"))
    store.close()
    for a in agreements:
        click.echo("\n" + render.render_agreement_text(a), nl=False)
        md.append(render.render_agreement_markdown(a))
        html_parts.append(render.agreement_html(a))
    out["agreement"] = [a.to_dict() for a in agreements]
    _write(markdown_out, lambda: "\n".join(md))
    _write(html_out, lambda: page(f"medreckon step verification: {run_dir}", "\n".join(html_parts)))
    _write(json_out, lambda: json.dumps(out, indent=1, default=str))


@bench.command("errors")
@click.argument("run_dirs", nargs=-1, required=True, type=click.Path(file_okay=False))
@options.scoring_rule
@options.markdown()
@options.json(help="Also write each run's step metrics as JSON here.")
def bench_errors(run_dirs: tuple[str, ...], rule: str, percent: float | None,
                 markdown_out: str | None, json_out: str | None) -> None:
    """Error types (MedRaC's taxonomy, mapped to OpenMedCalc's classes) and first-error steps of
    several runs side by side, from their exact step verdicts (made and stored where missing)."""
    from ..analysis.step_metrics import step_metrics
    from ..render import steps as render

    params = rule_params(rule, percent)
    named = []
    for run_dir in run_dirs:
        store, rows = exact_verdicts(run_dir, rule, params)
        strategy = store.config().get("strategy")
        store.close()
        named.append((f"{Path(run_dir).name} ({strategy})", step_metrics([v for _, _, v in rows])))
    click.echo(render.render_errors_text(named), nl=False)
    _write(markdown_out, lambda: render.render_errors_markdown(named))
    _write(json_out, lambda: json.dumps({name: m.to_dict() for name, m in named}, indent=1))
