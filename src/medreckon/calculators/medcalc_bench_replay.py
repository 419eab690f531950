"""The MedCalc-Bench v1.0 replay (`medreckon calc verify`): every row of the test set run through
its calculator, and every disagreement checked against the reviewed deviations file of that
calculator.

A deviations file may also list `suspect` rows: rows that agree but whose ground truth rests on a
doubtful input (e.g. albumin labelled mg/dL); they are shown by `calc verify -v`, never failed.

Agreement: decimals within 0.1% relative or 0.01 absolute of the ground truth; integers,
dates and gestational ages exact. A disagreement is fine only when documented with a reason
and a source; a documented row that now agrees, or whose value changed, is stale and fails too.
"""

from __future__ import annotations

import ast
import csv
import datetime as dt
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import CalculatorInputError
from ..paths import data_dir, package_data
from .medcalc_bench import to_inputs
from .registry import by_medcalc_bench_id
from .spec import Calculator, Result

DEVIATIONS = package_data("medcalc_bench_v1_deviations")


def dataset_path(root: Path | None = None) -> Path:
    return (root or data_dir()) / "medcalc_bench" / "test_v1.0.csv"


def load_rows(path: Path | None = None) -> list[dict[str, str]]:
    p = path or dataset_path()
    if not p.is_file():
        raise FileNotFoundError(
            f"MedCalc-Bench v1.0 test set not found at {p}; set MEDRECKON_DATA to the folder holding "
            "medcalc_bench/test_v1.0.csv"
        )
    with p.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def ours_as_text(calc: Calculator, value: Any) -> str:
    kind = calc.output.type
    if kind == "date":
        return value.strftime("%m/%d/%Y")
    if kind == "gestational_age":
        weeks, days = value
        return f"({weeks} weeks, {days} days)"
    if kind == "integer":
        return str(calc.round(value))
    if kind == "category":  # a label (a stage, a grade): as it is
        return str(value)
    return f"{value:.6g}"


def read_truth(calc: Calculator, truth: str) -> Any:
    """A v1.0 Ground Truth Answer as a value: a date, (weeks, days), or a number."""
    kind = calc.output.type
    if kind == "date":
        return dt.datetime.strptime(truth.strip(), "%m/%d/%Y").date()
    if kind == "gestational_age":
        weeks, days = (int(str(p).split()[0]) for p in ast.literal_eval(truth))
        return (weeks, days)
    return float(truth)


def agrees_value(calc: Calculator, value: Any, truth: Any) -> bool:
    """Our value against a label read as a value (`read_truth`, or a corrected label)."""
    kind = calc.output.type
    if kind == "date":
        return value == truth
    if kind == "gestational_age":
        return tuple(value) == tuple(truth)
    if kind == "integer":
        return calc.round(value) == round(float(truth))
    if kind == "category":
        return str(value) == str(truth)
    t = float(truth)
    return abs(value - t) <= max(0.01, 0.001 * abs(t))


def agrees(calc: Calculator, value: Any, truth: str) -> bool:
    return agrees_value(calc, value, read_truth(calc, truth))


@dataclass(frozen=True)
class RowReplay:
    """One row recomputed: our result (None when the calculator refused the entities), our
    value as text (`error: ...` when refused), and whether it agrees with the row's label."""

    result: Result | None
    ours: str
    agrees: bool


def replay_rows(calc: Calculator, rows: list[dict[str, str]]) -> list[RowReplay]:
    """Our calculator on each row's entities, as one batch (`calculate_many`); a row whose
    entities cannot be mapped or do not compute keeps its error."""
    inputs: list[dict[str, Any] | CalculatorInputError] = []
    for row in rows:
        try:
            inputs.append(to_inputs(calc, row["Relevant Entities"]))
        except CalculatorInputError as exc:
            inputs.append(exc)
    computed = iter(calc.calculate_many([i for i in inputs if not isinstance(i, CalculatorInputError)],
                                        errors="return"))
    out: list[RowReplay] = []
    for row, given in zip(rows, inputs, strict=True):
        result = given if isinstance(given, CalculatorInputError) else next(computed)
        if isinstance(result, CalculatorInputError):
            out.append(RowReplay(None, f"error: {result}", False))
        else:
            out.append(RowReplay(result, ours_as_text(calc, result.value),
                                 agrees(calc, result.value, row["Ground Truth Answer"])))
    return out


def replay_row(calc: Calculator, row: dict[str, str]) -> RowReplay:
    return replay_rows(calc, [row])[0]


@dataclass
class CalculatorReport:
    calculator: str
    medcalc_bench_id: int
    rows: int = 0
    agree: int = 0
    documented: int = 0
    undocumented: list[dict[str, Any]] = field(default_factory=list)
    stale: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.undocumented and not self.stale


def load_deviations(calc: Calculator) -> dict[int, dict[str, Any]]:
    """The documented disagreements of a calculator, by row number."""
    return _deviations_file(calc, "rows")


def load_suspects(calc: Calculator) -> dict[int, dict[str, Any]]:
    """Rows that agree but rest on a doubtful input, by row number."""
    return _deviations_file(calc, "suspect")


def _deviations_file(calc: Calculator, key: str) -> dict[int, dict[str, Any]]:
    p = DEVIATIONS / f"{calc.id}.json"
    if not p.is_file():
        return {}
    return {int(d["row"]): d for d in json.loads(p.read_text(encoding="utf-8")).get(key, [])}


def same_as_documented(calc: Calculator, documented: Any, ours: str) -> bool:
    if str(documented).startswith("error"):  # a documented refusal: the wording may change
        return ours.startswith("error")
    if calc.output.type == "decimal" and not str(documented).startswith("error"):
        try:
            a, b = float(documented), float(ours)
        except ValueError:
            return False
        return abs(a - b) <= max(0.01, 0.001 * abs(b))
    return str(documented) == ours


def replay(calculator_ids: list[int] | None = None, rows: list[dict[str, str]] | None = None) -> list[CalculatorReport]:
    """One report per MedCalc-Bench calculator ID over the given rows (default: the whole test set)."""
    reports: dict[int, CalculatorReport] = {}
    by_id: dict[int, list[dict[str, str]]] = {}
    for row in rows if rows is not None else load_rows():
        cid = int(row["Calculator ID"])
        if not calculator_ids or cid in calculator_ids:
            by_id.setdefault(cid, []).append(row)
    for cid, group in by_id.items():
        try:
            calc = by_medcalc_bench_id(cid)
        except CalculatorInputError:  # not implemented yet: reported, not compared
            reports[cid] = CalculatorReport("(not implemented)", cid, rows=len(group))
            continue
        rep = reports[cid] = CalculatorReport(calc.id, cid)
        devs = load_deviations(calc)
        for row, replayed in zip(group, replay_rows(calc, group), strict=True):
            rep.rows += 1
            number = int(row["Row Number"])
            ok, ours = replayed.agrees, replayed.ours
            doc = devs.get(number)
            entry = {"row": number, "ours": ours, "dataset": row["Ground Truth Answer"]}
            if ok:
                rep.agree += 1
                if doc is not None:
                    rep.stale.append({**entry, "why": "documented as a deviation but now agrees"})
            elif doc is None:
                rep.undocumented.append(entry)
            elif not same_as_documented(calc, doc.get("ours"), ours):
                rep.stale.append({**entry, "why": f"documented ours={doc.get('ours')!r}, now {ours!r}"})
            else:
                rep.documented += 1
    return [reports[k] for k in sorted(reports)]
