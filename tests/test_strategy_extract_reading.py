"""The extract strategy's old configurations (issue 17's flags: each mechanism a parameter), run as
reading pipelines composed from the flags, with a scripted model (the readers' own tests are
tests/test_reading_*.py; the stages and pipelines', tests/test_reading_pipeline.py)."""

import json
import math

import pytest

from medreckon.bench.models.clients import option_scores
from medreckon.bench.strategies import get_strategy
from medreckon.bench.types import Case, Usage
from scripted import GEN, Scripted


def case(note, calculator_id, name, question="?", ground_truth=0, output_type="integer"):
    return Case(id="r1", calculator_id=calculator_id, calculator_name=name, note=note, question=question,
                ground_truth=ground_truth, lower=None, upper=None, output_type=output_type,
                category="risk", entities={}, dataset="medcalc-bench", dataset_version="v1.0")


HASBLED_NOTE = ("A 71-year-old man with a history of hypertension, not on treatment, clinic blood pressure "
                "165/85. He has liver cirrhosis. No history of stroke. He denies any bleeding. "
                "His mother had a stroke at 60.")
HASBLED = case(HASBLED_NOTE, 25, "HAS-BLED Score for Major Bleeding Risk", ground_truth=3)


def test_old_configurations_keep_their_versions():
    assert get_strategy("extract:max_repairs=2").version == "1+e3+r2+splitq+fix"  # `extract` before the pipelines
    v = get_strategy("extract:context=with_model,decide=logprob,threshold=0.6,candidates=true,"
                     "apply_hints=true,item_lists=true,abstain=true").version
    assert v == "1+e3+r2+splitq+fix+ctx9-with_model+lp2+t0.6+cand7+hints3+items+abst"
    with pytest.raises(ValueError, match="context: got 'on'; expected one of off, alone, with_model, veto"):
        get_strategy("extract:context=on")
    with pytest.raises(ValueError, match="threshold: got 1.5"):
        get_strategy("extract:threshold=1.5")


