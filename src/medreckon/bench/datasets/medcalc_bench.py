"""MedCalc-Bench rows as `Case`s: reading a file, the named subsets, the selection
`load_cases` makes, and the one-shot exemplars (`load_one_shot`). Which file is read, and its
checksum, is `files`.

`load_cases` applies, in this order: the subset (``medrac_clean_940``, from
``subsets.json`` beside the v1.0 file; v1.0 only), the calculators (MedCalc-Bench IDs or
names), the stratified sample (`per_calculator` cases per calculator, drawn with a random
generator seeded by (seed, calculator ID), so one calculator's sample does not depend on which
others were chosen), and `limit` (the first N in file order). Cases keep the file's order.

Columns read: Row Number (the case id), Calculator ID, Calculator Name, Category (``lab test``
is read as ``lab``), Output Type, Note ID, Note Type, Patient Note, Question, Relevant
Entities (a Python literal), Ground Truth Answer, Lower Limit, Upper Limit, Ground Truth
Explanation. The output type is read from the ground truth where the column disagrees with it:
a ``('14 weeks', '1 days')`` answer is ``gestational_age`` (the file says integer or date), an
``MM/DD/YYYY`` answer is ``date``, and an "integer" column over a fractional answer is
``decimal`` (the declared type is kept in ``metadata["declared_output_type"]``).
"""

from __future__ import annotations

import ast
import csv
import datetime as dt
import difflib
import json
import os
import random
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ...paths import data_dir
from ..types import Answer, Case, OutputType
from .files import (
    CORRECTED,
    ONE_SHOT,
    SUBDIR,
    DatasetError,
    DatasetInfo,
    DatasetNotFound,
    checked_version,
    dataset_info,
    locate,
)

SUBSETS_FILE = "subsets.json"
COLUMNS = (
    "Row Number", "Calculator ID", "Calculator Name", "Category", "Output Type", "Note ID",
    "Note Type", "Patient Note", "Question", "Relevant Entities", "Ground Truth Answer",
    "Lower Limit", "Upper Limit", "Ground Truth Explanation",
)
_CATEGORY_ALIASES = {"lab test": "lab", "lab tests": "lab"}
_DATE = re.compile(r"^\s*(\d{1,2})/(\d{1,2})/(\d{4})\s*$")


def _gestational(text: str) -> tuple[int, int] | None:
    try:
        value = ast.literal_eval(text.strip())
    except (ValueError, SyntaxError):
        return None
    if isinstance(value, tuple) and len(value) == 2:
        parts = [re.fullmatch(r"\s*(\d+)\s*(?:weeks?|days?)\s*", str(v)) for v in value]
        if all(parts):
            return int(parts[0][1]), int(parts[1][1])  # type: ignore[index]
    return None


def _output_type(declared: str, truth: str) -> OutputType:
    if truth.strip().startswith("(") and _gestational(truth) is not None:
        return "gestational_age"
    if _DATE.match(truth):
        return "date"
    if declared.strip().lower() == "integer" and re.fullmatch(r"\s*-?\d+\s*", truth):
        return "integer"
    return "decimal"


def _value(text: str, output_type: OutputType, what: str, row: str) -> Answer:
    text = text.strip()
    try:
        if output_type == "gestational_age":
            got = _gestational(text)
            if got is None:
                raise ValueError(text)
            return got
        if output_type == "date":
            return dt.datetime.strptime(text, "%m/%d/%Y").date()
        if output_type == "integer":
            return int(text)
        if output_type == "category":  # a label, as written
            if not text:
                raise ValueError(text)
            return text
        value = float(text)
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError(text)
        return value
    except ValueError:
        raise DatasetError(f"row {row}: cannot read {what} {text!r} as {output_type}") from None


