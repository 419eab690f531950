"""Scoring rules: golden answers per output type and rule, the boundaries, statuses, and the
v1.0 ground truth scoring itself correct under every rule."""

import datetime as dt

import pytest

from medreckon.bench.analysis.scoring import (
    RULE_VERSIONS,
    RULES,
    ScoreEvaluator,
    is_correct,
    outcome_decimals,
    score,
    shown_decimals,
)
from medreckon.bench.datasets import DatasetNotFound, load_cases
from medreckon.bench.types import Attempt, Case, Outcome


def case(output_type, truth, lower=None, upper=None, **kw):
    return Case(
        id=kw.pop("id", "1"), calculator_id=kw.pop("calculator_id", 2), calculator_name="Test calculator",
        note="", question="", ground_truth=truth, lower=lower, upper=upper, output_type=output_type,
        category="lab", entities={}, dataset="test", dataset_version="t1", **kw,
    )


CRCL = case("decimal", 25.238, 23.9761, 26.4999)  # v1.0 row 1: limits are ±5%
NEG = case("decimal", -0.828, -0.8694, -0.7866)  # v1.0 row 467: a negative answer
SCORE = case("integer", 4, 4, 4)
WELLS = case("integer", -1, -1, -1)
DUE = case("date", dt.date(2014, 9, 23), dt.date(2014, 9, 23), dt.date(2014, 9, 23))
GA = case("gestational_age", (14, 1), (14, 1), (14, 1))


# --- medcalc_bench ------------------------------------------------------------------------

@pytest.mark.parametrize("answer,expected", [
    (25.238, True), (23.9761, True), (26.4999, True),  # limits inclusive
    (23.976, False), (26.5, False), (25, True), (None, False), (float("nan"), False), (float("inf"), False),
    (dt.date(2014, 9, 23), False), ("25.238", False), (True, False),
])
def test_medcalc_bench_decimal_within_the_rows_limits(answer, expected):
    assert score(answer, CRCL, "medcalc_bench") is expected


def test_medcalc_bench_negative_answers_and_limits_in_either_order():
    assert score(-0.83, NEG) and not score(-0.7, NEG) and not score(0.83, NEG)
    swapped = case("decimal", -0.828, -0.7866, -0.8694)
    assert score(-0.83, swapped) and not score(-0.7, swapped)


@pytest.mark.parametrize("answer,expected", [
    (4, True), (4.0, True), (4.4, True), (3.5, True), (4.5, False), (3.49, False), (5, False),
])
def test_medcalc_bench_integer_rounds_half_away_from_zero(answer, expected):
    assert score(answer, SCORE) is expected


def test_medcalc_bench_negative_integer_rounds_away_from_zero():
    assert score(-1.4, WELLS) and score(-0.5, WELLS) and not score(-1.5, WELLS) and not score(1, WELLS)


def test_medcalc_bench_dates_and_gestational_ages_exact():
    assert score(dt.date(2014, 9, 23), DUE) and not score(dt.date(2014, 9, 24), DUE)
    assert score(dt.datetime(2014, 9, 23, 10, 0), DUE)
    assert not score(20140923, DUE)
    assert score((14, 1), GA) and score((13, 8), GA)  # the same number of days
    assert not score((14, 0), GA) and not score((1, 14), GA) and not score(99, GA)


def test_medcalc_bench_needs_limits_for_decimals():
    with pytest.raises(ValueError, match="Lower/Upper Limit"):
        score(25.0, case("decimal", 25.238))


# --- mdcalc_precision ---------------------------------------------------------------------

@pytest.mark.parametrize("answer,decimals,expected", [
    (25.2, None, True), (25.3, None, False), (25.29, None, False), (25.24, None, True),
    (25.243, None, True),  # 3 places: capped at 2, within ±0.005
    (25.2381, None, True), (25.2431, None, False),
    (25, None, True), (26, None, False),  # 0 places: ±0.5
    (25.2, 2, False),  # "25.20" claims 2 places: 25.20 vs 25.238 is off by 0.038
    (25.24, 1, True),
])
def test_mdcalc_precision_judges_to_the_answers_decimals(answer, decimals, expected):
    assert score(answer, CRCL, "mdcalc_precision", decimals=decimals) is expected


def test_mdcalc_precision_boundaries_are_inclusive_and_exact():
    c = case("decimal", 25.25)
    assert score(25.2, c, "mdcalc_precision") and score(25.3, c, "mdcalc_precision")  # |Δ| = 0.05
    assert not score(25.19, c, "mdcalc_precision", decimals=1)
    c2 = case("decimal", 1.005)
    assert score(1.01, c2, "mdcalc_precision") and score(1.0, c2, "mdcalc_precision", decimals=2)


def test_mdcalc_precision_integers_exact():
    assert score(4, SCORE, "mdcalc_precision") and score(4.0, SCORE, "mdcalc_precision")
    assert not score(4.4, SCORE, "mdcalc_precision")
    assert score((13, 8), GA, "mdcalc_precision") and score(dt.date(2014, 9, 23), DUE, "mdcalc_precision")


def test_shown_decimals():
    assert [shown_decimals(x) for x in (25.2, 25.0, 25, 1e-05, 1200.0, -0.0833)] == [1, 0, 0, 5, 0, 4]
    with pytest.raises(ValueError):
        shown_decimals(float("nan"))