# Every old configuration the docs, scripts and tests named, with the version main's code (dd83335)
# gave it: their run directories keep their attempt keys (the versions are frozen, never derived).
LEGACY_KEYS = [
    ('extract:max_repairs=2',
     '1+e3+r2+splitq+fix'),
    ('extract:context=alone,choices=logprob,candidates=first,apply_hints=true,item_lists=true,abstain=true,max_repairs=1',
     '1+e3+r1+splitq+fix+ctx9-alone+chlp3+cand1st5+hints3+items+abst'),
    ('extract:context=with_model,decide=logprob,threshold=0.6,candidates=true,apply_hints=true,item_lists=true,abstain=true',
     '1+e3+r2+splitq+fix+ctx9-with_model+lp2+t0.6+cand7+hints3+items+abst'),
    ('extract:split_findings=false,choices=logprob,candidates=first,apply_hints=true,item_lists=true,abstain=true,max_repairs=1',
     '1+e3+r1+fix+chlp3+cand1st5+hints3+items+abst'),
    ('extract:context=alone,candidates=first,apply_hints=true,item_lists=true,abstain=true,max_repairs=1',
     '1+e3+r1+splitq+fix+ctx9-alone+cand1st5+hints3+items+abst'),
    ('extract:context=alone,choices=logprob,apply_hints=true,item_lists=true,abstain=true,max_repairs=1',
     '1+e3+r1+splitq+fix+ctx9-alone+chlp3+hints3+items+abst'),
    ('extract:context=alone,choices=logprob,candidates=first,item_lists=true,abstain=true,max_repairs=1',
     '1+e3+r1+splitq+fix+ctx9-alone+chlp3+cand1st5+items+abst'),
    ('extract:context=alone,choices=logprob,candidates=first,apply_hints=true,abstain=true,max_repairs=1',
     '1+e3+r1+splitq+fix+ctx9-alone+chlp3+cand1st5+hints3+abst'),
    ('extract:context=alone,choices=logprob,candidates=first,apply_hints=true,item_lists=true,max_repairs=1',
     '1+e3+r1+splitq+fix+ctx9-alone+chlp3+cand1st5+hints3+items'),
    ('extract:context=alone,choices=logprob,candidates=first,apply_hints=true,item_lists=true,abstain=true',
     '1+e3+r2+splitq+fix+ctx9-alone+chlp3+cand1st5+hints3+items+abst'),
    ('extract:split_findings=false,max_repairs=1',
     '1+e3+r1+fix'),
    ('extract:evidence=true',
     '1+e3+r2+q+fix'),
    ('extract:evidence=true,max_repairs=1',
     '1+e3+r1+q+fix'),
    ('extract:split_findings=false',
     '1+e3+r2+fix'),
    ('extract:finding_quotes=false',
     '1+e3+r2+split+fix'),
    ('extract:fix_units=false',
     '1+e3+r2+splitq'),
    ('extract:repair_implausible=false',
     '1+e3+r2-noimpl+splitq+fix'),
    ('extract:context=veto',
     '1+e3+r2+splitq+fix+ctx9-veto'),
    ('extract:context=veto,split_findings=false',
     '1+e3+r2+fix+ctx9-veto'),
    ('extract:context=with_model',
     '1+e3+r2+splitq+fix+ctx9-with_model'),
    ('extract:decide=logprob',
     '1+e3+r2+splitq+fix+lp2'),
    ('extract:decide=logprob,threshold=0.449',
     '1+e3+r2+splitq+fix+lp2+t0.449'),
    ('extract:candidates=true',
     '1+e3+r2+splitq+fix+cand7'),
    ('extract:candidates=first',
     '1+e3+r2+splitq+fix+cand1st5'),
    ('extract:apply_hints=true',
     '1+e3+r2+splitq+fix+hints3'),
    ('extract:item_lists=true',
     '1+e3+r2+splitq+fix+items'),
    ('extract:abstain=true',
     '1+e3+r2+splitq+fix+abst'),
    ('extract:choices=logprob',
     '1+e3+r2+splitq+fix+chlp3'),
    ('extract:max_repairs=0',
     '1+e3+r0+splitq+fix'),
    ('extract:max_repairs=5',
     '1+e3+r5+splitq+fix'),
    ('extract:context=alone,decide=logprob,choices=logprob,candidates=first,apply_hints=true,item_lists=true,abstain=true,max_repairs=1,threshold=0.7',
     '1+e3+r1+splitq+fix+ctx9-alone+lp2+chlp3+t0.7+cand1st5+hints3+items+abst'),
    ('extract:decide=logprob,choices=logprob',
     '1+e3+r2+splitq+fix+lp2+chlp3'),
]


@pytest.mark.parametrize(("spec", "version"), LEGACY_KEYS, ids=[s for s, _ in LEGACY_KEYS])
def test_an_old_configuration_keeps_its_attempt_key(spec, version):
    assert get_strategy(spec).version == version


def test_old_configurations_by_name_and_the_new_default():
    from medreckon.bench.strategies.extract_legacy import CONFIGURATIONS

    for name, (flags, version) in CONFIGURATIONS.items():
        assert get_strategy(f"extract:configuration={name}").version == version
        spec = ",".join(f"{k}={str(v).lower()}" for k, v in flags.items()) or "max_repairs=2"
        assert get_strategy(f"extract:{spec}").version == version
    assert get_strategy("extract").version.startswith("default@")  # derived, not a flag string
    assert get_strategy("extract:pipeline=rules").version.startswith("rules@")
    with pytest.raises(ValueError, match="a pipeline or an old configuration"):
        get_strategy("extract:pipeline=rules,context=alone")
    with pytest.raises(ValueError, match="configuration: got 'nope'"):
        get_strategy("extract:configuration=nope")


pytest.importorskip("medspacy", reason="the [reading] extra (medspacy) is not installed")


def test_context_alone_reads_the_issue_trace_without_asking_about_findings():
    model = Scripted({"age": 71, "alcohol_drinks_per_week": None})
    out = get_strategy("extract:context=alone").run(HASBLED, model, GEN)
    assert len(model.requests) == 1  # the main request only: no finding questions
    inputs = out.trace["normalised_inputs"]
    assert inputs["uncontrolled_hypertension"] is True and inputs["liver_disease"] is True
    assert inputs["stroke"] is False and inputs["prior_major_bleeding"] is False
    assert (out.status, out.answer) == ("ok", 3)  # age > 65, H, liver
    stroke = next(f for f in out.trace["findings"] if f["field"] == "stroke")
    assert stroke["reading"]["evidence"] == "No history of stroke." and stroke["present"] is False


