"""The `medreckon` command line. Bad input exits with code 2 and one paragraph, never a traceback."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


@click.group()
@click.version_option(package_name="medreckon")
def main() -> None:
    """medreckon: validated clinical calculators and a benchmark harness for LLMs."""


@main.group()
def calc() -> None:
    """List, describe, run and verify calculators."""


@calc.command("list")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def calc_list(as_json: bool) -> None:
    """All registered calculators."""
    from .calculators import all_calculators

    rows = [
        {"id": c.id, "medcalc_bench_id": c.medcalc_bench.id if c.medcalc_bench else None,
         "kind": c.kind, "name": c.name}
        for c in all_calculators()
    ]
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    for r in rows:
        mcb = f"#{r['medcalc_bench_id']}" if r["medcalc_bench_id"] else ""
        click.echo(f"{r['id']:<34} {mcb:<5} {r['kind']:<9} {r['name']}")


def _get(name: str) -> Any:
    from .calculators import get
    from .errors import CalculatorInputError

    try:
        return get(name)
    except CalculatorInputError as exc:
        _fail(str(exc))


@calc.command("show")
@click.argument("calculator")
def calc_show(calculator: str) -> None:
    """Inputs (units, bounds, choices, defaults), formula and references of a calculator."""
    from .calculators.describe import describe_inputs

    c = _get(calculator)
    mcb = f" · MedCalc-Bench #{c.medcalc_bench.id}" if c.medcalc_bench else ""
    click.echo(f"{c.name}\n  id: {c.id} (aliases: {', '.join(c.aliases) or '-'}){mcb}")
    click.echo(f"  kind: {c.kind} · specialty: {c.specialty} · version {c.version}")
    out = c.output
    click.echo(f"  output: {out.type}" + (f" in {out.unit}" if out.unit else "")
               + (f", rounded to {out.decimals} d.p." if out.type == "decimal" else ""))
    if c.description:
        click.echo(f"\n{c.description}")
    if c.formula:
        click.echo(f"\nFormula:\n  {c.formula.replace(chr(10), chr(10) + '  ')}")
    click.echo("\nInputs:")
    for s in describe_inputs(c):
        if s.kind == "quantity":
            kind = f"quantity in {s.unit} (units: {', '.join(s.units)})"
            if s.bounds:
                kind += f"; must be {s.bounds}"
            if s.plausible:
                kind += f"; plausible {s.plausible[0]:g}-{s.plausible[1]:g}"
        elif s.kind == "choice":
            kind = "one of: " + ", ".join(map(str, s.choices))
        else:
            kind = s.kind + (f"; must be {s.bounds}" if s.bounds else "")
        need = "required" if s.required else f"default {s.default!r}" + (" (option)" if s.option else "")
        click.echo(f"  {s.name}: {kind} [{need}]")
        if s.description:
            click.echo(f"      {s.description}")
    click.echo("\nReferences:")
    for r in c.references:
        click.echo(f"  - {r.citation}" + (f" {r.url}" if r.url else ""))


@calc.command("run", context_settings={"ignore_unknown_options": True})
@click.argument("calculator")
@click.argument("assignments", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print the whole Result as JSON.")
def calc_run(calculator: str, assignments: tuple[str, ...], as_json: bool) -> None:
    """Run a calculator: `medreckon calc run bmi weight=70 height="5 ft 9 in"`."""
    from .errors import CalculatorInputError

    c = _get(calculator)
    inputs: dict[str, Any] = {}
    for a in assignments:
        key, sep, value = a.partition("=")
        if not sep or not key:
            _fail(f"cannot read {a!r}; write inputs as name=value, e.g. creatinine=\"106 umol/L\"")
        if key.strip() in inputs:
            _fail(f"{key.strip()} is given twice ({key.strip()}={inputs[key.strip()]!r} and {a!r}); give each input once")
        inputs[key.strip()] = value
    try:
        result = c.calculate(inputs)
    except CalculatorInputError as exc:
        _fail(str(exc))
    if as_json:
        click.echo(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
        return
    unit = f" {result.unit}" if result.unit else ""
    if result.unit == "points" and result.rounded == 1:
        unit = " point"
    click.echo(f"{c.name}: {_show(result.rounded)}{unit}")
    if result.interpretation:
        click.echo(f"  {result.interpretation}")
    for name, o in result.outputs.items():
        shown = "not applicable" if o["rounded"] is None else f"{_show(o['rounded'])}{' ' + o['unit'] if o['unit'] else ''}"
        click.echo(f"  {name}: {shown}")
    for s in result.steps:
        unit = f" {s.unit}" if s.unit else ""
        click.echo(f"  - {s.what}: {s.expression} = {_show(s.value)}{unit}")
    for w in result.warnings:
        click.echo(f"  ! {w.message}")


@calc.command("schema")
@click.argument("calculator")
@click.option("--strict", is_flag=True,
              help="Strict-mode variant: every field required, null for 'not given', no numeric bounds.")
@click.option("--quantities", type=click.Choice(["text", "object"]), default="text", show_default=True,
              help="Quantities as a number or a string with its unit (text), or as {value, unit} (object).")
def calc_schema(calculator: str, strict: bool, quantities: str) -> None:
    """Print the OpenAI function-calling tool schema of a calculator."""
    from .interfaces.tools import tool_schema

    click.echo(json.dumps(tool_schema(_get(calculator), strict=strict, quantities=quantities),  # type: ignore[arg-type]
                          indent=2, ensure_ascii=False))


def _show(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.4f}".rstrip("0").rstrip(".")
    if isinstance(v, tuple) and len(v) == 2:
        return f"{v[0]} weeks, {v[1]} days"
    return str(v)


@calc.command("verify")
@click.option("--dataset", type=click.Choice(["medcalc-bench", "medmcp-calc"]), default="medcalc-bench",
              show_default=True, help="medcalc-bench: v1.0's ground truth; medmcp-calc: MedMCP-Calc's worked "
              "answers on its published inputs, through each calculator's mapping file.")
@click.option("--calculator", "calculators", multiple=True, help="MedCalc-Bench ID or calculator id; repeatable.")
@click.option("--verbose", "-v", is_flag=True, help="List every documented deviation too.")
def calc_verify(dataset: str, calculators: tuple[str, ...], verbose: bool) -> None:
    """Replay a dataset's answers through the calculators; fail on undocumented disagreement."""
    if dataset == "medmcp-calc":
        _verify_medmcp_calc(calculators, verbose)
        return
    from .calculators.medcalc_bench_replay import load_deviations, load_suspects, replay

    ids = []
    for name in calculators:
        c = _get(name)
        if c.medcalc_bench is None:
            _fail(f"{c.id} is not a MedCalc-Bench calculator")
        ids.append(c.medcalc_bench.id)
    try:
        reports = replay(ids or None)
    except FileNotFoundError as exc:
        _fail(str(exc))
    total = agree = documented = 0
    failed = False
    click.echo(f"{'id':>3} {'calculator':<34} {'rows':>4} {'agree':>5} {'documented':>10} {'problems':>8}")
    for r in reports:
        total, agree, documented = total + r.rows, agree + r.agree, documented + r.documented
        problems = len(r.undocumented) + len(r.stale)
        failed |= problems > 0
        click.echo(f"{r.medcalc_bench_id:>3} {r.calculator:<34} {r.rows:>4} {r.agree:>5} {r.documented:>10} {problems:>8}")
        for e in r.undocumented:
            click.echo(f"      row {e['row']}: ours {e['ours']} vs dataset {e['dataset']} (undocumented)")
        for e in r.stale:
            click.echo(f"      row {e['row']}: stale deviation: {e['why']}")
        if verbose:
            from .calculators.registry import by_medcalc_bench_id

            if r.calculator == "(not implemented)":
                continue
            c = by_medcalc_bench_id(r.medcalc_bench_id)
            for row, d in sorted(load_deviations(c).items()):
                click.echo(f"      row {row}: ours {d['ours']} vs dataset {d['dataset']}: {d['reason']}")
            for row, d in sorted(load_suspects(c).items()):
                click.echo(f"      row {row}: agrees, but suspect: {d['reason']}")
    missing = sum(r.rows for r in reports if r.calculator == "(not implemented)")
    problems = sum(len(r.undocumented) + len(r.stale) for r in reports)
    click.echo(f"\n{total} rows: {agree} agree, {documented} documented deviations, "
               f"{problems} problems, {missing} rows of calculators not implemented")
    if failed:
        sys.exit(1)


