"""`bench run` and `bench arms`: run models with strategies on cases, every attempt stored as it
finishes; `bench strategies` lists what can be run."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click

from . import options
from .common import fail, load_selection, open_run, rule_params
from .groups import bench
from .progress import Reporter


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
    from .. import strategies
    from ..models import ModelConfigError, connect
    from ..runs import runner
    from ..runs.store import Store, StoreError
    from ..types import ModelError

    try:
        strat = strategies.get_strategy(strategy)
    except ValueError as exc:
        fail(str(exc))
    selection = options.selection(dataset, data_file, subset, per_calculator, seed, limit,
                                  calculators)
    cases = load_selection(selection)
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
        fail(str(exc))
    if not quiet:
        click.echo(f"run: {directory} · {len(cases)} cases · {model} · {strat.name} "
                   f"({strat.version})", err=True)
    try:
        client = connect(model, timeout=timeout, max_retries=max_retries, concurrency=concurrency)
        runner.capabilities_of(client)  # an endpoint is probed here, before the run directory exists
        runner.check_model(strat, client=client)  # e.g. log-probabilities: refused before any attempt
        store = Store(directory, create=True)
    except (ModelConfigError, StoreError, ValueError, ModelError) as exc:
        fail(str(exc))
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
        fail(str(exc))
    reporter.close()
    counts = store.counts()
    store.close()
    from ..types import STATUSES

    click.echo(f"{directory}: {progress.done} attempts made, {progress.already} already stored; "
               f"status counts: " + ", ".join(f"{k} {counts.get(k, 0)}" for k in
                                              STATUSES))
    click.echo(f"report: medreckon bench report {directory}")


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
@options.labels(multiple=True)
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
               percent: float | None, labels_: str | None, html_out: str | None, markdown_out: str | None,
               json_out: str | None, max_tokens: int | None, temperature: float | None,
               concurrency: int, timeout: float, max_retries: int, retry_errors: bool,
               quiet: bool) -> None:
    """Run several strategies with one model on the same cases and compare them (accuracy with
    Wilson intervals, per category/calculator, adjacent McNemar and GEE with Holm, statuses,
    tokens and time, error magnitude). Each arm is an ordinary, resumable run: DIR/<arm>;
    DIR/arms.json records the arms, the cases and the command. With --report-only nothing runs:
    the arms (default: those of arms.json) are read from DIR, and --model and the selection
    options are ignored. --labels v1.0,corrected reports each label set in turn (the output
    files: JSON keyed by labels, Markdown one section each, HTML one file each)."""
    import datetime as dt
    import shlex

    from .. import strategies
    from ..analysis.arms import case_key
    from ..render import steps as render_steps
    from ..render.arms import render_html, render_markdown, render_text
    from ..runs import arms, runner
    from ..runs.store import Store, StoreError
    from .verify import step_metrics_of

    params = rule_params(rule, percent)
    label_sets: list[str | None] = list(options.split_values((labels_,) if labels_ else ())
                                        or [None])
    names = options.split_specs(arm_names)
    dirs = {n: arms.arm_dir(n) for n in names}  # each arm's directory under --run-dir
    root = Path(run_dir)
    try:
        for n in names:
            arms.check_arm_name(dirs[n])
    except ValueError as exc:
        fail(str(exc))
    if len(set(dirs.values())) < len(names):
        fail(f"an arm is named twice in --strategies: {', '.join(names)}")
    if not report_only:
        if not names:
            fail("name the arms with --strategies (known strategies: "
                  f"{', '.join(strategies.STRATEGIES)})")
        present = set(arms.existing_arms(root))
        known = strategies.STRATEGIES  # read now: other modules may have registered more
        unknown = [n for n in names
                   if strategies.parse_spec(n)[0] not in known and dirs[n] not in present]
        if unknown:
            fail(f"unknown strategy {', '.join(repr(u) for u in unknown)}; known strategies: "
                  f"{', '.join(known)} (an arm that is not a strategy must be an existing run "
                  f"directory under {root}, e.g. made with bench import)")
        selection = options.selection(dataset, data_file, subset, per_calculator, seed, limit,
                                      calculators)
        cases = load_selection(selection)
        gen = {k: v for k, v in {"max_tokens": max_tokens, "temperature": temperature}.items()
               if v is not None}
        runs = []  # (name, strategy, settings)
        try:
            for n in names:
                if strategies.parse_spec(n)[0] not in known:
                    continue
                strat = strategies.get_strategy(n)
                settings = runner.RunSettings(model=model, strategy=strat.name, gen=gen, seed=seed)
                strat.check(cases)
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
            fail(str(exc))
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
            from ..models import ModelConfigError, connect
            from ..types import ModelError

            try:
                client = connect(model, timeout=timeout, max_retries=max_retries,
                                 concurrency=concurrency)
                runner.capabilities_of(client)
                runner.check_model(*(strat for _, strat, _ in runs), client=client)  # before any arm
            except (ModelConfigError, ValueError, ModelError) as exc:
                fail(str(exc))
        for i, (n, strat, settings) in enumerate(runs, start=1):
            if not quiet:
                click.echo(f"arm {i}/{len(runs)}: {n} ({strat.version}) · {len(cases)} cases · "
                           f"{root / dirs[n]}", err=True)
            store = open_run(root / dirs[n], create=True)
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
                fail(str(exc))
            reporter.close()
            store.close()
    try:
        reports = [(lab, arms.report_dir(root, names or None, rule, params, labels=lab))
                   for lab in label_sets]
    except (ValueError, StoreError) as exc:
        fail(str(exc))
    report = reports[0][1]
    for i, (_, r) in enumerate(reports):
        click.echo(("\n" if i else "") + render_text(r), nl=False)
    keys = arms.manifest_cases(arms.read_manifest(root))  # the report's cases
    steps = render_steps.traced([(a.name, step_metrics_of(root / a.name, rule, params, keys).overall)
                                 for a in report.arms])
    if steps:
        click.echo("\n" + render_steps.render_arms_text(steps), nl=False)
    steps_json = {name: m.to_dict() for name, m in steps}
    if html_out:
        for i, (lab, r) in enumerate(reports):
            path = Path(html_out) if not i else Path(html_out).with_suffix(f".{lab}.html")
            path.write_text(render_html(r, render_steps.arms_html(steps) if steps and not i else ""),
                            encoding="utf-8")
            click.echo(f"wrote {path}")
    for path, text in ((markdown_out, lambda: "\n".join(render_markdown(r) for _, r in reports)
                        + ("\n" + render_steps.render_arms_markdown(steps) if steps else "")),
                       (json_out, lambda: json.dumps(
                           {**report.to_dict(), "steps": steps_json} if len(reports) == 1 else
                           {"labels": {str(lab): r.to_dict() for lab, r in reports}, "steps": steps_json},
                           indent=1, default=str))):
        if path:
            Path(path).write_text(text(), encoding="utf-8")
            click.echo(f"wrote {path}")


@bench.command("strategies")
def bench_strategies() -> None:
    """The strategies: what each does, its version (part of every attempt key), default
    generation settings and the parameters a spec may set (name:key=value,...)."""
    from ..strategies import STRATEGIES, strategy_parameters

    for name, cls in STRATEGIES.items():
        s = cls()
        click.echo(f"{name:<15} {cls.description}")
        click.echo(f"{'':<15} version {s.version} · {json.dumps(s.default_gen)}")
        params = ", ".join(f"{k}={v}" for k, v in strategy_parameters(cls).items())
        if params:
            click.echo(f"{'':<15} parameters: {params}")
