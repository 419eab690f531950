"""Datasets on the real MedCalc-Bench files (read from the shared data at run time), plus
modified copies in a temporary folder, and downloads from a local HTTP server."""

import collections
import csv
import datetime as dt
import functools
import http.server
import json
import shutil
import threading

import pytest

from medreckon.bench import datasets
from medreckon.bench.datasets import (
    DATASETS,
    DatasetError,
    DatasetNotFound,
    fetch,
    load_cases,
    load_one_shot,
    locate,
    sha256_of,
)


@pytest.fixture(scope="module")
def v1_path():
    try:
        return locate("medcalc-bench")
    except DatasetNotFound:
        pytest.skip("MedCalc-Bench data not found")


@pytest.fixture(scope="module")
def v1(v1_path):
    return load_cases()


def test_known_datasets():
    assert set(DATASETS) == {"medcalc-bench", "medcalc-bench-v1.2", "medcalc-bench-verified"}
    with pytest.raises(ValueError, match="unknown dataset 'medcalc'.*did you mean 'medcalc-bench'"):
        load_cases("medcalc")


def test_v1_cases(v1):
    assert len(v1) == 1047
    assert len({c.calculator_id for c in v1}) == 55
    assert collections.Counter(c.output_type for c in v1) == {
        "decimal": 627, "integer": 360, "date": 40, "gestational_age": 20,
    }
    assert collections.Counter(c.category for c in v1) == {
        "lab": 327, "risk": 240, "physical": 240, "severity": 80, "diagnosis": 60, "date": 60, "dosage": 40,
    }
    first = v1[0]
    assert (first.id, first.calculator_id, first.dataset, first.dataset_version) == ("1", 2, "medcalc-bench", "v1.0")
    assert (first.ground_truth, first.lower, first.upper) == (25.238, 23.9761, 26.4999)
    assert first.entities["creatinine"] == [1.4, "mg/dL"] and first.entities["sex"] == "Male"
    assert first.metadata["note_id"] == "pmc-7671985-1" and first.note.startswith("An 87-year-old man")
    assert [c.id for c in v1] == [str(i) for i in range(1, 1048)]


def test_v1_output_types_are_read_from_the_answers(v1):
    ga = [c for c in v1 if c.calculator_id == 69]
    assert all(c.output_type == "gestational_age" and c.metadata["declared_output_type"] == "integer" for c in ga)
    assert ga[0].ground_truth == (0, 6) and ga[1].ground_truth == (14, 1)
    dates = [c for c in v1 if c.output_type == "date"]
    assert {c.calculator_id for c in dates} == {13, 68} and all(isinstance(c.ground_truth, dt.date) for c in dates)
    wells = next(c for c in v1 if c.id == "220")
    assert (wells.output_type, wells.ground_truth) == ("integer", -1)
    framingham = [c for c in v1 if c.calculator_id == 46]
    assert all(c.output_type == "decimal" for c in framingham)


def test_subset_medrac_clean_940(v1_path):
    clean = load_cases(subset="medrac_clean_940")
    assert len(clean) == 940
    assert not {11, 13, 28, 36} & {c.calculator_id for c in clean}
    assert load_cases(subset="all") == load_cases()
    with pytest.raises(ValueError, match="unknown subset 'clean'; known subsets: medrac_clean_940"):
        load_cases(subset="clean")


def test_stratified_sample_is_deterministic_and_per_calculator(v1):
    a = load_cases(per_calculator=3, seed=7)
    assert a == load_cases(per_calculator=3, seed=7)
    assert [c.id for c in a] != [c.id for c in load_cases(per_calculator=3, seed=8)]
    counts = collections.Counter(c.calculator_id for c in a)
    assert counts[31] == 2  # HOMA-IR has only 2 rows: both kept
    assert all(n == 3 for cid, n in counts.items() if cid != 31) and len(counts) == 55
    assert [int(c.id) for c in a] == sorted(int(c.id) for c in a)  # file order kept
    # One calculator's sample does not depend on which others were chosen.
    only_bmi = load_cases(per_calculator=3, seed=7, calculators=[6])
    assert only_bmi == [c for c in a if c.calculator_id == 6]


