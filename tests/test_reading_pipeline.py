"""Reading as a pipeline (medreckon.reading): each stage alone on sentences we wrote, pipelines
composed from scripted stages, derived versions, the public `read_note` with evidence spans and
confidence, a person's corrections, and what a pipeline needs of a model."""

import dataclasses
import json

import pytest

from medreckon.bench.types import ModelClient
from medreckon.calculators.registry import get
from medreckon.reading import confidence as C
from medreckon.reading import read_note
from medreckon.reading.pipeline import (
    LOGPROBS,
    MODEL,
    PIPELINES,
    STAGES,
    Pipeline,
    Stage,
    get_pipeline,
    make_stage,
    stage,
)
from medreckon.reading.read import new_state
from medreckon.reading.result import NoteReading, Source
from medreckon.reading.stages.choices import ChoicePhrases, Demographics
from medreckon.reading.stages.decide import Confidence, Decide
from medreckon.reading.stages.findings import RuleFindings
from medreckon.reading.stages.fixes import Person
from medreckon.reading.stages.locate import Locate
from medreckon.reading.stages.quantities import CandidateMentions, NamedQuantities
from scripted import GEN, Scripted

pytest.importorskip("medspacy", reason="the [reading] extra (medspacy) is not installed")

CURB = ("A 79-year-old man presents with productive cough. He is confused, oriented only to person. "
        "BUN 31 mg/dL. Respiratory rate 32 breaths/min, blood pressure 88/50 mmHg.")


def state(calc_id, note, model=None):
    return new_state(get(calc_id), note, "?", {}, model, GEN)


# ---------------------------------------------------------------- each stage alone


def test_locate_and_rule_findings_settle_findings_with_their_words():
    s = state("cha2ds2-vasc", "Known hypertension. No history of stroke. Her mother had a TIA.")
    Locate().run(s)
    RuleFindings(mode="alone").run(s)
    hyp, stroke, tia = (s.readings[n] for n in ("hypertension", "stroke", "transient_ischemic_attack"))
    assert (hyp.value, hyp.source, hyp.method) == (True, Source.RULE, "context")
    assert [e.text for e in hyp.evidence] == ["hypertension"] and s.note[hyp.evidence[0].start:].startswith("hypertension")
    assert stroke.value is False and stroke.detail["state"] == "absent"
    assert tia.value is False and tia.detail["state"] == "absent"  # only a relative's: not the patient's


def test_rule_findings_with_model_leaves_present_findings_open():
    s = state("cha2ds2-vasc", "Known hypertension. No history of stroke.")
    Locate().run(s)
    RuleFindings(mode="with_model").run(s)
    assert "hypertension" not in s.readings and s.readings["stroke"].value is False
    with pytest.raises(ValueError, match="mode: got 'maybe'"):
        RuleFindings(mode="maybe")


def test_demographics_and_phrases_settle_choices_with_spans():
    s = state("glasgow-coma-scale", "67M found down. He opens his eyes to voice, is confused and localizes to pain.")
    Demographics().run(s)
    ChoicePhrases().run(s)
    assert s.readings["eye"].value == "eye opening to verbal command"
    assert s.readings["motor"].value == "localizes pain" and s.readings["motor"].method == "phrases"
    for r in s.readings.values():
        assert all(s.note[e.start:e.end] == e.text for e in r.evidence) and r.evidence
    sex = state("cha2ds2-vasc", "Pt 72F with palpitations.")
    Demographics().run(sex)
    assert sex.readings["sex"].value == "female" and sex.readings["sex"].evidence[0].text == "Pt 72F"


def test_quantities_named_taken_unnamed_left_to_the_model_unmentioned_left_out():
    s = state("curb-65", CURB)
    NamedQuantities().run(s)
    assert s.readings["bun"].value == {"value": 31.0, "unit": "mg/dL"} and s.readings["bun"].detail["rank"] == 0
    assert s.noted["bun"] == {"value": 31.0, "unit": "mg/dL"}  # goes with the reply (hints may fix it)
    psi = state("psi", "A 70-year-old woman. Temperature 37.2 C.")
    NamedQuantities().run(psi)
    CandidateMentions().run(psi)
    assert psi.readings["oxygen_saturation"].method == "not_in_note" and psi.readings["oxygen_saturation"].value is None


