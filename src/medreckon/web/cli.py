"""The `medreckon view` command: the run viewer, the dataset audit and the calculator pages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..interfaces.cli import fail, http_options


@click.command("view")
@click.argument("run_dirs", nargs=-1, type=click.Path(file_okay=True))
@click.option("--host", default="127.0.0.1", show_default=True,
              help="A non-loopback host is refused unless an API token is configured.")
@click.option("--port", default=8080, show_default=True, type=click.IntRange(0, 65535))
@click.option("--static", "static_dir", type=click.Path(file_okay=False), default=None,
              help="Write every page as static HTML here instead of serving them.")
@click.option("--examples-dir", type=click.Path(file_okay=False), default=None,
              help="The review page saves corrected readings here (examples.jsonl); none: saving is off.")
@http_options
def view_command(run_dirs: tuple[str, ...], host: str, port: int, token: str | None, settings: Any,
                 static_dir: str | None, examples_dir: str | None) -> None:
    """Look at runs case by case, the MedCalc-Bench audit, a form per calculator and the review
    page (a note read for a calculator, corrected, saved as an example), in a
    browser (read-only; needs the `view` extra). RUN_DIRS: run directories, or directories of
    them (an arms directory). With a token (MEDRECKON_API_TOKEN or --api-token-file) every
    request needs it: the address printed carries it once (?token=...), for the browser."""
    try:
        from . import app as viewer
        from .runs import RunDirError, load_runs
        from .site import Site
    except ImportError as exc:
        fail(f"the viewer needs the view extra: pip install 'medreckon[view]' ({exc})")
    for d in run_dirs:
        if static_dir and Path(static_dir).resolve() == Path(d).resolve():
            fail(f"--static {static_dir} is a run directory given to view; write the pages elsewhere")
    try:
        runs = load_runs(list(run_dirs))
    except RunDirError as exc:
        fail(str(exc))
    site = Site(runs, examples_dir=examples_dir)
    if static_dir:
        n = viewer.export_static(site, static_dir)
        click.echo(f"wrote {n} pages to {static_dir} (open {Path(static_dir) / 'index.html'})")
        return
    try:
        viewer.check_bind(host, token)
    except ValueError as exc:
        fail(str(exc))
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/index.html" + (f"?token={token}" if token else "")
    click.echo(f"{len(runs)} run(s); serving on {url} (Ctrl-C stops)")
    import threading

    threading.Thread(target=site.warm, daemon=True).start()
    try:
        viewer.serve(site, host, port, token=token, settings=settings)
    except KeyboardInterrupt:
        pass
