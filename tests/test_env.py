"""The environment: generator, renderer, verifier, formats, bench dataset, paraphrase check,
MedCalc-Eval import and its formula whitelist."""

from __future__ import annotations

import datetime as dt
import json

import pytest

import medreckon
from medreckon.bench.calculation import calculator_for_case
from medreckon.bench.datasets import load_cases
from medreckon.bench.datasets.files import DatasetError
from medreckon.env import GenerationError, Generator, difficulty, generate, recompute
from medreckon.env.formats import exports, internbootcamp, verifiers_env
from medreckon.env.formula import FormulaError, compile_formula
from medreckon.env.medcalc_eval import import_config, summary
from medreckon.env.paraphrase import paraphrase
from medreckon.env.render import FINDING_TEXT, Fact, finding_text
from medreckon.env.verify import reward
from medreckon.errors import CalculatorInputError
from scripted import Scripted

CALCS = ["cockcroft-gault", "curb-65", "gestational-age", "wells-pe", "bmi"]


@pytest.fixture(scope="module")
def hard_cases():
    return generate(40, CALCS, seed=7, level="hard")


def test_reproducible_stratified_and_independent_of_other_calculators(hard_cases):
    again = generate(40, CALCS, seed=7, level="hard")
    assert again == hard_cases
    assert sorted(c["calculator"] for c in hard_cases[:5]) == sorted(CALCS)  # each in turn
    assert [c["calculator"] for c in hard_cases[5:10]] == [c["calculator"] for c in hard_cases[:5]]
    assert {c["calculator"] for c in hard_cases} == set(CALCS)
    assert max(sum(c["calculator"] == x for c in hard_cases) for x in CALCS) == 8
    alone = generate(8, ["bmi"], seed=7, level="hard")
    assert alone == [c for c in hard_cases if c["calculator"] == "bmi"]
    assert generate(5, CALCS, seed=8, level="hard") != hard_cases[:5]


def test_the_order_takes_specialties_in_turn_and_follows_the_seed():
    from medreckon.calculators.registry import all_calculators
    from medreckon.env.generator import stratified_order

    calcs = list(all_calculators())
    order = stratified_order(calcs, 0)
    assert sorted(c.id for c in order) == sorted(c.id for c in calcs)  # each once
    specialties = {c.specialty for c in calcs}
    first = order[:len(specialties)]
    assert {c.specialty for c in first} == specialties  # one of each before any repeats
    assert stratified_order(calcs, 0) == order and stratified_order(calcs, 1) != order
    assert order[:5] != sorted(calcs, key=lambda c: c.id)[:5]


def test_every_case_is_rederived_and_names_its_calculator(hard_cases):
    assert recompute(hard_cases) == [None] * len(hard_cases)
    for c in hard_cases:
        calc = medreckon.get_calculator(c["calculator"])
        assert c["calculator_name"] == calc.name
        if calc.output.range and c["output_type"] in ("decimal", "integer"):
            assert calc.output.range[0] <= c["value"] <= calc.output.range[1]


def test_joint_constraints_hold(hard_cases):
    for c in generate(60, ["curb-65", "gestational-age", "mean-arterial-pressure"], seed=1):
        i = c["inputs"]
        if c["calculator"] == "curb-65":
            assert i["diastolic_bp"][0] <= i["systolic_bp"][0] - 15
        elif c["calculator"] == "mean-arterial-pressure":
            assert i["diastolic"][0] < i["systolic"][0]
        else:
            lmp, now = (dt.date.fromisoformat(i[k]) for k in ("last_menstrual_period", "current_date"))
            assert 14 <= (now - lmp).days <= 294


def test_knobs_change_the_note_not_the_facts(hard_cases):
    easy = generate(40, CALCS, seed=7, level="easy")
    assert all(c["rule_text"] for c in easy) and not any(c["rule_text"] for c in hard_cases)
    units = {f["unit"] for c in hard_cases for f in c["facts"] if f["unit"]}
    assert units & {"umol/L", "lb", "degF", "in", "m"}  # unit variety
    assert not {f["unit"] for c in easy for f in c["facts"] if f["unit"]} & {"umol/L", "lb", "degF"}
    assert any("on admission" in c["note"] and "use the one on admission" in c["question"] for c in hard_cases)
    assert any(any(w in c["note"] for w in ("denies", "There is no", "Negative for")) for c in hard_cases)
    wells = [c for c in hard_cases if c["calculator"] == "wells-pe"]
    assert any(len(c["facts"]) < 9 for c in wells)  # some absent findings left unmentioned
    assert "Measurements:" in easy[0]["note"] and "Measurements:" not in hard_cases[0]["note"]