def test_context_with_model_asks_only_about_findings_it_found_present():
    asked = []

    def reply(messages, gen):
        text = messages[-1]["content"]
        if "One criterion of this score" in text:
            asked.append(text.split("One criterion of this score: ")[1].split(" — ")[0])
            return {"quote": "liver cirrhosis", "present": True} if "liver" in asked[-1] else \
                {"quote": "", "present": False}
        return {"age": 71, "alcohol_drinks_per_week": None}

    out = get_strategy("extract:context=with_model").run(HASBLED, Scripted(reply), GEN)
    assert sorted(asked) == ["liver disease", "uncontrolled hypertension"]  # stroke, bleeding: settled
    assert out.trace["normalised_inputs"]["liver_disease"] is True
    assert out.trace["normalised_inputs"]["uncontrolled_hypertension"] is False  # the model said no
    assert out.answer == 2


def test_context_veto_in_the_json_request_turns_only_negated_findings_false():
    """Findings stay in the one JSON request (split_findings=false); the reader only vetoes a
    true where every mention is negated, hypothetical or a relative's, and never makes a false
    true (the issue's trace: "no history of stroke" read as a stroke)."""
    said = {"age": 71, "uncontrolled_hypertension": True, "renal_disease": False, "liver_disease": True,
            "stroke": True, "prior_major_bleeding": True, "labile_inr": False, "bleeding_medication": False,
            "alcohol_drinks_per_week": None}
    model = Scripted(said)
    out = get_strategy("extract:split_findings=false,context=veto").run(HASBLED, model, GEN)
    assert len(model.requests) == 1  # findings asked in the JSON request, none on their own
    inputs = out.trace["normalised_inputs"]
    assert inputs["stroke"] is False and inputs["prior_major_bleeding"] is False  # "No history of", "denies"
    assert inputs["liver_disease"] is True and inputs["uncontrolled_hypertension"] is True
    assert sorted(out.trace["turns"][0]["vetoed"]) == ["prior_major_bleeding", "stroke"]
    assert out.answer == 3
    # a finding the model says false stays false, whatever the reader found
    model = Scripted({**said, "liver_disease": False})
    assert get_strategy("extract:split_findings=false,context=veto").run(HASBLED, model, GEN).answer == 2


def test_context_with_model_in_the_json_request_leaves_out_what_the_reader_settles():
    model = Scripted({"age": 71, "uncontrolled_hypertension": True, "liver_disease": True,
                      "alcohol_drinks_per_week": None})
    out = get_strategy("extract:split_findings=false,context=with_model").run(HASBLED, model, GEN)
    asked = model.requests[0]["response_format"]["json_schema"]["schema"]["properties"]
    assert "stroke" not in asked and "prior_major_bleeding" not in asked and "liver_disease" in asked
    settled = {f["field"]: f.get("present") for f in out.trace["findings"]}
    assert settled["stroke"] is False and settled["labile_inr"] is None  # negated; not mentioned
    assert out.answer == 3


class Scoring(Scripted):
    """A scripted model that also scores options: P(yes) 0.9 when the question's criterion is in
    `yes`, else 0.2."""

    supports_logprobs = True

    def __init__(self, *replies, yes=()):
        super().__init__(*replies)
        self.yes, self.scored = yes, []

    def option_logprobs(self, messages, options):
        text = messages[-1]["content"]
        self.scored.append(text)
        p = 0.9 if any(f"criterion of this score: {y}" in text for y in self.yes) else 0.2
        return option_scores([("yes", math.log(p)), ("no", math.log(1 - p))], options), Usage(50, 0), 0.1


def test_decide_by_logprob_with_a_threshold():
    model = Scoring({"age": 71, "alcohol_drinks_per_week": None}, yes=("liver disease", "uncontrolled"))
    out = get_strategy("extract:decide=logprob").run(HASBLED, model, GEN)
    assert len(model.scored) == 7 and len(model.requests) == 1  # 7 findings scored, 1 generated
    assert out.answer == 3 and out.model_calls == 8 and out.usage.prompt_tokens == 7 * 50 + 100
    assert next(f for f in out.trace["findings"] if f["field"] == "stroke")["p_yes"] == pytest.approx(0.2)
    strict = get_strategy("extract:decide=logprob,threshold=0.95").run(HASBLED, model, GEN)
    assert strict.answer == 1  # only age: no finding reaches 0.95
    both = Scoring({"age": 71, "alcohol_drinks_per_week": None}, yes=("liver disease",))
    out = get_strategy("extract:context=with_model,decide=logprob").run(HASBLED, both, GEN)
    assert len(both.scored) == 2 and "Sentences from a patient's note" in both.scored[0]


