"""The commands that read runs: `bench report`, `compare`, `export`, `import` (another
harness's outputs, to re-score them) and `attribute`."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import click

from . import options
from .common import attempt_rows, fail, open_run, rule_params
from .groups import bench


@bench.command("report")
@click.argument("run_dir", type=click.Path(file_okay=False))
@options.scoring_rule
@options.labels(multiple=False)
@options.html()
def bench_report(run_dir: str, rule: str, percent: float | None, labels_: str | None,
                 html_out: str | None) -> None:
    """Accuracy with Wilson 95% intervals and status counts, overall and per category/calculator."""
    from ..analysis.summary import summarise
    from ..render import steps as render_steps
    from ..render.summary import render_html, render_selective_text, render_text
    from .verify import step_metrics_of

    params = rule_params(rule, percent)
    store = open_run(run_dir, read_only=True)
    rows = attempt_rows(store)
    n_cases = len(store.cases())
    config = store.config()
    store.close()
    if not rows:
        fail(f"{run_dir} has no attempts yet")
    if labels_ is not None:
        from ..datasets import with_labels

        try:
            rows = with_labels(rows, labels_)
        except (ValueError, FileNotFoundError) as exc:
            fail(str(exc))
        n_cases = len({c.id for c, _ in rows}) if labels_ != "v1.0" else n_cases
    summary = summarise(rows, rule=rule, **params)
    header = (f"run {run_dir}: model {config.get('model')} · strategy {config.get('strategy')} "
              f"({config.get('strategy_version')}) · rule {rule}"
              + (f" · labels {labels_}" if labels_ else ""))
    attempted = len({c.id for c, _ in rows})
    if attempted < n_cases:
        header += f" · {attempted} of {n_cases} cases attempted so far"
    click.echo(header)
    if config.get("capabilities"):  # how the model was asked (runs made before issue 31 lack it)
        click.echo(asked_line(config["capabilities"]))
    click.echo(render_text(summary))
    selective = _selective(rows, rule, params)
    if selective is not None:
        click.echo(render_selective_text(selective))
    steps = step_metrics_of(run_dir, rule, params)
    if steps.overall.n:  # the run has calculation traces: where its attempts went wrong
        click.echo(render_steps.render_text(steps, "Step verification (exact verdicts)"))
    if html_out:
        from ..render.cells import short_name

        extra = render_steps.steps_html(steps, "Step verification (exact verdicts)") if steps.overall.n else ""
        title = f"Report · {short_name(Path(run_dir).resolve().name)}" + (f" · labels {labels_}" if labels_ else "")
        Path(html_out).write_text(render_html(summary, title=title, extra=extra, config=config,
                                              run_dir=str(run_dir)), encoding="utf-8")
        click.echo(f"wrote {html_out}")


def _selective(rows: list, rule: str, params: dict):
    """A run's selective-prediction figures, where its attempts carry a confidence."""
    from ..analysis.scoring import is_correct
    from ..analysis.selective import selective_of

    return selective_of(rows, [is_correct(o, c, rule, **params) for c, o in rows])


@bench.command("compare")
@click.argument("run_a", type=click.Path(file_okay=False))
@click.argument("run_b", type=click.Path(file_okay=False))
@options.scoring_rule
def bench_compare(run_a: str, run_b: str, rule: str, percent: float | None) -> None:
    """Paired accuracy difference on the cases both runs share, with an exact McNemar test."""
    from ..analysis.summary import compare
    from ..render.summary import render_comparison_text

    params = rule_params(rule, percent)
    rows = []
    for run_dir in (run_a, run_b):
        store = open_run(run_dir, read_only=True)
        rows.append(attempt_rows(store))
        store.close()
    try:
        comparison = compare(rows[0], rows[1], rule, **params)
    except ValueError as exc:
        fail(str(exc))
    click.echo(f"A = {run_a}\nB = {run_b}")
    click.echo(render_comparison_text(comparison, names=("A", "B")))
    from ..render.summary import render_selective_text

    for name, run_rows in zip("AB", rows, strict=True):
        selective = _selective(run_rows, rule, params)
        if selective is not None:
            click.echo(f"{name}: " + render_selective_text(selective))


