"""A patient record as Parquet, one file per table (`medreckon scenarios export`), for analytics
(DuckDB reads them as they are: `SELECT * FROM 'DIR/lab_results.parquet'`). Needs pyarrow (the
`env` extra). Times stay text in the record's format, numbers doubles."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import quote

from . import schema
from .record import RecordError, cell, is_postgres

_ARROW = {"text": "string", "real": "float64", "timestamp": "string", "date": "string"}


def _rows(locator: str, table: str) -> list[tuple[Any, ...]]:
    cols = ", ".join(schema.BY_NAME[table].names)
    if is_postgres(locator):
        from .postgres import _psycopg

        with _psycopg().connect(locator) as conn:
            return conn.execute(f"SELECT {cols} FROM {table} ORDER BY 1").fetchall()
    path = Path(locator)
    if not path.is_file():
        raise RecordError(f"no patient record at {path}")
    db = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True)
    try:
        return db.execute(f"SELECT {cols} FROM {table} ORDER BY 1").fetchall()
    finally:
        db.close()


def export_parquet(locator: str, out: str | Path) -> dict[str, int]:
    """Every table to `out/<table>.parquet`; returns rows per table."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as exc:
        raise RecordError("Parquet export needs pyarrow: pip install 'medreckon[env]'") from exc
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    counts = {}
    for table in schema.TABLES:
        rows = _rows(locator, table.name)
        arrays = [pa.array([cell(r[i]) for r in rows], type=getattr(pa, _ARROW[c.type])())
                  for i, c in enumerate(table.columns)]
        pq.write_table(pa.Table.from_arrays(arrays, names=list(table.names)), folder / f"{table.name}.parquet")
        counts[table.name] = len(rows)
    return counts


__all__ = ["export_parquet"]