BMI = case("A 40-year-old man, 180 cm tall, weighed 81 kg at the visit; on day 3 he weighed 79 kg.", 6,
           "Body Mass Index (BMI)", ground_truth=25.0, output_type="decimal")


def test_candidates_make_the_model_choose_a_mention():
    model = Scripted({"weight": 81, "height": 180})
    out = get_strategy("extract:candidates=true").run(BMI, model, GEN)
    schema = model.requests[0]["response_format"]["json_schema"]["schema"]["properties"]
    assert schema["weight"]["anyOf"][0]["enum"] == [81, 79] and schema["height"]["anyOf"][0]["enum"] == [180]
    assert '79 ("he weighed 79 kg", later time point)' in model.requests[0]["messages"][1]["content"]
    assert out.answer == pytest.approx(81 / 1.8 ** 2)
    later = get_strategy("extract:candidates=true").run(BMI, Scripted({"weight": 79, "height": 180}), GEN)
    assert later.answer == pytest.approx(79 / 1.8 ** 2)  # the model's choice is taken, not overruled
    lazy = get_strategy("extract:candidates=true").run(BMI, Scripted({"weight": None, "height": 180}), GEN)
    assert lazy.answer == pytest.approx(81 / 1.8 ** 2)  # a required input left null: the first mention
    assert lazy.trace["turns"][0]["mention_notes"] == ["weight: no mention's number given (None); took the first, 81"]
    # an id-like number that is no mention's number is not read as an id (it was, before)
    stray = get_strategy("extract:candidates=true").run(BMI, Scripted({"weight": 3, "height": 180}), GEN)
    assert stray.answer == pytest.approx(81 / 1.8 ** 2)


CG = case("A 60-year-old man weighing 70 kg, 175 cm tall; creatinine 88.", 2,
          "Creatinine Clearance (Cockcroft-Gault Equation)", output_type="decimal")


def test_candidates_first_takes_the_named_mention_at_presentation_without_asking():
    model = Scripted({"weight": 79, "height": 180})
    out = get_strategy("extract:candidates=first").run(BMI, model, GEN)
    assert model.requests == []  # both named in the note: nothing is asked
    assert out.trace["normalised_inputs"] == {"weight": 81.0, "height": 180.0, "target_bmi": None}  # not day 3's 79 kg
    assert "180 cm" in out.trace["quantities_from_note"]["height"]["words"]
    assert out.status == "ok" and out.answer == pytest.approx(25.0, abs=0.01)
    # a weight whose only mention is not named stays a choice for the model
    unnamed = case("A 40-year-old man, 180 cm tall. On examination: 81 kg.", 6, "Body Mass Index (BMI)", output_type="decimal")
    model = Scripted({"weight": 81})
    out = get_strategy("extract:candidates=first").run(unnamed, model, GEN)
    asked = model.requests[0]["response_format"]["json_schema"]["schema"]["properties"]
    assert list(asked) == ["weight"] and asked["weight"]["anyOf"][0]["enum"] == [81]
    assert out.trace["normalised_inputs"] == {"weight": 81.0, "height": 180.0, "target_bmi": None}
    assert get_strategy("extract:candidates=first").version.endswith("+cand1st5")
    with pytest.raises(ValueError, match="candidates: got 'maybe'; expected one of false, true, first"):
        get_strategy("extract:candidates=maybe")