@bench.command("export")
@click.argument("run_dir", type=click.Path(file_okay=False))
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="Output JSONL (default: <RUN>/medcalc_bench_<rule>.jsonl).")
@options.scoring_rule
def bench_export(run_dir: str, out: str | None, rule: str, percent: float | None) -> None:
    """Write the run as JSONL with MedCalc-Bench's output fields ("Row Number", "Result", ...)."""
    from ..datasets import interchange

    params = rule_params(rule, percent)
    store = open_run(run_dir, read_only=True)
    cases = store.cases()
    rows = [(cases[a.case_id], a) for a in store.attempts() if a.case_id in cases]
    store.close()
    if not rows:
        fail(f"{run_dir} has no attempts yet")
    path = Path(out) if out else Path(run_dir) / f"medcalc_bench_{rule}.jsonl"
    try:
        interchange.export_jsonl(rows, path, rule, **params)
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror or exc}; write it elsewhere with --out")
    except ValueError as exc:
        fail(str(exc))
    click.echo(f"wrote {len(rows)} rows to {path}")


@bench.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--run-dir", required=True, type=click.Path(file_okay=False),
              help="The run directory to create (or add to, for the same file's label).")
@options.dataset()
@options.data_file(help="The dataset CSV the outputs refer to (default: the shared v1.0 test set).")
@click.option("--label", default=None, help="What produced the file (default: its name).")
def bench_import(file: str, run_dir: str, dataset: str, data_file: str | None,
                 label: str | None) -> None:
    """Read another harness's MedCalc-Bench-format outputs into a run, to re-score them."""
    from .. import datasets
    from ..datasets import interchange
    from ..runs import runner
    from ..runs.store import Store, StoreError

    try:
        all_cases = datasets.load_cases(dataset, path=data_file)
    except (ValueError, FileNotFoundError) as exc:
        fail(str(exc))
    by_id = {c.id: c for c in all_cases}
    try:
        pairs = interchange.import_jsonl(file, by_id)
    except (ValueError, KeyError, OSError) as exc:
        fail(f"cannot import {file}: {exc}")
    digest = hashlib.sha256(Path(file).read_bytes()).hexdigest()
    try:
        store = Store(run_dir, create=True)
        n = runner.record_imported(store, pairs, by_id, label=label or Path(file).name,
                                   source_sha256=digest)
    except (ValueError, StoreError) as exc:
        fail(str(exc))
    counts = store.counts()
    store.close()
    click.echo(f"{run_dir}: imported {n} attempts ({len(pairs) - n} already there); status "
               "counts: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    click.echo(f"report: medreckon bench report {run_dir} --rule <rule>")


@bench.command("attribute")
@click.argument("run_dir", type=click.Path(file_okay=False))
@options.scoring_rule
@options.markdown()
@options.json(help="Also write the report, with every attempt's cause, as JSON here.")
def bench_attribute(run_dir: str, rule: str, percent: float | None, markdown_out: str | None,
                    json_out: str | None) -> None:
    """Why each wrong attempt of an extract or tools run is wrong: no answer, wrong calculator,
    copy slip, the dataset's own ground truth, which inputs differ from the gold entities (and
    how), or other; with the ceiling of our calculator on the gold entities."""
    from ..analysis import attribution
    from ..render.attribution import render_markdown, render_text

    params = rule_params(rule, percent)
    store = open_run(run_dir, read_only=True)
    rows = attempt_rows(store)
    config = store.config()
    store.close()
    if not rows:
        fail(f"{run_dir} has no attempts yet")
    try:
        report = attribution.attribute(rows, rule, **params)
    except ValueError as exc:
        fail(str(exc))
    click.echo(f"run {run_dir}: model {config.get('model')} · strategy {config.get('strategy')} "
               f"({config.get('strategy_version')})")
    click.echo(render_text(report), nl=False)
    title = f"Error attribution · {config.get('strategy')} · {config.get('model')}"
    for path, text in ((markdown_out, lambda: render_markdown(report, title)),
                       (json_out, lambda: json.dumps(report.to_dict(), indent=1))):
        if path:
            Path(path).write_text(text(), encoding="utf-8")
            click.echo(f"wrote {path}")


def asked_line(recorded: dict) -> str:
    """A run's recorded capabilities as one line: how the model was asked."""
    from ..models.capabilities import Capabilities

    fields = {k: recorded[k] for k in ("structured", "tools", "logprobs", "context_length", "source") if k in recorded}
    return Capabilities(**fields).line()
