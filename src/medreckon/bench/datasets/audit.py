"""The audit of MedCalc-Bench v1.0 (`medreckon data audit`, the viewer's audit page): every row
recomputed from its Relevant Entities by our calculators (`calculators.medcalc_bench_replay`),
each disagreement with the label matched to its documented reason (the reviewed deviations
files), implausible entities flagged (the calculators' `implausible` warnings: platelets off by
10⁶, albumin in mg/dL, ...), and the physician-overseen corrected labels (`corrected_labels`)
set against both the v1.0 label and our value.

    report = audit()                        # the shared v1.0 test set and corrected labels
    write_corrected(report, "v1_corrected.csv")   # + v1_corrected.changelog.csv

A row's verdict, first that applies: ``not_implemented`` (no calculator of ours has its
Calculator ID), ``agrees``, ``documented`` (a reviewed deviation whose value still holds),
``stale`` (documented, but our value has changed), ``undocumented``.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ...calculators import medcalc_bench_replay as replay
from ...calculators.registry import by_medcalc_bench_id
from ...calculators.spec import Calculator
from ...errors import CalculatorInputError
from .corrected import CorrectedLabel, corrected_labels
from .files import CORRECTED, DatasetNotFound

Verdict = Literal["agrees", "documented", "stale", "undocumented", "not_implemented"]
VERDICTS: tuple[str, ...] = ("agrees", "documented", "stale", "undocumented", "not_implemented")


@dataclass(frozen=True)
class RowAudit:
    row: int
    calculator_id: int
    calculator_name: str  # the dataset's name for it
    calculator: str | None  # our id; None when not implemented
    category: str
    label: str  # v1.0 Ground Truth Answer as written
    ours: str | None  # our value as text; "error: ..." when the entities are refused
    verdict: Verdict
    reason: str | None = None  # the documented reason of a disagreement (or of a suspect row)
    source: str | None = None
    implausible: tuple[str, ...] = ()  # our implausible-value warnings on the row's entities
    corrected: str | None = None  # the corrected label as published (None: not relabelled)
    corrected_differs: bool | None = None  # the corrected label is not the v1.0 one
    ours_agrees_corrected: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


@dataclass(frozen=True)
class ReasonGroup:
    """Disagreements of one calculator whose documented reasons read alike (`reason_pattern`)."""

    calculator: str
    pattern: str
    rows: tuple[RowAudit, ...]


@dataclass
class Audit:
    rows: list[RowAudit]
    counts: dict[str, int]  # per verdict
    groups: list[ReasonGroup]
    corrected_source: str | None  # None when the corrected labels were not found
    corrected_note: str | None = None  # why they are missing
    corrected_counts: dict[str, int] = field(default_factory=dict)
    changed: list[RowAudit] = field(default_factory=list)  # rows the corrected labels change
    by_row: dict[int, RowAudit] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"counts": self.counts, "corrected_source": self.corrected_source,
                "corrected_note": self.corrected_note, "corrected_counts": self.corrected_counts,
                "groups": [{"calculator": g.calculator, "pattern": g.pattern,
                            "rows": [r.row for r in g.rows]} for g in self.groups],
                "rows": [r.to_dict() for r in self.rows]}


_QUOTED = re.compile(r"(?<![A-Za-z])'[^']*'|\"[^\"]*\"")
_NUMBER = re.compile(r"(?<![a-z][A-Z])\d+(?:[.,]\d+)*")  # not the 2 of PaO2, FiO2, SpO2: a name, not a value


def reason_pattern(reason: str) -> str:
    """The first sentence of a reason with its numbers and quoted values masked, so that rows
    documented for the same cause ('With a 26-day cycle ...', 'With a 22-day cycle ...') group."""
    sentences = re.split(r"(?<=[.;])\s", reason.strip())
    first = sentences[0]
    masked = _NUMBER.sub("#", _QUOTED.sub("'…'", first))
    if len(masked) < 40 and len(sentences) > 1:  # "Note: '…'." says nothing: read on
        masked += " " + _NUMBER.sub("#", _QUOTED.sub("'…'", sentences[1]))
    return masked


def _label_agrees(calc: Calculator | None, answer: Any, label_text: str) -> bool:
    """A corrected label's value against the v1.0 label's text."""
    if calc is None:
        try:
            return abs(float(answer) - float(label_text)) <= max(0.01, 0.001 * abs(float(label_text)))
        except (TypeError, ValueError):
            return str(answer) == label_text
    return replay.agrees_value(calc, answer, replay.read_truth(calc, label_text))


def _calculator(cid: int, cache: dict[int, Calculator | None]) -> Calculator | None:
    if cid not in cache:
        try:
            cache[cid] = by_medcalc_bench_id(cid)
        except CalculatorInputError:
            cache[cid] = None
    return cache[cid]


def audit_row(row: dict[str, str], calc: Calculator | None, label: CorrectedLabel | None) -> RowAudit:
    number, cid = int(row["Row Number"]), int(row["Calculator ID"])
    base = dict(row=number, calculator_id=cid, calculator_name=row["Calculator Name"],
                category=row.get("Category", ""), label=row["Ground Truth Answer"])
    corrected = {}
    if label is not None:
        corrected = dict(corrected=label.text, corrected_differs=label.answer is None
                         or not _label_agrees(calc, label.answer, row["Ground Truth Answer"]))
    if calc is None:
        return RowAudit(calculator=None, ours=None, verdict="not_implemented", **base, **corrected)
    replayed = replay.replay_row(calc, row)
    documented = replay.load_deviations(calc).get(number)
    suspect = replay.load_suspects(calc).get(number)
    if replayed.agrees:
        verdict: Verdict = "agrees"
        doc = suspect
    elif documented is None:
        verdict, doc = "undocumented", None
    else:
        same = replay.same_as_documented(calc, documented.get("ours"), replayed.ours)
        verdict, doc = ("documented" if same else "stale"), documented
    implausible = () if replayed.result is None else tuple(
        w.message for w in replayed.result.warnings if w.code == "implausible")
    if label is not None and replayed.result is not None and label.answer is not None:
        corrected["ours_agrees_corrected"] = replay.agrees_value(calc, replayed.result.value, label.answer)
    return RowAudit(calculator=calc.id, ours=replayed.ours, verdict=verdict,
                    reason=doc.get("reason") if doc else None, source=doc.get("source") if doc else None,
                    implausible=implausible, **base, **corrected)


def audit(rows: Iterable[dict[str, str]] | None = None,
          labels: dict[str, CorrectedLabel] | None = None, *, with_corrected: bool = True,
          calculator_ids: Iterable[int] | None = None) -> Audit:
    """The audit of `rows` (default: the shared v1.0 test set) against `labels` (default: the
    corrected labels when the file is found; `with_corrected=False` skips them)."""
    rows = list(rows if rows is not None else replay.load_rows())
    wanted = set(calculator_ids) if calculator_ids else None
    note = None
    if labels is None and with_corrected:
        try:
            labels = corrected_labels()
        except DatasetNotFound as exc:
            note = str(exc)
    cache: dict[int, Calculator | None] = {}
    out = [audit_row(r, _calculator(int(r["Calculator ID"]), cache),
                     None if labels is None else labels.get(r["Row Number"].strip()))
           for r in rows if wanted is None or int(r["Calculator ID"]) in wanted]
    counts = dict.fromkeys(VERDICTS, 0)
    groups: dict[tuple[str, str], list[RowAudit]] = {}
    for r in out:
        counts[r.verdict] += 1
        if r.verdict in ("documented", "stale") and r.reason:
            groups.setdefault((r.calculator or "", reason_pattern(r.reason)), []).append(r)
    report = Audit(rows=out, counts=counts,
                   groups=sorted((ReasonGroup(c, p, tuple(rs)) for (c, p), rs in groups.items()),
                                 key=lambda g: (-len(g.rows), g.calculator, g.pattern)),
                   corrected_source=None if labels is None else CORRECTED.title,
                   corrected_note=note, by_row={r.row: r for r in out})
    if labels is not None:
        relabelled = [r for r in out if r.corrected is not None]
        report.changed = [r for r in relabelled if r.corrected_differs]
        disagreeing = [r for r in relabelled if r.verdict in ("documented", "stale")]
        report.corrected_counts = {
            "relabelled": len(relabelled),
            "not_computable": sum(r.corrected == "N/A" for r in relabelled),
            "changed": len(report.changed),
            "ours_agrees": sum(r.ours_agrees_corrected is True for r in relabelled),
            "ours_compared": sum(r.ours_agrees_corrected is not None for r in relabelled),
            "v1_agrees": sum(r.corrected_differs is False for r in relabelled),
            "documented_relabelled": len(disagreeing),
            "documented_sides_with_ours": sum(r.ours_agrees_corrected is True for r in disagreeing),
        }
    return report


# ---------------------------------------------------------------- export


CHANGELOG_COLUMNS = ("Row Number", "Calculator ID", "Calculator Name", "Column", "Old", "New",
                     "Reason", "Source")


def _as_v1_text(calc: Calculator | None, label: CorrectedLabel, value: Any) -> str:
    """A corrected value in v1.0's spelling (dates as MM/DD/YYYY, gestational ages as
    "('W weeks', 'D days')")."""
    kind = calc.output.type if calc else None
    if kind == "date":
        return value.strftime("%m/%d/%Y")
    if kind == "gestational_age":
        return str((f"{value[0]} weeks", f"{value[1]} days"))
    return label.text if value is label.answer else str(value)


def write_corrected(report: Audit, out: str | Path, rows: Iterable[dict[str, str]] | None = None,
                    labels: dict[str, CorrectedLabel] | None = None) -> tuple[Path, int]:
    """The v1.0 test set with the corrected labels where they differ (same columns), and beside
    it `<out stem>.changelog.csv`: one line per changed cell with its reason and source.
    Returns (changelog path, rows changed)."""
    if report.corrected_source is None:
        raise ValueError("no corrected labels to export: " + (report.corrected_note or "none were read"))
    rows = list(rows if rows is not None else replay.load_rows())
    labels = labels if labels is not None else corrected_labels()
    out = Path(out)
    changelog = out.with_name(out.stem + ".changelog.csv")
    cache: dict[int, Calculator | None] = {}
    log: list[list[str]] = []
    written = []
    for row in rows:
        audited = report.by_row.get(int(row["Row Number"]))
        label = labels.get(row["Row Number"].strip())
        if audited is None or not audited.corrected_differs or label is None:
            written.append(row)
            continue
        calc = _calculator(int(row["Calculator ID"]), cache)
        if label.answer is None:
            new = dict.fromkeys(("Ground Truth Answer", "Lower Limit", "Upper Limit"), "N/A")
            why = "not computable from the note: the right answer is to abstain"
        else:
            exact = label.limits_unit is not None  # days limits have no v1.0 spelling: exact
            new = {"Ground Truth Answer": _as_v1_text(calc, label, label.answer),
                   "Lower Limit": _as_v1_text(calc, label, label.answer if exact or label.lower is None else label.lower),
                   "Upper Limit": _as_v1_text(calc, label, label.answer if exact or label.upper is None else label.upper)}
            why = "relabelled"
        reason = f"{CORRECTED.title}: {why}"
        if audited.reason and audited.verdict in ("documented", "stale"):
            reason += f". medreckon's documented deviation: {audited.reason}"
        source = CORRECTED.source + (f"; {audited.source}" if audited.source else "")
        changed = dict(row)
        for column, value in new.items():
            if row[column] != value:
                log.append([row["Row Number"], row["Calculator ID"], row["Calculator Name"], column,
                            row[column], value, reason, source])
                changed[column] = value
        written.append(changed)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0].keys()) if rows else [])
        writer.writeheader()
        writer.writerows(written)
    with changelog.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(CHANGELOG_COLUMNS)
        w.writerows(log)
    return changelog, len({line[0] for line in log})