def test_context_reads_sex_and_declared_choice_phrases_without_asking():
    gcs = case("A 32-year-old woman fell down the stairs. She is unresponsive to verbal stimuli but groans "
               "without intelligible speech. She opens her eyes and withdraws in response to painful stimuli.",
               21, "Glasgow Coma Score (GCS)", ground_truth=8)
    model = Scripted({})
    out = get_strategy("extract:context=alone").run(gcs, model, GEN)
    assert model.requests == [] and (out.status, out.answer) == ("ok", 8)  # E2 V2 M4
    eye = next(f for f in out.trace["findings"] if f["field"] == "eye")
    assert eye["read_by"] == "phrases" and eye["choice"] == "eye opening to pain"
    # the sex by rules, the rest from the model; an unstated sex stays in the request
    cg = case("A 59-year-old man, weight 80 kg, height 180 cm, creatinine 1.2 mg/dL.", 2,
              "Creatinine Clearance (Cockcroft-Gault Equation)", output_type="decimal")
    model = Scripted({"age": 59, "weight": 80, "height": 180, "creatinine": {"value": 1.2, "unit": "mg/dL"}})
    out = get_strategy("extract:context=alone").run(cg, model, GEN)
    assert "sex" not in model.requests[0]["response_format"]["json_schema"]["schema"]["properties"]
    assert out.trace["normalised_inputs"]["sex"] == "male"
    unsaid = case("Patient 4: weight 80 kg, creatinine 1.2 mg/dL, 59 years old.", 2,
                  "Creatinine Clearance (Cockcroft-Gault Equation)", output_type="decimal")
    model = Scripted({"age": 59, "sex": "female", "weight": 80, "creatinine": {"value": 1.2, "unit": "mg/dL"}})
    get_strategy("extract:context=alone").run(unsaid, model, GEN)
    assert "sex" in model.requests[0]["response_format"]["json_schema"]["schema"]["properties"]


def test_ranked_phrases_and_unstated_defaults_settle_a_charlson_note_without_asking():
    note = ("A 74-year-old man with a history of myocardial infarction. He has type 2 diabetes with diabetic "
            "nephropathy, on insulin. He has COPD. No liver disease.")
    model = Scripted({})
    out = get_strategy("extract:context=alone,candidates=first").run(
        case(note, 32, "Charlson Comorbidity Index (CCI)", ground_truth=7), model, GEN)
    assert model.requests == [] and (out.status, out.answer) == ("ok", 7)  # age 3, MI 1, DM 2, COPD 1
    by_field = {f["field"]: f for f in out.trace["findings"] if "read_by" in f}
    assert by_field["diabetes"]["choice"] == "end_organ_damage"  # ranked over the plain "diabetes"
    assert by_field["liver_disease"]["choice"] == "none"
    assert by_field["solid_tumor"] == {"field": "solid_tumor", "read_by": "phrases", "matches": {}, "default": True}
    # a grade the note leaves open although it names the condition goes to the model
    cp = case("Cirrhosis with suspected hepatic encephalopathy. Bilirubin 2.6 mg/dL, albumin 2.7 g/dL, INR 2.0. "
              "No ascites.", 15, "Child-Pugh Score for Cirrhosis Mortality", ground_truth=10)
    model = Scripted({"encephalopathy": "grade 1-2"})
    out = get_strategy("extract:context=alone,candidates=first").run(cp, model, GEN)
    asked = model.requests[0]["response_format"]["json_schema"]["schema"]["properties"]
    assert set(asked) == {"encephalopathy"} and out.answer == 10  # 2 + 3 + 2 + 1 + 2


def test_an_optional_quantity_the_note_never_mentions_is_not_asked_and_hints_chain():
    """Seen in the design sample (PSI): the model filled an oxygen saturation from "PaO2 of 70 mm
    Hg", and a saturation given as a fraction hid an implausible temperature from the hints."""
    note = ("A 74-year-old woman. Temperature 99.5, heart rate 115 beats per minute, respiratory rate 18 "
            "breaths per minute, blood pressure 110/75 mm Hg. BUN 28 mg/dL, sodium 136 mEq/L, glucose 6.4 "
            "mmol/L, hematocrit 37 %, pH 7.42, PaO2 84 mm Hg.")
    psi = case(note, 29, "PSI Score: Pneumonia Severity Index for CAP", ground_truth=94)
    model = Scripted({})
    out = get_strategy("extract:context=alone,candidates=first,apply_hints=true").run(psi, model, GEN)
    assert model.requests == [] and "oxygen_saturation" in out.trace["not_in_note"]
    assert out.trace["normalised_inputs"]["temperature"] == pytest.approx(37.5, abs=0.01)  # 99.5 degF
    # a saturation given as a fraction hides the implausible temperature: both hints apply in turn
    from medreckon.bench.calculation import compute
    from medreckon.calculators.registry import get

    calc = get("psi")
    reply = {**out.trace["normalised_inputs"], "temperature": 99.5, "oxygen_saturation": {"value": 84, "unit": "1"}}
    record = {}
    from medreckon.reading.read import new_state
    from medreckon.reading.stages.fixes import Hints

    state = new_state(calc, "-", "?", {}, None, {})
    got = Hints().fix(state, reply, {}, compute(calc, reply), record)
    hinted = " ".join(record["hints_applied"])
    assert got.result is not None and not [w for w in got.result.warnings if w.code == "implausible"]
    assert "oxygen_saturation" in hinted and "temperature" in hinted