def _case(row: dict[str, str], info: DatasetInfo, version: str, line: int) -> Case:
    rid = (row.get("Row Number") or "").strip()
    if not re.fullmatch(r"\d+", rid):
        raise DatasetError(f"line {line}: Row Number {rid!r} is not a whole number")
    declared = row["Output Type"].strip()
    truth = row["Ground Truth Answer"]
    out: OutputType = _output_type(declared, truth)
    try:
        entities = ast.literal_eval(row["Relevant Entities"]) if row["Relevant Entities"].strip() else {}
    except (ValueError, SyntaxError):
        raise DatasetError(f"row {rid}: Relevant Entities is not a Python literal") from None
    if not isinstance(entities, dict):
        raise DatasetError(f"row {rid}: Relevant Entities is a {type(entities).__name__}, not a dict")
    lower_text, upper_text = row["Lower Limit"].strip(), row["Upper Limit"].strip()
    category = row["Category"].strip()
    metadata: dict[str, Any] = {
        "row_number": int(rid),
        "note_id": row["Note ID"].strip(),
        "note_type": row["Note Type"].strip(),
        "ground_truth_text": truth.strip(),
        "ground_truth_explanation": row["Ground Truth Explanation"],
    }
    if declared != out:
        metadata["declared_output_type"] = declared
    if _CATEGORY_ALIASES.get(category.lower(), category) != category:
        metadata["declared_category"] = category
    try:
        calculator_id = int(row["Calculator ID"])
    except ValueError:
        raise DatasetError(f"row {rid}: Calculator ID {row['Calculator ID']!r} is not a number") from None
    return Case(
        id=rid,
        calculator_id=calculator_id,
        calculator_name=row["Calculator Name"].strip(),
        note=row["Patient Note"],
        question=row["Question"],
        ground_truth=_value(truth, out, "Ground Truth Answer", rid),
        lower=_value(lower_text, out, "Lower Limit", rid) if lower_text else None,
        upper=_value(upper_text, out, "Upper Limit", rid) if upper_text else None,
        output_type=out,
        category=_CATEGORY_ALIASES.get(category.lower(), category),
        entities=entities,
        dataset=info.name,
        dataset_version=version,
        metadata=metadata,
    )


_CACHE: dict[tuple[str, int, int, str], tuple[Case, ...]] = {}


def _read(path: Path, info: DatasetInfo) -> tuple[Case, ...]:
    """The cases of a file, checked against the dataset's pin; cached per file state."""
    stat = path.stat()
    key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size, info.name)
    if key in _CACHE:
        return _CACHE[key]
    version = checked_version(path, info)
    with path.open(newline="", encoding="utf-8-sig") as f:
        reader = csv.DictReader(f)
        missing = [c for c in COLUMNS if c not in (reader.fieldnames or [])]
        if missing:
            raise DatasetError(f"{path} is not a MedCalc-Bench file: missing column(s) {', '.join(missing)}")
        cases = tuple(_case(row, info, version, i + 2) for i, row in enumerate(reader))
    ids = [c.id for c in cases]
    if len(set(ids)) != len(ids):
        dup = sorted({i for i in ids if ids.count(i) > 1}, key=int)[:5]
        raise DatasetError(f"{path}: Row Number repeats ({', '.join(dup)})")
    if not cases:
        raise DatasetError(f"{path} has no rows")
    _CACHE[key] = cases
    return cases


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", name.lower()).strip()


def _resolve_calculators(wanted: Iterable[str | int], cases: Sequence[Case]) -> set[int]:
    names: dict[int, str] = {}
    for c in cases:
        if c.calculator_id is not None:
            names.setdefault(c.calculator_id, c.calculator_name)
    chosen: set[int] = set()
    for item in wanted:
        text = str(item).strip()
        if not text:
            continue
        if re.fullmatch(r"\d+", text):
            if int(text) not in names:
                raise ValueError(
                    f"calculator ID {text} is not in this dataset; its IDs are {', '.join(map(str, sorted(names)))}"
                )
            chosen.add(int(text))
            continue
        key = _norm(text)
        exact = [i for i, n in names.items() if _norm(n) == key]
        partial = [i for i, n in names.items() if key and key in _norm(n)]
        hits = exact or partial
        if len(hits) == 1:
            chosen.add(hits[0])
        elif len(hits) > 1:
            listed = "; ".join(f"{i} {names[i]}" for i in sorted(hits))
            raise ValueError(f"calculator {text!r} is ambiguous: it matches {listed}. Use the ID.")
        else:
            close = difflib.get_close_matches(key, [_norm(n) for n in names.values()], n=3, cutoff=0.5)
            hint = f" Close: {'; '.join(close)}." if close else ""
            raise ValueError(
                f"no calculator called {text!r} in this dataset.{hint} "
                "Give MedCalc-Bench Calculator IDs (e.g. 2) or names (e.g. 'Body Mass Index')."
            )
    return chosen


def _subset_rows(subset: str, test_file: Path, info: DatasetInfo) -> set[str]:
    spec_path = test_file.parent / SUBSETS_FILE
    if not spec_path.is_file():
        spec_path = data_dir() / SUBDIR / SUBSETS_FILE
    if not spec_path.is_file():
        raise DatasetNotFound(f"subset {subset!r} needs {SUBSETS_FILE}, which is not beside {test_file} "
                              f"nor in {data_dir() / SUBDIR}")
    try:
        doc = json.loads(spec_path.read_text(encoding="utf-8"))
        subsets = doc["subsets"]
    except (ValueError, KeyError, TypeError):
        raise DatasetError(f"{spec_path} is not a subsets file (expected {{'subsets': {{name: ...}}}})") from None
    if subset not in subsets:
        raise ValueError(f"unknown subset {subset!r}; known subsets: {', '.join(subsets) or 'none'}")
    if info.name not in ("medcalc-bench", CORRECTED.name):
        raise ValueError(
            f"subset {subset!r} lists rows of MedCalc-Bench v1.0 (test_v1.0.csv); it does not apply to {info.name}"
        )
    spec = subsets[subset]
    rows = {str(int(r)) for r in spec["keep_rows"]}
    if "n" in spec and spec["n"] != len(rows):
        raise DatasetError(f"{spec_path}: subset {subset!r} says n={spec['n']} but lists {len(rows)} rows")
    return rows


