"""Generated documentation: committed pages are current, output is deterministic, every worked
example is what the calculator computes, and `docs build --check` names stale pages."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from medreckon.calculators import all_calculators, get
from medreckon.cli import main
from medreckon.interfaces import docs

REPO = Path(__file__).resolve().parents[1]
COMMITTED = REPO / "docs" / "calculators"


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return docs.build()


def test_committed_pages_are_current():
    stale = docs.stale(COMMITTED)
    assert stale == [], f"stale pages {stale}: run `medreckon docs build`"


def test_cli_check_passes_on_committed_pages():
    result = CliRunner().invoke(main, ["docs", "build", "--out", str(COMMITTED), "--check"])
    assert result.exit_code == 0, result.output
    assert "up to date" in result.output


def test_one_page_per_calculator_and_an_index(pages):
    ids = sorted(c.id for c in all_calculators())
    assert sorted(pages) == sorted([f"{i}.md" for i in ids] + ["index.md"])
    for text in pages.values():
        assert text.startswith(docs.MARKER + "\n")
        assert text.endswith("\n") and not text.endswith("\n\n\n")


def test_check_names_changed_missing_and_leftover_pages(tmp_path):
    out = tmp_path / "calculators"
    shutil.copytree(COMMITTED, out)
    (out / "bmi.md").write_text((out / "bmi.md").read_text(encoding="utf-8") + "edited\n", encoding="utf-8")
    (out / "curb-65.md").unlink()
    (out / "retired-score.md").write_text(docs.MARKER + "\n\n# gone\n", encoding="utf-8")
    (out / "notes.md").write_text("# hand-written, not generated\n", encoding="utf-8")

    runner = CliRunner()
    result = runner.invoke(main, ["docs", "build", "--out", str(out), "--check"])
    assert result.exit_code == 1
    for name in ("bmi.md", "curb-65.md", "retired-score.md"):
        assert name in result.output
    assert "notes.md" not in result.output

    result = runner.invoke(main, ["docs", "build", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert not (out / "retired-score.md").exists()
    assert (out / "notes.md").exists()  # never touch a file we did not write
    assert runner.invoke(main, ["docs", "build", "--out", str(out), "--check"]).exit_code == 0
    again = runner.invoke(main, ["docs", "build", "--out", str(out)])
    assert "0 written or removed" in again.output


def test_build_is_deterministic_across_processes():
    code = ("import hashlib, json; from medreckon.interfaces.docs import build; "
            "print(hashlib.sha256(json.dumps(build(), sort_keys=True).encode()).hexdigest())")
    digests = set()
    for seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        digests.add(out.stdout.strip())
    here = hashlib.sha256(json.dumps(docs.build(), sort_keys=True).encode()).hexdigest()
    assert digests == {here}


def _example_block(page: str) -> dict:
    return json.loads(re.search(r"```json\n(.*?)\n```", page, re.S).group(1))


@pytest.mark.parametrize("calc", all_calculators(), ids=lambda c: c.id)
def test_worked_example_is_what_the_calculator_computes(calc, pages):
    page = pages[f"{calc.id}.md"]
    inputs = _example_block(page)
    assert inputs == docs.example_inputs(calc)
    result = calc.calculate(inputs)
    shown = re.search(r"Result: \*\*(.*?)\*\*", page).group(1)
    assert shown.startswith(docs._num(result.rounded))
    for step in result.steps:
        assert f"| {docs._cell(step.what)} | {docs._cell(step.expression)} |" in page
    for section in ("## Purpose", "## Inputs", "## Output", "## Interpretation", "## Worked example",
                    "## References"):
        assert section in page
    assert ("## Criteria" if calc.kind == "score" else "## Formula") in page
    for name in calc.inputs.model_fields:
        assert f"| `{name}` |" in page


@pytest.mark.parametrize("calc", all_calculators(), ids=lambda c: c.id)
def test_command_line_of_the_example_gives_the_same_result(calc, pages):
    page = pages[f"{calc.id}.md"]
    command = re.search(r"```sh\n(.*?)\n```", page, re.S).group(1)
    argv = shlex.split(command)
    assert argv[:3] == ["medreckon", "calc", "run"]
    result = CliRunner().invoke(main, [*argv[1:], "--json"])
    assert result.exit_code == 0, result.output
    expected = calc.calculate(_example_block(page)).to_dict()
    assert json.loads(result.output)["rounded"] == expected["rounded"]


def test_inputs_table_shows_units_bounds_plausible_choices_and_defaults(pages):
    page = pages["cockcroft-gault.md"]
    row = next(line for line in page.splitlines() if line.startswith("| `creatinine` |"))
    assert "`mg/dL` (also `umol/L`)" in row and "> 0" in row and "0.1 to 25" in row and "required" in row
    row = next(line for line in page.splitlines() if line.startswith("| `weight_rule` |"))
    assert "`bmi_adjusted`, `actual`" in row and "option, default `bmi_adjusted`" in row
    row = next(line for line in pages["curb-65.md"].splitlines() if line.startswith("| `confusion` |"))
    assert "default absent (warned when assumed)" in row


def test_index_groups_by_specialty_and_lists_medcalc_bench_ids(pages):
    index = pages["index.md"]
    for calc in all_calculators():
        assert f"]({calc.id}.md)" in index
        if calc.medcalc_bench:
            assert f"| {calc.medcalc_bench.id} | [{docs._cell(calc.name)}]({calc.id}.md) |" in index
    for specialty in {c.specialty for c in all_calculators()}:
        assert f"## {specialty.capitalize()}" in index
    assert index.index("## Cardiology") < index.index("## Nephrology")


def test_a_declared_example_is_used_as_is():
    bmi = dataclasses.replace(get("bmi"), example={"weight": "154 lb", "height": "5 ft 9 in"})
    page = docs.render_page(bmi)
    assert "Inputs, as declared with the calculator:" in page
    assert _example_block(page) == {"weight": "154 lb", "height": "5 ft 9 in"}
    assert f"**{docs._num(bmi.calculate(bmi.example).rounded)} kg/m²**" in page


def test_generated_example_is_repaired_from_the_structured_error():
    # MME needs at least one opioid: every input is optional, so the first candidate is empty
    # (declared examples are dropped so that the generator itself is exercised)
    mme = dataclasses.replace(get("morphine-milligram-equivalents"), example=None)
    inputs = docs.example_inputs(mme)
    assert inputs and mme.calculate(inputs).value > 0
    # a second choice of the same list differs from the first (a steroid converted to another)
    inputs = docs.example_inputs(dataclasses.replace(get("steroid-conversion"), example=None))
    assert inputs["steroid"] != inputs["target_steroid"]


def test_docs_do_not_import_server_dependencies():
    code = ("import sys, medreckon.cli, medreckon.interfaces.docs, medreckon.interfaces.mcp; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('mcp', 'fastapi', 'uvicorn', 'starlette')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_specialty_counts_in_index_and_readme_are_from_the_registry(pages):
    calcs = all_calculators()
    table = docs.specialty_table(calcs)
    assert table in pages["index.md"]
    total = re.search(r"\| \*\*all\*\* \| \*\*(\d+)\*\* \| (\d+) \| (\d+) \| (\d+) \|", table)
    assert int(total.group(1)) == len(calcs) == int(total.group(2)) + int(total.group(3))
    assert int(total.group(4)) == sum(c.medcalc_bench is not None for c in calcs)
    for specialty in {c.specialty for c in calcs}:
        n = sum(c.specialty == specialty for c in calcs)
        assert f"| {specialty} | {n} |" in table
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert docs.README_START + "\n" + table + "\n" + docs.README_END in readme


def test_readme_block_is_rewritten_and_checked(tmp_path):
    out = tmp_path / "docs" / "calculators"
    shutil.copytree(COMMITTED, out)
    readme = tmp_path / "README.md"
    readme.write_text(f"# x\n\n{docs.README_START}\n| stale |\n{docs.README_END}\n\ntail\n", encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(main, ["docs", "build", "--out", str(out), "--check"])
    assert result.exit_code == 1 and "README.md" in result.output
    assert runner.invoke(main, ["docs", "build", "--out", str(out)]).exit_code == 0
    text = readme.read_text(encoding="utf-8")
    assert "| stale |" not in text and docs.specialty_table(all_calculators()) in text and text.endswith("tail\n")
    assert runner.invoke(main, ["docs", "build", "--out", str(out), "--check"]).exit_code == 0
    with pytest.raises(ValueError, match="no block"):
        docs.readme_with_counts("# no markers\n")


def test_medmcp_calc_coverage_map_is_current():
    """The committed coverage map (docs/coverage) is what `data coverage --medmcp-calc` makes now."""
    from medreckon.bench.datasets.medmcp_calc import tasks_path

    if not tasks_path().is_file():
        pytest.skip(f"MedMCP-Calc's tasks.jsonl is not at {tasks_path()} (set MEDRECKON_DATA): "
                    "the coverage map is generated from it")
    result = CliRunner().invoke(main, ["data", "coverage", "--medmcp-calc", "--out",
                                       str(REPO / "docs" / "coverage"), "--check"])
    assert result.exit_code == 0, result.output
    assert "up to date" in result.output
