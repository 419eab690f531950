"""The arms report: several strategies ("arms") run with one model on the same cases, side by side.

    report = analyse([("direct", rows_direct), ("extract", rows_extract)], rule="medcalc_bench")
    print(render.arms.render_text(report))

Everything here is a pure function over ``(Case, Outcome)`` rows per arm (`runs.arms` reads
the rows from the arms' run directories; `render.arms` writes the report as text, Markdown or
HTML):

- **accuracy per arm** with a Wilson 95% interval; every status counted, never hidden (an
  attempt that is not ``ok`` counts as wrong, as in `summary`);
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
import math
from collections.abc import Collection, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..types import STATUSES, Case, Outcome
from .scoring import check_rule, is_correct
from .selective import Selective, selective_of
from .stats import gee_adjacent, holm, mcnemar_exact, newcombe_paired, quantile, wilson

Row = tuple[Case, Outcome]
CaseKey = tuple[str, str, str]  # (dataset, dataset_version, case id)

DATE_RANGE_DAYS = 280  # dates and gestational ages: errors in days over a term pregnancy's span


def case_key(case: Case) -> CaseKey:
    return (case.dataset, case.dataset_version, case.id)


# --------------------------------------------------------------------------------------------
# Error magnitude
# --------------------------------------------------------------------------------------------

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
    the case's calculator (its MedCalc-Bench Calculator ID, or its name for generated cases);
    None when neither is known."""
    if case.output_type in ("date", "gestational_age"):
        return 0.0, float(DATE_RANGE_DAYS), "days"
    from ..calculation import calculator_for_case

    medcalc = case.dataset.startswith("medcalc") and case.calculator_id is not None
    if not medcalc and case.dataset != "synthetic":  # other datasets' numbers are not MedCalc-Bench IDs
        return None
    try:
        calc = calculator_for_case(case)
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
    selective: Selective | None = None  # where the arm's attempts carry a confidence (analysis.selective)


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


def check_rows(rows: Iterable[Row], where: str = "rows") -> list[Row]:
    """The rows as a list; TypeError naming the first that is not a (Case, Outcome) pair."""
    out = list(rows)
    for i, row in enumerate(out):
        if not (isinstance(row, tuple) and len(row) == 2 and isinstance(row[0], Case)
                and isinstance(row[1], Outcome)):
            raise TypeError(f"{where}[{i}] is not a (Case, Outcome) pair")
    return out


def first_per_case(rows: Iterable[Row], keep: Collection[CaseKey] | None = None) -> dict[CaseKey, Row]:
    """One row per case: the first given (stores list attempts by case then epoch), restricted
    to `keep` when given."""
    out: dict[CaseKey, Row] = {}
    for row in check_rows(rows):
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
        selective=selective_of(rows.values(), [marks[k] for k in rows]),
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