def _positive(name: str, value: int | None) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise ValueError(f"{name} must be a whole number >= 1, got {value!r}")


def load_cases(
    dataset: str = "medcalc-bench",
    *,
    path: str | os.PathLike[str] | None = None,
    subset: str | None = None,
    per_calculator: int | None = None,
    seed: int = 0,
    limit: int | None = None,
    calculators: Iterable[str | int] | str | None = None,
) -> list[Case]:
    """The cases of a dataset, filtered as asked (see the module docstring for the order).

    `calculators` takes MedCalc-Bench Calculator IDs or names (a unique part of a name is
    enough), as a list or one comma-separated string. Unknown datasets, subsets and
    calculators raise ValueError (DatasetError for file problems) with a message that says
    what is known.
    """
    if dataset == "scenarios":  # clinical scenarios over a patient record: medreckon.scenarios, above bench
        from ...scenarios.dataset import load_cases as load_scenarios

        return load_scenarios(dataset, path=path, subset=subset, per_calculator=per_calculator, seed=seed,
                              limit=limit, calculators=calculators)
    if dataset.startswith("synthetic"):  # generated cases: their own module
        from .synthetic import is_synthetic
        from .synthetic import load_cases as load_synthetic

        if is_synthetic(dataset):
            return load_synthetic(dataset, path=path, subset=subset, per_calculator=per_calculator, seed=seed,
                                  limit=limit, calculators=calculators)
    info = dataset_info(dataset)
    if info is ONE_SHOT:
        raise DatasetError("the one-shot exemplars are not a test set; use load_one_shot()")
    _positive("per_calculator", per_calculator)
    _positive("limit", limit)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, got {seed!r}")
    if info is CORRECTED:  # v1.0's rows the corrected file relabels, with those labels
        from .corrected import corrected_labels, relabelled

        file = locate("medcalc-bench")
        version = checked_version(locate(CORRECTED.name, path), CORRECTED)
        labels = corrected_labels(path, v1_path=file)
        cases = tuple(relabelled(c, labels[c.id], dataset=CORRECTED.name, version=version)
                      for c in _read(file, dataset_info("medcalc-bench")) if c.id in labels)
    else:
        file = locate(dataset, path)
        cases = _read(file, info)
    chosen: list[Case] = list(cases)
    if subset is not None and subset not in ("", "all"):
        keep = _subset_rows(subset, file, info)
        if info is CORRECTED:  # the subset's rows the corrected file relabels
            keep &= {c.id for c in chosen}
        unknown = keep - {c.id for c in chosen}
        if unknown:
            raise DatasetError(f"subset {subset!r} names rows not in {file}: {', '.join(sorted(unknown, key=int)[:5])}")
        chosen = [c for c in chosen if c.id in keep]
    if calculators is not None:
        wanted = calculators.split(",") if isinstance(calculators, str) else list(calculators)
        ids = _resolve_calculators(wanted, cases)
        if ids:
            chosen = [c for c in chosen if c.calculator_id in ids]
    if per_calculator is not None:
        by_calc: dict[int | None, list[Case]] = {}
        for c in chosen:
            by_calc.setdefault(c.calculator_id, []).append(c)
        keep_ids: set[str] = set()
        for cid, group in by_calc.items():
            rng = random.Random(f"{seed}:{cid}")
            keep_ids.update(c.id for c in (group if len(group) <= per_calculator else rng.sample(group, per_calculator)))
        chosen = [c for c in chosen if c.id in keep_ids]
    if limit is not None:
        chosen = chosen[:limit]
    return chosen


def load_one_shot(path: str | os.PathLike[str] | None = None) -> dict[int, Case]:
    """One worked exemplar per calculator, by MedCalc-Bench Calculator ID.

    The Case's `metadata["ground_truth_explanation"]` holds the worked explanation. Its
    version is ``verified-one-shot@<sha256 prefix>`` (the published file has changed).
    """
    file = locate(ONE_SHOT.name, path)
    cases = _read(file, ONE_SHOT)
    out: dict[int, Case] = {}
    for c in cases:
        if c.calculator_id in out:
            raise DatasetError(f"{file}: calculator {c.calculator_id} has more than one exemplar")
        out[c.calculator_id] = c  # type: ignore[index]
    return out
