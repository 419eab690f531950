"""Agreement between two raters of the same attempts: how far a judge's step verdicts can be
trusted where no trace exists, measured where exact verdicts (or human labels) exist.

Statistics on paired labels (binary or categorical), pure functions:

- `percent_agreement` — the share of items both raters labelled alike (with a Wilson interval
  in `Agreement`);
- `cohen_kappa` — (p_o − p_e) / (1 − p_e), chance agreement p_e = Σ_k p_a(k)·p_b(k) from each
  rater's own label shares; undefined (None) when both raters gave one and the same label
  throughout (p_e = 1);
- `gwet_ac1` — (p_o − p_e) / (1 − p_e) with p_e = Σ_k π_k(1 − π_k) / (q − 1), π_k the mean share
  of label k over both raters and q the number of categories (2 for right/wrong). Unlike κ it
  stays high when agreement is high and one label is rare (the "κ paradox");
- `macro_f1` — the mean over categories of F1_k = 2·n_kk / (n_a(k) + n_b(k)) (symmetric in the
  raters; "balanced": each category weighs the same however rare). A category neither rater
  used is left out of the mean.

Step verdicts as labels. A `StepVerdicts` record is usable when its status is ``ok`` or
``no_gold`` (the others — ``judge_error``, ``no_trace``, ``no_answer`` — say the record is
missing; they are counted per rater in `AgreementReport.unusable`). Of a usable record, each
step gives a label (True/False; None is undecided: counted in `LabelAgreement.undecided`, left
out of the statistics); ``first_error`` gives the first wrong step or ``"none"`` (undecided when
a step before the first wrong one is None); each error type ``error:<type>`` gives True when the
record lists it.

- `step_agreement(pairs)` — judge vs exact (or any two raters) over paired records;
- `paired_verdicts(a, b)` — those pairs from two evaluators' stored evaluations;
- `read_human_labels(path)` and `human_agreement(labels, verdicts)` — the same against people.

Human labels CSV (UTF-8, a header row; other columns, e.g. a comment, are ignored):

| column | holds |
|---|---|
| ``attempt_key`` | the attempt labelled (from `bench export` or the run store) |
| ``case_id`` | or the case: it then matches the one attempt of that case being compared; a case with several attempts there is reported ambiguous, not guessed |
| ``step`` | ``calculator``, ``values``, ``arithmetic``, ``answer``, or ``error:<type>`` with a MedRaC type (``error:unit_conversion``) |
| ``label`` | ``1``/``0``, ``true``/``false``, ``right``/``wrong`` (case ignored; for a step 1 = right; for ``error:<type>`` 1 = the error is present, and right/wrong is refused as ambiguous); empty = not labelled |

At least one of ``attempt_key`` and ``case_id`` must be there (a row with both is matched by
its key). A bad row or a second label for the same attempt and step raises `HumanLabelsError`
naming the line and column of every problem.
"""

from __future__ import annotations

import csv
import math
from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..types import Evaluation
from .stats import wilson
from .verdicts import ERROR_TYPES, STEPS, StepVerdicts

USABLE_STATUSES = ("ok", "no_gold")
FIRST_ERROR_LABELS: tuple[str, ...] = (*STEPS, "none")
ERROR_LABELS: tuple[str, ...] = tuple(f"error:{t}" for t in ERROR_TYPES)
BINARY: tuple[bool, bool] = (True, False)


# ---------------------------------------------------------------- statistics on paired labels


def _check(a: Sequence[Hashable], b: Sequence[Hashable]) -> None:
    if len(a) != len(b):
        raise ValueError(f"the raters labelled {len(a)} and {len(b)} items; agreement needs pairs")
    for i, (x, y) in enumerate(zip(a, b, strict=True)):
        if x is None or y is None:
            raise ValueError(f"item {i} has no label ({x!r}, {y!r}): leave undecided items out")


