"""`medreckon scenarios ...`: build a scenario set (record + scenarios), verify its gold against
the record, the MedMCP-Calc import report, the process report of runs, Parquet export, and the
read-only PostgreSQL role for agents."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


@click.group("scenarios")
def scenarios() -> None:
    """Clinical scenarios over a patient record (see docs/scenarios.md)."""


@scenarios.command("build")
@click.option("--out", required=True, type=click.Path(file_okay=False), help="The scenario set's folder.")
@click.option("--per-template", default=6, show_default=True, type=click.IntRange(0),
              help="Generated scenarios per workflow template.")
@click.option("--templates", default=None, help="Only these templates, comma-separated (default: all).")
@click.option("--no-import", "no_import", is_flag=True, help="Leave out MedMCP-Calc's imported tasks.")
@click.option("--imported-limit", default=None, type=click.IntRange(0),
              help="Keep only the first N imported tasks that have a graded step.")
@click.option("--background", default=0, show_default=True, type=click.IntRange(0),
              help="Patients with ordinary visits only, that the scenarios' patients hide among.")
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--record", default=None, help="Load a PostgreSQL database (postgresql:// DSN of a role that may "
                                             "create tables) instead of DIR/record.sqlite.")
@click.option("--replace", is_flag=True, help="Write over an existing record.")
@click.option("--data-file", default=None, type=click.Path(dir_okay=False),
              help="MedMCP-Calc's tasks.jsonl (default: $MEDRECKON_DATA/medmcp_calc/tasks.jsonl).")
def build_command(out: str, per_template: int, templates: str | None, no_import: bool, imported_limit: int | None,
                  background: int, seed: int, record: str | None, replace: bool, data_file: str | None) -> None:
    """Generate patients, import MedMCP-Calc's tasks, load the record and write the scenarios."""
    from ..bench.datasets.files import DatasetError
    from .build import build
    from .record import RecordError

    try:
        report = build(out, per_template=per_template, imported=not no_import, background=background, seed=seed,
                       templates=[t.strip() for t in templates.split(",")] if templates else None,
                       record=record, replace=replace, tasks_file=Path(data_file) if data_file else None,
                       imported_limit=imported_limit)
    except (RecordError, DatasetError, ValueError, FileNotFoundError) as exc:
        _fail(str(exc))
    d = report.to_dict()
    click.echo(f"wrote {out}: {sum(d['scenarios'].values())} scenarios ({', '.join(f'{k} {v}' for k, v in d['scenarios'].items())}; "
               f"{d['gradable_scenarios']} gradable), {d['patients']} patients, {sum(d['rows'].values())} rows "
               f"loaded in {d['load_s']:.1f} s")
    imp = d.get("import_report")
    if imp:
        click.echo(f"MedMCP-Calc: {imp['tasks']['with_graded_steps']}/{imp['tasks']['of']} tasks with graded steps, "
                   f"{imp['steps']['graded']}/{imp['steps']['of']} steps, {imp['calculator_uses']['graded']}/"
                   f"{imp['calculator_uses']['of']} calculator uses graded")


@scenarios.command("verify")
@click.argument("folder", type=click.Path(file_okay=False))
@click.option("--record", default=None, help="Read this record instead of FOLDER/record.sqlite.")
def verify_command(folder: str, record: str | None) -> None:
    """Recompute every gold answer from the record alone; exit 1 on any difference."""
    from .build import RECORD, read_scenarios
    from .record import RecordError, open_record
    from .verify import recompute

    try:
        items = read_scenarios(folder)
        rec = open_record(record or str(Path(folder) / RECORD))
    except (RecordError, FileNotFoundError, ValueError) as exc:
        _fail(str(exc))
    with rec:
        problems = [p for s in items for p in recompute(rec, s)]
    steps = sum(1 for s in items for st in s.steps if st.graded and st.taken)
    for p in problems:
        click.echo(p)
    click.echo(f"{steps - len(problems)}/{steps} graded steps of {len(items)} scenarios recomputed from the record agree")
    sys.exit(1 if problems else 0)


@scenarios.command("import-report")
@click.option("--data-file", default=None, type=click.Path(dir_okay=False), help="MedMCP-Calc's tasks.jsonl.")
@click.option("--json", "json_out", default=None, type=click.Path(dir_okay=False))
def import_report_command(data_file: str | None, json_out: str | None) -> None:
    """How much of MedMCP-Calc's tasks, steps and calculator uses we grade, and why not the rest."""
    from ..bench.datasets.files import DatasetError
    from ..bench.datasets.medmcp_calc import load_tasks
    from .medmcp import import_tasks

    try:
        _, report = import_tasks(load_tasks(Path(data_file) if data_file else None))
    except DatasetError as exc:
        _fail(str(exc))
    d = report.to_dict()
    text = json.dumps(d, indent=1)
    click.echo(text)
    if json_out:
        Path(json_out).write_text(text + "\n", encoding="utf-8")


@scenarios.command("report")
@click.argument("run_dirs", nargs=-1, required=True, type=click.Path(file_okay=False))
@click.option("--rule", default="medcalc_bench", show_default=True, help="Scoring rule for step answers.")
@click.option("--markdown", "markdown_out", default=None, type=click.Path(dir_okay=False))
@click.option("--json", "json_out", default=None, type=click.Path(dir_okay=False))
def report_command(run_dirs: tuple[str, ...], rule: str, markdown_out: str | None, json_out: str | None) -> None:
    """Process metrics of scenario runs (Wilson intervals); two runs are also compared pairwise."""
    from ..bench.runs.store import StoreError
    from .report import markdown, report

    try:
        runs, comparison = report(run_dirs, rule)
    except (StoreError, ValueError) as exc:
        _fail(str(exc))
    text = markdown(runs, comparison)
    click.echo(text, nl=False)
    if markdown_out:
        Path(markdown_out).write_text(text, encoding="utf-8")
    if json_out:
        Path(json_out).write_text(json.dumps({"runs": [r.to_dict() for r in runs], "paired": comparison},
                                             indent=1) + "\n", encoding="utf-8")


@scenarios.command("export")
@click.argument("record")
@click.option("--out", required=True, type=click.Path(file_okay=False))
def export_command(record: str, out: str) -> None:
    """Write a record (an SQLite file or a postgresql:// DSN) as Parquet, one file per table."""
    from .export import export_parquet
    from .record import RecordError

    try:
        counts = export_parquet(record, out)
    except RecordError as exc:
        _fail(str(exc))
    click.echo(f"wrote {sum(counts.values())} rows in {len(counts)} tables to {out}")


@scenarios.command("grant")
@click.argument("admin_dsn")
@click.option("--role", default="medreckon_agent", show_default=True)
def grant_command(admin_dsn: str, role: str) -> None:
    """Create (or refresh) the PostgreSQL role agents connect as: SELECT on the record only,
    read-only transactions, a statement timeout."""
    from .postgres import create_agent_role
    from .record import RecordError

    try:
        create_agent_role(admin_dsn, role)
    except RecordError as exc:
        _fail(str(exc))
    click.echo(f"role {role} can read the record and nothing else; connect agents with it")