def test_bad_requests_are_clear_errors():
    with pytest.raises(CalculatorInputError, match="did you mean"):
        Generator(["cockroft-gault"])
    with pytest.raises(ValueError, match="unknown difficulty knob 'unit_varity'"):
        difficulty("hard", unit_varity=0.5)
    with pytest.raises(ValueError, match="unknown difficulty"):
        difficulty("brutal")
    with pytest.raises(GenerationError, match="200 yr is impossible"):
        Generator(["crcl"], ranges={"crcl": {"age": (200, 300)}})
    with pytest.raises(CalculatorInputError, match="numeric inputs"):
        Generator(["crcl"], ranges={"crcl": {"colour": (1, 2)}})
    # a possible but unreachable range: every draw is rejected, and the error says why
    with pytest.raises(GenerationError, match="no acceptable case in 5 draws.*implausible_output"):
        next(Generator(["bmi"], ranges={"bmi": {"weight": (300, 340), "height": (150, 151)}}, max_tries=5).generate(1))


def test_recompute_catches_tampering(hard_cases):
    c = next(dict(x) for x in hard_cases if isinstance(x["answer"], int | float))
    wrong = {**c, "answer": c["answer"] + 1 if isinstance(c["answer"], int | float) else c["answer"]}
    lost = {**c, "note": "A patient."}
    got = recompute([wrong, lost, {**c, "calculator": "nope"}])
    assert "the facts give" in got[0] and "does not state" in got[1] and got[2] == "unknown calculator 'nope'"


def test_calculate_many_matches_calculate():
    rows = [{"weight": 70, "height": 175}, {"weight": -1, "height": 175}, {"weight": "154 lb", "height": "5 ft 9 in"}]
    got = medreckon.calculate_many("bmi", rows, errors="return")
    assert got[0].to_dict() == medreckon.calculate("bmi", rows[0]).to_dict()
    assert isinstance(got[1], CalculatorInputError) and "weight" in str(got[1])
    assert got[2].to_dict() == medreckon.calculate("bmi", rows[2]).to_dict()
    with pytest.raises(CalculatorInputError):
        medreckon.calculate_many("bmi", rows)
    with pytest.raises(TypeError, match="argument 'errors' takes 'raise' or 'return'"):  # a wrong call shape
        medreckon.calculate_many("bmi", rows, errors="ignore")


def _case(calc="cockcroft-gault", **kw):
    return generate(1, [calc], seed=3, **kw)[0]


def test_reward_reads_every_answer_form_and_never_raises():
    c = _case()
    a = c["answer"]
    for text in (rf"\boxed{{cockcroft-gault: {a}}}", f'{{"answer": {a}}}', f"Final answer: {a} mL/min",
                 f"<think>maybe 3</think>answer is {a} mL/min", [{"role": "assistant", "content": f"\\boxed{{{a}}}"}]):
        assert reward(text, c).correct, text
    assert reward(f"\\boxed{{{a * 1.009:.2f}}}", c).correct and not reward(f"\\boxed{{{a * 1.02:.2f}}}", c).correct
    assert reward(f"\\boxed{{{a * 1.04:.2f}}}", c, rule="medcalc_bench").correct
    assert not reward(f"\\boxed{{{a + 0.1:.1f}}}", c, rule="exact").correct
    for junk in ("", "I cannot help", None, 42, "{{{", "\\boxed{}", "x" * 100_000):
        r = reward(junk, c)
        assert r.score == 0.0 and r.reason
    assert reward("7", {"note": "x"}).status == "invalid_case"
    assert reward(f"answer: {a}", c, format_weight=0.2).score == pytest.approx(0.8)
    assert reward(f"\\boxed{{{a}}}", c, format_weight=0.2).score == 1.0
    assert reward("answer: 1", c, format_weight=0.2, rule="exact").score == 0.0
    with pytest.raises(ValueError, match="unknown scoring rule"):
        reward("1", c, rule="closeish")


def test_reward_mdcalc_precision_uses_written_decimals():
    c = {**_case("bmi"), "answer": 24.7}
    assert reward(r"\boxed{24.66}", c, rule="mdcalc_precision").correct is False
    assert reward(r"\boxed{24.7}", c, rule="mdcalc_precision").correct


