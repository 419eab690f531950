"""Any dataset the bench loads, written as a Hugging Face dataset, Parquet or JSON lines, with the
corrected labels and our recomputation as extra columns and a dataset card (`medreckon data
export`).

    rows, note = export_rows(load_cases("medcalc-bench"))   # one flat dict per case (COLUMNS)
    write(rows, "hf", "out/medcalc-bench", card)            # + README.md, the card (`card`)

Every format writes a folder holding README.md (the card, Hugging Face format) and the rows:

- ``hf``: `datasets.DatasetDict({"test": ...}).save_to_disk(folder)`; read back with
  `datasets.load_from_disk(folder)`;
- ``parquet``: ``data/test-00000-of-00001.parquet``, the Hub layout; the card's ``configs``
  entry lets `datasets.load_dataset(folder)` find it, and
  `datasets.load_dataset("parquet", data_files=...)` or pyarrow read it as well;
- ``jsonl``: ``data/test.jsonl``, one JSON object per case, the same columns.

The columns (`COLUMNS`, each with its Arrow type and description, which the card lists) hold the
case as the bench reads it (answers written the way MedCalc-Bench writes ground truth), the v1.0
label and the physician-overseen corrected label where the row is a v1.0 row, and our
recomputation: the row's entities through our calculator (as `audit` recomputes; for v1.0 rows
the audit's verdict and documented reason too). `case_from_row` reads a row back as a `Case`, so
a scorer that gets only the row (lm-evaluation-harness) scores it with our rules.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, get_args

from ...calculators.spec import OutputType
from ..answers import format_answer
from ..types import Answer, Case
from .files import CORRECTED, DatasetError

FORMATS = ("hf", "parquet", "jsonl")
SPLIT = "test"  # MedCalc-Bench and our synthetic sets are test sets
NOT_COMPUTABLE = "N/A"  # the corrected labels' spelling of "no answer is computable"

# (name, Arrow type, description): the one declaration of the columns, their schema and the card.
COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("id", "string", "The case id (MedCalc-Bench: the Row Number)."),
    ("row_number", "int64", "MedCalc-Bench Row Number (null for synthetic cases)."),
    ("dataset", "string", "The medreckon dataset name (medcalc-bench, medcalc-bench-corrected, synthetic, ...)."),
    ("dataset_version", "string", "The dataset version medreckon records in every attempt key."),
    ("calculator_id", "int64", "MedCalc-Bench Calculator ID (null where the calculator has none)."),
    ("calculator_name", "string", "The calculator's name as the dataset writes it."),
    ("category", "string", "lab, physical, risk, severity, diagnosis, date, dosage (or synthetic)."),
    ("output_type", "string", "decimal, integer, date (MM/DD/YYYY) or gestational_age ((weeks, days))."),
    ("note_id", "string", "MedCalc-Bench Note ID."),
    ("note_type", "string", "MedCalc-Bench Note Type (extracted or template-based)."),
    ("patient_note", "string", "The patient note."),
    ("question", "string", "The question asked about the note."),
    ("relevant_entities", "string", "The dataset's Relevant Entities as JSON (values [number, unit] where a unit is given)."),
    ("calculator_inputs", "string", "Synthetic cases: the calculator inputs the note was generated from, as JSON."),
    ("ground_truth", "string", "The label this dataset scores against, written as MedCalc-Bench writes ground truth; "
                               "N/A where no answer is computable from the note."),
    ("lower_limit", "string", "Lower Limit of a correct answer under the medcalc_bench rule."),
    ("upper_limit", "string", "Upper Limit of a correct answer under the medcalc_bench rule."),
    ("ground_truth_explanation", "string", "The dataset's worked explanation of the label."),
    ("v1_ground_truth", "string", "MedCalc-Bench v1.0's label of this row (v1.0 rows only)."),
    ("corrected_ground_truth", "string", "The physician-overseen corrected label (Ye et al. 2025) in v1.0's spelling; "
                                         "N/A: not computable, the right answer is to abstain; null: not relabelled."),
    ("corrected_lower_limit", "string", "Lower Limit under the corrected label (gestational ages are judged exactly)."),
    ("corrected_upper_limit", "string", "Upper Limit under the corrected label."),
    ("corrected_changed", "bool", "The corrected label differs from v1.0's (null: not relabelled)."),
    ("medreckon_calculator", "string", "The id of the medreckon calculator that recomputed the row (null: none has it)."),
    ("medreckon_value", "string", "medreckon's value from the row's entities (or the synthetic inputs)."),
    ("medreckon_error", "string", "Why the entities did not compute (the calculator's input error)."),
    ("medreckon_agrees", "bool", "medreckon's value agrees with ground_truth (decimals within 0.1% or 0.01, "
                                 "the rest exactly; null: not recomputed)."),
    ("medreckon_agrees_corrected", "bool", "medreckon's value agrees with the corrected label."),
    ("audit_verdict", "string", "v1.0 rows: the audit's verdict on the v1.0 label: agrees, documented (a reviewed "
                                "deviation), stale, undocumented, not_implemented."),
    ("audit_reason", "string", "The documented reason of a disagreement with the v1.0 label."),
    ("audit_source", "string", "The source of that reason."),
    ("implausible", "list<string>", "Our calculators' implausible-value warnings on the entities (unit mix-ups)."),
)
COLUMN_NAMES = tuple(name for name, _, _ in COLUMNS)
_V1 = ("medcalc-bench", CORRECTED.name)  # datasets whose rows are v1.0 rows
class ExportError(DatasetError):
    """An export that cannot be written as asked; the message says what to do."""


def schema(extra: Sequence[str] = ()):
    """The columns (and `extra` string columns after them) as a pyarrow schema (pyarrow is
    imported here: the [env] or [hf] extra)."""
    pa = _pyarrow()
    types = {"string": pa.string(), "int64": pa.int64(), "bool": pa.bool_(),
             "list<string>": pa.list_(pa.string())}
    return pa.schema([pa.field(name, types[kind]) for name, kind, _ in COLUMNS]
                     + [pa.field(name, pa.string()) for name in extra])


def _pyarrow():
    try:
        import pyarrow
    except ImportError:
        raise ExportError("writing Parquet or a Hugging Face dataset needs pyarrow: "
                          "pip install 'medreckon[hf]' (or write --format jsonl)") from None
    return pyarrow


def _text(answer: Answer | None, output_type: str) -> str | None:
    return None if answer is None else format_answer(answer, output_type)


def _json(value: Any) -> str | None:
    return json.dumps(value, ensure_ascii=False, default=str) if value else None


def _label_text(case: Case) -> str:
    """The label as the dataset wrote it ("0", not "0.0") where that text reads as the case's
    label, else written out (a corrected gestational age given in days becomes weeks and days)."""
    written = case.metadata.get("ground_truth_text")
    if isinstance(written, str):
        try:
            if read_answer(written, case.output_type) == case.ground_truth:
                return written.strip()
        except DatasetError:
            pass  # not in this output type's spelling
    return _text(case.ground_truth, case.output_type) or NOT_COMPUTABLE


def case_row(case: Case) -> dict[str, Any]:
    """The case's own columns (no corrected labels, no recomputation: `export_rows` adds them)."""
    meta = case.metadata
    row_number = meta.get("row_number")
    return dict.fromkeys(COLUMN_NAMES) | {
        "id": case.id,
        "row_number": row_number if isinstance(row_number, int) else None,
        "dataset": case.dataset,
        "dataset_version": case.dataset_version,
        "calculator_id": case.calculator_id,
        "calculator_name": case.calculator_name,
        "category": case.category,
        "output_type": case.output_type,
        "note_id": meta.get("note_id"),
        "note_type": meta.get("note_type"),
        "patient_note": case.note,
        "question": case.question,
        "relevant_entities": _json(case.entities),
        "calculator_inputs": _json(meta.get("inputs")) if case.dataset.startswith("synthetic") else None,
        "ground_truth": _label_text(case),
        "lower_limit": _text(case.lower, case.output_type),
        "upper_limit": _text(case.upper, case.output_type),
        "ground_truth_explanation": meta.get("ground_truth_explanation"),
        "implausible": [],
    }


