"""The arms report: several strategies ("arms") run with one model on the same cases, side by side.

    report = analyse([("direct", rows_direct), ("extract", rows_extract)], rule="medcalc_bench")
    print(render_text(report))

Everything here is a pure function over ``(Case, Outcome)`` rows per arm (the CLI's
`medreckon bench arms` runs the arms and reads the rows from their run directories):

- **accuracy per arm** with a Wilson 95% interval; every status counted, never hidden (an
  attempt that is not ``ok`` counts as wrong, as in `report`);
- **per-category and per-calculator tables**, arms as columns;
- **paired comparisons between adjacent arms** in the order given (B − A for each pair A → B):
  the Newcombe paired interval of the difference, the exact McNemar test, and — when statsmodels
  is installed (the ``stats`` extra; imported lazily) — a logistic GEE of correctness on the arm,
  clustered by case with an exchangeable working correlation, fitted once over all arms, whose
  adjacent contrasts are reported as odds ratios with robust (sandwich) Wald intervals. Each
  family of p-values (McNemar, GEE) gets a Holm–Bonferroni correction over the comparisons;
- **tokens and time per case**: mean prompt and completion tokens, mean and median model time
  (the summed latency of the attempt's model requests) and model requests per case;
- **error magnitude** of the wrong answers that gave a value (status ``ok`` but incorrect), as
  OpenMedCalc reported it: |answer − ground truth| divided by the width of the calculator's
  plausible output range (`Output.range` of our calculator for the case's MedCalc-Bench ID),
  summarised per arm by the median and interquartile range. Dates (estimated due date,
  estimated conception date) and gestational ages are compared in days over `DATE_RANGE_DAYS`
  = 280 days, the length of a term pregnancy, the span within which these answers vary.
  A wrong answer whose calculator declares no range is counted as not measured.

Each arm holds at most one attempt per case (the first stored: epoch 0); comparisons use the
cases both arms attempted; the GEE uses every attempt of every arm it can estimate.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import math
import os
import re
import tempfile
import warnings
from collections.abc import Collection, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..runs.store import DB_NAME, Store
from ..types import STATUSES, Case, Outcome
from .scoring import check_rule, is_correct
from .stats import mcnemar_exact, newcombe_paired, wilson

Row = tuple[Case, Outcome]
CaseKey = tuple[str, str, str]  # (dataset, dataset_version, case id)

DATE_RANGE_DAYS = 280  # dates and gestational ages: errors in days over a term pregnancy's span


def case_key(case: Case) -> CaseKey:
    return (case.dataset, case.dataset_version, case.id)


# --------------------------------------------------------------------------------------------
# Building blocks: Holm, quantiles, error magnitude, GEE
# --------------------------------------------------------------------------------------------

def holm(p_values: Sequence[float | None]) -> list[float | None]:
    """Holm–Bonferroni adjusted p-values, in the input order; None (a test that could not be
    made) stays None and is not counted in the family. The i-th smallest of m p-values becomes
    max over j <= i of min(1, (m - j + 1) * p_(j))."""
    present = [(p, i) for i, p in enumerate(p_values) if p is not None]
    for p, _ in present:
        if not (isinstance(p, int | float) and not isinstance(p, bool) and 0 <= p <= 1):
            raise ValueError(f"a p-value must be a number in [0, 1], got {p!r}")
    m = len(present)
    out: list[float | None] = [None] * len(p_values)
    running = 0.0
    for rank, (p, i) in enumerate(sorted(present)):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = running
    return out


def quantile(values: Sequence[float], q: float) -> float:
    """The q-quantile with linear interpolation between order statistics (numpy's default)."""
    if not values:
        raise ValueError("no values")
    if not 0 <= q <= 1:
        raise ValueError(f"q must be in [0, 1], got {q!r}")
    xs = sorted(values)
    pos = (len(xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def _as_days(value: Any, output_type: str) -> int | None:
    if output_type == "date":
        if isinstance(value, dt.datetime):
            value = value.date()
        return value.toordinal() if isinstance(value, dt.date) else None
    if output_type == "gestational_age":
        if (isinstance(value, tuple) and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            return value[0] * 7 + value[1]
    return None


def output_range(case: Case) -> tuple[float, float, str] | None:
    """(low, high, unit) of the plausible output range used to normalise errors for this case:
    `DATE_RANGE_DAYS` for dates and gestational ages, else our calculator's `Output.range` for
    the case's MedCalc-Bench Calculator ID; None when neither is known."""
    if case.output_type in ("date", "gestational_age"):
        return 0.0, float(DATE_RANGE_DAYS), "days"
    if case.calculator_id is None or not case.dataset.startswith("medcalc"):
        return None
    from ...calculators.registry import by_medcalc_bench_id

    try:
        calc = by_medcalc_bench_id(int(case.calculator_id))
    except (KeyError, ValueError):
        return None
    rng = calc.output.range
    if rng is None or not rng[1] > rng[0]:
        return None
    return float(rng[0]), float(rng[1]), calc.output.unit or ""


def normalised_error(answer: Any, case: Case) -> float | None:
    """|answer − ground truth| / width of the case's output range; None when the answer is not
    of the case's type or no range is known. Not clipped: an answer far outside the range
    gives a value above 1."""
    rng = output_range(case)
    if rng is None or answer is None:
        return None
    width = rng[1] - rng[0]
    if case.output_type in ("date", "gestational_age"):
        a, g = _as_days(answer, case.output_type), _as_days(case.ground_truth, case.output_type)
        if a is None or g is None:
            return None
        return abs(a - g) / width
    numbers = []
    for v in (answer, case.ground_truth):
        if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
            return None
        numbers.append(float(v))
    return abs(numbers[0] - numbers[1]) / width


@dataclass(frozen=True)
class GeeFit:
    """The GEE contrasts for the adjacent pairs (None where not estimable), and why not."""

    contrasts: list[tuple[float, float, float, float] | None]  # (log OR, robust se, z, p)
    notes: list[str]  # per pair: "" when estimated, else the reason
    dependence: float | None  # the exchangeable working correlation
    message: str  # overall: what was fitted, or why nothing was


def gee_adjacent(marks: Sequence[dict[CaseKey, bool]], names: Sequence[str] | None = None) -> GeeFit:
    """Fit logit P(correct) = β0 + β_arm with GEE (Binomial, exchangeable, clustered by case)
    over the arms' correctness marks, and return the contrast arm[i+1] − arm[i] for each
    adjacent pair. An arm that is all correct or all wrong makes its coefficient infinite
    (separation): it is left out of the fit and its contrasts are reported as not estimable.
    Raises ImportError when statsmodels is not installed."""
    import numpy as np
    import statsmodels.api as sm

    k = len(marks)
    label = list(names) if names is not None else [f"arm {i + 1}" for i in range(k)]
    pairs = k - 1
    if pairs < 1:
        return GeeFit([], [], None, "a GEE needs at least two arms")
    separated = {}
    for i, m in enumerate(marks):
        if not m:
            separated[i] = "has no attempts"
        elif all(m.values()):
            separated[i] = "is all correct (separation)"
        elif not any(m.values()):
            separated[i] = "is all wrong (separation)"
    fitted = [i for i in range(k) if i not in separated]

    def note(i: int) -> str:
        bad = [f"{label[j]} {separated[j]}" for j in (i, i + 1) if j in separated]
        return "not estimable: " + "; ".join(bad) if bad else ""

    notes = [note(i) for i in range(pairs)]
    for i in range(pairs):
        a, b = marks[i], marks[i + 1]
        if not notes[i] and not any(a[key] != b[key] for key in a if key in b):
            notes[i] = "not estimable: the arms agree on every case they share"
    empty: list[tuple[float, float, float, float] | None] = [None] * pairs
    if len(fitted) < 2:
        return GeeFit(empty, notes, None,
                      "not fitted: fewer than two arms are neither all correct nor all wrong")
    clusters: dict[CaseKey, int] = {}
    y, arm_of, group = [], [], []
    for i in fitted:
        for key, ok in marks[i].items():
            y.append(1.0 if ok else 0.0)
            arm_of.append(i)
            group.append(clusters.setdefault(key, len(clusters)))
    ref = fitted[0]
    column = {i: c + 1 for c, i in enumerate(j for j in fitted if j != ref)}
    X = np.zeros((len(y), len(fitted)))
    X[:, 0] = 1.0
    for r, i in enumerate(arm_of):
        if i != ref:
            X[r, column[i]] = 1.0
    caught: list[str] = []
    try:
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            model = sm.GEE(np.asarray(y), X, groups=np.asarray(group),
                           family=sm.families.Binomial(), cov_struct=sm.cov_struct.Exchangeable())
            result = model.fit(maxiter=100)
            params = np.asarray(result.params, dtype=float)
            cov = np.asarray(result.cov_params(), dtype=float)  # robust (sandwich) by default
        caught = sorted({f"{type(w.message).__name__}: {w.message}" for w in seen
                         if not issubclass(w.category, DeprecationWarning)})
    except Exception as exc:  # a numerical failure must not stop the report
        return GeeFit(empty, [n or f"not estimable: the fit failed ({type(exc).__name__})"
                              for n in notes], None, f"GEE failed: {type(exc).__name__}: {exc}")
    dep = model.cov_struct.dep_params
    dependence = float(dep) if np.ndim(dep) == 0 and np.isfinite(dep) else None
    contrasts: list[tuple[float, float, float, float] | None] = []
    for i in range(pairs):
        if notes[i]:
            contrasts.append(None)
            continue
        L = np.zeros(len(fitted))
        if i + 1 != ref:
            L[column[i + 1]] += 1.0
        if i != ref:
            L[column[i]] -= 1.0
        est = float(L @ params)
        var = float(L @ cov @ L)
        if not (math.isfinite(est) and math.isfinite(var)) or var <= 0:
            contrasts.append(None)
            notes[i] = "not estimable: the contrast has no variance"
            continue
        se = math.sqrt(var)
        z = est / se
        contrasts.append((est, se, z, math.erfc(abs(z) / math.sqrt(2))))
    n_clusters = len(clusters)
    rho = f" {dependence:.2f}" if dependence is not None else ""
    message = (f"logistic GEE, exchangeable working correlation{rho}, clustered by case "
               f"({n_clusters} cases, {len(y)} attempts, {len(fitted)} arms)")
    if separated:
        message += "; left out: " + ", ".join(
            f"{label[i]} {why}" for i, why in sorted(separated.items()))
    if caught:
        message += "; warnings: " + "; ".join(caught)
    return GeeFit(contrasts, notes, dependence, message)


# --------------------------------------------------------------------------------------------
# The report
# --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Cell:
    n: int
    correct: int

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.n if self.n else None


@dataclass(frozen=True)
class ArmSummary:
    name: str
    meta: dict[str, Any]  # strategy, strategy_version, model, run_dir ... (as given)
    n: int  # cases attempted (one attempt per case)
    correct: int
    accuracy: float | None
    wilson: tuple[float, float]
    statuses: dict[str, int]
    prompt_tokens_per_case: float | None  # None: the arm recorded no usage (e.g. imported)
    completion_tokens_per_case: float | None
    seconds_per_case: float | None  # mean model time; None when no latency was recorded
    median_seconds_per_case: float | None
    model_calls_per_case: float | None
    wrong: int
    wrong_unanswered: int  # wrong with no accepted answer (status not ok, or no value read)
    wrong_unmeasured: int  # wrong with a value, but no output range is known for the case
    magnitudes: list[float]  # normalised errors of the measured wrong answers, sorted
    magnitude_median: float | None
    magnitude_iqr: tuple[float, float] | None


@dataclass(frozen=True)
class TableRow:
    key: str
    label: str
    category: str | None
    cells: list[Cell]  # one per arm, in arm order


@dataclass(frozen=True)
class PairComparison:
    a: str
    b: str
    n_shared: int
    both_correct: int
    only_a: int  # A correct, B wrong
    only_b: int  # B correct, A wrong
    both_wrong: int
    accuracy_a: float | None
    accuracy_b: float | None
    difference: float | None  # accuracy B − A on the shared cases
    difference_ci: tuple[float, float] | None  # Newcombe paired 95%
    mcnemar_p: float | None
    mcnemar_p_holm: float | None
    gee_log_or: float | None  # log odds ratio B vs A
    gee_se: float | None
    gee_p: float | None
    gee_p_holm: float | None
    gee_note: str

    @property
    def gee_odds_ratio(self) -> float | None:
        return None if self.gee_log_or is None else math.exp(self.gee_log_or)

    @property
    def gee_or_ci(self) -> tuple[float, float] | None:
        if self.gee_log_or is None or self.gee_se is None:
            return None
        return (math.exp(self.gee_log_or - 1.96 * self.gee_se),
                math.exp(self.gee_log_or + 1.96 * self.gee_se))


@dataclass(frozen=True)
class ArmsReport:
    rule: str
    params: dict[str, Any]
    n_cases: int  # the cases of the comparison (the selection, or every case some arm attempted)
    datasets: list[str]
    arms: list[ArmSummary]
    by_category: list[TableRow]
    by_calculator: list[TableRow]
    comparisons: list[PairComparison]
    gee_message: str
    gee_dependence: float | None
    context: dict[str, Any] = field(default_factory=dict)  # model, command, selection ...

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        for c, cd in zip(self.comparisons, d["comparisons"], strict=True):
            cd["gee_odds_ratio"] = c.gee_odds_ratio
            cd["gee_or_ci"] = c.gee_or_ci
        return d


def first_per_case(rows: Iterable[Row], keep: Collection[CaseKey] | None = None) -> dict[CaseKey, Row]:
    """One row per case: the first given (stores list attempts by case then epoch), restricted
    to `keep` when given."""
    out: dict[CaseKey, Row] = {}
    for i, row in enumerate(rows):
        if not (isinstance(row, tuple) and len(row) == 2 and isinstance(row[0], Case)
                and isinstance(row[1], Outcome)):
            raise TypeError(f"rows[{i}] is not a (Case, Outcome) pair")
        k = case_key(row[0])
        if keep is not None and k not in keep:
            continue
        out.setdefault(k, row)
    return out


def _mean(xs: Sequence[float]) -> float | None:
    return sum(xs) / len(xs) if xs else None


def _summarise_arm(name: str, meta: dict[str, Any], rows: dict[CaseKey, Row],
                   marks: dict[CaseKey, bool]) -> ArmSummary:
    n = len(rows)
    correct = sum(marks.values())
    statuses = dict.fromkeys(STATUSES, 0)
    prompt, completion, seconds, calls = [], [], [], []
    magnitudes: list[float] = []
    unanswered = unmeasured = 0
    for k, (case, o) in rows.items():
        statuses[o.status] = statuses.get(o.status, 0) + 1
        prompt.append(o.usage.prompt_tokens)
        completion.append(o.usage.completion_tokens)
        seconds.append(o.latency_s)
        calls.append(o.model_calls)
        if marks[k]:
            continue
        if o.status != "ok" or o.answer is None:
            unanswered += 1
            continue
        e = normalised_error(o.answer, case)
        if e is None:
            unmeasured += 1
        else:
            magnitudes.append(e)
    magnitudes.sort()
    has_usage = any(prompt) or any(completion)
    has_time = any(seconds)
    return ArmSummary(
        name=name, meta=dict(meta), n=n, correct=correct,
        accuracy=correct / n if n else None, wilson=wilson(correct, n), statuses=statuses,
        prompt_tokens_per_case=_mean(prompt) if has_usage else None,
        completion_tokens_per_case=_mean(completion) if has_usage else None,
        seconds_per_case=_mean(seconds) if has_time else None,
        median_seconds_per_case=quantile(seconds, 0.5) if has_time else None,
        model_calls_per_case=_mean(calls) if any(calls) else None,
        wrong=n - correct, wrong_unanswered=unanswered, wrong_unmeasured=unmeasured,
        magnitudes=magnitudes,
        magnitude_median=quantile(magnitudes, 0.5) if magnitudes else None,
        magnitude_iqr=(quantile(magnitudes, 0.25), quantile(magnitudes, 0.75)) if magnitudes else None,
    )


def _tables(per_arm: list[dict[CaseKey, Row]], marks: list[dict[CaseKey, bool]]
            ) -> tuple[list[TableRow], list[TableRow]]:
    cases: dict[CaseKey, Case] = {}
    for rows in per_arm:
        for k, (case, _) in rows.items():
            cases.setdefault(k, case)
    cats: dict[str, list[CaseKey]] = {}
    calcs: dict[tuple[int | None, str], list[CaseKey]] = {}
    calc_cat: dict[tuple[int | None, str], str] = {}
    for k, case in cases.items():
        cats.setdefault(case.category, []).append(k)
        ck = (case.calculator_id, case.calculator_name)
        calcs.setdefault(ck, []).append(k)
        calc_cat.setdefault(ck, case.category)

    def cells(keys: list[CaseKey]) -> list[Cell]:
        return [Cell(sum(1 for k in keys if k in m), sum(1 for k in keys if m.get(k)))
                for m in marks]

    by_cat = [TableRow(c, c, c, cells(keys)) for c, keys in sorted(cats.items())]
    by_calc = [TableRow(str(cid) if cid is not None else name, name, calc_cat[(cid, name)], cells(keys))
               for (cid, name), keys in sorted(calcs.items(),
                                               key=lambda kv: (kv[0][0] is None, kv[0][0] or 0, kv[0][1]))]
    return by_cat, by_calc


def analyse(arms: Sequence[tuple[str, Iterable[Row]]], rule: str = "medcalc_bench", *,
            params: dict[str, Any] | None = None, meta: Sequence[dict[str, Any]] | None = None,
            cases: Collection[CaseKey] | None = None, gee: bool = True,
            context: dict[str, Any] | None = None) -> ArmsReport:
    """The arms report for `arms` = [(name, rows), ...] in the order to compare them.

    `cases` restricts every arm to those case keys (the comparison's selection; default:
    every case some arm attempted). `gee=False` skips the GEE; so does a missing statsmodels
    (the report says so)."""
    params = dict(params or {})
    check_rule(rule, params)
    names = [name for name, _ in arms]
    if not names:
        raise ValueError("no arms to report")
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise ValueError(f"arm names must be unique; repeated: {', '.join(dupes)}")
    if meta is not None and len(meta) != len(names):
        raise ValueError("meta must have one entry per arm")
    keep = set(cases) if cases is not None else None
    per_arm = [first_per_case(rows, keep) for _, rows in arms]
    marks = [{k: is_correct(o, c, rule, **params) for k, (c, o) in rows.items()} for rows in per_arm]
    summaries = [_summarise_arm(name, (meta[i] if meta else {}), per_arm[i], marks[i])
                 for i, name in enumerate(names)]
    all_keys = set().union(*per_arm)
    n_cases = len(keep) if keep is not None else len(all_keys)
    datasets = sorted({f"{k[0]} {k[1]}" for k in all_keys})
    by_cat, by_calc = _tables(per_arm, marks)

    # paired comparisons of adjacent arms
    raw = []
    for i in range(len(names) - 1):
        ma, mb = marks[i], marks[i + 1]
        shared = [k for k in ma if k in mb]
        both = sum(1 for k in shared if ma[k] and mb[k])
        only_a = sum(1 for k in shared if ma[k] and not mb[k])
        only_b = sum(1 for k in shared if mb[k] and not ma[k])
        neither = len(shared) - both - only_a - only_b
        n = len(shared)
        raw.append(dict(
            a=names[i], b=names[i + 1], n_shared=n, both_correct=both, only_a=only_a,
            only_b=only_b, both_wrong=neither,
            accuracy_a=(both + only_a) / n if n else None,
            accuracy_b=(both + only_b) / n if n else None,
            difference=(only_b - only_a) / n if n else None,
            difference_ci=newcombe_paired(both, only_b, only_a, neither) if n else None,
            mcnemar_p=mcnemar_exact(only_a, only_b) if n else None,
        ))
    mc_holm = holm([r["mcnemar_p"] for r in raw])
    gee_message, dependence = "GEE not asked for", None
    gee_rows: list[tuple[float, float, float, float] | None] = [None] * len(raw)
    gee_notes = ["not fitted"] * len(raw)
    if not raw:
        gee_message = "one arm: no comparisons"
    elif gee:
        try:
            fit = gee_adjacent(marks, names)
        except ImportError:
            gee_message = ("statsmodels is not installed (pip install 'medreckon[stats]'): "
                           "the GEE was skipped; McNemar is reported")
            gee_notes = ["statsmodels not installed"] * len(raw)
        else:
            gee_message, dependence = fit.message, fit.dependence
            gee_rows, gee_notes = fit.contrasts, fit.notes
    gee_holm = holm([g[3] if g else None for g in gee_rows])
    comparisons = [
        PairComparison(**r, mcnemar_p_holm=mc_holm[i],
                       gee_log_or=gee_rows[i][0] if gee_rows[i] else None,
                       gee_se=gee_rows[i][1] if gee_rows[i] else None,
                       gee_p=gee_rows[i][3] if gee_rows[i] else None,
                       gee_p_holm=gee_holm[i], gee_note=gee_notes[i])
        for i, r in enumerate(raw)
    ]
    return ArmsReport(rule=rule, params=params, n_cases=n_cases, datasets=datasets,
                      arms=summaries, by_category=by_cat, by_calculator=by_calc,
                      comparisons=comparisons, gee_message=gee_message,
                      gee_dependence=dependence, context=dict(context or {}))


# --------------------------------------------------------------------------------------------
# Formatting helpers
# --------------------------------------------------------------------------------------------

def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f}%"


def _ci(lo_hi: tuple[float, float] | None, n: int = 1) -> str:
    if lo_hi is None or n == 0:
        return "—"
    return f"{100 * lo_hi[0]:.1f}–{100 * lo_hi[1]:.1f}%"


def _p(p: float | None) -> str:
    if p is None:
        return "—"
    if p < 0.0001:
        return "<0.0001"
    return f"{p:.4f}" if p < 0.01 else f"{p:.3f}"


def _num(x: float | None, fmt: str = ".0f") -> str:
    return "—" if x is None else format(x, fmt)


def _cell(c: Cell) -> str:
    return "—" if c.n == 0 else f"{c.correct}/{c.n}"


def _mag(a: ArmSummary) -> str:
    if a.magnitude_median is None or a.magnitude_iqr is None:
        return "—"
    return f"{a.magnitude_median:.3f} ({a.magnitude_iqr[0]:.3f}–{a.magnitude_iqr[1]:.3f})"


def _rule_text(rule: str, params: dict[str, Any]) -> str:
    return rule + (" (" + ", ".join(f"{k}={v}" for k, v in params.items()) + ")" if params else "")


def _or_text(c: PairComparison) -> str:
    if c.gee_odds_ratio is None or c.gee_or_ci is None:
        return "—"
    return f"{c.gee_odds_ratio:.2f} ({c.gee_or_ci[0]:.2f}–{c.gee_or_ci[1]:.2f})"


def _diff_text(c: PairComparison) -> str:
    if c.difference is None or c.difference_ci is None:
        return "—"
    lo, hi = c.difference_ci
    return f"{100 * c.difference:+.1f} pp ({100 * lo:+.1f} to {100 * hi:+.1f})"


def _arm_version(a: ArmSummary) -> str:
    v = a.meta.get("strategy_version")
    s = a.meta.get("strategy")
    if s and s != a.name:
        return f"{s} {v or ''}".strip()
    return str(v or "")


def _incomplete(report: ArmsReport) -> list[str]:
    return [f"{a.name} attempted {a.n} of {report.n_cases} cases" for a in report.arms
            if a.n < report.n_cases]


_NOTES = (
    "Accuracy counts every attempt that is not `ok` as wrong. Comparisons are between adjacent "
    "arms (B − A) on the cases both attempted: Newcombe paired 95% interval, exact two-sided "
    "McNemar, and the odds ratio B vs A from a logistic GEE clustered by case (exchangeable "
    "working correlation, robust standard errors); each family of p-values is Holm–Bonferroni "
    "adjusted over the comparisons. Error magnitude: |answer − truth| / width of the "
    "calculator's plausible output range, over wrong answers that gave a value (dates and "
    f"gestational ages in days over {DATE_RANGE_DAYS} days): median (IQR). Time is the summed "
    "latency of an attempt's model requests."
)


# --------------------------------------------------------------------------------------------
# Text
# --------------------------------------------------------------------------------------------

def _text_table(header: list[str], rows: list[list[str]], left: int = 1) -> list[str]:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h)
              for i, h in enumerate(header)]

    def fmt(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i < left else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    return [fmt(header), *(fmt(r) for r in rows)]


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _arm_rows(report: ArmsReport) -> tuple[list[str], list[list[str]]]:
    header = ["arm", "version", "n", "correct", "accuracy", "95% CI (Wilson)", *STATUSES]
    rows = [[a.name, _arm_version(a), str(a.n), str(a.correct), _pct(a.accuracy),
             _ci(a.wilson, a.n), *(str(a.statuses.get(s, 0)) for s in STATUSES)]
            for a in report.arms]
    return header, rows


def _cost_rows(report: ArmsReport) -> tuple[list[str], list[list[str]]]:
    header = ["arm", "prompt tokens", "completion tokens", "seconds (mean)", "seconds (median)",
              "requests"]
    rows = [[a.name, _num(a.prompt_tokens_per_case), _num(a.completion_tokens_per_case),
             _num(a.seconds_per_case, ".1f"), _num(a.median_seconds_per_case, ".1f"),
             _num(a.model_calls_per_case, ".1f")] for a in report.arms]
    return header, rows


def _magnitude_rows(report: ArmsReport) -> tuple[list[str], list[list[str]]]:
    header = ["arm", "wrong", "not ok", "no range", "measured", "median (IQR)"]
    rows = [[a.name, str(a.wrong), str(a.wrong_unanswered), str(a.wrong_unmeasured),
             str(len(a.magnitudes)), _mag(a)] for a in report.arms]
    return header, rows


def _cmp_rows(report: ArmsReport) -> tuple[list[str], list[list[str]]]:
    header = ["A → B", "n", "both", "only A", "only B", "neither", "B − A (95% CI)",
              "McNemar p", "McNemar Holm", "GEE OR B/A (95% CI)", "GEE p", "GEE Holm"]
    rows = [[f"{c.a} → {c.b}", str(c.n_shared), str(c.both_correct), str(c.only_a),
             str(c.only_b), str(c.both_wrong), _diff_text(c), _p(c.mcnemar_p),
             _p(c.mcnemar_p_holm), _or_text(c), _p(c.gee_p), _p(c.gee_p_holm)]
            for c in report.comparisons]
    return header, rows


def _group_rows(report: ArmsReport, rows: list[TableRow], calculators: bool, plain: bool = True
                ) -> tuple[list[str], list[list[str]]]:
    header = ["calculator" if calculators else "category", *(a.name for a in report.arms)]
    out = []
    for r in rows:
        if not calculators:
            label = r.label
        elif plain:
            label = f"{r.key:>3} {_cut(r.label, 40)}"
        else:
            label = f"{r.key} · {r.label}"
        out.append([label, *(_cell(c) for c in r.cells)])
    return header, out


def _header_lines(report: ArmsReport) -> list[str]:
    ctx = report.context
    lines = []
    if ctx.get("title"):
        lines.append(str(ctx["title"]))
    if ctx.get("command"):
        lines.append(f"Command: {ctx['command']}")
    if ctx.get("model"):
        lines.append(f"Model: {ctx['model']}")
    lines.append(f"Rule: {_rule_text(report.rule, report.params)} · dataset "
                 f"{', '.join(report.datasets) or '—'} · {report.n_cases} cases · "
                 f"{len(report.arms)} arms")
    return lines


def render_text(report: ArmsReport) -> str:
    """The arms report as plain text."""
    out = _header_lines(report)
    for warning in _incomplete(report):
        out.append(f"incomplete: {warning}")
    out += ["", "Accuracy per arm", *_text_table(*_arm_rows(report)), ""]
    if report.comparisons:
        out += ["Adjacent arms (B − A on the cases both attempted)",
                *_text_table(*_cmp_rows(report)), f"GEE: {report.gee_message}"]
        notes = [f"  {c.a} → {c.b}: {c.gee_note}" for c in report.comparisons if c.gee_note]
        out += notes + [""]
    out += ["Per case: tokens, model time, requests", *_text_table(*_cost_rows(report)), ""]
    out += ["Error magnitude of wrong answers (|error| / output range)",
            *_text_table(*_magnitude_rows(report)), ""]
    out += ["By category (correct/n)", *_text_table(*_group_rows(report, report.by_category, False)), ""]
    out += ["By calculator (correct/n)",
            *_text_table(*_group_rows(report, report.by_calculator, True)), ""]
    out += [_NOTES]
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------------
# Markdown
# --------------------------------------------------------------------------------------------

def _md_table(header: list[str], rows: list[list[str]]) -> list[str]:
    def esc(s: str) -> str:
        return s.replace("|", "\\|")

    align = ["---"] + ["---:"] * (len(header) - 1)
    return ["| " + " | ".join(esc(h) for h in header) + " |", "| " + " | ".join(align) + " |",
            *("| " + " | ".join(esc(c) for c in r) + " |" for r in rows)]


def render_markdown(report: ArmsReport) -> str:
    """The arms report as Markdown (tables; for docs/results)."""
    ctx = report.context
    out = [f"# {ctx.get('title') or 'Arms report'}", ""]
    if ctx.get("command"):
        out += ["```", str(ctx["command"]), "```", ""]
    model = f"Model: `{ctx['model']}` · " if ctx.get("model") else ""
    out.append(f"{model}rule: `{_rule_text(report.rule, report.params)}` · dataset "
               f"{', '.join(report.datasets) or '—'} · {report.n_cases} cases · "
               f"{len(report.arms)} arms")
    out.append("")
    for warning in _incomplete(report):
        out.append(f"- **incomplete:** {warning}")
    if _incomplete(report):
        out.append("")
    out += ["## Accuracy per arm", "", *_md_table(*_arm_rows(report)), ""]
    if report.comparisons:
        out += ["## Adjacent arms", "", *_md_table(*_cmp_rows(report)), "",
                f"GEE: {report.gee_message}.", ""]
        out += [f"- {c.a} → {c.b}: {c.gee_note}" for c in report.comparisons if c.gee_note]
        out.append("")
    out += ["## Per case: tokens, model time, requests", "", *_md_table(*_cost_rows(report)), ""]
    out += ["## Error magnitude of wrong answers (|error| / output range)", "",
            *_md_table(*_magnitude_rows(report)), ""]
    out += ["## By category (correct/n)", "",
            *_md_table(*_group_rows(report, report.by_category, False)), ""]
    out += ["## By calculator (correct/n)", "",
            *_md_table(*_group_rows(report, report.by_calculator, True, plain=False)), ""]
    out += [_NOTES, ""]
    return "\n".join(out)


# --------------------------------------------------------------------------------------------
# HTML
# --------------------------------------------------------------------------------------------

_CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2rem auto;max-width:1200px;
color:#1d2430;padding:0 1rem}
h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.15rem;margin:2rem 0 .5rem}
.meta{color:#5a6474;margin:.25rem 0}code{background:#f4f6f9;padding:0 .25rem;border-radius:3px}
.warn{color:#9a3412}
table{border-collapse:collapse;font-variant-numeric:tabular-nums;margin:.25rem 0}
th,td{padding:.3rem .55rem;border-bottom:1px solid #e3e7ee;text-align:right;white-space:nowrap}
th:first-child,td:first-child{text-align:left;white-space:normal}
th{background:#f4f6f9;font-weight:600}
td.zero{color:#b8bfca}
svg text{font:12px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;fill:#1d2430}
svg .axis{fill:#5a6474}
"""


def _html_table(header: list[str], rows: list[list[str]], shade: list[list[float | None]] | None = None) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = []
    for r, row in enumerate(rows):
        cells = []
        for i, c in enumerate(row):
            style = ""
            if shade is not None and i > 0 and shade[r][i - 1] is not None:
                a = shade[r][i - 1]
                style = f' style="background:rgba(76,120,168,{0.08 + 0.5 * a:.2f})"'
            cls = ' class="zero"' if c in ("0", "—") and i > 0 else ""
            cells.append(f"<td{cls}{style}>{html.escape(c)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def accuracy_svg(arms: Sequence[ArmSummary], *, label_width: int = 170, bar_width: int = 460) -> str:
    """Inline SVG: accuracy per arm as a bar, its Wilson 95% interval as a whisker."""
    row_h, top, bottom, right = 24, 26, 10, 110
    width, height = label_width + bar_width + right, top + row_h * len(arms) + bottom
    x0 = label_width
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" '
             'aria-label="Accuracy per arm with 95% Wilson intervals">']
    for tick in (0, 25, 50, 75, 100):
        x = x0 + bar_width * tick / 100
        parts.append(f'<line x1="{x:.1f}" y1="{top - 6}" x2="{x:.1f}" y2="{height - bottom}" stroke="#e3e7ee"/>')
        parts.append(f'<text class="axis" x="{x:.1f}" y="{top - 10}" text-anchor="middle">{tick}%</text>')
    for i, a in enumerate(arms):
        y = top + i * row_h
        mid = y + row_h / 2
        tip = html.escape(f"{a.name}: {a.correct}/{a.n} = {_pct(a.accuracy)} (95% CI {_ci(a.wilson, a.n)})")
        parts.append(f"<g><title>{tip}</title>")
        parts.append(f'<text x="{x0 - 8}" y="{mid + 4:.1f}" text-anchor="end">{html.escape(_cut(a.name, 24))}</text>')
        parts.append(f'<rect x="{x0}" y="{y + 4}" width="{bar_width}" height="{row_h - 8}" fill="#f4f6f9"/>')
        parts.append(f'<rect class="bar" x="{x0}" y="{y + 4}" width="{bar_width * (a.accuracy or 0):.1f}" '
                     f'height="{row_h - 8}" fill="#4c78a8"/>')
        if a.n:
            xl, xh = x0 + bar_width * a.wilson[0], x0 + bar_width * a.wilson[1]
            parts.append(f'<line x1="{xl:.1f}" y1="{mid:.1f}" x2="{xh:.1f}" y2="{mid:.1f}" stroke="#1d2430" stroke-width="1.2"/>')
            for xe in (xl, xh):
                parts.append(f'<line x1="{xe:.1f}" y1="{mid - 5:.1f}" x2="{xe:.1f}" y2="{mid + 5:.1f}" stroke="#1d2430" stroke-width="1.2"/>')
        parts.append(f'<text x="{x0 + bar_width + 8}" y="{mid + 4:.1f}">{_pct(a.accuracy)} '
                     f'<tspan class="axis">{a.correct}/{a.n}</tspan></text></g>')
    parts.append("</svg>")
    return "".join(parts)


def magnitude_svg(arms: Sequence[ArmSummary], *, label_width: int = 170, plot_width: int = 460) -> str:
    """Inline SVG: error magnitude of wrong answers per arm: IQR box, median line, the points."""
    measured = [a for a in arms if a.magnitudes]
    top_value = max([1.0, *(m for a in measured for m in a.magnitudes)])
    top_value = min(top_value, 10.0)  # beyond 10 range-widths a point is a triangle at the edge
    row_h, top, bottom, right = 26, 26, 10, 200
    width, height = label_width + plot_width + right, top + row_h * len(arms) + bottom
    x0 = label_width

    def x(v: float) -> float:
        return x0 + plot_width * min(v, top_value) / top_value

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" '
             'aria-label="Error magnitude of wrong answers per arm, normalised by output range">']
    for j in range(5):
        v = top_value * j / 4
        parts.append(f'<line x1="{x(v):.1f}" y1="{top - 6}" x2="{x(v):.1f}" y2="{height - bottom}" stroke="#e3e7ee"/>')
        parts.append(f'<text class="axis" x="{x(v):.1f}" y="{top - 10}" text-anchor="middle">{v:.2g}</text>')
    for i, a in enumerate(arms):
        y = top + i * row_h
        mid = y + row_h / 2
        parts.append(f"<g><title>{html.escape(f'{a.name}: median (IQR) {_mag(a)} over {len(a.magnitudes)} wrong answers')}</title>")
        parts.append(f'<text x="{x0 - 8}" y="{mid + 4:.1f}" text-anchor="end">{html.escape(_cut(a.name, 24))}</text>')
        if a.magnitude_iqr is not None and a.magnitude_median is not None:
            q1, q3 = a.magnitude_iqr
            parts.append(f'<rect x="{x(q1):.1f}" y="{y + 5}" width="{max(x(q3) - x(q1), 1.0):.1f}" '
                         f'height="{row_h - 10}" fill="#f2cf9e" stroke="#b4651f"/>')
            beyond = 0
            for m in a.magnitudes:
                if m > top_value:  # off the axis: a triangle at its edge
                    beyond += 1
                    xe = x0 + plot_width
                    parts.append(f'<path d="M{xe - 6:.1f},{mid - 4:.1f} L{xe:.1f},{mid:.1f} '
                                 f'L{xe - 6:.1f},{mid + 4:.1f} Z" fill="#b42318"/>')
                    continue
                parts.append(f'<circle cx="{x(m):.1f}" cy="{mid:.1f}" r="2.2" fill="#1d2430" fill-opacity="0.45"/>')
            xm = x(a.magnitude_median)
            parts.append(f'<line x1="{xm:.1f}" y1="{y + 3}" x2="{xm:.1f}" y2="{y + row_h - 3}" stroke="#b4651f" stroke-width="2.5"/>')
            label = f"{a.magnitude_median:.3f} · n={len(a.magnitudes)}"
            if beyond:
                label += f" ({beyond} beyond {top_value:g})"
        else:
            label = "no wrong answer with a value"
        parts.append(f'<text x="{x0 + plot_width + 12}" y="{mid + 4:.1f}">{html.escape(label)}</text></g>')
    parts.append("</svg>")
    return "".join(parts)


def render_html(report: ArmsReport) -> str:
    """A self-contained HTML page (inline CSS and SVG; no scripts, fonts or links to fetch)."""
    ctx = report.context
    title = str(ctx.get("title") or "medreckon arms report")
    meta = []
    if ctx.get("command"):
        meta.append(f'<p class="meta">Command: <code>{html.escape(str(ctx["command"]))}</code></p>')
    model = f"Model <b>{html.escape(str(ctx['model']))}</b> · " if ctx.get("model") else ""
    meta.append(f'<p class="meta">{model}rule <b>{html.escape(_rule_text(report.rule, report.params))}</b> · '
                f"dataset {html.escape(', '.join(report.datasets) or '—')} · {report.n_cases} cases · "
                f"{len(report.arms)} arms</p>")
    meta += [f'<p class="meta warn">Incomplete: {html.escape(w)}</p>' for w in _incomplete(report)]
    parts = [f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>{html.escape(title)}</title><style>{_CSS}</style></head>
<body>
<h1>{html.escape(title)}</h1>
{''.join(meta)}
<h2>Accuracy per arm</h2>
{accuracy_svg(report.arms)}
{_html_table(*_arm_rows(report))}
"""]
    if report.comparisons:
        notes = "".join(f"<li>{html.escape(f'{c.a} → {c.b}: {c.gee_note}')}</li>"
                        for c in report.comparisons if c.gee_note)
        parts.append(f"<h2>Adjacent arms</h2>{_html_table(*_cmp_rows(report))}"
                     f'<p class="meta">GEE: {html.escape(report.gee_message)}.</p>'
                     + (f"<ul class=\"meta\">{notes}</ul>" if notes else ""))
    parts.append(f"<h2>Per case: tokens, model time, requests</h2>{_html_table(*_cost_rows(report))}"
                 f"<h2>Error magnitude of wrong answers (|error| / output range)</h2>"
                 f"{magnitude_svg(report.arms)}{_html_table(*_magnitude_rows(report))}")
    for title_, rows, calcs in (("By category (correct/n)", report.by_category, False),
                                ("By calculator (correct/n)", report.by_calculator, True)):
        header, body = _group_rows(report, rows, calcs, plain=False)
        shade = [[c.accuracy for c in r.cells] for r in rows]
        parts.append(f"<h2>{html.escape(title_)}</h2>{_html_table(header, body, shade)}")
    parts.append(f'<p class="meta">{html.escape(_NOTES.replace("`", ""))}</p></body></html>\n')
    return "".join(parts)


# --------------------------------------------------------------------------------------------
# Arm run directories (used by `medreckon bench arms`)
# --------------------------------------------------------------------------------------------
# DIR/<arm>/ is an ordinary run directory (see runner, store); DIR/arms.json records the
# comparison: model, arms in order, selection, the case keys, and the command.

MANIFEST = "arms.json"


def arm_dir(spec: str) -> str:
    """The directory (and report label) of an arm: its strategy spec with every run of other
    characters than letters, digits, '.', '_' and '-' made one '-'
    ("extract:split_findings=false" -> "extract-split_findings-false")."""
    return re.sub(r"[^A-Za-z0-9._-]+", "-", spec.strip()).strip("-")


def check_arm_name(name: str) -> str:
    """An arm name is also a directory name under the comparison directory."""
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", name or ""):
        raise ValueError(f"arm name {name!r} must be letters, digits, '.', '_' or '-'")
    return name


def existing_arms(root: Any) -> list[str]:
    """The subdirectories of `root` that hold a run."""
    base = Path(root)
    if not base.is_dir():
        return []
    return sorted(p.name for p in base.iterdir() if (p / DB_NAME).is_file())


def read_manifest(root: Any) -> dict[str, Any] | None:
    path = Path(root) / MANIFEST
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ValueError(f"cannot read {path}: {exc}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path} is not a JSON object")
    return data


def write_manifest(root: Any, data: dict[str, Any]) -> None:
    """Write DIR/arms.json atomically."""
    base = Path(root)
    base.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=base, prefix=".arms-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, sort_keys=True, default=str)
        os.replace(tmp, base / MANIFEST)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def manifest_cases(manifest: dict[str, Any] | None) -> set[CaseKey] | None:
    if not manifest or not isinstance(manifest.get("cases"), list):
        return None
    return {(str(d), str(v), str(i)) for d, v, i in manifest["cases"]}


def load_arm(root: Any, name: str) -> tuple[list[Row], dict[str, Any]]:
    """(rows, meta) of the run DIR/<name>: one (Case, Outcome) per stored attempt, in the
    store's order (case, then epoch), and the run's strategy, version, model and directory.
    Raises store.StoreError when DIR/<name> is not a run."""
    path = Path(root) / check_arm_name(name)
    with Store(path) as store:
        cases = store.cases()
        rows = [(cases[a.case_id], a.outcome) for a in store.attempts() if a.case_id in cases]
        config = store.config()
    meta = {"strategy": config.get("strategy"), "strategy_version": config.get("strategy_version"),
            "model": config.get("model"), "gen": config.get("gen"), "run_dir": str(path)}
    return rows, meta


def report_dir(root: Any, names: Sequence[str] | None = None, rule: str = "medcalc_bench",
               params: dict[str, Any] | None = None, *, gee: bool = True) -> ArmsReport:
    """The arms report of the comparison directory `root`: the arms `names` (default: those
    arms.json lists), restricted to the cases arms.json lists (default: every case an arm
    attempted). Raises StoreError for an arm without a run, ValueError for no arms."""
    manifest = read_manifest(root)
    if not names:
        names = list((manifest or {}).get("arms") or [])
    if not names:
        raise ValueError(f"{root} has no {MANIFEST}: name the arms (runs there: "
                         f"{', '.join(existing_arms(root)) or 'none'})")
    names = [arm_dir(n) for n in names]
    missing = [n for n in names if not (Path(root) / check_arm_name(n) / DB_NAME).is_file()]
    if missing:
        raise ValueError(f"no run for arm(s) {', '.join(missing)} under {root} (runs there: "
                         f"{', '.join(existing_arms(root)) or 'none'})")
    loaded = [load_arm(root, n) for n in names]
    models = list(dict.fromkeys(str(m.get("model")) for _, m in loaded))
    context = {
        "title": f"Arms report · {models[0] if len(models) == 1 else 'several models'}",
        "model": models[0] if len(models) == 1 else "; ".join(
            f"{n}: {m.get('model')}" for n, (_, m) in zip(names, loaded, strict=True)),
        "command": (manifest or {}).get("command"),
        "selection": (manifest or {}).get("selection"),
        "directory": str(root),
    }
    return analyse([(n, rows) for n, (rows, _) in zip(names, loaded, strict=True)], rule,
                   params=params, meta=[m for _, m in loaded], cases=manifest_cases(manifest),
                   gee=gee, context=context)


def pending_attempts(run_dir: Any, cases: Sequence[Case], strategy: Any, settings: Any, *,
                     retry_errors: bool = False) -> int:
    """How many attempts `runner.run` would make for these cases in `run_dir` (so a rerun whose
    arms are all complete reports without loading a model)."""
    from ..runs import runner

    path = Path(run_dir)
    if not (path / DB_NAME).is_file():
        return len(cases) * settings.epochs
    with Store(path) as store:
        stored = store.statuses()
    gen = runner.effective_gen(strategy, settings.gen, settings.seed)
    todo = 0
    for case in cases:
        for epoch in range(settings.epochs):
            status = stored.get(runner.attempt_key(case, strategy, settings.model, gen, epoch))
            todo += status is None or (retry_errors and status == "error")
    return todo