def _verify_medmcp_calc(calculators: tuple[str, ...], verbose: bool) -> None:
    from .bench.coverage.answers import check_answers
    from .bench.coverage.mapping import MappingError
    from .bench.datasets.files import DatasetError
    from .bench.datasets.medmcp_calc import load_tasks

    ids = [_get(name).id for name in calculators]
    try:
        report = check_answers(load_tasks(), ids or None)
    except (DatasetError, MappingError) as exc:
        _fail(str(exc))
    click.echo(f"{'calculator':<40} {'uses':>4} {'agree':>5} {'documented':>10} {'problems':>8}")
    for c in report.calculators:
        click.echo(f"{c.calculator:<40} {len(c.checks):>4} {c.count('agree'):>5} {c.count('documented'):>10} "
                   f"{len(c.problems):>8}")
        for x in c.checks:
            if x.status in ("undocumented", "stale", "unmapped") or verbose and x.status == "documented":
                click.echo(f"      {x.key} ({x.status}): ours {x.ours or '-'}: {x.detail}")
    n = sum(len(c.checks) for c in report.calculators)
    click.echo(f"\n{n} uses: {sum(c.count('agree') for c in report.calculators)} agree, "
               f"{sum(c.count('documented') for c in report.calculators)} documented disagreements, "
               f"{sum(len(c.problems) for c in report.calculators)} problems; "
               f"{sum(report.unchecked.values())} uses of {len(report.unchecked)} covered calculators have no "
               "mapping file yet")
    if not report.ok:
        sys.exit(1)