def test_a_smaller_sample_is_part_of_a_larger_one_with_the_same_seed(v1):
    # benchmarks/arms_embedded.sh reuses 2-per-calculator arms for the 1-per-calculator ones
    for seed in (0, 7):
        ids = {n: {c.id for c in load_cases(subset="medrac_clean_940", per_calculator=n, seed=seed)}
               for n in (1, 2, 3)}
        assert ids[1] < ids[2] < ids[3] and len(ids[1]) == 51 and len(ids[2]) == 102


def test_subset_then_sample_then_limit(v1_path):
    got = load_cases(subset="medrac_clean_940", per_calculator=2, seed=1, limit=10)
    assert len(got) == 10 and all(c.calculator_id not in (11, 13, 28, 36) for c in got)
    assert [c.id for c in load_cases(limit=3)] == ["1", "2", "3"]
    with pytest.raises(ValueError, match="limit must be"):
        load_cases(limit=0)
    with pytest.raises(ValueError, match="per_calculator must be"):
        load_cases(per_calculator=-2)


def test_calculators_by_id_or_name(v1_path):
    assert {c.calculator_id for c in load_cases(calculators=[2, "6"])} == {2, 6}
    assert {c.calculator_id for c in load_cases(calculators="2, body mass index")} == {2, 6}
    assert {c.calculator_id for c in load_cases(calculators=["Anion Gap"])} == {39}  # exact beats partial
    assert {c.calculator_id for c in load_cases(calculators=["cockcroft-gault"])} == {2}
    with pytest.raises(ValueError, match="'QTc' is ambiguous: it matches 11 QTc Bazett"):
        load_cases(calculators=["QTc"])
    with pytest.raises(ValueError, match="no calculator called 'Apgar'"):
        load_cases(calculators=["Apgar"])
    with pytest.raises(ValueError, match="calculator ID 1 is not in this dataset"):
        load_cases(calculators=[1])


def test_one_shot_exemplars():
    try:
        shots = load_one_shot()
    except DatasetNotFound:
        pytest.skip("MedCalc-Bench data not found")
    assert len(shots) == 55 and set(shots) == {c.calculator_id for c in load_cases()}
    assert shots[69].output_type == "gestational_age" and shots[69].ground_truth == (34, 3)
    assert shots[24].output_type == "decimal" and shots[24].metadata["declared_output_type"] == "integer"
    assert shots[2].category == "lab" and shots[2].metadata["declared_category"] == "lab test"
    assert shots[2].dataset_version.startswith("verified-one-shot@")
    assert "Cockcroft-Gault" in shots[2].metadata["ground_truth_explanation"]


# --- Modified copies ------------------------------------------------------------------------

def _rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _write(path, rows, fields=datasets.COLUMNS):
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(fields))
        w.writeheader()
        w.writerows(rows)
    return path


def test_the_v1_name_refuses_another_file(v1_path, tmp_path):
    rows = _rows(v1_path)
    rows[0]["Ground Truth Answer"] = "25.2"
    changed = _write(tmp_path / "test.csv", rows)
    with pytest.raises(DatasetError, match=r"is not the MedCalc-Bench v1.0 test set .*: its sha256 is"):
        load_cases(path=changed)


def test_a_later_release_is_versioned_by_its_hash(v1_path, tmp_path):
    rows = _rows(v1_path)[:40]
    for r in rows:
        r["Category"] = "lab test" if r["Category"] == "lab" else r["Category"]
    file = _write(tmp_path / "verified.csv", rows)
    cases = load_cases("medcalc-bench-verified", path=file)
    assert len(cases) == 40 and cases[0].category == "lab"
    assert cases[0].dataset == "medcalc-bench-verified"
    assert cases[0].dataset_version == "verified@" + sha256_of(file)[:12]
    with pytest.raises(ValueError, match="does not apply to medcalc-bench-verified"):
        load_cases("medcalc-bench-verified", path=file, subset="medrac_clean_940")
    with pytest.raises(DatasetError, match=r"is the MedCalc-Bench v1.0 test set .*; load it as --dataset medcalc-bench"):
        load_cases("medcalc-bench-v1.2", path=v1_path)


