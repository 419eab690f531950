"""The shared point helpers: points and the wording of each step, on both sides of every limit."""

import pytest

from medreckon.calculators.points import (
    any_of,
    banded,
    category,
    compared,
    cut_offs,
    finding,
    sum_points,
    threshold,
)
from medreckon.calculators.spec import Working


def last(w):
    s = w.steps[-1]
    return s.what, s.expression, s.value, s.unit


def test_finding_scores_present_only_and_keeps_half_point_scores_decimal():
    w = Working()
    assert finding(w, "syncope", True, 2) == 2
    assert last(w) == ("syncope", "present", 2, "points")
    assert finding(w, "haemoptysis", False, 1.0) == 0.0 and isinstance(w.steps[-1].value, float)
    assert finding(w, "cough absent", False, texts=("no cough", "cough reported"), unit="criteria") == 0
    assert last(w) == ("cough absent", "cough reported", 0, "criteria")


def test_any_of_scores_once():
    w = Working()
    assert any_of(w, "previous PE or DVT", (("PE", True), ("DVT", True)), 1.5) == 1.5
    assert last(w)[1] == "PE + DVT"
    assert any_of(w, "CVA or TIA", (("CVA", False), ("TIA", False)), none="absent") == 0
    assert last(w)[1] == "absent"


def test_category_shows_the_choice_in_words():
    w = Working()
    assert category(w, "liver disease", "moderate_to_severe", {"none": 0, "moderate_to_severe": 3}) == 3
    assert last(w)[1] == "moderate to severe"


@pytest.mark.parametrize("op, value, holds, text", [
    (">", 65, False, "age 65 ≤ 65"), (">", 66, True, "age 66 > 65"),
    ("≥", 64, False, "age 64 < 65"), ("≥", 65, True, "age 65 ≥ 65"),
    ("<", 65, False, "age 65 ≥ 65"), ("<", 64, True, "age 64 < 65"),
    ("≤", 66, False, "age 66 > 65"), ("≤", 65, True, "age 65 ≤ 65"),
])
def test_compared_on_both_sides_of_the_limit(op, value, holds, text):
    assert compared(f"age {value}", value, op, 65) == (holds, text)


def test_threshold_points_and_limit_unit():
    w = Working()
    assert threshold(w, "SaO2 < 95%", "SaO2 94%", 94, "<", 95, unit="criteria", limit_unit="%") == 1
    assert last(w) == ("SaO2 < 95%", "SaO2 94% < 95%", 1, "criteria")
    assert threshold(w, "heart rate > 100", "heart rate 100", 100, ">", 100, 1.5) == 0.0


BANDS = ((41, 4), (39, 3), (None, 0))


@pytest.mark.parametrize("value, points, text", [(41, 4, "41 ≤ 41 °C"), (40.9, 3, "39 ≤ 40.9 °C < 41"),
                                                 (38.9, 0, "38.9 °C < 39")])
def test_banded(value, points, text):
    w = Working()
    assert banded(w, "temperature", value, "°C", BANDS) == points
    assert last(w)[1] == text


def test_banded_strict_lower_bound():
    w = Working()
    assert banded(w, "PaO2", 70, "mm Hg", ((70, 0, True), (61, 1), (None, 4))) == 1
    assert last(w)[1] == "61 ≤ 70 mm Hg ≤ 70"


@pytest.mark.parametrize("value, points, text", [(75, 2, "age 75 ≥ 75"), (65, 1, "65 ≤ age 65 < 75"),
                                                 (64, 0, "age 64 < 65")])
def test_cut_offs(value, points, text):
    w = Working()
    assert cut_offs(w, "age", f"age {value}", value, ((75, 2), (65, 1), (None, 0))) == points
    assert last(w)[1] == text


@pytest.mark.parametrize("value, points, text", [(3.0, 2, "2 ≤ bilirubin 3 ≤ 3"), (3.01, 3, "bilirubin 3.01 > 3"),
                                                 (1.99, 1, "bilirubin 1.99 < 2")])
def test_cut_offs_with_a_closed_middle_band(value, points, text):
    w = Working()
    assert cut_offs(w, "bilirubin", f"bilirubin {value:g}", value, ((3, 3, True), (2, 2), (None, 1))) == points
    assert last(w)[1] == text


def test_sum_points():
    w = Working()
    assert sum_points(w, (3.0, 1.5, 0.0), show=lambda p: f"{p:g}") == 4.5
    assert last(w) == ("total", "3 + 1.5 + 0", 4.5, "points")
    assert sum_points(w, (1, 0), "criteria met", "criteria") == 1
    assert last(w) == ("criteria met", "1 + 0", 1, "criteria")
