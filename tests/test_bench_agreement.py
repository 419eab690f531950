"""Agreement statistics (percent, Cohen's κ, Gwet's AC1, macro-F1) on hand-computed tables, step
verdicts as labels (judge vs exact), and human labels read from CSV."""

from __future__ import annotations

import pytest

from medreckon.bench.analysis import agreement as ag
from medreckon.bench.analysis.verdicts import STEPS, StepVerdicts
from medreckon.bench.types import Evaluation


def table(cells: dict[tuple, int]) -> tuple[list, list]:
    """Two raters' labels from a confusion table {(a, b): count}."""
    a, b = [], []
    for (x, y), n in cells.items():
        a += [x] * n
        b += [y] * n
    return a, b


# ---------------------------------------------------------------- golden tables


def test_binary_table_by_hand():
    # 20 both yes, 5 a-yes b-no, 10 a-no b-yes, 15 both no (n = 50)
    a, b = table({(True, True): 20, (True, False): 5, (False, True): 10, (False, False): 15})
    r = ag.agreement(a, b, labels=(True, False))
    assert r.n == 50 and r.percent == pytest.approx(0.7)
    # p_e = 0.5*0.6 + 0.5*0.4 = 0.5 -> kappa = 0.2 / 0.5
    assert r.kappa == pytest.approx(0.4)
    # pi_yes = 55/100; p_e = 2 * 0.55 * 0.45 = 0.495 -> AC1 = 0.205 / 0.505
    assert r.ac1 == pytest.approx(0.205 / 0.505)
    # F1 yes = 40/55, F1 no = 30/45
    assert r.macro_f1 == pytest.approx((40 / 55 + 30 / 45) / 2)
    assert r.confusion[(True, False)] == 5 and r.confusion[(False, True)] == 10
    lo, hi = r.percent_ci
    assert lo < 0.7 < hi


def test_kappa_paradox_high_agreement_low_kappa_high_ac1():
    # prevalence skewed: 90 both right, 5 and 5 disagreements, none both wrong
    a, b = table({(True, True): 90, (True, False): 5, (False, True): 5})
    r = ag.agreement(a, b, labels=(True, False))
    assert r.percent == pytest.approx(0.9)
    assert r.kappa == pytest.approx((0.9 - 0.905) / (1 - 0.905))  # about -0.05
    assert r.kappa < 0
    assert r.ac1 == pytest.approx((0.9 - 0.095) / (1 - 0.095))  # about 0.89
    assert r.ac1 > 0.85
    assert r.macro_f1 == pytest.approx((180 / 190 + 0) / 2)


def test_three_categories_by_hand():
    a, b = table({("x", "x"): 4, ("y", "y"): 3, ("z", "z"): 1, ("x", "y"): 1, ("y", "z"): 1})
    assert ag.percent_agreement(a, b) == pytest.approx(0.8)
    # a: x5 y4 z1; b: x4 y4 z2 -> p_e = .20 + .16 + .02 = .38
    assert ag.cohen_kappa(a, b) == pytest.approx(0.42 / 0.62)
    # pi = .45, .40, .15 -> p_e = (.2475 + .24 + .1275) / 2 = .3075
    assert ag.gwet_ac1(a, b) == pytest.approx(0.4925 / 0.6925)
    assert ag.macro_f1(a, b) == pytest.approx((8 / 9 + 6 / 8 + 2 / 3) / 3)


def test_declared_categories_count_for_ac1_but_unused_ones_not_for_f1():
    a, b = ["x", "x", "y"], ["x", "y", "y"]
    two = ag.gwet_ac1(a, b)
    three = ag.gwet_ac1(a, b, labels=("x", "y", "z"))
    assert two != three  # q enters AC1's chance agreement
    assert ag.macro_f1(a, b) == ag.macro_f1(a, b, labels=("x", "y", "z"))
    assert ag.cohen_kappa(a, b) == pytest.approx(ag.cohen_kappa(a, b, labels=("x", "y", "z")))


def test_one_label_throughout_kappa_undefined_ac1_one():
    r = ag.agreement([True] * 6, [True] * 6, labels=(True, False))
    assert r.percent == 1.0 and r.kappa is None and r.ac1 == pytest.approx(1.0)
    assert r.macro_f1 == 1.0  # the False class, used by neither, is left out