def _categories(a: Sequence[Hashable], b: Sequence[Hashable], labels: Sequence[Hashable] | None) -> list[Hashable]:
    seen = list(dict.fromkeys([*a, *b]))
    if labels is None:
        return seen
    unknown = [x for x in seen if x not in labels]
    if unknown:
        raise ValueError(f"labels {unknown!r} are not among the categories {list(labels)!r}")
    return list(labels)


def percent_agreement(a: Sequence[Hashable], b: Sequence[Hashable]) -> float | None:
    """The share of items labelled alike; None when there are none."""
    _check(a, b)
    return sum(x == y for x, y in zip(a, b, strict=True)) / len(a) if a else None


def cohen_kappa(a: Sequence[Hashable], b: Sequence[Hashable], labels: Sequence[Hashable] | None = None) -> float | None:
    """Cohen's κ; None with no items, or when chance agreement is 1 (one label, both raters)."""
    po = percent_agreement(a, b)
    if po is None:
        return None
    n, ca, cb = len(a), Counter(a), Counter(b)
    pe = sum(ca[k] * cb[k] for k in _categories(a, b, labels)) / (n * n)
    return None if math.isclose(pe, 1.0) else (po - pe) / (1 - pe)


def gwet_ac1(a: Sequence[Hashable], b: Sequence[Hashable], labels: Sequence[Hashable] | None = None) -> float | None:
    """Gwet's AC1 over `labels` (q categories; default: those seen); None with no items or
    fewer than two categories."""
    po = percent_agreement(a, b)
    cats = _categories(a, b, labels)
    if po is None or len(cats) < 2:
        return None
    n, both = len(a), Counter(a) + Counter(b)
    pi = [both[k] / (2 * n) for k in cats]
    pe = sum(p * (1 - p) for p in pi) / (len(cats) - 1)
    return (po - pe) / (1 - pe)


def macro_f1(a: Sequence[Hashable], b: Sequence[Hashable], labels: Sequence[Hashable] | None = None) -> float | None:
    """Mean per-category F1 over the categories either rater used; None with no items."""
    _check(a, b)
    if not a:
        return None
    ca, cb = Counter(a), Counter(b)
    same = Counter(x for x, y in zip(a, b, strict=True) if x == y)
    used = [k for k in _categories(a, b, labels) if ca[k] + cb[k]]
    return sum(2 * same[k] / (ca[k] + cb[k]) for k in used) / len(used)


def _plain(label: Hashable) -> Any:
    return label if isinstance(label, str | int | float | bool) else str(label)


@dataclass(frozen=True)
class Agreement:
    """Agreement of two raters on n paired labels. `confusion` maps (a's label, b's label) to a
    count; None statistics are undefined (see the module docstring)."""

    n: int
    categories: tuple[Hashable, ...]
    percent: float | None
    percent_ci: tuple[float, float]
    kappa: float | None
    ac1: float | None
    macro_f1: float | None
    confusion: dict[tuple[Hashable, Hashable], int]

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n, "categories": [_plain(c) for c in self.categories],
                "percent": self.percent, "percent_ci": list(self.percent_ci), "kappa": self.kappa,
                "ac1": self.ac1, "macro_f1": self.macro_f1,
                "confusion": [{"a": _plain(x), "b": _plain(y), "n": k}
                              for (x, y), k in sorted(self.confusion.items(), key=lambda i: (str(i[0][0]), str(i[0][1])))]}


def agreement(a: Sequence[Hashable], b: Sequence[Hashable], labels: Sequence[Hashable] | None = None) -> Agreement:
    """Every statistic of two raters' paired labels (`labels`: the categories, when known in
    advance, e.g. (True, False); AC1 counts them)."""
    a, b = list(a), list(b)
    po = percent_agreement(a, b)
    cats = _categories(a, b, labels)
    return Agreement(n=len(a), categories=tuple(cats), percent=po,
                     percent_ci=wilson(sum(x == y for x, y in zip(a, b, strict=True)), len(a)),
                     kappa=cohen_kappa(a, b, labels), ac1=gwet_ac1(a, b, labels),
                     macro_f1=macro_f1(a, b, labels), confusion=dict(Counter(zip(a, b, strict=True))))


