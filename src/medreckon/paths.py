"""Where medreckon finds the shared data (never copied into the repo), its own package data, and
its cache (downloaded datasets, assembled models)."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """`$MEDRECKON_DATA`, else `../shared/data` from the working directory, else from the checkout."""
    env = os.environ.get("MEDRECKON_DATA")
    if env:
        return Path(env).expanduser()
    for base in (Path.cwd(), Path(__file__).resolve().parents[2]):
        candidate = base.parent / "shared" / "data"
        if candidate.is_dir():
            return candidate
    return Path.cwd().parent / "shared" / "data"


def package_data(*parts: str) -> Path:
    return Path(__file__).resolve().parent.joinpath("data", *parts)


def cache_dir(kind: str) -> Path:
    """`$MEDRECKON_CACHE/<kind>`, else `$XDG_CACHE_HOME/medreckon/<kind>` (default ~/.cache)."""
    if env := os.environ.get("MEDRECKON_CACHE"):
        return Path(env).expanduser() / kind
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base).expanduser() / "medreckon" / kind
