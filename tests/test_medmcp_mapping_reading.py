"""How a mapping reads MedMCP-Calc's value texts: yes/no words beyond yes and no, and amounts written
in two units (a gestational age in weeks and days), and date answers."""

import pytest

from medreckon.bench.coverage.mapping import FieldRule, Unmapped, compound_amount, read_value
from medreckon.calculators.fields import Quantity
from medreckon.calculators.registry import get


@pytest.mark.parametrize("text, value", [("Present (insomnia)", True), ("Absent", False), ("True", True),
                                         ("False", False), ("Positive", True), ("Negative", False), ("Yes", True)])
def test_yes_no_words(text, value):
    rule = FieldRule(("x",), "microvascular_disease")
    assert read_value(get("diabetes-vascular-protection"), rule, "x", text) is value


def test_other_words_are_still_unmapped():
    with pytest.raises(Unmapped):
        read_value(get("diabetes-vascular-protection"), FieldRule(("x",), "microvascular_disease"), "x", "Unknown")


@pytest.mark.parametrize("text, weeks", [("31 weeks 1 days", 31 + 1 / 7), ("36w2d", 36 + 2 / 7),
                                         ("39 weeks 2 days (by dates)", 39 + 2 / 7)])
def test_compound_amounts(text, weeks):
    assert compound_amount(text, Quantity("wk")) == pytest.approx(weeks)


@pytest.mark.parametrize("text", ["1-3 kg (2.0 kg)", "12 kg", "36 weeks"])
def test_single_amounts_are_not_compound(text):
    assert compound_amount(text, Quantity("wk")) is None


def test_a_compound_value_reaches_the_calculator():
    rule = FieldRule(("Gestational age",), "gestational_age")
    value = read_value(get("neonatal-eos"), rule, "Gestational age", "36w2d")
    assert value == {"value": pytest.approx(36 + 2 / 7), "unit": "wk"}


@pytest.mark.parametrize("answer, weeks_days, agrees", [("3 weeks 3 days", (3, 3), True), ("43 weeks 3 days", (43, 2), False),
                                                        ("39 weeks & 3 days", (39, 3), True), ("12w2d", (12, 2), True)])
def test_weeks_and_days_answers(answer, weeks_days, agrees):
    from medreckon.bench.coverage.answers import _WEEKS_DAYS
    from medreckon.bench.coverage.mapping import value_key

    m = _WEEKS_DAYS.search(value_key(answer))
    assert ((int(m.group(1)), int(m.group(2))) == weeks_days) is agrees


@pytest.mark.parametrize("answer", ["December 21, 2025", "Sunday, Dec 21, 2025", "2025-12-21", "12/21/2025",
                                    "Dec  21, 2025"])
def test_date_answers(answer):
    import datetime as dt

    from medreckon.bench.coverage.answers import their_date

    assert their_date(answer) == dt.date(2025, 12, 21)


def test_a_text_that_is_not_a_date_is_unmapped():
    from medreckon.bench.coverage.answers import their_date

    with pytest.raises(Unmapped):
        their_date("39 weeks 1 day")