# ---------------------------------------------------------------- step verdicts as labels


def usable(v: StepVerdicts) -> bool:
    return v.status in USABLE_STATUSES


def first_error_label(v: StepVerdicts) -> str | None:
    """The first wrong step, "none" when all four are right, None when a step before the first
    wrong one is undecided."""
    for step in STEPS:
        got = v.steps.get(step)
        if got is None:
            return None
        if got is False:
            return step
    return "none"


def verdict_labels(v: StepVerdicts) -> dict[str, Hashable | None]:
    """Every label a usable record gives: the steps, first_error, and error:<type>."""
    return {**{s: v.steps.get(s) for s in STEPS}, "first_error": first_error_label(v),
            **{f"error:{t}": t in v.errors for t in ERROR_TYPES}}


LABEL_CATEGORIES: dict[str, tuple[Hashable, ...]] = {
    **dict.fromkeys(STEPS, BINARY), "first_error": FIRST_ERROR_LABELS,
    **dict.fromkeys(ERROR_LABELS, BINARY)}


@dataclass(frozen=True)
class LabelAgreement:
    """One label (a step, first_error or error:<type>): the agreement where both raters
    decided, and how many usable pairs were undecided by a, by b, or by both."""

    label: str
    agreement: Agreement
    undecided: dict[str, int] = field(default_factory=dict)  # "a" | "b" | "both" -> count

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, **self.agreement.to_dict(), "undecided": dict(self.undecided)}


@dataclass(frozen=True)
class AgreementReport:
    """Rater a against rater b over `pairs` paired records. `unusable` counts records left out
    by status ("a:judge_error", "b:no_trace", ...); `unmatched` counts what could not be paired
    (human labels: "no_such_attempt", "no_such_case", "ambiguous_case")."""

    rater_a: str
    rater_b: str
    pairs: int
    labels: tuple[LabelAgreement, ...]
    unusable: dict[str, int] = field(default_factory=dict)
    unmatched: dict[str, int] = field(default_factory=dict)

    def label(self, name: str) -> LabelAgreement | None:
        return next((x for x in self.labels if x.label == name), None)

    def to_dict(self) -> dict[str, Any]:
        return {"rater_a": self.rater_a, "rater_b": self.rater_b, "pairs": self.pairs,
                "unusable": dict(self.unusable), "unmatched": dict(self.unmatched),
                "labels": [x.to_dict() for x in self.labels]}


def _report(rater_a: str, rater_b: str, rows: Iterable[Mapping[str, tuple[Hashable | None, Hashable | None]]],
            names: Sequence[str], unusable: Counter, unmatched: Counter | None = None) -> AgreementReport:
    """rows: per usable pair, label -> (a's label, b's label); names: the labels reported."""
    pairs: dict[str, tuple[list, list]] = {name: ([], []) for name in names}
    undecided: dict[str, Counter] = {name: Counter() for name in names}
    count = 0
    for row in rows:
        count += 1
        for name in names:
            if name not in row:
                continue
            x, y = row[name]
            if x is None or y is None:
                undecided[name]["both" if x is None and y is None else "a" if x is None else "b"] += 1
            else:
                pairs[name][0].append(x)
                pairs[name][1].append(y)
    labels = tuple(LabelAgreement(name, agreement(*pairs[name], labels=LABEL_CATEGORIES[name]),
                                  dict(undecided[name])) for name in names)
    return AgreementReport(rater_a, rater_b, count, labels, dict(unusable), dict(unmatched or {}))


