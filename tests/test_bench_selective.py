"""Selective prediction (bench.analysis.selective): the risk-coverage curve, its area, accuracy at a
coverage and at a threshold, worked by hand; ties counted pro rata; an arm without confidences."""

import pytest

from medreckon.bench.analysis.selective import (
    accuracy_at,
    at_threshold,
    aurc,
    optimal_aurc,
    risk_coverage,
    selective,
    selective_of,
)
from medreckon.bench.types import Outcome

ITEMS = [(0.9, True), (0.8, False), (0.7, True), (None, False)]  # None: no confidence, ranks last


def test_the_curve_and_its_area_by_hand():
    curve = risk_coverage(ITEMS)
    assert [c for c, _ in curve] == [0.25, 0.5, 0.75, 1.0]
    assert [r for _, r in curve] == pytest.approx([0.0, 0.5, 1 / 3, 0.5])
    assert aurc(ITEMS) == pytest.approx((0 + 1 / 2 + 1 / 3 + 2 / 4) / 4)
    assert optimal_aurc(ITEMS) == pytest.approx((0 + 0 + 1 / 3 + 2 / 4) / 4)  # both right ones first
    assert aurc([]) is None


def test_accuracy_at_a_coverage_takes_the_most_confident():
    assert accuracy_at(ITEMS, 0.25) == 1.0 and accuracy_at(ITEMS, 0.5) == 0.5
    assert accuracy_at(ITEMS, 0.8) == accuracy_at(ITEMS, 1.0) == 0.5  # ceil(0.8 * 4) = 4
    assert accuracy_at(ITEMS, 0.0) is None and accuracy_at([], 0.5) is None


def test_a_threshold_answers_those_at_or_above_it():
    assert at_threshold(ITEMS, 0.8) == (0.5, 0.5, 2)  # 0.8 itself is answered
    assert at_threshold(ITEMS, 0.81) == (0.25, 1.0, 1)
    assert at_threshold(ITEMS, 0.95) == (0.0, None, 0)


def test_ties_count_pro_rata_so_no_confidence_is_no_ranking():
    flat = [(None, True), (None, False), (None, True), (None, True)]
    assert aurc(flat) == pytest.approx(0.25)  # the error rate at every coverage
    assert [r for _, r in risk_coverage(flat)] == [pytest.approx(0.25)]
    tie = [(0.5, True), (0.5, False)]
    assert accuracy_at(tie, 0.5) == 0.5  # the expected accuracy over both orders


def test_the_summary_and_the_attempts_it_reads():
    s = selective(ITEMS, threshold=0.8)
    assert (s.n, s.with_confidence, s.accuracy) == (4, 3, 0.5)
    assert s.accuracy_at == {"50%": 0.5, "80%": 0.5, "100%": 0.5}
    assert (s.coverage_at_threshold, s.accuracy_at_threshold) == (0.5, 0.5)
    rows = [(None, Outcome(raw="", answer=1, status="ok", trace={"reading": {"confidence": c, "threshold": 0.8}}))
            for c, _ in ITEMS]
    got = selective_of(rows, [r for _, r in ITEMS])
    assert got is not None and got.aurc == pytest.approx(aurc(ITEMS)) and got.threshold == 0.8
    plain = [(None, Outcome(raw="", answer=1, status="ok"))] * 2
    assert selective_of(plain, [True, False]) is None
