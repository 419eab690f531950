"""Scenarios and their gold: generated patients reproducible from (seed, scenario), every gold
answer recomputed from the stored record, the time rules the record keeps (admission is the
encounter's first value, baseline the last before it), MedMCP-Calc's tasks imported with the
import report's counts, and scenario sets as bench cases."""

import json
import random

import pytest

from medreckon.scenarios.build import build, read_scenarios
from medreckon.scenarios.dataset import load_cases
from medreckon.scenarios.gold import GoldError
from medreckon.scenarios.patients import birth_date_for
from medreckon.scenarios.record import open_record
from medreckon.scenarios.templates import TEMPLATES, generate
from medreckon.scenarios.verify import recompute


def test_a_scenario_depends_only_on_seed_template_and_index():
    for t in TEMPLATES.values():
        a, rows_a = generate(t, 3, 1, 7)
        b, rows_b = generate(t, 3, 1, 7)
        assert a.to_dict() == b.to_dict() and rows_a == rows_b
        c, _ = generate(t, 4, 1, 7)
        assert c.to_dict() != a.to_dict()


def test_every_template_takes_both_branches_and_varies_its_recommendation():
    for t in TEMPLATES.values():
        taken, recs = set(), set()
        for i in range(24):
            s, _ = generate(t, 0, i, 100 + i)
            taken |= {(st.order, st.taken) for st in s.steps if st.condition}
            recs.add(s.recommendation["answer"])
        conditional = {o for o, _ in taken}
        assert all((o, True) in taken and (o, False) in taken for o in conditional), t.id
        assert len(recs) >= 2, t.id


@pytest.mark.parametrize("age", [0, 1, 45, 90])
def test_birth_dates_give_the_age_on_the_day_of_admission(age):
    import datetime as dt

    rng = random.Random(age)
    for day in (dt.date(2024, 1, 1), dt.date(2024, 2, 29), dt.date(2023, 12, 31), dt.date(2024, 3, 1)):
        for _ in range(50):
            born = birth_date_for(age, day, rng)
            assert day.year - born.year - ((day.month, day.day) < (born.month, born.day)) == age
            assert (born.month, born.day) != (2, 29)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("scenarios")
    report = build(folder, per_template=3, background=40, seed=1)
    return folder, report


def test_the_build_report_counts_what_it_wrote(built):
    folder, report = built
    d = json.loads((folder / "build.json").read_text())
    assert d["scenarios"] == {"medmcp-calc": 118, "generated": 15}
    assert d["patients"] == 118 + 15 + 40
    assert d["rows"]["patients"] == d["patients"]
    imp = d["import_report"]
    assert imp["tasks"]["of"] == 118 and imp["steps"]["of"] == 837 and imp["calculator_uses"]["of"] == 790
    graded = imp["steps"]["graded"]
    assert graded + sum(imp["not_graded"].values()) == 837
    assert imp["not_graded"].get("no validated calculator", 0) > 0


def test_every_gold_answer_is_recomputed_from_the_stored_record(built):
    folder, _ = built
    scenarios = read_scenarios(folder)
    with open_record(folder / "record.sqlite") as record:
        assert [p for s in scenarios for p in recompute(record, s)] == []
    assert sum(st.graded and st.taken for s in scenarios for st in s.steps) > 40


def test_the_record_keeps_the_time_rules(built):
    folder, _ = built
    scenarios = [s for s in read_scenarios(folder) if s.template == "aki-workup"]
    with open_record(folder / "record.sqlite") as record:
        for s in scenarios:
            base, now = (s.step(1).inputs, s.step(2).inputs)
            b = next(i.source for i in base if i.name == "creatinine")
            a = next(i.source for i in now if i.name == "creatinine")
            assert b.rule == "baseline" and a.rule == "admission" and b.row != a.row
            rows = record.query(f"SELECT lab_id, collected_at, encounter_id FROM lab_results WHERE patient_id = "
                                f"'{s.patient_id}' AND test_name = 'Creatinine' AND specimen = 'serum' "
                                "ORDER BY collected_at").rows
            in_encounter = [r for r in rows if r[2] == s.encounter_id]
            before = [r for r in rows if r[1] < s.admitted_at]
            assert in_encounter[0][0] == a.row  # admission: the encounter's first
            assert before[-1][0] == b.row  # baseline: the last before the encounter
            assert {r[0] for r in rows} == {c["row"] for c in a.candidates}


def test_a_conflicting_or_refused_draw_is_drawn_again_then_fails_clearly(monkeypatch):
    from medreckon.scenarios import templates

    monkeypatch.setattr(templates, "MAX_TRIES", 2)
    monkeypatch.setattr(templates, "compute_step", lambda step: (_ for _ in ()).throw(GoldError("no")))
    with pytest.raises(GoldError, match="no acceptable patient in 2 draws"):
        generate(TEMPLATES["aki-workup"], 0, 0, 1)


def test_scenario_sets_are_bench_cases_with_their_target(built):
    folder, _ = built
    cases = load_cases(path=folder)
    assert cases and all(c.dataset == "scenarios" and c.metadata["record"].endswith("record.sqlite") for c in cases)
    generated = [c for c in cases if c.metadata["source"] == "generated"]
    assert len(generated) == 15 and all(c.output_type == "category" for c in generated)
    assert all(c.ground_truth in c.metadata["categories"] for c in generated)
    imported = [c for c in cases if c.metadata["source"] == "medmcp-calc"]
    for c in imported:  # an imported task's target is its last graded step
        steps = [s for s in c.metadata["scenario"]["steps"] if s["status"] == "graded" and s["calculator"]]
        assert c.metadata["target"] == {"kind": "step", "order": steps[-1]["order"]}
        assert c.ground_truth == steps[-1]["answer"]
    assert len(load_cases(path=folder, calculators="aki-workup")) == 3
    assert len(load_cases(path=folder, per_calculator=1, calculators="generated")) == 5
    for c in generated:  # the question never names gold: no answer or plan in the agent's text
        assert c.metadata["scenario"]["plan"] not in c.question
