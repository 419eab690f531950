"""Faults of the environment, not of a case: a dependency that cannot be imported or loaded here.

Such a fault stops a run before its first case, with the fix named: a strategy's `check(cases)`
probes what it will use (`probe`), and the runner stops at one met during a run
(`is_environment_fault`) instead of booking it as one `error` attempt per case. Issue 29 found
the case this is for: numpy 2 installed beside spaCy 3.7 (whose compiled modules need numpy 1)
failed every note read with "numpy.dtype size changed", 46 of 100 rows, while the run went on
and reported an accuracy.

    python -m medreckon.bench.environment    # every optional capability: loads, or why not and the fix
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

_NUMPY_ABI = ("numpy.dtype size changed", "binary incompatib", "compiled using numpy 1", "_array_api not found",
              "numpy.core.multiarray failed to import", "numpy.core._multiarray_umath")


class EnvironmentFault(ValueError):
    """A dependency cannot be imported or loaded here; the message names it and the fix."""


def _numpy_version() -> str:
    try:
        from importlib.metadata import version

        return version("numpy")
    except Exception:  # no numpy, or no metadata: say so rather than fail while saying it
        return "?"


def is_environment_fault(exc: BaseException) -> bool:
    """An import that fails, or a compiled module built for another numpy."""
    return isinstance(exc, ImportError) or any(s in str(exc).lower() for s in _NUMPY_ABI)


# the extra that installs a module a strategy may import (for the fix, when a run meets one missing)
EXTRA_OF = {"medspacy": "reading", "spacy": "reading", "thinc": "reading", "bm25s": "retrieval",
            "sentence_transformers": "dense", "torch": "dense", "pydantic_monty": "sandbox",
            "llama_cpp": "embedded", "openai": "bench", "scipy": "bench", "statsmodels": "stats",
            "pyarrow": "env", "fastapi": "serve", "uvicorn": "serve", "mcp": "mcp", "jinja2": "view"}


def environment_fault(what: str, extra: str | None, exc: BaseException) -> EnvironmentFault:
    """The fault of `what` (a capability, e.g. "reading a note's findings") failing with `exc`,
    with the fix: the extra to install (`extra`, or the one of the missing module), or the numpy
    that its compiled modules need."""
    if extra is None:
        module = (getattr(exc, "name", None) or "").split(".")[0]
        extra = EXTRA_OF.get(module, "reading" if any(s in str(exc).lower() for s in _NUMPY_ABI) else "all")
    detail = f"{type(exc).__name__}: {str(exc).strip().splitlines()[0][:300] if str(exc).strip() else ''}"
    if any(s in str(exc).lower() for s in _NUMPY_ABI):
        fix = (f"numpy {_numpy_version()} is installed beside compiled modules built for numpy 1 (spaCy 3.7, "
               "which medspaCy needs below Python 3.12, and its thinc and blis): pip install 'numpy<2' (the "
               f"[{extra}] extra states it; a pip that installed numpy 2 first kept it), then run again")
    elif isinstance(exc, ImportError):
        fix = f"pip install 'medreckon[{extra}]'" if extra != "all" else "install the missing package"
    else:
        fix = f"reinstall it: pip install --force-reinstall 'medreckon[{extra}]'"
    return EnvironmentFault(f"{what} cannot run in this environment ({detail}). Fix: {fix}. Nothing was run.")


def probe(what: str, extra: str, run: Callable[[], Any]) -> None:
    """Run `run` (an import, a small use); any failure is an EnvironmentFault naming the fix."""
    try:
        run()
    except EnvironmentFault:
        raise
    except Exception as exc:
        raise environment_fault(what, extra, exc) from exc


# ---------------------------------------------------------------- every optional capability


def _read_a_note() -> None:
    from ..reading.context import NoteReader

    NoteReader().read("No fever.", {"fever": ("fever",)})


def _import(*modules: str) -> Callable[[], None]:
    def run() -> None:
        import importlib

        for m in modules:
            importlib.import_module(m)

    return run


CAPABILITIES: list[tuple[str, str, Callable[[], Any]]] = [
    ("reading a note's findings (medspaCy's ConText)", "reading", _read_a_note),
    ("BM25 retrieval", "retrieval", _import("bm25s")),
    ("dense retrieval", "dense", _import("sentence_transformers")),
    ("the code sandbox", "sandbox", _import("pydantic_monty")),
    ("the REST server", "serve", _import("fastapi", "uvicorn", "httptools", "orjson")),
    ("the MCP server", "mcp", _import("mcp.server.lowlevel")),
    ("the viewer", "view", _import("jinja2", "starlette")),
    ("the bench's model clients and statistics", "bench", _import("openai", "scipy.stats")),
    ("the arms report's GEE", "stats", _import("statsmodels.api")),
    ("Parquet exports", "env", _import("pyarrow", "pyarrow.parquet")),
    ("the embedded model", "embedded", _import("llama_cpp")),
]


def main() -> int:
    faults = 0
    for what, extra, run in CAPABILITIES:
        try:
            probe(what, extra, run)
        except EnvironmentFault as exc:
            faults += 1
            print(f"FAULT {extra}: {exc}")
        else:
            print(f"ok    {extra}: {what}")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
