"""MedCalc-Bench-format JSONL: export our attempts, import other harnesses' outputs.

Export writes one JSON object per attempt with MedCalc-Bench's output fields — "Row Number",
"Calculator Name", "Calculator ID" (a string, as the original harness writes it), "Category",
"Note ID", "Patient Note", "Question", "LLM Answer", "LLM Explanation", "Ground Truth Answer",
"Ground Truth Explanation", "Result" ("Correct" / "Incorrect" under the chosen rule) — and
ours after them: "Status", "Rule", "Model", "Strategy", "Strategy Version", "Epoch",
"Attempt Key", "Dataset", "Dataset Version", "Case ID", "Raw Output", "Error". "LLM Answer"
is written the way the dataset writes ground truth (MM/DD/YYYY; ``('14 weeks', '1 days')``)
and is null when no answer was read.

Import reads such files from any harness: "Row Number" and "LLM Answer" are required;
"Calculator ID" and "Note ID", when present, must match the case of that row (otherwise the
file was made from another dataset version and is refused). The answer is read with
`extract.parse_answer`, so "1,025.2", "25.2 mL/min", "N/A" and numbers, lists or objects
all work; where our own "Status" and "Raw Output" fields are present they are kept, so an
export imports back unchanged.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..analysis.scoring import check_rule, is_correct
from ..answers import coerce_value, format_answer, parse_answer
from ..types import STATUSES, Attempt, Case, Outcome

MEDCALC_FIELDS = (
    "Row Number", "Calculator Name", "Calculator ID", "Category", "Note ID", "Patient Note", "Question",
    "LLM Answer", "LLM Explanation", "Ground Truth Answer", "Ground Truth Explanation", "Result",
)
OUR_FIELDS = (
    "Status", "Rule", "Model", "Strategy", "Strategy Version", "Epoch", "Attempt Key", "Dataset",
    "Dataset Version", "Case ID", "Raw Output", "Error",
)


class InterchangeError(ValueError):
    """A file that cannot be imported as asked; the message names the line and the problem."""


def _row_number(case: Case) -> int | str:
    rn = case.metadata.get("row_number")
    if isinstance(rn, int) and not isinstance(rn, bool):
        return rn
    return int(case.id) if case.id.isdigit() else case.id


def to_record(case: Case, attempt: Attempt, rule: str = "medcalc_bench", **params: Any) -> dict[str, Any]:
    """One exported line as a dict (see the module docstring for the fields)."""
    o = attempt.outcome
    truth = case.metadata.get("ground_truth_text") or format_answer(case.ground_truth, case.output_type)
    return {
        "Row Number": _row_number(case),
        "Calculator Name": case.calculator_name,
        "Calculator ID": str(case.calculator_id) if case.calculator_id is not None else None,
        "Category": case.category,
        "Note ID": case.metadata.get("note_id"),
        "Patient Note": case.note,
        "Question": case.question,
        "LLM Answer": format_answer(o.answer, case.output_type),
        "LLM Explanation": o.explanation,
        "Ground Truth Answer": truth,
        "Ground Truth Explanation": case.metadata.get("ground_truth_explanation"),
        "Result": "Correct" if is_correct(o, case, rule, **params) else "Incorrect",
        "Status": o.status,
        "Rule": rule,
        "Model": attempt.model,
        "Strategy": attempt.strategy,
        "Strategy Version": attempt.strategy_version,
        "Epoch": attempt.epoch,
        "Attempt Key": attempt.key,
        "Dataset": case.dataset,
        "Dataset Version": case.dataset_version,
        "Case ID": case.id,
        "Raw Output": o.raw,
        "Error": o.error,
    }


def export_jsonl(rows: Iterable[tuple[Case, Attempt]], path: str | os.PathLike[str],
                 rule: str = "medcalc_bench", **params: Any) -> int:
    """Write one MedCalc-Bench-format line per (case, attempt); returns the number written.

    The file is written to a temporary name and renamed, so a reader never sees half of it.
    """
    check_rule(rule, params)
    dest = Path(path).expanduser()
    dest.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    tmp = tempfile.NamedTemporaryFile("w", dir=dest.parent, delete=False, suffix=".tmp", encoding="utf-8")
    try:
        with tmp:
            for case, attempt in rows:
                if attempt.case_id != case.id:
                    raise InterchangeError(f"attempt {attempt.key} is for case {attempt.case_id}, paired with case {case.id}")
                tmp.write(json.dumps(to_record(case, attempt, rule, **params), ensure_ascii=False) + "\n")
                n += 1
        os.replace(tmp.name, dest)
    except BaseException:
        Path(tmp.name).unlink(missing_ok=True)
        raise
    return n


def _case_for(rec: dict[str, Any], cases: dict[str, Case], where: str) -> Case:
    rn = rec["Row Number"]
    if isinstance(rn, float) and rn.is_integer():
        rn = int(rn)
    key = str(rn).strip()
    if key.isdigit():
        key = str(int(key))
    case = cases.get(key)
    if case is None:
        raise InterchangeError(f"{where}: Row Number {rec['Row Number']!r} is not a case of this run's dataset")
    cid = rec.get("Calculator ID")
    if cid not in (None, "") and case.calculator_id is not None and str(cid).strip() != str(case.calculator_id):
        raise InterchangeError(
            f"{where}: Row Number {key} is calculator {case.calculator_id} ({case.calculator_name}) in "
            f"{case.dataset} {case.dataset_version}, but the file says calculator {cid}: the file was made "
            "from another version of the dataset"
        )
    note = rec.get("Note ID")
    ours = case.metadata.get("note_id")
    if note not in (None, "") and ours and str(note).strip() != ours:
        raise InterchangeError(
            f"{where}: Row Number {key} is note {ours} in {case.dataset} {case.dataset_version}, but the file "
            f"says {note}: the file was made from another version of the dataset"
        )
    return case


def _read_answer(value: Any, output_type: str) -> tuple[Any, str, int | None, str]:
    """(answer, status, decimals, method) for an "LLM Answer" value of any JSON type."""
    if isinstance(value, str):
        parsed = parse_answer(value, output_type)
        return parsed.answer, parsed.status, parsed.decimals, parsed.method
    answer, decimals = coerce_value(value, output_type)
    return answer, ("ok" if answer is not None else "unparsed"), decimals, "json_value"


def import_jsonl(path: str | os.PathLike[str], cases: dict[str, Case]) -> list[tuple[str, Outcome]]:
    """Read a MedCalc-Bench-format output file into outcomes, for re-scoring under any rule.

    Returns a list of ``(case_id, Outcome)`` pairs in file order, where ``case_id`` is a key
    of `cases` (the run's cases by id, as `Store.cases()` gives them). Each Outcome has:
    ``raw`` = "Raw Output" if present, else the "LLM Answer" as text; ``answer`` and
    ``status`` read from "LLM Answer" ("Status" wins when the file has it: our own export);
    ``explanation`` = "LLM Explanation"; ``error`` = "Error"; and ``trace`` = {"imported_from",
    "line", "parse_method", "answer_decimals", "original_result" (the file's "Result"),
    "original_fields" (its other non-bulky fields)}.

    Raises InterchangeError (a ValueError) naming the line for: unreadable JSON, a line that
    is not an object, a missing "Row Number" or "LLM Answer", a row that is not in `cases`,
    a Calculator ID or Note ID that contradicts the case, and a row given twice.
    """
    src = Path(path).expanduser()
    if not src.is_file():
        raise InterchangeError(f"no file at {src}")
    out: list[tuple[str, Outcome]] = []
    seen: dict[str, int] = {}
    with src.open(encoding="utf-8-sig") as f:
        for lineno, line in enumerate(f, start=1):
            if not line.strip():
                continue
            where = f"{src.name} line {lineno}"
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InterchangeError(f"{where}: not JSON ({exc.msg})") from None
            if not isinstance(rec, dict):
                raise InterchangeError(f"{where}: expected a JSON object, got {type(rec).__name__}")
            for required in ("Row Number", "LLM Answer"):
                if required not in rec:
                    raise InterchangeError(f"{where}: no {required!r} field (fields: {', '.join(rec) or 'none'})")
            case = _case_for(rec, cases, where)
            if case.id in seen:
                raise InterchangeError(
                    f"{where}: Row Number {case.id} was already given on line {seen[case.id]}; "
                    "import one attempt per case per file"
                )
            seen[case.id] = lineno
            value = rec["LLM Answer"]
            answer, status, decimals, method = _read_answer(value, case.output_type)
            given = rec.get("Status")
            if given in STATUSES and not (given == "ok" and answer is None):
                status = given
            raw = rec.get("Raw Output")
            if not isinstance(raw, str):
                raw = value if isinstance(value, str) else ("" if value is None else json.dumps(value))
            explanation = rec.get("LLM Explanation")
            error = rec.get("Error")
            kept = {k: v for k, v in rec.items()
                    if k not in ("Patient Note", "Ground Truth Explanation", "Raw Output", "LLM Explanation",
                                 "LLM Answer", "Question")}
            out.append((case.id, Outcome(
                raw=raw,
                answer=answer,
                status=status,
                explanation=explanation if isinstance(explanation, str) else None,
                error=error if isinstance(error, str) else None,
                trace={
                    "imported_from": str(src),
                    "line": lineno,
                    "parse_method": method,
                    "answer_decimals": decimals,
                    "original_result": rec.get("Result"),
                    "original_fields": kept,
                },
            )))
    if not out:
        raise InterchangeError(f"{src} holds no lines to import")
    return out