def test_hints_are_applied_without_a_repair_turn():
    reply = {"age": 60, "sex": "male", "weight": {"value": 70, "unit": "kg"},
             "creatinine": {"value": 88, "unit": "mg/dL"}, "height": {"value": 175, "unit": "cm"}}
    model = Scripted(reply)
    out = get_strategy("extract:apply_hints=true,fix_units=false").run(CG, model, GEN)
    assert len(model.requests) == 1 and out.trace["turns"][0]["hints_applied"] == [
        "creatinine: 88 mg/dL read as 88 umol/L (the calculator's hint)"]
    today = Scripted(reply)
    get_strategy("extract:fix_units=false").run(CG, today, GEN)
    assert len(today.requests) == 3  # today: two repair turns that repeat the mistake


MME = case("Takes oxycodone 10 mg three times a day and tramadol 50 mg twice daily.", 49,
           "Morphine Milligram Equivalents (MME) Calculator", output_type="decimal")


def test_item_lists_ask_for_the_items_the_note_names():
    model = Scripted({"items": [{"item": "oxycodone", "dose": 10, "unit": "mg", "doses_per_day": 3},
                                {"item": "tramadol", "dose": 50, "unit": "mg", "doses_per_day": 2}],
                      "fentanyl_patch": None})
    out = get_strategy("extract:item_lists=true").run(MME, model, GEN)
    props = model.requests[0]["response_format"]["json_schema"]["schema"]["properties"]
    assert list(props) == ["items", "fentanyl_patch"] and "oxycodone_dose" not in json.dumps(props)
    assert out.answer == pytest.approx(10 * 3 * 1.5 + 50 * 2 * 0.2)
    bad = get_strategy("extract:item_lists=true,max_repairs=0").run(
        MME, Scripted({"items": [{"item": "aspirin", "dose": 1, "unit": "mg", "doses_per_day": 1}],
                       "fentanyl_patch": None}), GEN)
    assert bad.status == "unparsed" and "'aspirin' is not one of" in bad.error


def test_abstain_when_the_note_lacks_a_required_input():
    no_weight = case("A 40-year-old man, 180 cm tall.", 6, "Body Mass Index (BMI)", output_type="decimal")
    model = Scripted({"weight": None, "height": {"value": 180, "unit": "cm"}})
    out = get_strategy("extract:abstain=true").run(no_weight, model, GEN)
    assert out.status == "abstained" and out.answer is None and "weight" in out.raw
    assert "null" in json.dumps(model.requests[0]["response_format"]["json_schema"]["schema"]["properties"]["weight"])
    # the note does give a weight: a null there is the model's mistake, not an abstention
    out = get_strategy("extract:abstain=true").run(BMI, Scripted({"weight": None, "height": 180}), GEN)
    assert out.status == "unparsed"


@pytest.mark.embedded
def test_the_reading_mechanisms_end_to_end_with_the_embedded_model(embedded_model):
    """Every mechanism on, on a real case (Centor, clean-940, seed 0; a short note): the run
    completes, the findings are read (ConText: its negative criterion 'cough absent' too) and
    the one found present is decided by log-probability, quantities are chosen among the mentions' numbers.
    No accuracy is asserted: one case measures nothing."""
    from medreckon.bench.datasets import load_cases

    cases = load_cases("medcalc-bench", subset="medrac_clean_940", calculators=["20"],
                       per_calculator=1, seed=0)
    strategy = get_strategy("extract:context=with_model,decide=logprob,candidates=true,"
                            "apply_hints=true,item_lists=true,abstain=true")
    for case in cases:
        out = strategy.run(case, embedded_model, {**GEN, "max_tokens": 300})
        assert out.status in ("ok", "unparsed", "truncated", "abstained"), out.error
        assert out.model_calls >= 1 and out.usage.prompt_tokens > 0
        findings = out.trace["findings"]
        assert findings and all("reading" in f or "p_yes" in f for f in findings)
        assert all(f.get("p_yes") is None or 0.0 <= f["p_yes"] <= 1.0 for f in findings)
        if out.status == "ok":
            assert isinstance(out.answer, int)
        assert any("p_yes" in f for f in findings) and any("reading" in f for f in findings)
        assert "(a number from: " in out.trace["messages"][1]["content"]