def step_agreement(pairs: Iterable[tuple[StepVerdicts, StepVerdicts]], *, rater_a: str = "judge",
                   rater_b: str = "exact") -> AgreementReport:
    """Agreement of a's and b's verdicts on the same attempts, per step, on the first error and
    per error type (binary), over the pairs where both records are usable."""
    unusable: Counter = Counter()

    def rows():
        for a, b in pairs:
            if not usable(a) or not usable(b):
                unusable.update(f"{side}:{v.status}" for side, v in (("a", a), ("b", b)) if not usable(v))
                continue
            la, lb = verdict_labels(a), verdict_labels(b)
            yield {name: (la[name], lb[name]) for name in la}

    return _report(rater_a, rater_b, list(rows()), [*STEPS, "first_error", *ERROR_LABELS], unusable)


def paired_verdicts(a: Iterable[Evaluation], b: Iterable[Evaluation]) -> tuple[list[tuple[StepVerdicts, StepVerdicts]], dict[str, int]]:
    """Pairs of StepVerdicts from two evaluators' evaluations of the same attempts, and counts
    of what could not be paired: "a:error"/"b:error" (the evaluator failed on that attempt),
    "a_only"/"b_only" (the other never evaluated it)."""
    counts: Counter = Counter()

    def verdicts(side: str, evaluations: Iterable[Evaluation]) -> dict[str, StepVerdicts]:
        out: dict[str, StepVerdicts] = {}
        for e in evaluations:
            if e.status != "ok":
                counts[f"{side}:error"] += 1
            else:
                out[e.attempt_key] = StepVerdicts.from_dict(e.payload)
        return out

    va, vb = verdicts("a", a), verdicts("b", b)
    counts["a_only"] += len(va.keys() - vb.keys())
    counts["b_only"] += len(vb.keys() - va.keys())
    pairs = [(va[k], vb[k]) for k in va if k in vb]
    return pairs, {k: n for k, n in counts.items() if n}


# ---------------------------------------------------------------- human labels


class HumanLabelsError(ValueError):
    """A human labels file that cannot be read; the message names each bad line and column."""


@dataclass(frozen=True)
class HumanLabel:
    line: int
    attempt_key: str | None
    case_id: str | None
    label: str  # a step or error:<type>
    value: bool


@dataclass(frozen=True)
class HumanLabels:
    path: str
    rows: tuple[HumanLabel, ...]
    blank: int = 0  # rows whose label was empty (not labelled)

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "labels": len(self.rows), "blank": self.blank}


LABEL_WORDS = {"1": True, "0": False, "true": True, "false": False, "right": True, "wrong": False}
ID_COLUMNS = ("attempt_key", "case_id")