def read_answer(text: str | None, output_type: str, what: str = "ground_truth") -> Answer | None:
    """A column's answer text as the output type reads it (None for null and N/A); integer
    columns may hold a decimal (corrected labels "3.8"): read as a decimal, never truncated."""
    from .medcalc_bench import _value

    if text is None or text.strip() == NOT_COMPUTABLE:
        return None
    kind = output_type
    if kind == "integer" and not text.strip().lstrip("-").isdigit():
        kind = "decimal"
    return _value(text, kind, what, "exported row")  # type: ignore[arg-type]


def case_from_row(row: dict[str, Any]) -> Case:
    """An exported row read back as the Case it was written from (what scoring needs: the
    answers, limits and output type; the rest is carried in metadata)."""
    missing = [c for c in ("id", "output_type", "ground_truth", "calculator_name") if c not in row]
    if missing:
        raise DatasetError(f"not a medreckon export row: missing column(s) {', '.join(missing)}; "
                           "write the dataset with `medreckon data export`")
    out = row["output_type"]
    if out not in get_args(OutputType):
        raise DatasetError(f"row {row['id']}: output_type {out!r} is not one of {', '.join(get_args(OutputType))}")
    entities = json.loads(row["relevant_entities"]) if row.get("relevant_entities") else {}
    metadata = {k: row.get(k) for k in ("row_number", "note_id", "note_type", "ground_truth_explanation")
                if row.get(k) is not None}
    return Case(
        id=str(row["id"]), calculator_id=row.get("calculator_id"), calculator_name=row["calculator_name"],
        note=row.get("patient_note") or "", question=row.get("question") or "",
        ground_truth=read_answer(row["ground_truth"], out),
        lower=read_answer(row.get("lower_limit"), out, "lower_limit"),
        upper=read_answer(row.get("upper_limit"), out, "upper_limit"),
        output_type=out, category=row.get("category") or "", entities=entities,
        dataset=row.get("dataset") or "", dataset_version=row.get("dataset_version") or "",
        metadata=metadata | {"ground_truth_text": row["ground_truth"]},
    )


