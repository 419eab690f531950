"""`medreckon data export`: any dataset the bench loads as a Hugging Face dataset, Parquet or JSON
lines, with the corrected labels and our recomputation as extra columns and a dataset card.
Every format is read back by the library a user would read it with (datasets, pyarrow, json) and
compared row by row. Synthetic cases need no data; the MedCalc-Bench exports use the shared
files and skip where they are missing."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from medreckon.bench.datasets import DatasetNotFound, corrected_labels, load_cases
from medreckon.bench.datasets.card import dataset_card, provenance
from medreckon.bench.datasets.export import (
    COLUMN_NAMES,
    ExportError,
    case_from_row,
    data_file,
    export_rows,
    read,
    write,
)
from medreckon.cli import main

datasets = pytest.importorskip("datasets", reason="needs the [hf] extra")
pq = pytest.importorskip("pyarrow.parquet", reason="needs the [hf] extra")

SCORED = ("id", "calculator_id", "calculator_name", "output_type", "ground_truth", "lower", "upper",
          "note", "question", "category", "dataset", "dataset_version")


@pytest.fixture(scope="module")
def synthetic_file(tmp_path_factory):
    """Generated case records in a file (generating takes seconds: once per module)."""
    from medreckon.env.generator import Generator

    path = tmp_path_factory.mktemp("synthetic") / "cases.jsonl"
    records = Generator(None, seed=5, level={"name": "easy"}).generate(12)
    path.write_text("".join(json.dumps(r, default=str) + "\n" for r in records), encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def synthetic(synthetic_file):
    cases = load_cases("synthetic", path=synthetic_file)
    rows, note = export_rows(cases)
    return cases, rows, dataset_card(rows, provenance("synthetic", cases, {"data_file": synthetic_file}, note))


def read_back(folder, fmt):
    """The rows as datasets, pyarrow or json reads them, not as our own `read` does."""
    if fmt == "hf":
        return datasets.load_from_disk(str(folder))["test"].to_list()
    if fmt == "parquet":
        # the card's configs; a cache of its own (datasets keys its cache by the folder's name)
        by_card = datasets.load_dataset(str(folder), split="test", cache_dir=str(folder.parent / "cache")).to_list()
        assert by_card == pq.read_table(data_file(folder, fmt)).to_pylist()
        return by_card
    return [json.loads(line) for line in data_file(folder, fmt).read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("fmt", ["hf", "parquet", "jsonl"])
def test_every_format_round_trips_row_by_row(fmt, synthetic, tmp_path):
    cases, rows, card = synthetic
    folder = write(rows, fmt, tmp_path / fmt, card)
    back = read_back(folder, fmt)
    assert back == rows and read(folder) == rows and list(back[0]) == list(COLUMN_NAMES)
    assert (folder / "README.md").read_text(encoding="utf-8") == card
    for c, row in zip(cases, back, strict=True):  # and each row reads back as its case
        again = case_from_row(row)
        assert [getattr(again, f) for f in SCORED] == [getattr(c, f) for f in SCORED]


def test_synthetic_rows_carry_their_inputs_and_our_recomputation_agrees(synthetic):
    cases, rows, _ = synthetic
    assert all(r["calculator_inputs"] and r["medreckon_calculator"] == c.metadata["calculator"]
               for c, r in zip(cases, rows, strict=True))
    # labels are our values rounded: the recomputation agrees on every row (no tool graded by itself
    # against another's label here; this checks the columns, not the calculators)
    assert all(r["medreckon_agrees"] is True and r["medreckon_error"] is None for r in rows)
    assert all(r["corrected_ground_truth"] is None and r["audit_verdict"] is None for r in rows)


def test_the_card_has_licence_provenance_columns_and_known_issues(synthetic):
    _, rows, card = synthetic
    front, body = card.split("---\n")[1], card.split("---\n", 2)[2]
    assert "license: apache-2.0" in front and "path: data/test*" in front
    assert "**Apache-2.0.** Cases written or generated for medreckon" in body and "MedCalc-Bench are" not in body
    assert "dataset: `synthetic`" in body and "## Known issues" in body
    assert all(f"| `{name}` |" in body for name in COLUMN_NAMES)
    assert f"medreckon recomputed {len(rows)} of {len(rows)} rows" in body
    hf_card = dataset_card(rows, provenance("synthetic", [], {}), "hf")
    assert "configs:" not in hf_card  # save_to_disk folders have no data/ files


def test_the_command_writes_and_refuses_to_overwrite(synthetic_file, tmp_path):
    out = tmp_path / "synthetic"
    args = ["data", "export", "--dataset", "synthetic", "--data-file", synthetic_file, "--format", "jsonl",
            "--out", str(out), "--limit", "4"]
    first = CliRunner().invoke(main, args)
    assert first.exit_code == 0, first.output
    assert f"wrote 4 rows (jsonl) and the card to {out}" in first.output
    again = CliRunner().invoke(main, args)
    assert again.exit_code == 2 and f"--out {out} is not empty; give a new folder or pass --overwrite" in again.output
    assert CliRunner().invoke(main, [*args, "--overwrite"]).exit_code == 0
    assert len(read(out)) == 4


@pytest.mark.parametrize(("args", "message"), [
    (["--dataset", "synthetic:easy,n=2", "--subset", "medrac_clean_940"], "has none (drop --subset)"),
    (["--dataset", "medcalc-bench-v9"], "unknown dataset 'medcalc-bench-v9'"),
    (["--dataset", "synthetic"], "needs --data-file"),
])
def test_a_wrong_selection_says_what_to_change(args, message, tmp_path):
    got = CliRunner().invoke(main, ["data", "export", *args, "--format", "hf", "--out", str(tmp_path / "x")])
    assert got.exit_code == 2 and message in got.output


def test_an_unknown_format_and_a_file_as_out_are_refused(synthetic, tmp_path):
    _, rows, card = synthetic
    with pytest.raises(ExportError, match="'csv' is not a format; formats: hf, parquet, jsonl"):
        write(rows, "csv", tmp_path / "x", card)
    (tmp_path / "file").write_text("x")
    with pytest.raises(ExportError, match="is a file; an export is a folder"):
        write(rows, "jsonl", tmp_path / "file", card)
    with pytest.raises(ExportError, match="holds no medreckon export"):
        read(tmp_path)


# ---------------------------------------------------------------- MedCalc-Bench (shared data)


@pytest.fixture(scope="module")
def labels():
    try:
        return corrected_labels()
    except DatasetNotFound:
        pytest.skip("MedCalc-Bench v1.0 or its corrected labels are not found")


def test_v1_rows_carry_the_corrected_label_and_the_audit(labels, tmp_path):
    # Framingham (46): v1.0's labels are known to be wrong; BMI (6) and gestational age (69)
    out = tmp_path / "v1"
    got = CliRunner().invoke(main, ["data", "export", "--calculators", "46,6,69", "--per-calculator", "4",
                                    "--format", "parquet", "--out", str(out)])
    assert got.exit_code == 0, got.output
    rows = read_back(out, "parquet")
    assert len(rows) == 12 and {r["dataset"] for r in rows} == {"medcalc-bench"}
    for r in rows:
        assert r["v1_ground_truth"] == r["ground_truth"] or r["output_type"] != "decimal"
        label = labels.get(r["id"])
        assert (r["corrected_ground_truth"] is None) == (label is None)
        assert r["audit_verdict"] in ("agrees", "documented") and r["medreckon_calculator"]
        if r["audit_verdict"] == "documented":
            assert r["audit_reason"] and r["medreckon_agrees"] is not True
    framingham = [r for r in rows if r["calculator_id"] == 46]
    assert any(r["medreckon_agrees"] is False for r in framingham)
    gestational = [r for r in rows if r["calculator_id"] == 69 and r["corrected_ground_truth"] not in (None, "N/A")]
    assert all(r["corrected_ground_truth"].startswith("('") for r in gestational)  # weeks, days; not days
    card = (out / "README.md").read_text(encoding="utf-8")
    assert "license: cc-by-sa-4.0" in card and "CC BY-SA 4.0" in card
    assert "Framingham Risk Score (calculator 46)" in card and "(4 rows here)" in card


def test_the_corrected_dataset_round_trips_as_the_bench_loads_it(labels, tmp_path):
    cases = load_cases("medcalc-bench-corrected", calculators="6,69,13", per_calculator=5)
    rows, note = export_rows(cases)
    assert note is None
    folder = write(rows, "hf", tmp_path / "corrected", "card")
    back = read_back(folder, "hf")
    assert back == rows
    for c, row in zip(cases, back, strict=True):
        assert [getattr(case_from_row(row), f) for f in SCORED] == [getattr(c, f) for f in SCORED]
        assert row["corrected_ground_truth"] == row["ground_truth"]
        assert row["v1_ground_truth"] == c.metadata["v1_ground_truth_text"]
    not_computable = [r for r in back if r["ground_truth"] == "N/A"]
    assert all(case_from_row(r).ground_truth is None for r in not_computable)