NEW_EXTRACT = ("extract:context=alone,choices=logprob,candidates=first,apply_hints=true,item_lists=true,"
               "abstain=true,max_repairs=1")


@pytest.mark.embedded
def test_the_new_extract_end_to_end_with_the_embedded_model(embedded_model):
    """The new extract (every mechanism of benchmarks/reading_arms.sh) on three real cases of the
    design sample (clean-940, seed 0): a GCS note whose components the phrases read, an anion gap
    whose values are all named, a steroid conversion that needs the model (its drugs are choices of
    eleven). No accuracy is asserted on these: three cases measure nothing; the trace must say
    where each input came from."""
    from medreckon.bench.datasets import load_cases

    strategy = get_strategy(NEW_EXTRACT)
    for calculator in ("21", "39", "24"):
        case = load_cases("medcalc-bench", subset="medrac_clean_940", calculators=[calculator],
                          per_calculator=1, seed=0)[0]
        out = strategy.run(case, embedded_model, {**GEN, "max_tokens": 300})
        assert out.status in ("ok", "unparsed", "abstained"), out.error
        trace = out.trace
        if calculator == "21":  # every component read by its phrases: no request
            assert out.model_calls == 0 and {f["read_by"] for f in trace["findings"]} == {"phrases"}
        if calculator == "39":  # sodium, chloride and bicarbonate named in the note: no request
            assert out.model_calls == 0 and set(trace["quantities_from_note"]) >= {"sodium", "chloride"}
        if calculator == "24":
            assert out.model_calls >= 1 and out.usage.prompt_tokens > 0
        if out.status == "ok":
            assert out.answer is not None and trace["normalised_inputs"]


CHARLSON = case("A 76-year-old man. He has type II diabetes mellitus, uncomplicated, managed with diet. He also "
                "presented with signs of severe liver disease. He had a hepatoblastoma, in remission.", 32,
                "Charlson Comorbidity Index (CCI)", ground_truth=0)


class Lettered(Scripted):
    """Scores lettered options: the letter of the option named in `picks` for the input asked
    about, with probability 0.7 (the others share the rest), and "B" at 0.5 on the content-free
    question (a letter bias, as the 1.5B model has); yes/no questions get P(yes) 0.1."""

    supports_logprobs = True

    def __init__(self, *replies, picks):
        super().__init__(*replies)
        self.picks, self.scored = picks, []

    def option_logprobs(self, messages, options):
        text = messages[-1]["content"]
        self.scored.append(text)
        if options == ["yes", "no"]:
            return option_scores([("yes", math.log(0.1)), ("no", math.log(0.9))], options), Usage(40, 0), 0.1
        name = text.split("One input of this score: ")[1].split(" — ")[0]
        lines = [ln for ln in text.splitlines() if len(ln) > 3 and ln[1:3] == ". "]
        pick, top = ("B", 0.5) if "- N/A" in text else (
            next(ln[0] for ln in lines if ln[3:] == self.picks[name]), 0.7)
        rest = (1 - top) / (len(options) - 1)
        return option_scores([(o, math.log(top if o == pick else rest)) for o in options], options), \
            Usage(60, 0), 0.1