def test_a_person_s_values_come_first_and_no_reader_asks_again():
    s = state("curb-65", CURB)
    Person(values={"bun": 12, "confusion": False}).run(s)
    Locate().run(s)
    RuleFindings().run(s)
    NamedQuantities().run(s)
    assert s.readings["bun"].value == 12 and s.readings["bun"].source == Source.PERSON
    assert s.readings["confusion"].value is False
    with pytest.raises(ValueError, match="not an input of curb-65"):
        Person(values={"lactate": 2}).run(state("curb-65", CURB))


# ---------------------------------------------------------------- pipelines


@stage
@dataclasses.dataclass(frozen=True)
class Oracle(Stage):
    """A scripted stage (tests only): settles the inputs it is given, as a learned reader would."""

    name = "test_oracle"
    produces = "whatever it is told"
    values: tuple = ()

    def run(self, s):
        for name, value in self.values:
            s.settle(name, value, "context")


def test_a_pipeline_composed_from_a_scripted_stage_computes_and_scores():
    told = (("confusion", True), ("bun", 31), ("respiratory_rate", 20), ("systolic_bp", 120), ("age", 80))
    pipe = Pipeline("oracle", (Oracle(values=told), Decide(), Confidence()))
    reading = read_note("curb-65", "An 80-year-old.", pipeline=pipe)
    assert reading.status == "abstained" and reading.missing == ("diastolic_bp",)  # not told: not in the note
    pipe = Pipeline("oracle", (Oracle(values=(*told, ("diastolic_bp", 70))), Decide(), Confidence()))
    reading = read_note("curb-65", "An 80-year-old.", pipeline=pipe)
    assert reading.status == "ok" and reading.value == 3 and reading.inputs["confusion"].value is True
    assert reading.version.startswith("oracle@") and "test_oracle" in STAGES
    assert make_stage("test_oracle", values=()).describe().startswith("test_oracle(")
    with pytest.raises(ValueError, match="unknown reading stage 'nope'"):
        make_stage("nope")


def test_versions_are_derived_from_stages_parameters_and_content(monkeypatch):
    assert get_pipeline("default").version == get_pipeline("default").version
    assert get_pipeline("default", max_repairs=2).version != get_pipeline("default").version
    assert get_pipeline("rules").version != get_pipeline("default").version
    before = get_pipeline("rules").version

    class Other:
        fingerprint = "0" * 64

    monkeypatch.setattr("medreckon.reading.pipeline.lexicon", lambda: Other())
    assert get_pipeline("rules").version != before  # a lexicon change starts new attempts
    with pytest.raises(ValueError, match="unknown reading pipeline 'nope'"):
        get_pipeline("nope")
    assert {"default", "generate", "rules"} <= set(PIPELINES)


def test_a_pipeline_declares_what_it_needs_of_a_model():
    assert get_pipeline("default").needs == {MODEL, LOGPROBS}
    assert get_pipeline("generate").needs == {MODEL}
    assert get_pipeline("rules").needs == frozenset()
    with pytest.raises(ValueError, match="asks a model"):
        read_note("curb-65", CURB)

    class TextOnly(ModelClient):
        name = "text-only"

    with pytest.raises(ValueError, match="text-only cannot give"):
        read_note("curb-65", CURB, model=TextOnly())


# ---------------------------------------------------------------- the public reading


