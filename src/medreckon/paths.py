"""Where medreckon finds the shared data (never copied into the repo)."""

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
