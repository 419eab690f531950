"""The reading lexicon (medreckon/reading/lexicon): one place for how notes say things, checked
against the calculators (every finding the bench reads has an entry; no entry names an input
that does not exist), loaded with its references and regular expressions checked, fingerprinted;
and each finding's declared clinical scope (fields.Scope), which stays with the calculators."""

import re
import shutil
from pathlib import Path

import pytest

from medreckon.calculators.describe import describe_inputs
from medreckon.calculators.fields import Scope
from medreckon.calculators.registry import all_calculators, get
from medreckon.reading import lexicon as lexicon_module
from medreckon.reading.findings import read_findings
from medreckon.reading.inputs import read_inputs
from medreckon.reading.lexicon import LexiconError, lexicon, load

LEX = lexicon()
CALCULATORS = {c.id: c for c in all_calculators()}
# criteria narrower than a concept they name, on purpose: Charlson's CKD is moderate to severe
# (not "renal insufficiency"), HAS-BLED's hypertension is uncontrolled
NARROWER = {("charlson", "moderate_to_severe_ckd", "CHRONIC_KIDNEY_DISEASE"),
            ("has-bled", "uncontrolled_hypertension", "HYPERTENSION")}
FINDINGS = [(c.id, s) for c in all_calculators() for s in read_inputs(c) if s.kind == "boolean"]


def test_every_finding_the_bench_reads_has_an_entry():
    bare = [f"{c.id}.{s.name}" for c in all_calculators() if c.medcalc_bench is not None
            for s in read_inputs(c) if s.kind == "boolean" and not s.synonyms and not s.phrases]
    assert not bare, f"findings with no words in the lexicon: {bare}"


def test_no_entry_names_an_input_that_does_not_exist():
    for calc_id, entries in LEX.calculators.items():
        assert calc_id in CALCULATORS, f"lexicon/calculators/{calc_id}.toml names no calculator"
        specs = {s.name: s for s in describe_inputs(CALCULATORS[calc_id])}
        for name, entry in entries.items():
            assert name in specs, f"{calc_id}.{name} is not an input of {calc_id}"
            spec = specs[name]
            if entry.synonyms:
                assert spec.kind in ("boolean", "choice"), f"{calc_id}.{name}: synonyms for a {spec.kind}"
            if entry.phrases:
                allowed = set(spec.choices) if spec.kind == "choice" else {"true", "false"}
                assert set(entry.phrases.options) <= allowed, f"{calc_id}.{name}: phrases for options it lacks"


def test_the_calculators_hold_no_reading_knowledge():
    library = Path(get("gcs").inputs.__module__.replace(".", "/")).parent
    root = Path(lexicon_module.__file__).parents[2]
    for path in sorted((root / library).glob("*.py")):
        text = path.read_text()
        assert not re.search(r"^from \S*reading\S* import", text, re.M), path.name
        assert not re.search(r"\b_?[A-Z]+_PHRASES\b|with_phrases|synonyms=\(", text), f"{path.name} reads notes"
    assert not (root / "medreckon/calculators/vocabulary.py").exists()


def test_concepts_expand_in_place_and_are_distinct_words():
    assert {"STROKE", "TIA", "HEART_FAILURE", "DIABETES", "CANCER", "DVT", "PE"} <= set(LEX.concepts)
    for name, words in LEX.concepts.items():
        assert words and all(w.strip() == w and not w.startswith("@") for w in words), name
        assert len({w.lower() for w in words}) == len(words), f"{name} repeats a word"
    assert LEX.concepts["CEREBROVASCULAR_DISEASE"][:len(LEX.concepts["STROKE"])] == LEX.concepts["STROKE"]


def test_a_finding_that_names_a_concept_takes_all_its_words():
    atomic = {k: v for k, v in LEX.concepts.items()
              if not any(o != k and set(w) < set(v) for o, w in LEX.concepts.items())}
    gaps = []
    for calc, s in FINDINGS:
        said = {w.lower() for w in s.synonyms}
        for name, words in atomic.items():
            if words[0].lower() in said and (calc, s.name, name) not in NARROWER:
                missing = [w for w in words if w.lower() not in said]
                if missing:
                    gaps.append(f"{calc}.{s.name}: {name} without {missing}")
    assert not gaps, "\n".join(gaps)


def test_the_same_concept_reads_the_same_in_every_score():
    stroke = {calc: set(s.synonyms) for calc, s in FINDINGS if s.name == "stroke" and s.synonyms}  # else read by name
    assert set(stroke) >= {"cha2ds2-vasc", "charlson", "has-bled"}
    assert all(words == set(LEX.concepts["STROKE"]) for words in stroke.values())
    for calc in ("rcri", "psi"):
        spec = next(s for c, s in FINDINGS if c == calc and s.name == "cerebrovascular_disease")
        assert "cerebrovascular accident" in spec.synonyms and "TIA" in spec.synonyms


def test_fragments_and_phrase_order_survive_loading():
    eye = LEX.entry("glasgow-coma-scale", "eye").phrases
    assert eye.options[0] == "eyes open spontaneously" and not eye.ranked
    assert all("<" not in p or "(?<" in p for _, ps in eye.patterns for p in ps)  # <EYES> expanded
    assert LEX.entry("charlson", "liver_disease").phrases.ranked
    assert LEX.entry("caprini", "mobility").phrases.current
    assert LEX.entry("sirs", "no_such_input").synonyms == ()  # no entry: read by its name in words