# ---------------------------------------------------------------- corrected labels, recomputation


def _v1_columns(cases: Sequence[Case], rows: dict[str, dict[str, Any]], v1_path: str | None,
                corrected_path: str | None, with_corrected: bool) -> str | None:
    """Fill the v1.0 rows' v1 label, corrected label and audit columns from `audit` (which
    recomputes each row from its entities). Returns why the corrected labels are missing, if
    they are."""
    from ...calculators import medcalc_bench_replay as replay
    from .audit import audit
    from .corrected import corrected_labels, relabelled
    from .files import DatasetNotFound, locate

    wanted = {c.id for c in cases}
    raw = [r for r in replay.load_rows(locate("medcalc-bench", v1_path)) if r["Row Number"].strip() in wanted]
    labels, note = None, None
    if with_corrected:
        try:
            labels = corrected_labels(corrected_path, v1_path=v1_path)
        except DatasetNotFound as exc:
            note = str(exc)
    report = audit(raw, labels, with_corrected=labels is not None)
    for case in cases:
        row, done = rows[case.id], report.by_row[int(case.id)]
        v1_text = case.metadata.get("v1_ground_truth_text") or case.metadata.get("ground_truth_text")
        row["v1_ground_truth"] = v1_text
        label = labels.get(case.id) if labels else None
        if label is not None:
            fixed = relabelled(case, label)
            row["corrected_ground_truth"] = _text(fixed.ground_truth, case.output_type) or NOT_COMPUTABLE
            row["corrected_lower_limit"] = _text(fixed.lower, case.output_type)
            row["corrected_upper_limit"] = _text(fixed.upper, case.output_type)
            row["corrected_changed"] = done.corrected_differs
            row["medreckon_agrees_corrected"] = done.ours_agrees_corrected
        _recomputed(row, done.calculator, done.ours, list(done.implausible))
        if done.calculator is not None and not (done.ours or "").startswith("error: "):
            row["medreckon_agrees"] = (done.verdict == "agrees" if case.dataset == "medcalc-bench"
                                       else done.ours_agrees_corrected)
        row["audit_verdict"], row["audit_reason"], row["audit_source"] = done.verdict, done.reason, done.source
    return note