def test_graded_choices_by_logprob_on_their_sentences():
    picks = {"liver disease": "moderate to severe", "diabetes": "uncomplicated", "solid tumor": "localized"}
    model = Lettered({"age": 76, "solid_tumor": "localized"}, picks=picks)
    strategy = get_strategy("extract:decide=logprob,choices=logprob")
    assert strategy.version.endswith("+lp2+chlp3")
    out = strategy.run(CHARLSON, model, GEN)
    # the two graded choices the note has sentences about were taken out of the main request;
    # "solid tumor" (no sentence names it) stays in it
    assert list(model.requests[0]["response_format"]["json_schema"]["schema"]["properties"]) == ["age", "solid_tumor"]
    inputs = out.trace["normalised_inputs"]
    assert (inputs["liver_disease"], inputs["diabetes"], inputs["solid_tumor"]) == (
        "moderate_to_severe", "uncomplicated", "localized")
    asked = {t.split("One input of this score: ")[1].split(" — ")[0]: t for t in model.scored
             if "One input" in t and "- N/A" not in t}
    assert sum("- N/A" in t for t in model.scored) == 2  # one content-free question per choice
    # found by its name's words: asked on its sentence alone
    assert asked["liver disease"].startswith("Sentences from a patient's note about one input")
    assert "severe liver disease" in asked["liver disease"] and "hepatoblastoma" not in asked["liver disease"]
    assert "solid tumor" not in asked
    record = next(f for f in out.trace["findings"] if f["field"] == "diabetes")
    assert record["choice"] == "uncomplicated" and record["evidence"] is True
    # "uncomplicated" is B, the prior's favourite: 0.7 / 0.5 against 0.15 / 0.25 twice
    assert record["p_options"]["uncomplicated"] == pytest.approx(1.4 / (1.4 + 0.6 + 0.6), abs=1e-4)
    # age 70-79: 3; liver moderate-severe 3; diabetes uncomplicated 1; localized solid tumour 2
    assert out.answer == 9
    with pytest.raises(ValueError, match="choices: got 'maybe'"):
        get_strategy("extract:choices=maybe")


@pytest.mark.embedded
def test_graded_choices_by_logprob_with_the_embedded_model(embedded_model):
    """`choices=logprob` on the hand-written Charlson note with the real model: each graded
    choice gets a probability per option (summing to 1) from one scored request, and none is
    generated. A plainly stated grade is read as stated."""
    out = get_strategy("extract:choices=logprob").run(CHARLSON, embedded_model, {**GEN, "max_tokens": 200})
    assert out.status == "ok", out.error
    graded = {f["field"]: f for f in out.trace["findings"] if "p_options" in f}
    assert set(graded) == {"liver_disease", "diabetes"}  # no sentence names a solid tumour: in the JSON request
    for record in graded.values():
        assert sum(record["p_options"].values()) == pytest.approx(1.0, abs=1e-3)
    # "signs of severe liver disease": moderate to severe (calibrated 0.40 against 0.31 and 0.29;
    # uncalibrated, the letter bias picked "mild")
    assert graded["liver_disease"]["evidence"] and graded["liver_disease"]["choice"] == "moderate_to_severe"


def test_contextual_calibration_removes_a_letter_bias():
    from medreckon.bench.models import Meter
    from medreckon.calculators.registry import get
    from medreckon.reading import questions
    from medreckon.reading.inputs import read_inputs

    class Biased(Scripted):
        supports_logprobs = True

        def option_logprobs(self, messages, options):
            p = {"A": 0.2, "B": 0.6, "C": 0.2} if "- N/A" in messages[-1]["content"] else \
                {"A": 0.40, "B": 0.45, "C": 0.15}
            return option_scores([(o, math.log(p[o])) for o in options], options), Usage(30, 0), 0.1

    spec = next(s for s in questions.graded_choices(read_inputs(get("charlson"))) if s.name == "liver_disease")
    meter = Meter(Biased())
    choice, p = questions.logprob_choice(meter, "Patient note: severe liver disease.", spec, None)
    assert choice == "none" and meter.calls == 2  # B led 0.45 to 0.40 before the prior (B 0.6) was divided out
    assert p == pytest.approx({"none": 2.0 / 3.5, "mild": 0.75 / 3.5, "moderate_to_severe": 0.75 / 3.5}, abs=1e-4)


def test_a_recent_criterion_ignores_a_clause_years_back():
    from medreckon.calculators.registry import get
    from medreckon.reading.findings import read_findings
    from medreckon.reading.inputs import read_inputs

    specs = [s for s in read_inputs(get("caprini")) if s.name in ("recent_plaster_cast", "recent_pneumonia")]
    note = ("Three years ago she broke her ankle and spent six weeks in a plaster cast; she has had no injury "
            "since. She was treated for pneumonia two weeks ago.")
    got = read_findings(note, specs)
    assert got["recent_plaster_cast"].state == "absent" and got["recent_pneumonia"].state == "present"
