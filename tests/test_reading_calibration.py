"""Fitting the reading's confidence on a design sample (reading.calibration): per-input counts by
what settled an input, the isotonic case fit, the review threshold, the reliability table; worked
on small hand-made samples."""

import dataclasses

import pytest

from medreckon.reading import confidence as C
from medreckon.reading.calibration import (
    Example,
    choose_threshold,
    fit,
    input_counts,
    isotonic,
    reliability,
)
from medreckon.reading.result import InputReading, Source


def finding(name, state, value, matters=True):
    return InputReading(name, "boolean", value, Source.RULE, "context", detail={"state": state}, matters=matters)


def test_inputs_are_counted_at_every_level_they_are_looked_up_by():
    ex = [Example({"a": finding("a", "present", True), "b": finding("b", "absent", False)}, {"a": True, "b": False}, True),
          Example({"a": finding("a", "present", True)}, {"a": False}, False)]
    counts = input_counts(ex)
    assert counts["boolean:context:present"] == [1, 2] and counts["boolean:context:absent"] == [0, 1]
    assert counts["boolean:context"] == [1, 3] and counts["context"] == [1, 3]


def test_the_case_fit_is_monotone_pooled_and_smoothed():
    points = [(0.1, False)] * 15 + [(0.2, True)] * 5 + [(0.2, False)] * 10 + [(0.9, True)] * 15
    steps = isotonic(points, min_block=15)
    assert [s for _, s in steps] == sorted(s for _, s in steps)  # non-decreasing
    assert steps[-1] == [0.9, pytest.approx(16 / 17, abs=1e-4)]  # 15 of 15 is not certainty
    assert steps[0][1] == pytest.approx(1 / 17, abs=1e-4)
    violating = [(0.1, True)] * 15 + [(0.5, False)] * 15
    assert len(isotonic(violating, min_block=15)) == 1  # pooled into one step


def test_the_threshold_is_the_lowest_that_keeps_the_answered_right_often_enough():
    points = [(0.95, True)] * 9 + [(0.95, False)] + [(0.6, True)] * 5 + [(0.6, False)] * 5
    assert choose_threshold(points, 0.90) == (0.95, True)  # 9/10 answered right
    assert choose_threshold(points, 0.70) == (0.6, True)  # 14/20 answered right: everyone
    assert choose_threshold(points, 0.91) == (0.95, False)  # not reached: the best on >= a tenth
    assert choose_threshold([], 0.9) == (None, False)


def test_a_fitted_table_is_what_the_confidence_reads():
    sure = {"a": finding("a", "present", True)}
    examples = [Example(sure, {"a": True}, True) for _ in range(20)] + \
               [Example({"a": finding("a", "absent", False)}, {"a": False}, False) for _ in range(20)]
    table = fit(examples, target=0.9, min_n=10)
    assert table["inputs"]["boolean:context:present"] == [20, 20]
    assert C.input_confidence(sure["a"], table) == pytest.approx(21 / 22, abs=1e-4)
    raw = C.raw_score({"a": dataclasses.replace(sure["a"], confidence=21 / 22)})
    assert C.calibrated_case(raw, table) >= table["threshold"] and table["target_met"]


def test_reliability_bins_confidence_against_the_share_right():
    rows = reliability([(0.95, True), (0.92, False), (0.3, False), (None, True)], edges=(0.0, 0.5, 1.0))
    assert rows[0]["n"] == 1 and rows[0]["share_right"] == 0.0
    assert rows[1]["n"] == 2 and rows[1]["share_right"] == 0.5 and rows[1]["mean_confidence"] == 0.935