def _recomputed(row: dict[str, Any], calculator: str | None, ours: str | None, implausible: list[str]) -> None:
    row["medreckon_calculator"] = calculator
    if ours is not None and ours.startswith("error: "):
        row["medreckon_error"] = ours.removeprefix("error: ")
    else:
        row["medreckon_value"] = ours
    row["implausible"] = implausible


def _recompute(cases: Sequence[Case], rows: dict[str, dict[str, Any]]) -> None:
    """Other datasets: each case's entities through the calculator of its MedCalc-Bench ID (as
    the replay does), or a synthetic case's inputs through its calculator; one batch per
    calculator."""
    from ...calculators import medcalc_bench_replay as replay
    from ...calculators.medcalc_bench import to_inputs
    from ...calculators.registry import by_medcalc_bench_id, get
    from ...errors import CalculatorInputError

    groups: dict[str, tuple[Any, list[tuple[Case, Any]]]] = {}
    for case in cases:
        try:
            if case.metadata.get("calculator") and case.metadata.get("inputs") is not None:
                calc, given = get(case.metadata["calculator"]), case.metadata["inputs"]
            elif case.calculator_id is not None and case.entities:
                calc = by_medcalc_bench_id(case.calculator_id)
                given = to_inputs(calc, case.entities)
            else:
                continue
        except CalculatorInputError as exc:
            if exc.calculator is None:  # no calculator of ours for this row
                continue
            calc, given = get(exc.calculator), exc
        groups.setdefault(calc.id, (calc, []))[1].append((case, given))
    for calc, items in groups.values():
        batch = [g for _, g in items if not isinstance(g, CalculatorInputError)]
        computed = iter(calc.calculate_many(batch, errors="return"))
        for case, given in items:
            result = given if isinstance(given, CalculatorInputError) else next(computed)
            row = rows[case.id]
            if isinstance(result, CalculatorInputError):
                _recomputed(row, calc.id, f"error: {result}", [])
                continue
            warnings = [w.message for w in result.warnings if w.code == "implausible"]
            _recomputed(row, calc.id, replay.ours_as_text(calc, result.value), warnings)
            if case.ground_truth is not None:  # a generated label is our value rounded: either agrees
                try:
                    row["medreckon_agrees"] = any(replay.agrees_value(calc, v, case.ground_truth)
                                                  for v in (result.value, result.rounded) if v is not None)
                except (TypeError, ValueError):
                    row["medreckon_agrees"] = False


def export_rows(cases: Sequence[Case], *, with_corrected: bool = True, v1_path: str | None = None,
                corrected_path: str | None = None) -> tuple[list[dict[str, Any]], str | None]:
    """(one row per case in COLUMNS, why the corrected labels are missing or None). v1.0 rows
    (datasets medcalc-bench and medcalc-bench-corrected) get the v1.0 and corrected labels and
    the audit; every row our recomputation."""
    rows = {c.id: case_row(c) for c in cases}
    v1 = [c for c in cases if c.dataset in _V1]
    note = _v1_columns(v1, rows, v1_path, corrected_path, with_corrected) if v1 else None
    _recompute([c for c in cases if c.dataset not in _V1], rows)
    return [rows[c.id] for c in cases], note


def dataset_rows(dataset: str, cases: Sequence[Case], path: str | None = None, *,
                 with_corrected: bool = True) -> tuple[list[dict[str, Any]], str | None]:
    """`export_rows` for cases loaded as `load_cases(dataset, path=path)`: the file given is the
    v1.0 file of ``medcalc-bench`` or the corrected labels of ``medcalc-bench-corrected``."""
    return export_rows(cases, with_corrected=with_corrected,
                       v1_path=path if dataset == "medcalc-bench" else None,
                       corrected_path=path if dataset == CORRECTED.name else None)


# ---------------------------------------------------------------- writing and reading


def data_file(out: str | os.PathLike[str], fmt: str) -> Path:
    """Where `write` puts the rows of a parquet or jsonl export."""
    name = "test-00000-of-00001.parquet" if fmt == "parquet" else f"{SPLIT}.jsonl"
    return Path(out) / "data" / name


