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
@click.option("--dataset", type=click.Choice(["medcalc-bench"]), default="medcalc-bench", show_default=True)
@click.option("--calculator", "calculators", multiple=True, help="MedCalc-Bench ID or calculator id; repeatable.")
@click.option("--verbose", "-v", is_flag=True, help="List every documented deviation too.")
def calc_verify(dataset: str, calculators: tuple[str, ...], verbose: bool) -> None:
    """Replay MedCalc-Bench v1.0 ground truth through the calculators; fail on undocumented disagreement."""
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
    from pathlib import Path

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


@main.command("mcp")
@click.option("--transport", type=click.Choice(["stdio", "http"]), default="stdio", show_default=True)
@click.option("--compact", is_flag=True,
              help="Three tools (search_calculators, describe_calculator, calculate) instead of one per calculator.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="HTTP only. A non-loopback host needs MEDRECKON_API_TOKEN set.")
@click.option("--port", default=8765, show_default=True, type=int, help="HTTP only.")
def mcp_command(transport: str, compact: bool, host: str, port: int) -> None:
    """Serve the calculators over the Model Context Protocol (needs the `mcp` extra)."""
    from .interfaces import mcp as server

    try:
        server.serve(transport, compact=compact, host=host, port=port)  # type: ignore[arg-type]
    except (server.MCPUnavailable, ValueError) as exc:
        _fail(str(exc))
    except KeyboardInterrupt:
        pass


@main.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="A non-loopback host is refused unless an API token is configured.")
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--api-token-file", type=click.Path(dir_okay=False), default=None,
              help="Require 'Authorization: Bearer TOKEN' on every request but /health, the token read "
                   "from this file's first line. Or set MEDRECKON_API_TOKEN. Never on the command line: "
                   "other users see it in `ps`.")
@click.option("--api-token", "argv_token", default=None, hidden=True)
@click.option("--max-body", default=64 * 1024, show_default=True, type=click.IntRange(1),
              help="Largest request body in bytes (413 beyond).")
@click.option("--cors-origin", "cors_origins", multiple=True,
              help="Allow browser calls from this origin; repeatable. No CORS when not given.")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64))
@click.option("--no-access-log", is_flag=True, help="Do not write a JSON line per request to stderr.")
@click.option("--read-timeout", default=5.0, show_default=True, type=click.FloatRange(0.1, 300),
              help="Seconds a client has to send a whole request; slower connections are dropped.")
@click.option("--keep-alive", default=5, show_default=True, type=click.IntRange(1, 300),
              help="Seconds an idle keep-alive connection stays open.")
@click.option("--max-connections", default=256, show_default=True, type=click.IntRange(1, 100000),
              help="Open connections beyond this are answered 503 at once.")
def serve_command(host: str, port: int, api_token_file: str | None, argv_token: str | None, max_body: int,
                  cors_origins: tuple[str, ...], workers: int, no_access_log: bool, read_timeout: float,
                  keep_alive: int, max_connections: int) -> None:
    """Serve the calculators over HTTP (REST, OpenAPI at /openapi.json; needs the `serve` extra)."""
    if argv_token is not None:
        _fail("--api-token is not accepted: a token on the command line shows in `ps` to every user of "
              "the machine; set MEDRECKON_API_TOKEN or write it to a file and pass --api-token-file")
    try:
        from .interfaces import rest
        from .interfaces.http_guard import TokenError, read_token_file
    except ImportError as exc:
        _fail(f"the REST server needs the serve extra: pip install 'medreckon[serve]' ({exc})")
    try:
        token = read_token_file(api_token_file) if api_token_file else None
        rest.serve(host, port, api_token=token, max_body=max_body, cors_origins=cors_origins,
                   access_log=not no_access_log, workers=workers, read_timeout=read_timeout,
                   keep_alive=keep_alive, max_connections=max_connections)
    except (rest.UnsafeBindError, TokenError) as exc:
        _fail(str(exc))
    except KeyboardInterrupt:
        pass


@main.command("view")
@click.argument("run_dirs", nargs=-1, type=click.Path(file_okay=True))
@click.option("--host", default="127.0.0.1", show_default=True,
              help="A non-loopback host is refused unless an API token is configured.")
@click.option("--port", default=8080, show_default=True, type=click.IntRange(0, 65535))
@click.option("--api-token", envvar="MEDRECKON_API_TOKEN", default=None,
              help="Require this token (Authorization: Bearer, or ?token= once in the browser) "
                   "[env MEDRECKON_API_TOKEN].")
@click.option("--static", "static_dir", type=click.Path(file_okay=False), default=None,
              help="Write every page as static HTML here instead of serving them.")
@click.option("--examples-dir", type=click.Path(file_okay=False), default=None,
              help="The review page saves corrected readings here (examples.jsonl); none: saving is off.")
def view_command(run_dirs: tuple[str, ...], host: str, port: int, api_token: str | None,
                 static_dir: str | None, examples_dir: str | None) -> None:
    """Look at runs case by case, the MedCalc-Bench audit, a form per calculator and the review
    page (a note read for a calculator, corrected, saved as an example), in a browser (needs the
    `view` extra). RUN_DIRS: run directories, or directories of
    them (an arms directory)."""
    try:
        from .web import app as viewer
        from .web.runs import RunDirError, load_runs
        from .web.site import Site
    except ImportError as exc:
        _fail(f"the viewer needs the view extra: pip install 'medreckon[view]' ({exc})")
    for d in run_dirs:
        if static_dir and Path(static_dir).resolve() == Path(d).resolve():
            _fail(f"--static {static_dir} is a run directory given to view; write the pages elsewhere")
    try:
        runs = load_runs(list(run_dirs))
    except RunDirError as exc:
        _fail(str(exc))
    site = Site(runs, examples_dir=examples_dir)
    if static_dir:
        n = viewer.export_static(site, static_dir)
        click.echo(f"wrote {n} pages to {static_dir} (open {Path(static_dir) / 'index.html'})")
        return
    try:
        viewer.check_bind(host, api_token)
    except ValueError as exc:
        _fail(str(exc))
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/index.html" + (f"?token={api_token}" if api_token else "")
    click.echo(f"{len(runs)} run(s); serving on {url} (Ctrl-C stops)")
    import threading

    threading.Thread(target=site.warm, daemon=True).start()
    try:
        viewer.serve(site, host, port, token=api_token)
    except KeyboardInterrupt:
        pass


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


if __name__ == "__main__":
    main()