def test_no_items_gives_no_statistics():
    r = ag.agreement([], [], labels=(True, False))
    assert (r.n, r.percent, r.kappa, r.ac1, r.macro_f1) == (0, None, None, None, None)
    assert r.percent_ci == (0.0, 1.0)
    assert r.to_dict()["confusion"] == []


def test_bad_pairs_are_refused_with_a_reason():
    with pytest.raises(ValueError, match="pairs"):
        ag.percent_agreement([True], [True, False])
    with pytest.raises(ValueError, match="undecided"):
        ag.cohen_kappa([True, None], [True, True])
    with pytest.raises(ValueError, match="not among"):
        ag.agreement(["x"], ["w"], labels=("x", "y"))


# ---------------------------------------------------------------- step verdicts


def sv(steps: str, errors=(), status="ok", source="exact") -> StepVerdicts:
    """Steps from a string of four marks: 1 right, 0 wrong, ? undecided."""
    marks = {"1": True, "0": False, "?": None}
    return StepVerdicts(source, status, steps=dict(zip(STEPS, (marks[c] for c in steps), strict=True)),
                        errors=tuple(errors))


def test_first_error_label():
    assert ag.first_error_label(sv("1111")) == "none"
    assert ag.first_error_label(sv("1011")) == "values"
    assert ag.first_error_label(sv("1?01")) is None  # undecided before the first wrong step
    assert ag.first_error_label(sv("0???")) == "calculator"


def test_step_agreement_judge_vs_exact():
    pairs = [
        (sv("1111", source="judge"), sv("1111")),
        (sv("1101", ["arithmetic"], source="judge"), sv("1111")),
        (sv("1011", ["incorrect_extraction"], source="judge"), sv("1011", ["incorrect_extraction"])),
        (sv("1?11", source="judge"), sv("1011", ["unit_conversion"])),  # judge undecided on values
        (sv("????", status="judge_error", source="judge"), sv("1111")),  # left out, counted
        (sv("1111", source="judge"), sv("1???", status="no_trace")),
    ]
    r = ag.step_agreement(pairs)
    assert (r.rater_a, r.rater_b, r.pairs) == ("judge", "exact", 4)
    assert r.unusable == {"a:judge_error": 1, "b:no_trace": 1}
    calc = r.label("calculator")
    assert calc.agreement.n == 4 and calc.agreement.percent == 1.0 and calc.agreement.kappa is None
    values = r.label("values")
    assert values.agreement.n == 3 and values.undecided == {"a": 1}
    assert values.agreement.percent == 1.0
    arith = r.label("arithmetic")
    assert arith.agreement.n == 4 and arith.agreement.percent == pytest.approx(0.75)
    assert arith.agreement.confusion == {(True, True): 3, (False, True): 1}
    first = r.label("first_error")
    assert first.agreement.n == 3 and first.undecided == {"a": 1}
    assert first.agreement.confusion == {("none", "none"): 1, ("arithmetic", "none"): 1,
                                         ("values", "values"): 1}
    unit = r.label("error:unit_conversion")
    assert unit.agreement.n == 4 and unit.agreement.confusion[(False, True)] == 1
    d = r.to_dict()
    assert [x["label"] for x in d["labels"]][:5] == [*STEPS, "first_error"]
    assert d["unusable"] == {"a:judge_error": 1, "b:no_trace": 1}


def evaluation(key: str, payload: dict, status="ok", evaluator="judge:x") -> Evaluation:
    return Evaluation(key, evaluator, "1", status, payload, "2025-01-01T00:00:00.000Z")


def test_paired_verdicts_from_evaluations():
    judge = [evaluation("k1", sv("1111", source="judge").to_dict()),
             evaluation("k2", {"error": "JudgeRequestFailed: down"}, status="error"),
             evaluation("k3", sv("0111", source="judge").to_dict())]
    exact = [evaluation("k1", sv("1111").to_dict(), evaluator="steps"),
             evaluation("k2", sv("1111").to_dict(), evaluator="steps"),
             evaluation("k4", sv("1111").to_dict(), evaluator="steps")]
    pairs, counts = ag.paired_verdicts(judge, exact)
    assert len(pairs) == 1 and pairs[0][0].source == "judge" and pairs[0][1].source == "exact"
    assert counts == {"a:error": 1, "a_only": 1, "b_only": 2}


