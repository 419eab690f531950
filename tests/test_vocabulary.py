"""The shared clinical vocabulary (calculators.vocabulary) and each finding's declared scope
(fields.Scope): a concept means the same words in every score that asks about it, and which
mentions count is declared on the finding, not guessed from its field name."""

import pytest

from medreckon.bench.strategies.extract_steps import read_findings
from medreckon.bench.types import Case
from medreckon.calculators import vocabulary
from medreckon.calculators.describe import describe_inputs
from medreckon.calculators.fields import Scope
from medreckon.calculators.registry import all_calculators, get

CONCEPTS = {k: v for k, v in vars(vocabulary).items() if k.isupper()}
# concepts not made of others (CEREBROVASCULAR_DISEASE is STROKE + TIA + ...)
ATOMIC = {k: v for k, v in CONCEPTS.items() if not any(o != k and set(w) < set(v) for o, w in CONCEPTS.items())}
# criteria narrower than a concept they name, on purpose: Charlson's CKD is moderate to severe
# (not "renal insufficiency"), HAS-BLED's hypertension is uncontrolled
NARROWER = {("charlson", "moderate_to_severe_ckd", "CHRONIC_KIDNEY_DISEASE"),
            ("has-bled", "uncontrolled_hypertension", "HYPERTENSION")}
FINDINGS = [(c.id, s) for c in all_calculators() for s in describe_inputs(c) if s.kind == "boolean"]


def test_concepts_are_tuples_of_distinct_words():
    assert {"STROKE", "TIA", "HEART_FAILURE", "DIABETES", "CANCER", "DVT", "PE"} <= set(CONCEPTS)
    for name, words in CONCEPTS.items():
        assert isinstance(words, tuple) and words and all(isinstance(w, str) and w.strip() == w for w in words), name
        assert len({w.lower() for w in words}) == len(words), f"{name} repeats a word"


def test_a_finding_that_names_a_concept_takes_all_its_words():
    gaps = []
    for calc, s in FINDINGS:
        said = {w.lower() for w in s.synonyms}
        for name, words in ATOMIC.items():
            if words[0].lower() in said and (calc, s.name, name) not in NARROWER:
                missing = [w for w in words if w.lower() not in said]
                if missing:
                    gaps.append(f"{calc}.{s.name}: {name} without {missing}")
    assert not gaps, "\n".join(gaps)


def test_the_same_concept_reads_the_same_in_every_score():
    stroke = {calc: set(s.synonyms) for calc, s in FINDINGS if s.name == "stroke"}
    assert set(stroke) >= {"cha2ds2-vasc", "charlson", "has-bled"}
    assert all(words == set(vocabulary.STROKE) for words in stroke.values())
    # RCRI's and PSI's cerebrovascular disease know "cerebrovascular accident" as well (they did not)
    for calc in ("rcri", "psi"):
        spec = next(s for c, s in FINDINGS if c == calc and s.name == "cerebrovascular_disease")
        assert "cerebrovascular accident" in spec.synonyms and "TIA" in spec.synonyms


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
    specs = [s for s in describe_inputs(get(calc)) if s.name in names]
    case = Case(id="t", calculator_id=None, calculator_name=calc, note=note, question="?", ground_truth=None,
                lower=None, upper=None, output_type="integer", category="risk", entities={}, dataset="t",
                dataset_version="t")
    return {k: r.state for k, r in read_findings(case, specs).items()}


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
