"""JSON as the servers write and read it: orjson when installed (the serve extra), else the
stdlib; no web framework imported, so the guard and the CLI load without one."""

from __future__ import annotations

import json
from typing import Any

try:  # the serve extra installs orjson; the stdlib is the fallback
    import orjson

    def dumps(obj: Any) -> bytes:
        return orjson.dumps(obj)
except ImportError:  # pragma: no cover
    def dumps(obj: Any) -> bytes:
        return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode()

    def loads(data: bytes) -> Any:
        return json.loads(data)
else:
    loads = orjson.loads


def error_bytes(code: str, message: str) -> bytes:
    """An error object as `error_response` writes it, for layers below FastAPI."""
    return dumps({"error": code, "calculator": None, "message": message, "issues": [], "hint": None})