# --- relative and exact -------------------------------------------------------------------

def test_relative_default_one_percent():
    c = case("decimal", 100.0)
    assert score(101.0, c, "relative") and score(99.0, c, "relative") and not score(101.01, c, "relative")
    assert score(104.9, c, "relative", percent=5) and not score(105.1, c, "relative", percent=5)
    zero = case("decimal", 0.0)
    assert score(0, zero, "relative") and not score(0.001, zero, "relative")
    assert score(-0.8200, NEG, "relative") and not score(-0.8190, NEG, "relative")  # ±0.00828
    assert score(4, SCORE, "relative") and not score(4.1, SCORE, "relative")
    assert score((14, 1), GA, "relative")


def test_exact():
    assert score(25.238, CRCL, "exact") and not score(25.24, CRCL, "exact")
    assert score(4.0, SCORE, "exact") and not score(4.4, SCORE, "exact")
    assert score(dt.date(2014, 9, 23), DUE, "exact") and not score(None, DUE, "exact")


def test_rules_registry_and_parameter_errors():
    assert set(RULES) == {"medcalc_bench", "mdcalc_precision", "relative", "exact"}
    with pytest.raises(ValueError, match="unknown scoring rule 'fuzzy'; known rules"):
        score(1, SCORE, "fuzzy")
    with pytest.raises(ValueError, match="takes no parameter percent"):
        score(1, SCORE, "exact", percent=2)
    with pytest.raises(ValueError, match="percent must be"):
        score(1, SCORE, "relative", percent=-1)
    with pytest.raises(ValueError, match="decimals must be"):
        score(25.2, CRCL, "mdcalc_precision", decimals=-1)


# --- statuses and the decimals an outcome was written with ----------------------------------

@pytest.mark.parametrize("status", ["unparsed", "truncated", "refused", "error"])
def test_a_non_ok_status_is_never_correct(status):
    o = Outcome(raw='{"answer": 25.238}', answer=25.238, status=status)
    for rule in RULES:
        assert not is_correct(o, CRCL, rule)
    assert is_correct(Outcome(raw="", answer=25.238, status="ok"), CRCL)


def test_outcome_decimals_from_trace_then_raw():
    written = Outcome(raw='{"answer": "25.20"}', answer=25.2, status="ok")
    assert outcome_decimals(written, CRCL) == 2
    assert not is_correct(written, CRCL, "mdcalc_precision")  # judged at 2 places
    assert is_correct(written, CRCL, "mdcalc_precision", decimals=1)  # an explicit parameter wins
    traced = Outcome(raw="", answer=25.2, status="ok", trace={"answer_decimals": 1})
    assert outcome_decimals(traced, CRCL) == 1 and is_correct(traced, CRCL, "mdcalc_precision")
    # The raw text gives another value (say, a tool computed the answer): fall back to the float.
    other = Outcome(raw="the model wrote 30.00", answer=25.2, status="ok")
    assert outcome_decimals(other, CRCL) is None and is_correct(other, CRCL, "mdcalc_precision")


# --- rules as evaluators of stored attempts ---------------------------------------------------

def test_score_evaluator_is_named_after_its_rule_and_parameters_and_versioned():
    assert set(RULE_VERSIONS) == set(RULES)
    assert ScoreEvaluator().name == "score:medcalc_bench"
    assert ScoreEvaluator().version == RULE_VERSIONS["medcalc_bench"]
    assert ScoreEvaluator("relative", percent=5.0).name == "score:relative(percent=5)"
    assert ScoreEvaluator("relative", percent=2.5).name == "score:relative(percent=2.5)"
    with pytest.raises(ValueError, match="takes no parameter percent"):
        ScoreEvaluator("exact", percent=2)


@pytest.mark.parametrize("rule", sorted(RULES))
def test_score_evaluator_payload_is_is_correct(rule):
    for outcome in (Outcome(raw='{"answer": "25.20"}', answer=25.2, status="ok"),
                    Outcome(raw="", answer=25.238, status="ok"),
                    Outcome(raw="", answer=25.238, status="refused")):
        attempt = Attempt(key="k", run_id="r", case_id=CRCL.id, strategy="direct", strategy_version="1",
                          model="m", epoch=0, outcome=outcome, created_at="2025-01-01T00:00:00.000+00:00")
        assert ScoreEvaluator(rule).evaluate(CRCL, attempt) == {"correct": is_correct(outcome, CRCL, rule)}


# --- The real dataset: its own ground truth is correct under every rule -------------------

def _v1():
    try:
        return load_cases()
    except DatasetNotFound:
        pytest.skip("MedCalc-Bench data not found")


def test_v1_ground_truth_scores_correct_under_every_rule():
    cases = _v1()
    for c in cases:
        for rule in RULES:
            assert score(c.ground_truth, c, rule), (c.id, rule)


def test_v1_limits_are_five_percent_for_decimals():
    cases = [c for c in _v1() if c.output_type == "decimal" and c.ground_truth != 0]
    inside = sum(score(c.ground_truth * 1.049, c) for c in cases)
    outside = sum(score(c.ground_truth * 1.051, c) for c in cases)
    assert inside == len(cases) and outside == 0
