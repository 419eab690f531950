"""Category answers (a calculator whose value is a label): read from a reply, scored by exact
label after normalisation, stored and read back."""

import pytest

from medreckon.bench.analysis.scoring import RULES, is_correct, score
from medreckon.bench.answers import (
    format_answer,
    label_key,
    parse_answer,
    read_category,
    typed_answer,
)
from medreckon.bench.runs.store import decode_answer, encode_answer
from medreckon.bench.types import Case, Outcome

LABELS = ("Mild", "Moderate", "Severe", "Moderately severe")


def case(truth="Severe"):
    return Case(id="1", calculator_id=None, calculator_name="ARDS severity", note="", question="",
                ground_truth=truth, lower=None, upper=None, output_type="category", category="x",
                entities={}, dataset="t", dataset_version="1")


def test_label_key_ignores_case_punctuation_and_spacing():
    assert label_key("High-risk") == label_key(" high   RISK ") == "high risk"
    assert label_key("Stage IIIb") == "stage iiib"
    assert label_key("Stage IIIa") != label_key("Stage IIIb")


@pytest.mark.parametrize("text,expected", [
    ("Severe", "Severe"),
    ("severe.", "Severe"),
    ("The answer is Severe ARDS", "Severe"),
    ("Moderately severe", "Moderately severe"),     # the longer label, not "Moderate" or "Severe"
    ("moderately-severe disease", "Moderately severe"),
    ("Moderate to severe", None),                    # two labels named: no answer
    ("nothing of the kind", None),
    ("", None),
])
def test_read_category_with_the_labels(text, expected):
    assert read_category(text, LABELS) == expected


def test_read_category_without_the_labels_takes_a_short_text_only():
    assert read_category('"Primary respiratory acidosis"') == "Primary respiratory acidosis"
    assert read_category("x" * 81) is None
    assert read_category("two\nlines") is None


@pytest.mark.parametrize("reply,status,answer,method", [
    ('{"answer": "severe"}', "ok", "Severe", "json"),
    ("After weighing it all, the severity is moderate.", "ok", "Moderate", "bare"),
    ("The P/F ratio is 85.\nThat places the patient in the severe range.", "ok", "Severe", "last_sentence"),
    ("Final answer: Mild", "ok", "Mild", "answer_phrase"),
    ("\\boxed{Moderately severe}", "ok", "Moderately severe", "boxed"),
    ('{"answer": "moderate or severe"}', "unparsed", None, "json"),
    ("I cannot determine this.", "refused", None, "refusal"),
])
def test_parse_finds_the_label_in_a_reply(reply, status, answer, method):
    parsed = parse_answer(reply, "category", categories=LABELS)
    assert (parsed.status, parsed.answer, parsed.method) == (status, answer, method)


def test_parse_without_labels_reads_a_bare_label_but_never_guesses_from_prose():
    assert parse_answer("Positive", "category").answer == "Positive"
    assert parse_answer("I think overall it looks positive to me, given everything.", "category").status == "unparsed"


@pytest.mark.parametrize("rule", list(RULES))
def test_every_rule_scores_a_label_exactly_after_normalisation(rule):
    assert score("severe", case(), rule)
    assert score("SEVERE ", case(), rule)
    assert not score("Moderately severe", case(), rule)
    assert not score(None, case(), rule)
    assert not score(3.0, case(), rule)  # a number is not a label
    assert not score("", case(""), rule)  # an empty label matches nothing


def test_is_correct_needs_status_ok():
    assert is_correct(Outcome(raw="Severe", answer="Severe", status="ok"), case())
    assert not is_correct(Outcome(raw="Severe", answer="Severe", status="truncated"), case())


def test_category_answers_round_trip_the_store_and_format():
    assert decode_answer(encode_answer("Stage IIIb")) == "Stage IIIb"
    assert encode_answer("Stage IIIb") == {"category": "Stage IIIb"}
    assert format_answer("Stage IIIb", "category") == "Stage IIIb"
    assert typed_answer("High risk", "category") == "High risk"
    with pytest.raises(ValueError):
        typed_answer(3, "category")
