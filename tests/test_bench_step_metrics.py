"""Step-wise metrics (`bench.analysis.step_metrics`) on small hand-counted sets of verdicts:
step-wise accuracy, per-step accuracy, Conditional Correctness, First-Error rates, Wilson
bounds, the error taxonomy and its OpenMedCalc classes, and the grouping by category and
calculator."""

from __future__ import annotations

import json

import pytest

from medreckon.bench.analysis.step_metrics import (
    OPENMEDCALC_CLASSES,
    Rate,
    step_metrics,
    step_report,
)
from medreckon.bench.analysis.verdicts import (
    ENTITY_VERDICTS,
    ERROR_TYPES,
    EntityVerdict,
    StepVerdicts,
)
from medreckon.bench.types import Case

T, F, N = True, False, None


def v(calculator, values, arithmetic, answer, status="ok", errors=(), entities=(), source="exact"):
    return StepVerdicts(source=source, status=status,
                        steps={"calculator": calculator, "values": values, "arithmetic": arithmetic,
                               "answer": answer},
                        errors=errors, entities=tuple(EntityVerdict(f, e) for f, e in entities))


def case(cid, category="lab", calc_id=6, name="BMI"):
    return Case(id=cid, calculator_id=calc_id, calculator_name=name, note="", question="",
                ground_truth=1.0, lower=0.95, upper=1.05, output_type="decimal", category=category,
                entities={}, dataset="medcalc-bench", dataset_version="v1.0")


# Eight ok verdicts, counted by hand:
#   1 TTTT   2 TTTT   3 TTTF   4 TTFF   5 TFTF   6 TFTT   7 FNTF   8 TTNT
# plus one no_trace and one no_answer (not in n).
SET = [
    v(T, T, T, T), v(T, T, T, T), v(T, T, T, F, errors=("rounding",)),
    v(T, T, F, F, errors=("arithmetic",)),
    v(T, F, T, F, errors=("incorrect_extraction", "demographic_adjustment"),
      entities=[("age", "wrong_value"), ("sex", "correct")]),
    v(T, F, T, T, errors=("clinical_misinterpretation",), entities=[("hypertension", "finding_flipped")]),
    v(F, N, T, F, errors=("formula_misselection",)),
    v(T, T, N, T),
    v(N, N, N, T, status="no_trace"), v(N, N, N, N, status="no_answer"),
]


def rate(r: Rate) -> tuple[int, int]:
    return r.k, r.n


def test_counts_by_hand():
    m = step_metrics(SET)
    assert m.n == 8 and m.statuses == {"ok": 8, "no_trace": 1, "no_gold": 0, "no_answer": 1, "judge_error": 0}
    assert rate(m.all_right) == (2, 8) and m.all_right.p == 0.25
    # per step, of the decided: calculator 7/8; values 5/7 (7 has none); arithmetic 6/7; answer 4/8
    assert {s: rate(r) for s, r in m.accuracy.items()} == {
        "calculator": (7, 8), "values": (5, 7), "arithmetic": (6, 7), "answer": (4, 8)}
    # CC: values given calculator right: 5/7; arithmetic given both: 1,2,3,4 decided -> 3/4 (8 is
    # undecided); answer given three right: 1,2,3 -> 2/3
    assert {s: rate(r) for s, r in m.conditional.items()} == {
        "calculator": (7, 8), "values": (5, 7), "arithmetic": (3, 4), "answer": (2, 3)}
    # first errors: calculator 7; values 5, 6; arithmetic 4; answer 3; none 1, 2, 8
    assert {s: rate(r) for s, r in m.first_error.items()} == {
        "calculator": (1, 8), "values": (2, 8), "arithmetic": (1, 8), "answer": (1, 8), "none": (3, 8)}
    assert sum(r.k for r in m.first_error.values()) == m.n
    assert m.errors == dict.fromkeys(ERROR_TYPES, 0) | {
        "rounding": 1, "arithmetic": 1, "incorrect_extraction": 1, "demographic_adjustment": 1,
        "clinical_misinterpretation": 1, "formula_misselection": 1}
    # one class per type here; two types of one class in one attempt count once (below)
    assert m.openmedcalc == dict.fromkeys(OPENMEDCALC_CLASSES, 0) | {
        "calculation": 2, "assignment": 1, "incorrect_criteria": 1, "interpretation": 1, "incorrect_formula": 1}
    assert m.entities == dict.fromkeys(ENTITY_VERDICTS, 0) | {"wrong_value": 1, "correct": 1, "finding_flipped": 1}
    assert m.sources == {"exact": 8}


def test_wilson_bounds_are_those_of_the_counts():
    m = step_metrics(SET)
    r = m.conditional["arithmetic"]  # 3 of 4
    assert r.lo == pytest.approx(0.3006, abs=1e-4) and r.hi == pytest.approx(0.9544, abs=1e-4)
    assert r.lo < r.p < r.hi
    assert (m.all_right.lo, m.all_right.hi) == pytest.approx((0.0715, 0.5907), abs=1e-4)
    empty = step_metrics([v(N, N, N, T, status="no_trace")])
    assert empty.n == 0 and empty.all_right.p is None and (empty.all_right.lo, empty.all_right.hi) == (0.0, 1.0)
    assert all(r.n == 0 for r in empty.conditional.values())
    assert empty.why_empty() == ("none of 1 attempts has ok verdicts: 1 without a calculation trace "
                                 "(free text: use structured_cot or a judge)")
    assert step_metrics([]).why_empty() == "no attempts" and step_metrics(SET).why_empty() is None


def test_one_error_type_twice_counts_once():
    m = step_metrics([v(T, F, T, F, errors=("incorrect_extraction", "incorrect_extraction")),
                      v(T, T, F, F, errors=("unit_conversion", "arithmetic", "rounding"))])
    assert m.errors["incorrect_extraction"] == 1 and m.openmedcalc["assignment"] == 1
    assert m.openmedcalc["calculation"] == 1 and m.errors["arithmetic"] == m.errors["unit_conversion"] == 1


def test_groups_by_category_and_calculator():
    rows = [(case("1"), SET[0]), (case("2", "risk", 4, "CHA2DS2-VASc"), SET[2]),
            (case("3"), SET[4]), (case("4", "risk", None, "Unnumbered"), SET[8])]
    report = step_report(rows)
    assert report.overall.n == 3
    assert [(g.key, g.n) for g in report.by_category] == [("lab", 2), ("risk", 1)]
    assert [(g.key, g.calculator_id, g.n) for g in report.by_calculator] == [
        ("CHA2DS2-VASc", 4, 1), ("BMI", 6, 2), ("Unnumbered", None, 0)]
    lab = report.by_category[0]
    assert rate(lab.all_right) == (1, 2) and rate(lab.first_error["values"]) == (1, 2)
    d = report.to_dict()
    assert json.loads(json.dumps(d)) == d and d["overall"]["conditional"]["answer"] == {
        "k": 1, "n": 2, "p": 0.5, "lo": pytest.approx(0.0945, abs=1e-4), "hi": pytest.approx(0.9055, abs=1e-4)}
    assert d["by_calculator"][2]["all_right"]["p"] is None


def test_judged_verdicts_and_bad_rows():
    m = step_metrics([v(T, T, T, T, source="judge"), v(N, N, N, N, status="judge_error", source="judge")])
    assert m.n == 1 and m.sources == {"judge": 1} and m.statuses["judge_error"] == 1
    with pytest.raises(TypeError, match=r"rows\[0\]"):
        step_report([("case", SET[0])])