def write(rows: Sequence[dict[str, Any]], fmt: str, out: str | os.PathLike[str], card: str,
          *, overwrite: bool = False) -> Path:
    """The rows and the card as `fmt` in the folder `out` (see the module docstring)."""
    if fmt not in FORMATS:
        raise ExportError(f"--format {fmt!r} is not a format; formats: {', '.join(FORMATS)}")
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise ExportError(f"--out {folder} is a file; an export is a folder (give a new folder's path)")
    if folder.is_dir() and any(folder.iterdir()):
        if not overwrite:
            raise ExportError(f"--out {folder} is not empty; give a new folder or pass --overwrite")
        shutil.rmtree(folder)
    if fmt == "hf":
        _hf_dataset(rows, card).save_to_disk(str(folder))
    elif fmt == "parquet":
        import pyarrow.parquet as pq

        target = data_file(folder, fmt)
        target.parent.mkdir(parents=True, exist_ok=True)
        pq.write_table(_pyarrow().Table.from_pylist(list(rows), schema=schema()), target)
    else:
        target = data_file(folder, fmt)
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("w", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "README.md").write_text(card, encoding="utf-8")
    return folder


def _hf_dataset(rows: Sequence[dict[str, Any]], card: str = "", extra: Sequence[str] = ()):
    try:
        import datasets
    except ImportError:
        raise ExportError("--format hf needs the datasets library: pip install 'medreckon[hf]' "
                          "(or write --format parquet, which pyarrow alone writes)") from None
    table = _pyarrow().Table.from_pylist(list(rows), schema=schema(extra))
    info = datasets.DatasetInfo(description=card.split("\n# ", 1)[-1][:2000] if card else "")
    return datasets.DatasetDict({SPLIT: datasets.Dataset(table, info=info)})


def hf_split(rows: Sequence[dict[str, Any]], extra: Sequence[str] = ()):
    """The rows as one `datasets.Dataset` (the lm-evaluation-harness task's test split), with
    `extra` string columns after ours."""
    return _hf_dataset(rows, extra=extra)[SPLIT]


def read(folder: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The rows of an export in any format (the format told by what the folder holds)."""
    folder = Path(folder)
    if (folder / "dataset_dict.json").is_file():
        import datasets

        return datasets.load_from_disk(str(folder))[SPLIT].to_list()
    if data_file(folder, "parquet").is_file():
        import pyarrow.parquet as pq

        return pq.read_table(data_file(folder, "parquet")).to_pylist()
    if data_file(folder, "jsonl").is_file():
        with data_file(folder, "jsonl").open(encoding="utf-8") as f:
            return [json.loads(line) for line in f if line.strip()]
    raise ExportError(f"{folder} holds no medreckon export (no dataset_dict.json, data/*.parquet or data/test.jsonl)")


def export(dataset: str, fmt: str, out: str | os.PathLike[str], *, path: str | None = None,
           subset: str | None = None, calculators: Iterable[str] | None = None,
           per_calculator: int | None = None, seed: int = 0, limit: int | None = None,
           with_corrected: bool = True, overwrite: bool = False) -> tuple[Path, list[dict[str, Any]]]:
    """Load the selection, build its rows and card, and write them; (folder, rows)."""
    from .medcalc_bench import load_cases

    if fmt not in FORMATS:  # before the work of building rows
        raise ExportError(f"--format {fmt!r} is not a format; formats: {', '.join(FORMATS)}")
    calc_list = list(calculators) if calculators else None
    cases = load_cases(dataset, path=path, subset=subset, per_calculator=per_calculator, seed=seed,
                       limit=limit, calculators=calc_list)
    if not cases:
        raise ExportError("the selection holds no cases")
    rows, note = dataset_rows(dataset, cases, path, with_corrected=with_corrected)
    from .card import dataset_card, provenance  # card reads this module's columns: imported here

    selection = {"data_file": path, "subset": subset, "calculators": calc_list,
                 "per_calculator": per_calculator, "seed": seed if per_calculator else None, "limit": limit}
    card = dataset_card(rows, provenance(dataset, cases, selection, note), fmt)
    return write(rows, fmt, out, card, overwrite=overwrite), rows
