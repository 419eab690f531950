"""A run's progress on the terminal: a rich bar where stderr is a terminal, else one plain
line per attempt on stderr."""

from __future__ import annotations

import sys

import click


class Reporter:
    """Progress: a rich bar on a terminal, else one plain line per attempt on stderr."""

    def __init__(self, quiet: bool):
        self.quiet = quiet
        self._bar = None
        self._task = None
        if not quiet and sys.stderr.isatty():
            try:
                from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
            except ImportError:
                return
            self._bar = Progress(TextColumn("{task.description}"), BarColumn(),
                                 TextColumn("{task.fields[line]}"), TimeRemainingColumn(),
                                 transient=False)

    def __call__(self, progress, attempt) -> None:
        if self.quiet:
            return
        if self._bar is not None:
            if self._task is None:
                self._bar.start()
                self._task = self._bar.add_task("bench", total=progress.total, line="")
            self._bar.update(self._task, completed=progress.done, line=progress.line())
            return
        if attempt is None:
            click.echo(progress.line(), err=True)
            return
        o = attempt.outcome
        extra = f" · {o.error}" if o.error else ""
        click.echo(f"[{progress.done}/{progress.total}] case {attempt.case_id}: {o.status} "
                   f"({o.latency_s:.1f} s){extra} · {progress.line()}", err=True)

    def close(self) -> None:
        if self._bar is not None and self._task is not None:
            self._bar.stop()