def test_bad_files_are_clear_errors(v1_path, tmp_path):
    rows = _rows(v1_path)[:3]
    no_limits = _write(tmp_path / "a.csv", [{k: v for k, v in r.items() if k != "Upper Limit"} for r in rows],
                       [c for c in datasets.COLUMNS if c != "Upper Limit"])
    with pytest.raises(DatasetError, match="missing column"):
        load_cases("medcalc-bench-v1.2", path=no_limits)
    rows[1]["Ground Truth Answer"] = "about 25"
    with pytest.raises(DatasetError, match="row 2: cannot read Ground Truth Answer 'about 25' as decimal"):
        load_cases("medcalc-bench-v1.2", path=_write(tmp_path / "b.csv", rows))
    rows = _rows(v1_path)[:3]
    rows[2]["Row Number"] = "1"
    with pytest.raises(DatasetError, match="Row Number repeats"):
        load_cases("medcalc-bench-v1.2", path=_write(tmp_path / "c.csv", rows))
    with pytest.raises(DatasetNotFound, match="no file at"):
        load_cases(path=tmp_path / "missing.csv")


def test_not_found_says_where_and_how(tmp_path, monkeypatch):
    monkeypatch.setenv("MEDRECKON_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("MEDRECKON_CACHE", str(tmp_path / "cache"))
    with pytest.raises(DatasetNotFound) as err:
        load_cases("medcalc-bench-verified")
    msg = str(err.value)
    assert "MEDRECKON_DATA" in msg and "medreckon data fetch medcalc-bench-verified" in msg
    assert isinstance(err.value, ValueError) and isinstance(err.value, FileNotFoundError)


# --- Downloads ------------------------------------------------------------------------------

class _Quiet(http.server.SimpleHTTPRequestHandler):
    requests: list[str] = []

    def log_message(self, *args):
        pass

    def do_GET(self):
        _Quiet.requests.append(self.path)
        super().do_GET()


@pytest.fixture
def server(tmp_path):
    root = tmp_path / "www"
    root.mkdir()
    _Quiet.requests = []
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield root, f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_fetch_checks_the_pinned_hash_and_caches(v1_path, server, tmp_path):
    root, url = server
    shutil.copy(v1_path, root / "test_data.csv")
    cache = tmp_path / "cache"
    got = fetch("medcalc-bench", cache, urls=[f"{url}/test_data.csv"])
    assert got == cache / "medcalc_bench" / "test_v1.0.csv" and sha256_of(got) == DATASETS["medcalc-bench"].sha256
    assert len(load_cases(path=got)) == 1047
    assert fetch("medcalc-bench", cache, urls=[f"{url}/test_data.csv"]) == got
    assert _Quiet.requests == ["/test_data.csv"]  # the second call did not download


def test_fetch_refuses_a_different_file_for_a_pinned_dataset(server, tmp_path):
    root, url = server
    (root / "test_data.csv").write_text("Row Number\n1\n")
    with pytest.raises(DatasetError, match="content differs from the pinned v1.0 file"):
        fetch("medcalc-bench", tmp_path / "cache", urls=[f"{url}/test_data.csv"])
    assert not list((tmp_path / "cache" / "medcalc_bench").iterdir())  # nothing half-written left


def test_fetch_records_the_source_of_unpinned_files(v1_path, server, tmp_path):
    root, url = server
    shutil.copy(v1_path.parent / "one_shot_verified.csv", root / "one_shot_data.csv")
    got = fetch("medcalc-bench-one-shot", tmp_path / "cache", urls=[f"{url}/missing.csv", f"{url}/one_shot_data.csv"])
    record = json.loads(got.with_name(got.name + ".source.json").read_text())
    assert record["sha256"] == sha256_of(got) and record["url"].endswith("/one_shot_data.csv")
    assert record["licence"] == "CC BY-SA 4.0" and record["bytes"] == got.stat().st_size
    assert len(load_one_shot(got)) == 55


def test_fetch_without_a_network_says_so(tmp_path):
    with pytest.raises(DatasetError) as err:
        fetch("medcalc-bench-verified", tmp_path / "cache", urls=["http://medcalc.invalid/test_data.csv"], timeout=5)
    msg = str(err.value)
    assert "could not download" in msg and "Copy the file by hand to" in msg
    assert "no network" in msg or "resolve" in msg
    with pytest.raises(DatasetError, match="unknown dataset"):
        fetch("imagenet", tmp_path)