def test_internbootcamp_shape_and_explicit_penalties():
    camp = internbootcamp.MedreckonBootcamp(["curb-65"], level="easy", seed=2)
    case = camp.case_generator()
    prompt = camp.prompt_func(case)
    assert case["note"] in prompt and "\\boxed{}" in prompt and "Rule:" in prompt
    right = f"\\boxed{{{case['answer']}}}"
    assert camp.verify_score(right, case) == 1.0
    assert camp.verify_score("\\boxed{99}", case, format_score=0.1) == 0.1
    assert camp.verify_score(None, case) == 0.0
    strict = internbootcamp.MedreckonBootcamp(["curb-65"], level="easy", seed=2, internbootcamp_defaults=True)
    assert strict.verify_score(right, case) == 0.0  # under 100 characters
    long_right = "<think>" + "reasoning " * 12 + "</think>" + right
    assert strict.verify_score(long_right, case) == 1.0
    assert strict.verify_score("reasoning " * 12 + right, case) == 0.0  # no </think>
    assert camp.case_generator() != case


def test_verifiers_rows_and_rewards():
    rows = verifiers_env.dataset_rows(4, ["bmi", "curb-65"], level="medium", seed=1)
    assert set(rows[0]) == {"prompt", "answer", "info", "task"}
    assert rows[0]["prompt"][0]["role"] == "user" and isinstance(rows[0]["info"]["case"], str)
    good = [{"role": "assistant", "content": f"\\boxed{{{rows[0]['answer']}}}"}]
    assert verifiers_env.correct_reward(good, rows[0]["answer"], rows[0]["info"]) == 1.0
    assert verifiers_env.format_reward(good, rows[0]["answer"], rows[0]["info"]) == 1.0
    assert verifiers_env.correct_reward("no idea", rows[0]["answer"], rows[0]["info"]) == 0.0
    assert verifiers_env.correct_reward(good, rows[0]["answer"], {"case": "{broken"}) == 0.0


@pytest.mark.parametrize("fmt,ext", [("jsonl", "jsonl"), ("parquet", "parquet"), ("trl", "jsonl"),
                                     ("trl", "parquet"), ("verl", "jsonl"), ("verl", "parquet")])
def test_exports_round_trip(tmp_path, hard_cases, fmt, ext):
    pytest.importorskip("pyarrow") if ext == "parquet" else None
    path = tmp_path / f"out.{ext}"
    assert exports.write(hard_cases[:10], fmt, path) == 10
    back = exports.read(path)
    if fmt in ("jsonl", "parquet"):
        assert back == hard_cases[:10]
        return
    if fmt == "trl":
        assert {"prompt", "answer", "case"} <= set(back[0])
        completions = [[{"role": "assistant", "content": f"\\boxed{{{r['answer']}}}"}] for r in back]
        assert exports.trl_reward(completions, [r["case"] for r in back]) == [1.0] * 10
        assert exports.trl_reward(["nothing"] * 10, [r["case"] for r in back]) == [0.0] * 10
    else:
        r = back[0]
        assert r["data_source"] == exports.DATA_SOURCE and r["reward_model"]["style"] == "rule"
        assert r["prompt"][0]["role"] == "user" and r["extra_info"]["index"] == 0
        gt = r["reward_model"]["ground_truth"]
        assert exports.compute_score(r["data_source"], f"\\boxed{{{gt}}}", gt, r["extra_info"]) == 1.0
        assert exports.compute_score(r["data_source"], "\\boxed{-1}", gt, r["extra_info"]) == 0.0
    assert exports.compute_score("x", "\\boxed{12.05}", "12.0") == 1.0  # no case: ±1% on the ground truth


def test_bench_dataset_from_spec_and_file(tmp_path, hard_cases):
    cases = load_cases("synthetic:hard,n=12,seed=7", calculators="curb-65,bmi")
    assert len(cases) == 12 and {c.metadata["calculator"] for c in cases} == {"curb-65", "bmi"}
    assert all(c.dataset == "synthetic" and c.dataset_version.startswith("g3:") for c in cases)
    assert calculator_for_case(cases[0]).id in ("bmi", "curb-65")
    path = tmp_path / "cases.jsonl"
    exports.write(hard_cases, "jsonl", path)
    from_file = load_cases("synthetic", path=path, per_calculator=2)
    assert len(from_file) == 10 and from_file[0].dataset_version.startswith("file@")
    crcl = next(c for c in from_file if c.metadata["calculator"] == "cockcroft-gault")
    assert crcl.lower < crcl.ground_truth < crcl.upper
    assert medreckon.from_medcalc_bench(2, crcl.entities).rounded == crcl.ground_truth
    with pytest.raises(ValueError, match="needs --data-file"):
        load_cases("synthetic")
    with pytest.raises(DatasetError, match="does not exist"):
        load_cases("synthetic", path=tmp_path / "none.jsonl")
    (tmp_path / "bad.jsonl").write_text('{"id": 1}\n')
    with pytest.raises(DatasetError, match="missing calculator"):
        load_cases("synthetic", path=tmp_path / "bad.jsonl")
    with pytest.raises(ValueError, match="n must be"):
        load_cases("synthetic:hard,n=0")


