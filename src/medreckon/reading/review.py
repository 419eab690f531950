"""The review flow: a note read for one calculator, every input with its value, source, evidence
and confidence, the case's confidence and the result with its steps; a person's values for some
inputs; the reading a person confirmed saved as a labelled example (one JSON line) for a later
learned reader; and calculators suggested for a note. `from_note` is the one function behind the
command line (`medreckon calc from-note`), REST (`POST /calculators/{id}/from-note`), MCP
(`calculate_from_note`) and the viewer's review page.

    reading = from_note("curb-65", note)                         # rules only, no model
    reading = from_note("curb-65", note, values={"confusion": False})   # a person's value
    save_example("examples.jsonl", reading)
    suggest(note)                                                 # [{"id": "curb-65", ...}, ...]
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..bench.types import ModelClient
from ..calculators.describe import describe_inputs
from ..calculators.registry import get
from ..calculators.spec import Calculator
from ..errors import CalculatorInputError, InputIssue
from ..jsonable import jsonable
from .read import read_note
from .result import NoteReading

MAX_NOTE = 20_000  # characters: a long discharge summary fits; the REST body limit is 64 KiB
EXAMPLES_FILE = "examples.jsonl"
_WRITE = threading.Lock()  # one line at a time from a server's threads


def pipeline_for(model: ModelClient | str | None, pipeline: str | None = None) -> str:
    """The pipeline asked for, else `default` with a model and `rules` without one."""
    return pipeline or ("rules" if model is None else "default")


def check_note(note: Any) -> str:
    """The note, or CalculatorInputError naming the field `note`."""
    if not isinstance(note, str) or not note.strip():
        raise CalculatorInputError(None, [InputIssue("note", note, "the text of a clinical note", None,
                                                     "missing" if not note else "type")])
    if len(note) > MAX_NOTE:
        raise CalculatorInputError(None, [InputIssue(
            "note", note[:80] + "…", f"a note of at most {MAX_NOTE} characters",
            f"it has {len(note)}; send the part about this presentation", "range")])
    return note


def from_note(calculator: str | Calculator, note: str, *, values: Mapping[str, Any] | None = None,
              pipeline: str | None = None, model: ModelClient | str | None = None,
              gen: Mapping[str, Any] | None = None) -> NoteReading:
    """`note` read for `calculator` (id, alias or Calculator) by `pipeline` (`rules` without a
    model, `default` with one), then a person's `values` for some inputs (source person; None
    leaves an input out, so its declared default applies; a rule option goes to the calculator
    as an option) and the result computed again.

    Raises CalculatorInputError for an unknown calculator, a note that is empty or too long, and
    a person's value the calculator rejects or an input it does not have (each issue names the
    field); ValueError for an unknown pipeline or one that needs a model it was not given. A
    required input that neither the note nor the person gives is no error: status `abstained`,
    named in `missing`."""
    calc = calculator if isinstance(calculator, Calculator) else get(calculator)
    check_note(note)
    values = dict(values or {})
    option_names = {s.name for s in describe_inputs(calc) if s.option}
    options = {k: v for k, v in values.items() if k in option_names and v is not None}
    people = {k: v for k, v in values.items() if k not in option_names}
    reading = read_note(calc, note, pipeline=pipeline_for(model, pipeline), model=model, options=options, gen=gen)
    if values:  # the person's values checked: an issue naming one is theirs to fix
        reading = reading.correct(people, strict=set(values))
    return reading


def example(reading: NoteReading) -> dict[str, Any]:
    """A reading a person confirmed as one labelled example: the note, the calculator, every
    input's final value with its source and the words it was read from, and the result."""
    result = reading.result
    return {
        "saved": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "calculator": reading.calculator, "calculator_version": reading.calculator_version,
        "pipeline": reading.version, "note": reading.note,
        "inputs": {n: {"value": jsonable(r.value), "source": str(r.source), "method": r.method,
                       "evidence": [s.to_dict() for s in r.evidence],
                       **({"read": r.detail.get("read")} if r.method == "person" else {})}
                   for n, r in reading.inputs.items()},
        "options": jsonable(dict(reading.options)), "status": reading.status, "missing": list(reading.missing),
        "result": None if result is None else {"value": jsonable(result.value), "rounded": jsonable(result.rounded),
                                               "unit": result.unit, "interpretation": result.interpretation},
    }


def save_example(path: str | Path, reading: NoteReading) -> dict[str, Any]:
    """Append the reading as a labelled example (one JSON line) to `path`; returns it."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    line = json.dumps(example(reading), ensure_ascii=False, separators=(",", ":")) + "\n"
    with _WRITE, path.open("a", encoding="utf-8") as f:
        f.write(line)
    return json.loads(line)


def suggest(note: str, limit: int = 5) -> list[dict[str, Any]]:
    """Calculators ranked for a note, best first (`search_calculators` rows with a score): the
    bench's BM25 retriever over the calculator cards when the `retrieval` extra is installed,
    else the tools' token overlap."""
    from ..interfaces.tool_search import search_calculators

    retriever = None
    try:
        import bm25s  # noqa: F401

        from ..bench.retrieval import Retriever

        logging.getLogger("bm25s").setLevel(logging.WARNING)  # it logs every index build
        retriever = Retriever("bm25")
    except ImportError:
        pass
    return search_calculators(check_note(note), limit=limit, retriever=retriever)


__all__ = ["EXAMPLES_FILE", "MAX_NOTE", "check_note", "example", "from_note", "pipeline_for", "save_example",
           "suggest"]