def test_read_note_without_a_model_gives_every_input_its_source_and_evidence():
    reading = read_note("curb-65", CURB, pipeline="rules")
    assert isinstance(reading, NoteReading) and reading.status == "ok"
    assert reading.value == 5  # confusion, BUN > 19, RR >= 30, SBP < 90, age >= 65
    assert set(reading.inputs) == {s for s in get("curb-65").inputs.model_fields}
    for r in reading.inputs.values():
        assert r.source in (Source.RULE, Source.DEFAULT) and 0.0 < r.confidence <= 1.0
        assert all(CURB[e.start:e.end] == e.text for e in r.evidence)
    assert reading.inputs["confusion"].evidence[0].text == "confused"
    assert reading.needs_review  # no threshold fitted: everything is reviewed
    assert json.loads(json.dumps(reading.to_dict()))["inputs"]["bun"]["source"] == "rule"


def test_a_person_s_correction_is_computed_again():
    reading = read_note("curb-65", CURB, pipeline="rules")
    fixed = reading.correct({"confusion": False})
    assert fixed.value == 4 and fixed.inputs["confusion"].source == Source.PERSON
    assert fixed.inputs["confusion"].confidence == 1.0 and "confusion" not in fixed.drivers
    with pytest.raises(Exception, match="confusion"):
        reading.correct({"confusion": "perhaps"})
    same = read_note("curb-65", CURB, pipeline="rules", corrections={"confusion": False})
    assert same.value == 4 and same.inputs["confusion"].source == Source.PERSON


def test_the_default_pipeline_with_a_scripted_model():
    class Scoring(Scripted):
        supports_logprobs = True

    model = Scoring({"heart_rate": 104})
    note = "A 48-year-old woman, pulse 104, recent hip replacement 2 weeks ago. No hemoptysis. No prior DVT or PE."
    reading = read_note("wells-pe", note, model=model)
    assert reading.status == "ok" and len(model.requests) <= 1
    sources = {n: r.source for n, r in reading.inputs.items()}
    assert sources["hemoptysis"] == Source.RULE and reading.inputs["hemoptysis"].value is False
    assert all(isinstance(r.confidence, float) for r in reading.inputs.values())


# ---------------------------------------------------------------- confidence


def test_an_input_that_cannot_change_the_result_does_not_matter():
    note = "A 60-year-old woman with a history of DVT and of pulmonary embolism, on warfarin."
    reading = read_note("caprini", note, pipeline="rules")
    assert reading.inputs["history_of_dvt"].value is True and reading.inputs["history_of_pe"].value is True
    assert not reading.inputs["history_of_pe"].matters  # previous DVT/PE is one item: already scored


FITTED = {"min_n": 2, "prior": 0.5, "inputs": {"boolean:context:present": [9, 10], "boolean:context": [1, 10]},
          "case": [[0.3, 0.2], [1.0, 0.95]], "threshold": 0.9}


def test_input_confidence_is_looked_up_most_specific_first():
    reading = read_note("curb-65", CURB, pipeline="rules")
    confusion = reading.inputs["confusion"]
    assert C.buckets(confusion)[0] == "boolean:context:present"
    assert C.input_confidence(confusion, FITTED) == pytest.approx(10 / 12, abs=1e-4)
    absent = dataclasses.replace(confusion, detail={"state": "absent"})
    assert C.input_confidence(absent, FITTED) == pytest.approx(2 / 12, abs=1e-4)  # falls back to boolean:context
    assert C.input_confidence(dataclasses.replace(confusion, method="phrases"), FITTED) == 0.5  # the prior
    assert C.input_confidence(dataclasses.replace(confusion, source=Source.PERSON), FITTED) == 1.0


def test_the_case_confidence_is_the_fitted_share_and_the_threshold_splits_review():
    assert C.calibrated_case(0.3, FITTED) == 0.2 and C.calibrated_case(0.31, FITTED) == 0.95
    assert C.calibrated_case(0.5, {"case": []}) == 0.5  # before any fit: the raw score
    reading = read_note("curb-65", CURB, pipeline="rules")
    at = dataclasses.replace(reading, confidence=0.9, threshold=0.9)
    under = dataclasses.replace(reading, confidence=0.8999, threshold=0.9)
    assert not at.needs_review and under.needs_review
    assert dataclasses.replace(reading, confidence=None, threshold=0.9).needs_review