def test_paraphrase_keeps_only_faithful_rewordings():
    case = _case("wells-pe", level="medium")
    reworded = "Seen today. " + case["note"]
    kept, why = paraphrase(case, Scripted(reworded))
    assert why == "ok" and kept["note"] == reworded and kept["answer"] == case["answer"]
    number = next(f for f in case["facts"] if f["kind"] == "quantity")
    changed = case["note"].replace(str(number["value"]), str(number["value"] + 7))
    assert paraphrase(case, Scripted(changed))[0] is None
    absent = next(f for f in case["facts"] if f["kind"] == "boolean" and not f["value"]
                  and f["name"] not in FINDING_TEXT)
    if absent is not None:
        name = finding_text(Fact(**absent))
        flipped = case["note"].replace(f"denies {name}", f"has {name}").replace(f"no {name}", f"{name}").replace(
            f"Negative for {name}", f"Positive for {name}")
        assert paraphrase(case, Scripted(flipped))[1].startswith("the paraphrase flipped")
    assert paraphrase(case, Scripted(""))[1] == "empty paraphrase"


def test_formula_whitelist():
    f = compile_formula("((Dd**3-Ds**3)/Dd**3)*100", ["Dd", "Ds"])
    assert f({"Dd": 5.0, "Ds": 3.0}) == pytest.approx(78.4)
    g = compile_formula("0.957*math.log(肌酐[mg/dL])+math.e", ["肌酐[mg/dL]"])
    assert g({"肌酐[mg/dL]": 1.0}) == pytest.approx(2.718281828)
    with pytest.raises(ValueError):
        g({"肌酐[mg/dL]": -1.0})
    for bad in ('__import__("os").system("true")', "x.__class__", "(lambda: 1)()", "[1][0]", "'a'", "open('f')",
                "math.os", "y + 1"):
        with pytest.raises(FormulaError):
            compile_formula(bad, ["x"])
    with pytest.raises(OverflowError):
        compile_formula("9**99999", [])({})


def test_medcalc_eval_import_on_a_small_config(tmp_path):
    config = {
        "equation": {
            "LVEF": {"id": 1, "formula": "((Dd**3-Ds**3)/Dd**3)*100", "inputs": ["Dd", "Ds"]},
            "身体质量指数(BMI)": {"id": 2, "formula": "体重/身高**2", "inputs": ["体重", "身高"]},
            "坏公式": {"id": 3, "formula": "__import__('os')", "inputs": []},
            "缺指标": {"id": 4, "formula": "a+1", "inputs": ["a"]},
            "尿液": {"id": 5, "formula": "钠+1", "inputs": ["钠"]},
        },
        "scale": {"评分": {"id": 1, "points": {"项目": {"type": "单选", "items": {"是": 1, "否": 0}}}},
                  "坏评分": {"id": 2, "points": {"项目": {"type": "其他", "items": {}}}}},
        "indicator": {"Dd": {"unit": "cm", "type": "float", "range": [1.0, 20.0], "precision": 1},
                      "Ds": {"unit": "cm", "type": "float", "range": [1.0, 20.0], "precision": 1},
                      "LVEF": {"unit": "%", "type": "float", "range": [0.0, 100.0]},
                      "体重": {"unit": "kg", "type": "float", "range": [40.0, 120.0], "precision": 1},
                      "身高": {"unit": "m", "type": "float", "range": [1.5, 2.0], "precision": 2},
                      "钠": {"unit": "mmol/L", "type": "float", "range": [0.0, 5000.0], "precision": 0}},
    }
    path = tmp_path / "med_calculator.json"
    path.write_text(json.dumps(config, ensure_ascii=False), encoding="utf-8")
    reports, cases = import_config(path, draws=100)
    by = {r.name: r for r in reports}
    assert by["LVEF"].impossible_draws > 20 and "negative" in by["LVEF"].impossible_examples[0]
    assert by["坏公式"].error and "not allowed" in by["坏公式"].error
    assert by["缺指标"].error.startswith("inputs without an indicator")
    assert by["尿液"].placeholder_inputs == ["钠"]
    assert by["坏评分"].error and by["评分"].valid_cases == 3
    assert by["身体质量指数(BMI)"].calculator == "bmi" and by["身体质量指数(BMI)"].compared == 100
    assert by["身体质量指数(BMI)"].disagree == 0
    s = summary(reports)
    assert (s["tasks"], s["loaded"], s["tasks_with_impossible_targets"], s["mapped_disagree"]) == (7, 4, 1, 0)
    assert all(c["prompt"].startswith(("患者信息", "患者评估")) for c in cases)


