"""Runs model-written Python for the `code` and `rag_code` strategies, safely.

    result = run_code("import math\\nanswer = round(math.log(4.2) * 10, 1)")
    result.ok, result.value, result.stdout, result.error, result.timed_out

The value is the `answer` variable when the code sets one, else the value of its last
expression (None when it ends in a statement); it comes back JSON-able (see `medreckon.jsonable`).
Errors come back as one short line a model can act on: exception type, message and the line
that raised, e.g. ``ZeroDivisionError: division by zero (line 5: return a / 0)``.

Mechanism: pydantic-monty (the `sandbox` extra), not CPython in a subprocess.
Monty is a Python interpreter written in Rust that has no file system, network, process or
environment access of its own: `open`, `pathlib`, `os.listdir` reach only what the host
mounts (nothing here), `socket`, `subprocess`, `ctypes`, `importlib` and `__import__` do not
exist, `os.system`/`os.fork`/`os.environ` are absent or refused, and `().__class__` style
introspection is not there to walk. Its limits are enforced by the interpreter itself: heap
bytes (checked before an allocation, so `"x" * 10**10` fails at once), execution time
(an uncatchable TimeoutError), recursion depth; sleeps are made to return at once. Each run
gets a fresh session in a pooled worker subprocess (`monty` binary), and the pool kills a
worker that overruns the wall-clock deadline, so a crash or hang never reaches this process.
A run costs ~0.2 ms once the pool is up (~0.1 s to start it; benchmarks/sandbox_overhead.py).

Why not a CPython subprocess with rlimits and audit hooks: audit hooks are documented (PEP 578)
as not a sandbox, and reflective escapes to unhooked objects are routine; without namespaces
or seccomp, which the standard library does not offer, sockets can only be refused by such
hooks; RLIMIT_NPROC does not bind root, which CI runs as, so it does not stop a fork bomb there;
and each run would start an interpreter (9-23 ms for a bare `python -I -S -c pass` on the
2-core dev machine, against ~0.2 ms for a sandbox run). MedCalc-Bench and MedRaC ran model code
with bare `exec`.

What it costs: Monty runs a subset of Python. Present: math, datetime, re, json, decimal,
random, collections, itertools, functools, dataclasses, typing, bisect, copy, time (sleep is
instant); functions, classes, comprehensions, f-strings, try/except. Absent: third-party
packages (numpy), statistics, fractions, operator, heapq, enum, `yield`, bytearray.
`round(x, n)` rounds the shortest decimal form of x (`round(2.675, 2)` gives 2.68 where CPython
gives 2.67 from the binary value); `round(2.5)` is 2 as in CPython. `ENVIRONMENT` says this in
a form to put in a prompt; an import of a missing module is answered with the same list.
"""

from __future__ import annotations

import atexit
import json
import os
import threading
import time
from dataclasses import dataclass
from typing import Any

from ..jsonable import jsonable

ENVIRONMENT = (
    "The code runs in a sandboxed Python interpreter (a subset of Python 3): standard modules math, "
    "datetime, re, json, decimal, random, collections, itertools, functools, dataclasses and typing "
    "are available; numpy, statistics, fractions and other packages are not; there is no file, "
    "network or process access. Put the final result in a variable named `answer`."
)
_AVAILABLE = ("math, datetime, re, json, decimal, random, collections, itertools, functools, "
              "dataclasses, typing")

DEFAULT_MAX_STDOUT = 20_000  # characters of printed output kept
DEFAULT_MAX_VALUE = 20_000  # characters of the JSON of the value
_MAX_CHECKOUTS_PER_WORKER = 200  # recycle workers now and then


class SandboxUnavailable(ImportError):
    """pydantic-monty is not installed (or its worker binary is missing)."""


@dataclass(frozen=True)
class SandboxResult:
    ok: bool  # ran to the end without an exception
    stdout: str  # what the code printed (stdout and stderr), cut at the output limit
    value: Any  # `answer`, else the last expression's value; JSON-able; None on error
    error: str | None  # one line for the model: "Type: message (line N: source)"
    timed_out: bool = False
    duration_s: float = 0.0


# ---------------------------------------------------------------- the worker pool

_pools: dict[tuple[int, float], Any] = {}
_pools_lock = threading.Lock()


def _monty() -> Any:
    try:
        import pydantic_monty
    except ImportError as exc:
        raise SandboxUnavailable(
            "running model-written code needs pydantic-monty: pip install 'medreckon[sandbox]'"
        ) from exc
    return pydantic_monty


def _pool(wall_s: float) -> Any:
    """A started pool whose workers are killed past `wall_s` per turn; one per process and deadline."""
    key = (os.getpid(), wall_s)  # a forked child must not share its parent's workers
    with _pools_lock:
        pool = _pools.get(key)
        if pool is None:
            monty = _monty()
            pool = monty.Monty(
                min_processes=1,
                max_processes=max(2, os.cpu_count() or 1),
                request_timeout=wall_s,
                max_checkouts_per_worker=_MAX_CHECKOUTS_PER_WORKER,
            )
            try:
                pool.__enter__()
            except (OSError, RuntimeError) as exc:  # e.g. the `monty` binary is missing
                raise SandboxUnavailable(
                    f"could not start the sandbox worker ({exc}); reinstall 'medreckon[sandbox]'"
                ) from exc
            _pools[key] = pool
    return pool