def read_human_labels(path: str | Path) -> HumanLabels:
    """The labels of a human labels CSV (columns in the module docstring)."""
    path = Path(path)
    try:
        handle = path.open(newline="", encoding="utf-8-sig")
    except OSError as exc:
        raise HumanLabelsError(f"cannot read human labels {path}: {exc}") from None
    problems: list[str] = []
    rows: list[HumanLabel] = []
    blank = 0
    seen: dict[tuple[str, str, str], int] = {}
    with handle:
        reader = csv.reader(handle)
        header = [h.strip() for h in next(reader, [])]
        col = {name: i for i, name in enumerate(header)}
        missing = [c for c in ("step", "label") if c not in col]
        if not any(c in col for c in ID_COLUMNS):
            missing.append("attempt_key or case_id")
        if missing:
            raise HumanLabelsError(f"{path}:1: the header lacks column(s) {', '.join(missing)} "
                                   f"(found: {', '.join(header) or 'nothing'})")

        def where(line: int, name: str) -> str:
            return f"{path}:{line}: column {col[name] + 1} ({name})"

        for cells in reader:
            line = reader.line_num
            if not any(c.strip() for c in cells):
                continue
            if len(cells) > len(header):
                problems.append(f"{path}:{line}: {len(cells)} cells for {len(header)} columns")
                continue
            cell = {name: (cells[i].strip() if i < len(cells) else "") for name, i in col.items()}
            key, case = cell.get("attempt_key") or None, cell.get("case_id") or None
            if key is None and case is None:
                name = "attempt_key" if "attempt_key" in col else "case_id"
                problems.append(f"{where(line, name)}: no attempt key or case id")
                continue
            step, word = cell["step"], cell["label"].lower()
            if step not in STEPS and step not in ERROR_LABELS:
                problems.append(f"{where(line, 'step')}: {step!r} is not one of "
                                f"{', '.join(STEPS)} or error:<type> with a type from {', '.join(ERROR_TYPES)}")
                continue
            if not word:
                blank += 1
                continue
            if word not in LABEL_WORDS:
                problems.append(f"{where(line, 'label')}: {cell['label']!r} is not 1/0, true/false or right/wrong")
                continue
            if step.startswith("error:") and word in ("right", "wrong"):
                problems.append(f"{where(line, 'label')}: {cell['label']!r} is ambiguous for an error "
                                "label; write 1 (the error is present) or 0")
                continue
            ident = ("attempt_key", key, step) if key else ("case_id", case or "", step)
            if ident in seen:
                problems.append(f"{where(line, 'label')}: {ident[0]} {ident[1]} already has a "
                                f"{step} label on line {seen[ident]}")
                continue
            seen[ident] = line
            rows.append(HumanLabel(line, key, case, step, LABEL_WORDS[word]))
    if problems:
        shown = problems[:20] + ([f"... and {len(problems) - 20} more"] if len(problems) > 20 else [])
        raise HumanLabelsError("bad human labels:\n" + "\n".join(shown))
    return HumanLabels(str(path), tuple(rows), blank)


def human_agreement(labels: HumanLabels, verdicts: Iterable[tuple[str, str, StepVerdicts]], *,
                    rater: str | None = None) -> AgreementReport:
    """Agreement of verdicts (attempt key, case id, StepVerdicts) with human labels: rater a is
    the verdicts' source (or `rater`), b the people; per step and error type they labelled."""
    items = list(verdicts)
    by_key = {key: v for key, _, v in items}
    by_case: dict[str, list[str]] = defaultdict(list)
    for key, case_id, _ in items:
        by_case[case_id].append(key)
    unmatched: Counter = Counter()
    unusable: Counter = Counter()
    human: dict[str, dict[str, bool]] = defaultdict(dict)  # attempt key -> label -> value
    for row in labels.rows:
        if row.attempt_key is not None:
            if row.attempt_key not in by_key:
                unmatched["no_such_attempt"] += 1
                continue
            key = row.attempt_key
        else:
            keys = by_case.get(row.case_id or "", [])
            if len(keys) != 1:
                unmatched["no_such_case" if not keys else "ambiguous_case"] += 1
                continue
            key = keys[0]
        if row.label in human[key]:  # the same attempt labelled by its key and by its case
            unmatched["labelled_twice"] += 1
            continue
        human[key][row.label] = row.value

    def rows():
        for key, marks in human.items():
            v = by_key[key]
            if not usable(v):
                unusable[f"a:{v.status}"] += 1
                continue
            mine = verdict_labels(v)
            yield {name: (mine[name], value) for name, value in marks.items()}

    names = [n for n in (*STEPS, *ERROR_LABELS) if any(n in m for m in human.values())]
    source = rater or (items[0][2].source if items else "verdicts")
    return _report(source, "human", list(rows()), names, unusable, unmatched)


__all__ = ["Agreement", "AgreementReport", "LabelAgreement", "HumanLabel", "HumanLabels",
           "HumanLabelsError", "agreement", "percent_agreement", "cohen_kappa", "gwet_ac1",
           "macro_f1", "step_agreement", "paired_verdicts", "read_human_labels",
           "human_agreement", "verdict_labels", "first_error_label", "LABEL_CATEGORIES"]