def test_bench_runs_and_scores_synthetic_cases(tmp_path):
    from medreckon.bench.analysis.scoring import is_correct
    from medreckon.bench.analysis.steps import gold_for
    from medreckon.bench.runs import runner
    from medreckon.bench.runs.store import Store
    from medreckon.bench.strategies.cot import Direct

    cases = load_cases("synthetic:medium,n=6,seed=2", calculators="cockcroft-gault,curb-65,bmi")
    truth = {c.note: c.ground_truth for c in cases}

    def reply(messages, gen):  # a model that reads the note perfectly
        text = messages[-1]["content"]
        note = next(n for n in truth if n in text)
        return json.dumps({"answer": truth[note]})

    with Store(tmp_path, create=True) as store:
        progress = runner.run(store, cases, Direct(), Scripted(reply), runner.RunSettings(model="scripted",
                                                                                       strategy="direct"))
        assert progress.statuses["ok"] == 6
        by_id = {c.id: c for c in cases}
        for a in store.attempts():
            case = by_id[a.case_id]
            assert is_correct(a.outcome, case, "medcalc_bench") and is_correct(a.outcome, case, "relative", percent=1)
    for c in cases:
        if c.metadata["calculator"] in ("cockcroft-gault", "curb-65"):
            assert gold_for(c).correct is True  # our calculator on the case's entities, as bench verify uses it


def test_arms_error_magnitude_knows_generated_cases_calculators():
    from medreckon.bench.analysis.arms import normalised_error, output_range

    case = load_cases("synthetic:easy,n=1", calculators="bmi")[0]
    assert output_range(case) == (10.0, 60.0, "kg/m²")
    assert normalised_error(case.ground_truth + 5, case) == pytest.approx(0.1)


ADULTS = {"apls-weight-estimate": {"age": (20, 30)}}  # a range the paediatric formulas refuse


def test_all_calculators_leave_out_the_ones_the_draws_cannot_meet_and_say_why():
    assert not Generator(seed=0, level="easy").stats.skipped  # every calculator can be generated
    gen = Generator(seed=0, level="easy", ranges=ADULTS)  # all calculators
    skipped = gen.stats.skipped
    assert list(skipped) == ["apls-weight-estimate"] and "input_error:age" in skipped["apls-weight-estimate"]
    assert all(c.id not in skipped for c in gen.calculators) and len(gen.calculators) > 100
    assert gen.stats.to_dict()["apls-weight-estimate"]["skipped"] == skipped["apls-weight-estimate"]
    with pytest.raises(GenerationError, match="apls-weight-estimate"):  # named: still an error
        list(Generator(["apls-weight-estimate"], seed=0, ranges=ADULTS).generate(1))


def test_paediatric_ages_scale_item_points_and_all_or_none_groups():
    cases = generate(60, ["apls-weight-estimate", "pecarn-head-injury-under-2", "pediatric-ett-size", "cows",
                          "ranson", "vancomycin-auc"], seed=3)
    assert recompute(cases) == [None] * 60
    by = {}
    for c in cases:
        by.setdefault(c["calculator"], []).append(c["inputs"])
    assert all(0 < i["age"][0] < 13 for i in by["apls-weight-estimate"])
    assert all(i["age"][0] < 2 for i in by["pecarn-head-injury-under-2"])
    assert {i["restlessness"] for i in by["cows"]} <= {0, 1, 3, 5}
    at_48h = ("hematocrit_48h", "bun_48h", "calcium_48h", "pao2_48h", "base_deficit_48h")
    assert {sum(k in i for k in at_48h) for i in by["ranson"]} == {0, 5}  # all of them or none
    assert all(i["infusion_time"][0] <= i["peak_time"][0] < i["trough_time"][0] <= i["interval"][0]
               for i in by["vancomycin-auc"])


def test_rating_items_are_drawn_over_their_declared_range():
    cases = generate(20, ["gad-7"], seed=0)
    assert all(0 <= v <= 3 for c in cases for k, v in c["inputs"].items() if isinstance(v, int))