# ---------------------------------------------------------------- human labels


def write(tmp_path, text: str):
    path = tmp_path / "labels.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_read_human_labels(tmp_path):
    path = write(tmp_path, "\ufeffattempt_key,case_id,step,label,comment\n"
                           "k1,,calculator,1,fine\n"
                           "k1,,answer,Wrong,\n"
                           ",c2,values,true,\n"
                           ",c2,error:unit_conversion,1,mg/dL as umol/L\n"
                           "k3,,answer,,not looked at\n"
                           "\n")
    labels = ag.read_human_labels(path)
    assert [(r.line, r.attempt_key, r.case_id, r.label, r.value) for r in labels.rows] == [
        (2, "k1", None, "calculator", True), (3, "k1", None, "answer", False),
        (4, None, "c2", "values", True), (5, None, "c2", "error:unit_conversion", True)]
    assert labels.blank == 1


def test_bad_human_labels_name_line_and_column(tmp_path):
    path = write(tmp_path, "case_id,step,label\n"
                           "c1,formula,1\n"
                           "c1,answer,maybe\n"
                           ",answer,1\n"
                           "c1,error:rounding,right\n"
                           "c1,answer,0\n"
                           "c1,answer,1\n"
                           "c1,error:nonsense,1\n")
    with pytest.raises(ag.HumanLabelsError) as info:
        ag.read_human_labels(path)
    text = str(info.value)
    assert f"{path}:2: column 2 (step): 'formula' is not one of" in text
    assert f"{path}:3: column 3 (label): 'maybe'" in text
    assert f"{path}:4: column 1 (case_id): no attempt key or case id" in text
    assert f"{path}:5: column 3 (label): 'right' is ambiguous" in text
    assert f"{path}:7: column 3 (label): case_id c1 already has a answer label on line 6" in text
    assert f"{path}:8: column 2 (step): 'error:nonsense'" in text


def test_human_labels_header_and_missing_file(tmp_path):
    with pytest.raises(ag.HumanLabelsError, match=r":1: the header lacks column\(s\) label, attempt_key or case_id"):
        ag.read_human_labels(write(tmp_path, "id,step,verdict\nk1,answer,1\n"))
    with pytest.raises(ag.HumanLabelsError, match="cannot read human labels"):
        ag.read_human_labels(tmp_path / "nowhere.csv")


def test_human_agreement_matches_by_key_and_by_case(tmp_path):
    path = write(tmp_path, "attempt_key,case_id,step,label\n"
                           "k1,,answer,1\n"
                           "k1,,error:arithmetic,0\n"
                           ",c2,answer,0\n"
                           ",c2,values,0\n"
                           ",c3,answer,1\n"          # c3 has two attempts: ambiguous
                           ",c9,answer,1\n"          # no such case
                           "k9,,answer,1\n"          # no such attempt
                           "k4,,answer,1\n")         # its verdict is a judge_error
    verdicts = [("k1", "c1", sv("1111")), ("k2", "c2", sv("1000", ["incorrect_extraction"])),
                ("k3a", "c3", sv("1111")), ("k3b", "c3", sv("1111")),
                ("k4", "c4", sv("????", status="judge_error"))]
    r = ag.human_agreement(ag.read_human_labels(path), verdicts)
    assert (r.rater_a, r.rater_b, r.pairs) == ("exact", "human", 2)
    assert r.unmatched == {"ambiguous_case": 1, "no_such_case": 1, "no_such_attempt": 1}
    assert r.unusable == {"a:judge_error": 1}
    assert [x.label for x in r.labels] == ["values", "answer", "error:arithmetic"]
    answer = r.label("answer").agreement
    assert answer.n == 2 and answer.percent == 1.0
    assert r.label("values").agreement.confusion == {(False, False): 1}
    assert r.label("error:arithmetic").agreement.confusion == {(False, False): 1}
