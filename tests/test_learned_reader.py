"""The learned criterion reader (medreckon.reading.learned).

- The artifact's mechanics on a model trained here by the real pipeline in a few steps
  (`train.py --tiny`, about half a minute): ONNX int8 export, manifest, the outputs recorded at
  training time reproduced on load, sha256 pinning, the default folder, no torch at read time,
  the reader end to end on vignettes (design data, v1-v10).
- The pinned model (src/medreckon/data/criterion_reader/manifest.json; the model itself is not in
  the repository): its manifest always; its outputs and a few clear readings where it is built
  (`train.py --install`), else skipped saying so.
- Decisions (relative's criteria, absences, ranked choices, thresholds) on scripted
  probabilities, and passages found in real notes.
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from medreckon.calculators.registry import get
from medreckon.reading.learned import model as model_module
from medreckon.reading.learned.criteria import criteria
from medreckon.reading.learned.model import CriterionModel, ModelUnavailable, cache_folder, pinned
from medreckon.reading.learned.reader import (
    LearnedReader,
    decide,
    decide_choice,
    finding_terms,
    passages,
    sentences,
)

LABELS = ["asserted", "denied", "other_person", "out_of_time", "hypothetical", "not_about_it"]
VIGNETTES = Path(__file__).parent / "data" / "vignettes"
TRAIN = Path(__file__).resolve().parents[1] / "benchmarks" / "criterion_reader" / "train.py"
FILES = ("model.onnx", "tokenizer.json", "manifest.json")


def _finding(calc: str, field: str):
    return next(c for c in criteria([get(calc)]).findings if c.field == field)


def _choice(calc: str, field: str):
    return next(c for c in criteria([get(calc)]).choices if c.field == field)


def _rows(*labels_probs: dict[str, float]) -> np.ndarray:
    rows = []
    for given in labels_probs:
        row = np.array([given.get(lab, 0.0) for lab in LABELS])
        rows.append(row / row.sum())
    return np.stack(rows)


def _found(n: int, note: str = "one. two. three.") -> list:
    split = sentences(note)
    return [(split[i % len(split)], split[i % len(split)].text) for i in range(n)]


def _copy(src: Path, dst: Path) -> Path:
    dst.mkdir(parents=True, exist_ok=True)
    for name in FILES:
        shutil.copy(src / name, dst / name)
    return dst


# ---------------------------------------------------------------- a model trained here, in a few steps


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("criterion_reader")
    done = subprocess.run([sys.executable, str(TRAIN), "--tiny", "--threads", "1", "--out", str(out)],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    return out


def test_a_trained_artifact_is_small_and_says_what_it_was_trained_on(tiny):
    manifest = json.loads((tiny / "manifest.json").read_text())
    assert set(manifest["files"]) == {"model.onnx", "tokenizer.json"}
    assert sum((tiny / name).stat().st_size for name in manifest["files"]) <= 30 * 1024 * 1024
    assert manifest["bytes"] == {name: (tiny / name).stat().st_size for name in manifest["files"]}
    assert len(manifest["data"]["fingerprint"]) == 64 and manifest["version"].endswith(manifest["data"]["fingerprint"][:12])
    assert manifest["labels"] == LABELS and manifest["training"]["tiny"]
    assert json.loads((tiny / "data" / "meta.json").read_text())["fingerprint"] == manifest["data"]["fingerprint"]
    assert not (tiny / "model.float.onnx").exists()  # only the int8 model is kept


def test_a_trained_model_gives_the_outputs_recorded_at_training_time(tiny):
    model = CriterionModel(tiny)
    probes = model.manifest["probes"]
    assert len(probes) >= 10 and model.labels == tuple(LABELS)
    for probe in probes:
        logits, _ = model.scores([probe["statement"]], probe["passage"])
        assert np.allclose(logits[0], probe["logits"], atol=2e-3), probe
    got = model.classify("Prior stroke.", ["No history of stroke.", "Stroke in 2015."])
    assert got.shape == (2, 6) and np.allclose(got.sum(axis=1), 1.0)
    options = model.choose(["Ascites: absent.", "Ascites: slight.", "Ascites: moderate."], "Mild ascites.")
    assert options.shape == (4,) and np.isclose(options.sum(), 1.0)


def test_a_changed_or_incomplete_artifact_is_refused(tiny, tmp_path):
    damaged = _copy(tiny, tmp_path / "damaged")
    data = bytearray((damaged / "tokenizer.json").read_bytes())
    data[-3] = ord(" ") if data[-3] != ord(" ") else ord("\n")
    (damaged / "tokenizer.json").write_bytes(bytes(data))
    with pytest.raises(ModelUnavailable, match="sha256"):
        CriterionModel(damaged)
    (_copy(tiny, tmp_path / "partial") / "model.onnx").unlink()
    with pytest.raises(ModelUnavailable, match="model.onnx is missing"):
        CriterionModel(tmp_path / "partial")
    with pytest.raises(ModelUnavailable, match="manifest.json missing.*train.py"):
        CriterionModel(tmp_path / "nowhere")


def test_the_default_model_is_the_pinned_one_from_the_cache_and_nothing_else(tiny, tmp_path, monkeypatch):
    manifest = json.loads((tiny / "manifest.json").read_text())
    pin = tmp_path / "pin.json"
    pin.write_text(json.dumps(manifest))
    monkeypatch.setattr(model_module, "PINNED", pin)
    monkeypatch.setenv("MEDRECKON_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv(model_module.FOLDER_ENV, raising=False)
    assert cache_folder(manifest).parent == tmp_path / "cache" / "criterion_reader"
    with pytest.raises(ModelUnavailable, match="--install"):
        CriterionModel()  # not built yet
    _copy(tiny, cache_folder(manifest))
    assert CriterionModel().manifest["files"] == manifest["files"]
    # the pin names other files: the cached model is refused, though its own manifest is intact
    pin.write_text(json.dumps({**manifest, "files": {**manifest["files"], "tokenizer.json": "0" * 64}}))
    with pytest.raises(ModelUnavailable, match="not the pinned model"):
        CriterionModel()
    # a folder named explicitly is read against its own manifest
    monkeypatch.setenv(model_module.FOLDER_ENV, str(tiny))
    assert CriterionModel().folder == tiny


def test_a_tiny_model_is_never_installed(tiny):
    sys.path.insert(0, str(TRAIN.parent))
    try:
        from train import install
    finally:
        sys.path.remove(str(TRAIN.parent))
    with pytest.raises(SystemExit, match="never installed"):
        install(tiny, pin=False)


def test_reading_needs_no_torch(tiny):
    code = ("import sys; from medreckon.reading.learned.reader import LearnedReader;"
            "from medreckon.calculators.registry import get;"
            "got = LearnedReader().read('No history of stroke. Known hypertension.', get('chads2'));"
            "assert got['stroke_or_tia'].evidence; print('torch' in sys.modules)")
    env = {**os.environ, model_module.FOLDER_ENV: str(tiny)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True, env=env)
    assert out.stdout.strip() == "False"


def test_the_reader_end_to_end_on_vignettes_gives_evidence_in_the_note(tiny):
    reader = LearnedReader(CriterionModel(tiny))
    rows = list(csv.DictReader((VIGNETTES / "rule_based_v7.csv").open(encoding="utf-8")))[:4]
    for row in rows:
        calc = get(int(row["Calculator ID"]))
        note = row["Patient Note"]
        got = reader.read(note, calc)
        declared = criteria([calc])
        assert set(got) == {c.field for c in declared.findings} | {c.field for c in declared.choices}
        options = [o.value for c in declared.choices for o in c.options]
        assert any(r.evidence for r in got.values())
        for reading in got.values():
            assert 0.0 <= reading.probability <= 1.0
            for e in reading.evidence:
                assert note[e.start:e.end].strip() and e.label in LABELS + options + ["none"]


# ---------------------------------------------------------------- the pinned model


@pytest.fixture(scope="module")
def model() -> CriterionModel:
    try:
        return CriterionModel()
    except ModelUnavailable as exc:
        pytest.skip(f"the pinned criterion reader is not built on this machine ({exc})")


def test_the_pinned_manifest_is_a_full_training_run_that_fits_the_budget():
    manifest = pinned()
    assert manifest, "no model is pinned (src/medreckon/data/criterion_reader/manifest.json)"
    assert not manifest["training"]["tiny"] and manifest["labels"] == LABELS
    assert sum(manifest["bytes"].values()) <= 30 * 1024 * 1024
    assert manifest["version"].endswith(manifest["data"]["fingerprint"][:12]) and len(manifest["probes"]) >= 10
    assert manifest["validation"]["int8_agrees_with_float"] >= 0.95


def test_the_pinned_model_gives_the_outputs_recorded_at_training_time(model):
    for probe in model.manifest["probes"]:
        logits, _ = model.scores([probe["statement"]], probe["passage"])
        assert np.allclose(logits[0], probe["logits"], atol=2e-3), probe


def test_clear_sentences_are_read_as_written(model):
    reader = LearnedReader(model)
    got = reader.read("She had a stroke in 2015. No history of diabetes. Her mother had heart failure.", get("chads2"))
    assert got["stroke_or_tia"].value is True
    assert got["diabetes"].value is False
    assert got["congestive_heart_failure"].value is False  # the mother's
    assert got["hypertension"].value is None  # not mentioned: the default applies


# ---------------------------------------------------------------- decisions, on scripted probabilities


@pytest.mark.parametrize(("p", "value"), [(0.49, False), (0.5, True), (0.9, True)])
def test_a_patient_criterion_is_met_at_the_threshold(p, value):
    c = _finding("has-bled", "stroke")
    probs = _rows({"asserted": p, "denied": 1 - p})
    assert decide(c, probs, _found(1), LABELS, 0.5).value is value


def test_the_best_passage_decides_and_a_relatives_criterion_needs_another_person():
    c = _finding("has-bled", "stroke")
    probs = _rows({"denied": 0.9, "asserted": 0.1}, {"asserted": 0.8, "hypothetical": 0.2})
    got = decide(c, probs, _found(2), LABELS, 0.5)
    assert got.value is True and got.probability == pytest.approx(0.8)
    kin = _finding("heart-score", "family_history")
    assert kin.whose == "relative"
    assert decide(kin, _rows({"other_person": 0.7, "asserted": 0.3}), _found(1), LABELS, 0.5).value is True
    assert decide(kin, _rows({"asserted": 0.9, "other_person": 0.1}), _found(1), LABELS, 0.5).value is False


def test_an_absence_criterion_is_met_when_the_thing_is_not_asserted():
    c = _finding("centor-mcisaac", "cough_absent")
    assert c.absence
    assert decide(c, _rows({"denied": 0.95, "asserted": 0.05}), _found(1), LABELS, 0.5).value is True
    assert decide(c, _rows({"asserted": 0.9, "denied": 0.1}), _found(1), LABELS, 0.5).value is False


def test_passages_about_something_else_leave_a_finding_not_mentioned():
    c = _finding("has-bled", "stroke")
    probs = _rows({"not_about_it": 0.9, "asserted": 0.1}, {"not_about_it": 0.7, "denied": 0.3})
    got = decide(c, probs, _found(2), LABELS, 0.5)
    assert got.value is None and got.evidence


def test_ranked_choices_take_the_most_severe_option_above_the_threshold():
    ch = _choice("charlson", "solid_tumor")  # options none, localized, metastatic; metastatic ranked first
    assert ch.ranked
    probs = np.array([[0.0, 0.6, 0.0, 0.4], [0.0, 0.0, 0.55, 0.45]])
    assert decide_choice(ch, probs, _found(2), 0.5).value == "metastatic"
    assert decide_choice(ch, np.array([[0.1, 0.2, 0.1, 0.6]]), _found(1), 0.5).value is None  # none stated
    flat = _choice("child-pugh", "ascites")
    assert not flat.ranked
    assert decide_choice(flat, np.array([[0.05, 0.6, 0.3, 0.05], [0.05, 0.2, 0.7, 0.05]]), _found(2), 0.5).value == "moderate"


# ---------------------------------------------------------------- passages


def test_sentences_carry_their_header_and_their_offsets():
    note = "FAMILY HISTORY:\nMother had a DVT at 45.\n\nPMH: asthma. No stroke."
    split = sentences(note)
    assert split[0].text == "FAMILY HISTORY: Mother had a DVT at 45."
    assert note[split[0].start:split[0].end].strip() == "Mother had a DVT at 45."
    assert [s.text for s in split[1:]] == ["PMH: asthma.", "No stroke."]


def test_passages_are_found_by_names_british_spellings_and_abbreviations_as_written():
    c = _finding("wells-pe", "hemoptysis")
    split = sentences("She has had haemoptysis since Monday. All well otherwise. Her pe teacher called.")
    assert [t for _, t in passages(split, finding_terms(c), 3)] == ["She has had haemoptysis since Monday."]
    pe = _finding("wells-pe", "previous_pe")
    assert passages(sentences("Her pe teacher called."), finding_terms(pe), 3) == []  # "PE" only as written
    assert passages(sentences("Prior PE in 2010."), finding_terms(pe), 3)