def test_the_fingerprint_follows_the_files(tmp_path):
    copy = tmp_path / "lexicon"
    shutil.copytree(Path(lexicon_module.__file__).parent, copy, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    assert load(copy).fingerprint == LEX.fingerprint and len(LEX.fingerprint) == 64
    path = copy / "calculators" / "sirs.toml"
    path.write_text(path.read_text() + "\n# a comment is content too\n")
    assert load(copy).fingerprint != LEX.fingerprint


@pytest.mark.parametrize(("file", "text", "message"), [
    ("calculators/sirs.toml", "\n[fever]\nsynonyms = ['@NO_SUCH_CONCEPT']\n", r"sirs.toml.fever.synonyms: @NO_SUCH_CONCEPT names no concept"),
    ("calculators/sirs.toml", "\n[fever]\nwords = ['fever']\n", r"sirs.toml.fever: unknown key words"),
    ("calculators/sirs.toml", "\n[fever]\nranked = true\nsynonyms = ['x']\n", "says how phrases are read"),
    ("calculators/sirs.toml", "\n[fever.phrases]\ntrue = ['(unclosed']\n", r"fever.phrases.true\[0\]: '\(unclosed' is not a regular"),
    ("calculators/sirs.toml", "\n[fever.phrases]\ntrue = ['<NOPE> x']\n", r"<NOPE> is no fragment"),
    ("cues.toml", "\n[extra]\nx = 1\n", r"cues.toml: tables"),
    ("concepts.toml", "\nLOOP = ['@LOOP']\n", "refers to itself"),
])
def test_a_broken_lexicon_names_the_file_and_key(tmp_path, file, text, message):
    copy = tmp_path / "lexicon"
    shutil.copytree(Path(lexicon_module.__file__).parent, copy, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    path = copy / file
    path.write_text(path.read_text() + text)
    with pytest.raises(LexiconError, match=message):
        load(copy)


@pytest.mark.parametrize(("calc", "spec"), FINDINGS, ids=[f"{c}.{s.name}" for c, s in FINDINGS])
def test_a_finding_named_for_a_time_or_a_relative_declares_it(calc, spec):
    name = spec.name
    if name.startswith("previous_"):
        assert spec.scope.when == "past"
    if name.startswith("recent_") or name.endswith("_recently"):
        assert spec.scope.when == "recent"
    if name.startswith("family_history"):
        assert spec.scope.whose == "relative"
    if name.startswith("no_") or name.endswith("_absent"):
        assert spec.scope.absence


def test_scope_is_declared_not_named():
    wells = {s.name: s.scope for s in describe_inputs(get("wells-dvt"))}
    assert wells["major_surgery_12_weeks"] == Scope(when="recent")  # no 'recent_' in its name
    assert wells["active_cancer"] == Scope(when="recent")  # treatment within 6 months
    assert wells["previous_dvt"] == Scope(when="past") and wells["pitting_edema"] == Scope()
    heart = {s.name: s.scope for s in describe_inputs(get("heart-score"))}
    assert heart["family_history"].whose == "relative"


def _read(calc: str, note: str, *names: str) -> dict[str, str]:
    specs = [s for s in read_inputs(get(calc)) if s.name in names]
    return {k: r.state for k, r in read_findings(note, specs).items()}


def test_a_recent_criterion_skips_what_was_years_ago():
    note = ("Right calf swollen for 3 days. Breast cancer treated with surgery eight years ago, in remission. "
            "A knee arthroscopy in 2015.")
    assert _read("wells-dvt", note, "active_cancer", "major_surgery_12_weeks") == {
        "active_cancer": "absent", "major_surgery_12_weeks": "absent"}
    now = "Metastatic lung adenocarcinoma on chemotherapy. Underwent a hip replacement 3 weeks ago."
    assert _read("wells-dvt", now, "active_cancer", "major_surgery_12_weeks") == {
        "active_cancer": "present", "major_surgery_12_weeks": "present"}


def test_a_shared_concept_is_read_in_its_other_words():
    note = "History of a cerebrovascular accident with complete recovery. Coronary arterial disease."
    got = _read("rcri", note, "cerebrovascular_disease", "ischemic_heart_disease")
    assert got == {"cerebrovascular_disease": "present", "ischemic_heart_disease": "present"}
    assert _read("perc", "She has been taking an OCP for 2 years.", "hormone_use") == {"hormone_use": "present"}


def test_a_bare_year_is_years_back_and_operations_are_read_by_name():
    note = "PMH: L ankle fracture 2008 treated with ORIF, healed. Laparoscopic cholecystectomy 19 days ago."
    assert _read("wells-pe", note, "surgery_previous_4_weeks") == {"surgery_previous_4_weeks": "present"}
    assert _read("perc", "PMH: L ankle fracture 2008 treated with ORIF, healed.", "recent_surgery_or_trauma") == {
        "recent_surgery_or_trauma": "absent"}


def test_note_units_resolve_to_the_calculators_symbols():
    from medreckon.calculators import units as u
    from medreckon.reading.quantities import symbol

    for spelling in LEX.units["note"]:
        assert symbol(spelling) == spelling or u.symbol_of(spelling) == symbol(spelling) \
            or spelling in LEX.units["symbols"], spelling
    assert symbol("℃") == "degC" and symbol("cells/mm3") == "/uL" and symbol("ml/min") == "mL/min"
    assert u.symbol_of("L") is None  # litres or per litre: the dimension decides
