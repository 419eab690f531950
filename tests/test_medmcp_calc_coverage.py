"""The MedMCP-Calc coverage map and the check of our answers on its published inputs: names
resolve through the registry, the totals count uses, names and fully covered scenarios, the
not-implemented file is validated, mapping files read MedMCP-Calc's labels and values into our
inputs, and a disagreement fails unless documented (and a documented one that agrees is stale)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from medreckon.bench.coverage import coverage_map
from medreckon.bench.coverage.answers import check_answers, their_number
from medreckon.bench.coverage.mapping import (
    MappingError,
    Unmapped,
    all_mappings,
    check_mapping,
    label_key,
    leading_amount,
    read_mapping,
)
from medreckon.bench.datasets.files import DatasetNotFound
from medreckon.bench.datasets.medmcp_calc import load_tasks, tasks_path
from medreckon.cli import main

SF = "SpO₂/FiO₂ Ratio"  # a MedMCP-Calc name our sf-ratio answers (an alias)
GCS = "Glasgow Coma Scale (GCS)"


def use(order: int, name: str, inputs: dict, answer, notes: str = "") -> dict:
    return {"order": order, "name": name, "inputs": [{"field": k, "value": v} for k, v in inputs.items()],
            "final_answer": answer, "notes": notes}


def task(tid: str, required: list[str], answers: list[dict], category: str = "Critical Care") -> dict:
    return {"task_id": tid, "task_category": f"Clinical Medicine / Emergency / {category}",
            "required_calculators": required, "calculator_answers": answers}


def write_tasks(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


def write_mapping(folder: Path, data: dict) -> Path:
    folder.mkdir(exist_ok=True)
    p = folder / f"{data['calculator']}.json"
    p.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return p


SF_MAPPING = {"calculator": "sf-ratio", "fields": [
    {"labels": ["SpO2", "SpO2 (%)"], "input": "spo2"},
    {"labels": ["FiO2"], "input": "fio2"},
    {"labels": ["Device"], "ignore": "the oxygen device does not enter the ratio"}]}


# ---------------------------------------------------------------- reading their labels and values


def test_labels_match_across_unicode_case_and_punctuation():
    assert label_key("PₐCO₂ (mm Hg)") == label_key("paco2_mm_hg") == "paco2 mm hg"
    assert label_key("Weight?") == label_key("weight")


@pytest.mark.parametrize(("text", "unit", "expected"), [
    ("800 mL over 24 hours", "mL", (800.0, "mL")),
    ("64.8 kg (Adjusted body weight)", "kg", (64.8, "kg")),
    ("30 cm H₂O", "cmH2O", (30.0, "cm H2O")),  # NFKC: the subscript two is a 2
    ("1,250 mL (FFP, 5 units)", "mL", (1250.0, "mL")),
    ("7.31", "1", (7.31, None)),
    ("≥12 hours", "h", (None, None)),  # a comparator is no amount
    ("Yes (onset 5 days ago)", "d", (None, None)),
])
def test_leading_amount(text, unit, expected):
    assert leading_amount(text, unit) == expected


@pytest.mark.parametrize(("answer", "expected"), [
    (28.1, (28.1, 28.1, 1, None)),
    (29, (29.0, 29.0, 0, None)),
    ("155.9 lbs", (155.9, 155.9, 1, "lbs")),
    ("313-315 mOsm/kg", (313.0, 315.0, 0, "mOsm/kg")),
    ("0.5L", (0.5, 0.5, 1, "L")),
])
def test_their_number_reads_the_decimals_shown_and_the_unit(answer, expected):
    unit = {"lbs": "kg", "mOsm/kg": "mOsm/kg", "L": "L"}.get(expected[3] or "", None)
    assert their_number(answer, unit) == expected


def test_their_number_without_a_number_is_unmapped():
    with pytest.raises(Unmapped):
        their_number("Stage 2", None)


# ---------------------------------------------------------------- the check of our answers


def check(tmp_path: Path, rows: list[dict], mapping: dict):
    folder = tmp_path / "mappings"
    write_mapping(folder, mapping)
    tasks = load_tasks(write_tasks(tmp_path / "tasks.jsonl", rows))
    return check_answers(tasks, folder=folder)


def test_agreement_within_half_a_unit_of_the_decimals_shown(tmp_path):
    # 91 / 0.80 = 113.75: "113.8" agrees (|d| = 0.05 ≤ 0.05), "114" too (≤ 0.5), "113.6" does not (0.15)
    rows = [task("t1", [SF], [use(1, SF, {"SpO2": "91 %", "FiO2": "80 %", "Device": "HFNC"}, 113.8),
                              use(2, SF, {"SpO2 (%)": 91, "FiO2": "80 %"}, 114),
                              use(3, SF, {"SpO2": "91 %", "FiO2": "80 %"}, 113.6)])]
    report = check(tmp_path, rows, SF_MAPPING)
    (c,) = report.calculators
    assert [x.status for x in c.checks] == ["agree", "agree", "undocumented"]
    assert c.checks[2].ours == "113.75"
    assert not report.ok


def test_a_stated_tolerance_widens_agreement(tmp_path):
    rows = [task("t1", [SF], [use(1, SF, {"SpO2": "91 %", "FiO2": "80 %"}, 113.6)])]
    mapping = {**SF_MAPPING, "answer": {"tolerance": 0.2, "why": "test"}}
    assert check(tmp_path, rows, mapping).ok


def test_documented_disagreement_passes_and_stale_one_fails(tmp_path):
    rows = [task("t1", [SF], [use(1, SF, {"SpO2": "91 %", "FiO2": "80 %"}, 120),
                              use(2, SF, {"SpO2": "91 %", "FiO2": "80 %"}, 113.8)])]
    doc = {"ours": "113.75", "reason": "their arithmetic slip", "source": "Rice 2007"}
    mapping = {**SF_MAPPING, "deviations": {"t1#1": doc, "t1#2": doc}}
    (c,) = check(tmp_path, rows, mapping).calculators
    assert [x.status for x in c.checks] == ["documented", "stale"]
    assert "their arithmetic slip" in c.checks[0].detail and "Rice 2007" in c.checks[0].detail


def test_a_documented_value_that_changed_is_stale(tmp_path):
    rows = [task("t1", [SF], [use(1, SF, {"SpO2": "91 %", "FiO2": "80 %"}, 120)])]
    mapping = {**SF_MAPPING, "deviations": {"t1#1": {"ours": "100", "reason": "x", "source": "y"}}}
    (c,) = check(tmp_path, rows, mapping).calculators
    assert c.checks[0].status == "stale" and "now '113.75'" in c.checks[0].detail


def test_an_unknown_label_or_option_is_unmapped(tmp_path):
    rows = [task("t1", [SF], [use(1, SF, {"SpO2": "91 %", "FiO2": "80 %", "Altitude": "high"}, 113.8)])]
    (c,) = check(tmp_path, rows, SF_MAPPING).calculators
    assert c.checks[0].status == "unmapped" and "'Altitude'" in c.checks[0].detail


def test_labels_and_refusals(tmp_path):
    values = {"To verbal command (+3)": "eye opening to verbal command",
              "Inappropriate words (+3)": "inappropriate words",
              "Not testable/intubated (NT)": "not testable",
              "Withdrawal from pain (+4)": "withdrawal from pain"}
    mapping = {"calculator": "glasgow-coma-scale",
               "fields": [{"labels": ["Best eye response"], "input": "eye", "values": values},
                          {"labels": ["Best verbal response"], "input": "verbal", "values": values},
                          {"labels": ["Best motor response"], "input": "motor", "values": values}],
               "answer": {"labels": {"re:e\\(\\d\\) v\\(nt\\) m\\(\\d\\)": "@refused"}}}
    answers = {"Best eye response": "To verbal command (+3)", "Best motor response": "Withdrawal from pain (+4)"}
    rows = [task("t1", [GCS], [
        use(1, GCS, {**answers, "Best verbal response": "Inappropriate words (+3)"}, 10),
        use(2, GCS, {**answers, "Best verbal response": "Not testable/intubated (NT)"}, "E(3) V(NT) M(4)"),
        use(3, GCS, {**answers, "Best verbal response": "Not testable/intubated (NT)"}, 7),  # we refuse: disagree
        use(4, GCS, {**answers, "Best verbal response": "Inappropriate words (+3)"}, "E(3) V(NT) M(4)"),
    ])]
    (c,) = check(tmp_path, rows, mapping).calculators
    assert [x.status for x in c.checks] == ["agree", "agree", "undocumented", "undocumented"]
    assert c.checks[2].ours.startswith("error")


def test_answers_in_another_unit_are_compared_in_theirs(tmp_path):
    name = "Ideal Body Weight (Devine)"
    mapping = {"calculator": "ideal-body-weight", "fields": [
        {"labels": ["Sex"], "input": "sex", "values": {"Female": "female", "Male": "male"}},
        {"labels": ["Height"], "input": "height"}, {"labels": ["Height (in)"], "input": "height", "unit": "in"}],
        "answer": {"unit": "lb"}}
    rows = [task("t1", [name], [use(1, name, {"Sex": "Female", "Height": "64 in"}, 120.6),  # 54.7 kg
                                use(2, name, {"Sex": "Female", "Height (in)": 64}, "54.7 kg"),
                                use(3, name, {"Sex": "Female", "Height": "64 in"}, 54.7)])]
    (c,) = check(tmp_path, rows, mapping).calculators
    assert [x.status for x in c.checks] == ["agree", "agree", "undocumented"]


def test_a_value_may_route_a_use_to_a_sibling_calculator(tmp_path):
    name = "CKD-EPI Equations for Glomerular Filtration Rate"
    mapping = {"calculator": "ckd-epi-2021", "fields": [
        {"labels": ["Equation"], "values": {"2021 CKD-EPI Creatinine": {},
                                            "2012 CKD-EPI Cystatin C": {"@calculator": "ckd-epi-cystatin-c"}}},
        {"labels": ["Sex"], "input": "sex", "values": {"Male": "male"}},
        {"labels": ["Age"], "input": "age"},
        {"labels": ["Serum creatinine"], "input": "creatinine"},
        {"labels": ["Cystatin C"], "input": "cystatin_c"}]}
    assert check_mapping(read_mapping(write_mapping(tmp_path / "m", mapping))) == []
    rows = [task("t1", [name], [
        use(1, name, {"Equation": "2021 CKD-EPI Creatinine", "Sex": "Male", "Age": "60 years",
                      "Serum creatinine": "1.0 mg/dL"}, 86),
        use(2, name, {"Equation": "2012 CKD-EPI Cystatin C", "Sex": "Male", "Age": "60 years",
                      "Cystatin C": "1.0 mg/L"}, 78)])]
    (c,) = check(tmp_path, rows, mapping).calculators
    assert [x.status for x in c.checks] == ["agree", "agree"], c.checks


@pytest.mark.parametrize(("bad", "message"), [
    ({"calculator": "sf-ratio", "fields": [{"labels": ["SpO2"]}]}, "exactly one"),
    ({"calculator": "sf-ratio", "fields": [{"labels": ["SpO2"], "input": "spo2"},
                                           {"labels": ["spo2"], "input": "spo2"}]}, "listed twice"),
    ({"calculator": "sf-ratio", "deviations": {"t#1": {"ours": "1", "reason": "x", "source": ""}}}, "source"),
    ({"calculator": "sf-ratio", "colour": "blue"}, "keys among"),
    ({"calculator": "sf-ratio", "answer": {"labels": {"re:(": "x"}}}, "regular expression"),
])
def test_malformed_mappings_are_refused(tmp_path, bad, message):
    with pytest.raises(MappingError, match=message):
        read_mapping(write_mapping(tmp_path, bad))


def test_check_mapping_names_unknown_inputs_and_outputs(tmp_path):
    m = read_mapping(write_mapping(tmp_path, {"calculator": "sf-ratio", "fields": [
        {"labels": ["SpO2"], "input": "saturation"}], "answer": {"output": "implied_pf"}}))
    problems = check_mapping(m)
    assert any("'saturation' is not an input" in p for p in problems)
    assert any("'implied_pf' is not a secondary output" in p for p in problems)


def test_every_committed_mapping_is_well_formed():
    mappings = all_mappings()
    assert mappings, "no mapping files found"
    assert [p for m in mappings for p in check_mapping(m)] == []


# ---------------------------------------------------------------- the coverage map


def rows_for_map() -> list[dict]:
    return [
        task("t1", [SF, GCS], [], "Critical Care"),
        task("t2", [SF, "An Unheard-of Score", "Emory Model (TIPSS)"], [], "Hepatology"),
    ]


def test_map_counts_uses_names_and_fully_covered_scenarios(tmp_path):
    tasks = load_tasks(write_tasks(tmp_path / "tasks.jsonl", rows_for_map()))
    skipped = {"Emory Model (TIPSS)": {"reason": "other", "why": "test"}}
    data = coverage_map.build_map(tasks, skipped, check_answers(tasks), "test")
    assert data["totals"] == {"uses": {"covered": 3, "not_implemented": 1, "of": 5},
                              "names": {"covered": 2, "not_implemented": 1, "of": 4},
                              "scenarios": {"fully_covered": 1, "of": 2}}
    assert [(c["category"], c["fully_covered"], c["uses_covered"]) for c in data["categories"]] == [
        ("Critical Care", 1, 2), ("Hepatology", 0, 1)]
    rows = {n["name"]: n for n in data["names"]}
    assert rows[SF] == {"name": SF, "uses": 2, "status": "covered", "calculator": "sf-ratio"}
    assert rows["An Unheard-of Score"]["status"] == "missing"
    assert rows["Emory Model (TIPSS)"]["reason"] == "other"


def test_map_refuses_a_not_implemented_entry_that_is_implemented(tmp_path):
    tasks = load_tasks(write_tasks(tmp_path / "tasks.jsonl", rows_for_map()))
    with pytest.raises(coverage_map.CoverageError, match="is implemented"):
        coverage_map.build_map(tasks, {SF: {"reason": "other", "why": "x"}}, check_answers(tasks), "test")


def test_map_counts_only_not_implemented_names_of_the_dataset(tmp_path):
    tasks = load_tasks(write_tasks(tmp_path / "tasks.jsonl", rows_for_map()))
    data = coverage_map.build_map(tasks, {"Not In The Dataset": {"reason": "other", "why": "x"}}, check_answers(tasks),
                                  "test")
    assert data["totals"]["names"]["not_implemented"] == 0


@pytest.mark.parametrize(("content", "message"), [
    ({"B": {"reason": "other", "why": "x"}, "A": {"reason": "other", "why": "x"}}, "sorted"),
    ({"A": {"reason": "too hard", "why": "x"}}, "reason"),
    ({"A": {"reason": "other", "why": " "}}, "why"),
])
def test_not_implemented_file_is_validated(tmp_path, content, message):
    p = tmp_path / "ni.json"
    p.write_text(json.dumps(content), encoding="utf-8")
    with pytest.raises(coverage_map.CoverageError, match=message):
        coverage_map.load_not_implemented(p)


def test_committed_not_implemented_file_is_valid():
    for entry in coverage_map.load_not_implemented().values():
        assert entry["reason"] in coverage_map.REASONS


def test_cli_writes_the_map_and_check_names_a_stale_one(tmp_path):
    data = write_tasks(tmp_path / "tasks.jsonl", rows_for_map())
    out = tmp_path / "coverage"
    runner = CliRunner()
    args = ["data", "coverage", "--medmcp-calc", "--data-file", str(data), "--out", str(out)]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "3/5 uses" in result.output and "1/2 scenarios" in result.output
    assert (out / "medmcp-calc.md").read_text(encoding="utf-8").startswith(coverage_map.MARKER)
    assert json.loads((out / "medmcp-calc.json").read_text(encoding="utf-8"))["totals"]["uses"]["of"] == 5
    assert runner.invoke(main, [*args, "--check"]).exit_code == 0
    (out / "medmcp-calc.md").write_text("edited\n", encoding="utf-8")
    result = runner.invoke(main, [*args, "--check"])
    assert result.exit_code == 1 and "medmcp-calc.md" in result.output


def test_cli_needs_the_dataset_flag_and_an_existing_file(tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["data", "coverage"])
    assert result.exit_code == 2 and "--medmcp-calc" in result.output
    result = runner.invoke(main, ["data", "coverage", "--medmcp-calc", "--data-file", str(tmp_path / "none.jsonl")])
    assert result.exit_code == 2 and "not found" in result.output


def test_missing_task_file_says_where_to_put_it(tmp_path):
    with pytest.raises(DatasetNotFound, match="MEDRECKON_DATA"):
        load_tasks(tmp_path / "tasks.jsonl")


needs_data = pytest.mark.skipif(not tasks_path().is_file(),
                                reason=f"MedMCP-Calc's tasks.jsonl is not at {tasks_path()} (set MEDRECKON_DATA)")


@needs_data
def test_shared_task_file_reads_as_published():
    tasks = load_tasks()
    assert len(tasks) == 118
    assert sum(len(t.required) for t in tasks) == 790
    assert len({n for t in tasks for n in t.required}) == 483


@needs_data
def test_every_not_implemented_name_is_a_medmcp_calc_name():
    names = {n for t in load_tasks() for n in t.required}
    assert sorted(set(coverage_map.load_not_implemented()) - names) == []


@needs_data
def test_our_answers_agree_or_are_documented_on_medmcp_calc():
    result = CliRunner().invoke(main, ["calc", "verify", "--dataset", "medmcp-calc"])
    assert result.exit_code == 0, result.output