@atexit.register
def shutdown() -> None:
    """Stop this process's workers (also run at exit)."""
    with _pools_lock:
        for key in [k for k in _pools if k[0] == os.getpid()]:
            pool = _pools.pop(key)
            try:
                pool.__exit__(None, None, None)
            except Exception:  # noqa: BLE001 - best effort at exit
                pass


# ---------------------------------------------------------------- output and values


class _Output:
    """Keeps the first `limit` characters the code prints and counts the rest."""

    def __init__(self, limit: int):
        self.limit = limit
        self.parts: list[str] = []
        self.kept = 0
        self.dropped = 0

    def __call__(self, stream: str, text: str) -> None:
        room = self.limit - self.kept
        if room > 0:
            self.parts.append(text[:room])
            self.kept += min(room, len(text))
        self.dropped += max(0, len(text) - max(room, 0))

    def text(self) -> str:
        out = "".join(self.parts)
        if self.dropped:
            out += f"\n[output cut: {self.dropped} more characters not shown]"
        return out


# ---------------------------------------------------------------- errors


def _where(frames: list[Any]) -> str:
    """'(line N: source)' of the innermost frame, or ''."""
    if not frames:
        return ""
    f = frames[-1]
    source = (f.source_line or "").strip()
    return f" (line {f.line}: {source[:120]})" if source else f" (line {f.line})"


def _describe(exc: Exception, cpu_s: float, wall_s: float, memory_mb: int) -> tuple[str, bool]:
    """(one-line error, timed_out) for an exception from a Monty session."""
    monty = _monty()
    if isinstance(exc, monty.MontySyntaxError):
        return exc.display("type-msg") + _where(exc.traceback()), False
    if isinstance(exc, monty.MontyRuntimeError):
        inner = exc.exception()
        where = _where(exc.traceback())
        if isinstance(inner, TimeoutError):
            return f"TimeoutError: the code ran longer than its {cpu_s:g} s time limit and was stopped{where}", True
        if isinstance(inner, MemoryError):
            return f"MemoryError: the code needed more than its {memory_mb} MB memory limit{where}", False
        hint = f"; available modules: {_AVAILABLE}" if isinstance(inner, ImportError) else ""
        return exc.display("type-msg") + where + hint, False
    if isinstance(exc, monty.MontyCrashedError):
        if exc.timed_out:
            return f"TimeoutError: the code ran past its {wall_s:g} s wall-clock limit and was stopped", True
        return "RuntimeError: the sandbox process crashed (too deep recursion or nesting?)", False
    return f"{type(exc).__name__}: {str(exc)[:300]}", False


# ---------------------------------------------------------------- running code


def run_code(
    code: str,
    *,
    timeout_s: float = 5,
    cpu_s: float = 5,
    memory_mb: int = 256,
    max_stdout: int = DEFAULT_MAX_STDOUT,
    max_value: int = DEFAULT_MAX_VALUE,
) -> SandboxResult:
    """Run `code` in a fresh sandbox session and return what happened; never raises for
    anything the code does (only SandboxUnavailable when pydantic-monty is missing).

    `cpu_s` bounds the code's execution time (the interpreter stops it), `timeout_s` the wall
    clock of each step (the pool kills the worker), `memory_mb` its heap, `max_stdout` the
    printed characters kept, `max_value` the size of the value's JSON.
    """
    if timeout_s <= 0 or cpu_s <= 0 or memory_mb <= 0:
        raise ValueError("timeout_s, cpu_s and memory_mb must be positive")
    monty = _monty()
    pool = _pool(float(timeout_s))
    limits = {
        "max_feed_duration_secs": float(cpu_s),
        "max_memory": int(memory_mb) * 1024 * 1024,
        "max_total_sleep_secs": 0.0,
    }
    output = _Output(max_stdout)
    started = time.perf_counter()
    error = None
    timed_out = False
    value: Any = None
    try:
        with pool.checkout(limits=limits, os_policy={"sleep": "zero"}) as session:
            last = session.feed_run(code, print_callback=output)
            try:
                value = session.feed_run("answer", print_callback=output)
            except monty.MontyRuntimeError as exc:
                if not isinstance(exc.exception(), NameError):
                    raise
                value = last
    except monty.MontyError as exc:
        error, timed_out = _describe(exc, cpu_s, timeout_s, memory_mb)
        value = None
    duration = time.perf_counter() - started
    if error is None:
        value = jsonable(value)
        size = len(json.dumps(value))
        if size > max_value:
            error, value = f"ValueError: the answer is too large to return ({size} characters of JSON)", None
    return SandboxResult(ok=error is None, stdout=output.text(), value=value, error=error,
                         timed_out=timed_out, duration_s=duration)