@main.group()
def docs() -> None:
    """Documentation generated from the calculator declarations."""


@docs.command("build")
@click.option("--out", default="docs/calculators", show_default=True, type=click.Path(file_okay=False),
              help="Folder for the pages (one per calculator, plus index.md).")
@click.option("--check", is_flag=True, help="Write nothing; exit 1 naming the pages that are stale.")
def docs_build(out: str, check: bool) -> None:
    """Write one Markdown page per calculator and an index, and the count of calculators by
    specialty into the README two folders above --out (docs/calculators -> README.md), if there is one."""

    from .interfaces import docs as generated

    pages = generated.build()
    readme = Path(out).resolve().parent.parent / "README.md"
    readme_text = readme.read_text(encoding="utf-8") if readme.is_file() else None
    if readme_text is not None and generated.README_START not in readme_text:
        readme_text = None  # a README without the block is not ours to write
    fresh_readme = generated.readme_with_counts(readme_text) if readme_text is not None else None
    if check:
        stale = generated.stale(Path(out), pages)
        if fresh_readme != readme_text:
            stale.append(str(readme))
        if stale:
            click.echo(f"{len(stale)} stale page(s) in {out}: {', '.join(stale)}", err=True)
            click.echo("regenerate them with `medreckon docs build`", err=True)
            sys.exit(1)
        click.echo(f"{len(pages)} pages in {out} are up to date")
        return
    changed = generated.write(Path(out), pages)
    if fresh_readme != readme_text:
        readme.write_text(fresh_readme, encoding="utf-8", newline="\n")
        changed.append(str(readme))
    click.echo(f"{len(pages)} pages in {out}; {len(changed)} written or removed"
               + (f": {', '.join(changed)}" if changed else ""))


from .interfaces.cli import mcp_command, serve_command  # noqa: E402
from .web.cli import view_command  # noqa: E402

main.add_command(mcp_command)
main.add_command(serve_command)
main.add_command(view_command)

from .reading.cli import from_note_command as _from_note  # noqa: E402

calc.add_command(_from_note)

from .bench.cli import bench as _bench_group  # noqa: E402
from .bench.cli import data as _data_group  # noqa: E402

main.add_command(_bench_group)
main.add_command(_data_group)

from .rubrics.cli import rubrics as _rubrics_group  # noqa: E402

main.add_command(_rubrics_group)

from .env.cli import env as _env_group  # noqa: E402

main.add_command(_env_group)

from .scenarios.cli import scenarios as _scenarios_group  # noqa: E402

main.add_command(_scenarios_group)


if __name__ == "__main__":
    main()
