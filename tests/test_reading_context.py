"""Findings read with medspaCy's ConText and sectionizer, on sentences written for the test."""

import pytest

pytest.importorskip("medspacy", reason="the [reading] extra (medspacy) is not installed")

from medreckon.reading.context import Mention, NoteReader, decide, finding_terms, plural  # noqa: E402

READER = NoteReader()


def state(note, **findings):
    got = READER.read(note, findings)
    return {k: (v.state, v.evidence) for k, v in got.items()}


@pytest.mark.parametrize("note, expected", [
    ("No history of stroke.", "absent"),
    ("He denies any prior stroke.", "absent"),
    ("There is no evidence of stroke on CT.", "absent"),
    ("Stroke was ruled out.", "absent"),
    ("He had a stroke in 2015.", "present"),
    ("History of stroke with mild residual weakness.", "present"),  # a past condition counts
    ("His mother had a stroke at 60.", "absent"),  # a relative's
    ("Return to the emergency department if you develop symptoms of stroke.", "absent"),  # hypothetical
    ("She presented with a cough.", "not_mentioned"),
    # cues medspaCy's rules miss (seen in MedCalc-Bench notes), added in reading.context
    ("He has never had a stroke.", "absent"),
    ("He doesn’t have a history of any stroke.", "absent"),  # a curly apostrophe
    ("One positive sign: he is free from stroke.", "absent"),
    ("Stroke is absent on imaging.", "absent"),
    ("The scan was done to allay any fear of stroke.", "absent"),
    ("Screening for stroke was recommended.", "absent"),
    ("The neurologists agreed that stroke would be unlikely to recur.", "absent"),
    ("The stroke team was consulted.", "absent"),  # a department, not the event
    ("He had a stroke two weeks ago; the stroke team was consulted.", "present"),
])
def test_one_finding_in_one_sentence(note, expected):
    assert state(note, stroke=("stroke", "CVA"))["stroke"][0] == expected


def test_the_issue_trace_reads_right():
    note = ("A 71-year-old with a history of hypertension, not on treatment, clinic blood pressure 165/85. "
            "Liver cirrhosis. No history of stroke.")
    got = state(note, hypertension=("hypertension",), liver=("cirrhosis", "liver disease"),
                stroke=("stroke",))
    assert got["hypertension"][0] == "present" and "165/85" in got["hypertension"][1]
    assert got["liver"] == ("present", "Liver cirrhosis.")
    assert got["stroke"] == ("absent", "No history of stroke.")


def test_one_asserted_mention_outweighs_negated_ones():
    got = state("No chest pain at rest. Chest pain on exertion for two weeks.", pain=("chest pain",))
    assert got["pain"] == ("present", "Chest pain on exertion for two weeks.")


def test_family_history_section_and_inline_header():
    structured = "HPI: fever.\nFAMILY HISTORY:\nMyocardial infarction in his brother.\n\nASSESSMENT: chest wall pain."
    assert state(structured, mi=("myocardial infarction", "MI"))["mi"][0] == "absent"
    prose = ("He is well. Family history: diabetes in his father. He has type 2 diabetes on metformin. "
             "Pulmonary embolism was ruled out by CT.")
    got = state(prose, dm=("diabetes",), pe=("pulmonary embolism",))
    assert got["dm"] == ("present", "He has type 2 diabetes on metformin.")
    assert got["pe"][0] == "absent"


def test_abbreviations_match_as_written_only():
    got = state("All labs were normal. He walked to the pe class.", leukemia=("leukemia", "ALL"),
                pe=("pulmonary embolism", "PE"))
    assert got == {"leukemia": ("not_mentioned", None), "pe": ("not_mentioned", None)}
    assert state("Known ALL in remission.", leukemia=("leukemia", "ALL"))["leukemia"][0] == "present"


def test_several_findings_and_their_names():
    assert finding_terms("prior_stroke") == ("prior stroke", "prior strokes")
    assert finding_terms("x", ("CHF", " heart failure ", "CHF")) == ("CHF", "CHFs", "heart failure", "heart failures")
    got = state("Denies chest pain or shortness of breath. Known CHF with reduced ejection fraction.",
                pain=("chest pain",), dyspnea=("shortness of breath", "dyspnea"),
                chf=("congestive heart failure", "CHF", "reduced ejection fraction"))
    assert {k: v[0] for k, v in got.items()} == {"pain": "absent", "dyspnea": "absent", "chf": "present"}


def test_decide_without_mentions_and_bad_input():
    assert decide("x", []).state == "not_mentioned"
    m = Mention("stroke", "s", 0, None, negated=True, historical=False, hypothetical=False, family=False)
    assert decide("x", [m]).to_dict()["mentions"][0]["negated"] is True
    with pytest.raises(TypeError, match="note must be text"):
        READER.read(None, {"x": ()})


def test_non_smokers_and_smokers():
    assert state("He is a non-smoker.", smoker=("smoker",))["smoker"][0] == "absent"
    assert state("He is a smoker.", smoker=("smoker",))["smoker"][0] == "present"


def test_a_semicolon_ends_a_negation_and_a_family_history_criterion():
    """A vignette: "never had a DVT; her mother had a DVT" — the mother's DVT is not negated."""
    from medreckon.reading.findings import relatives

    note = "She has never had a deep vein thrombosis; her mother had a DVT after hip surgery."
    got = READER.read(note, {"dvt": ("deep vein thrombosis", "DVT")})["dvt"]
    assert [(m.text, m.negated, m.family) for m in got.mentions] == [
        ("deep vein thrombosis", True, False), ("DVT", False, True)]
    assert got.state == "absent" and relatives(got).state == "present"


@pytest.mark.parametrize("sentence", [
    "She quit smoking 12 years ago.", "He is a former smoker.", "An ex-smoker since 2001.",
    "He stopped smoking last winter.", "She no longer smokes."])
def test_a_habit_given_up_is_absent(sentence):
    got = NoteReader().read(sentence, {"smoking": ("smoking", "smoker", "smokes")})["smoking"]
    assert got.state == "absent", got


def test_a_habit_kept_is_present():
    got = NoteReader().read("He smokes 20 cigarettes a day.", {"smoking": ("smoking", "smoker", "smokes")})["smoking"]
    assert got.state == "present"


@pytest.mark.parametrize("sentence, name, words, state", [
    ("A thrombophilia screen was negative for factor V Leiden.", "fvl", ("factor V Leiden",), "absent"),
    ("Surgical treatment was not performed because of her frailty.", "surgery", ("surgical treatment",), "absent"),
    ("His doctor plans to start insulin if the HbA1c rises.", "insulin", ("insulin",), "absent"),
    ("A thrombophilia screen was sent.", "thrombophilia", ("thrombophilia",), "absent"),  # a test, not the disease
    ("She has a known thrombophilia.", "thrombophilia", ("thrombophilia",), "present"),
    ("He was started on insulin in 2019.", "insulin", ("insulin",), "present"),
])
def test_post_nominal_negation_plans_and_tests(sentence, name, words, state):
    assert NoteReader().read(sentence, {name: words})[name].state == state


def test_findings_that_share_a_name_each_see_its_mentions():
    note = "He had a DVT in 2016. His mother had a pulmonary embolism."
    got = NoteReader().read(note, {"history_of_dvt": ("DVT", "deep vein thrombosis"),
                                   "family_history_of_thrombosis": ("DVT", "pulmonary embolism", "thrombosis")})
    assert got["history_of_dvt"].state == "present"
    assert {m.text for m in got["family_history_of_thrombosis"].mentions} == {"DVT", "pulmonary embolism"}


def test_british_spellings_and_no_right_before_a_name():
    reader = NoteReader()
    assert reader.read("A transient ischaemic attack in 2020.", {"tia": ("transient ischemic attack",)})["tia"].state == "present"
    assert reader.read("Bilateral pitting oedema.", {"e": ("pitting edema",)})["e"].state == "present"
    got = reader.read("No hemoptysis, no cancer, no signs of DVT.", {"signs": ("signs of DVT",)})["signs"]
    assert got.state == "absent"  # ConText's cue "no signs of" took the words; "no" right before still negates
    got = reader.read("An exercise stress test (to rule out coronary artery disease) was normal.",
                      {"cad": ("coronary artery disease",)})["cad"]
    assert got.state == "absent"


def test_plurals_of_names():
    assert plural("tonsillar exudate") == "tonsillar exudates"
    assert plural("TIA") == "TIAs" and plural("DM2") is None and plural("PE") == "PEs"
    assert plural("varicose veins") is None and plural("confused") is None and plural("septic") is None
    assert plural("pregnancy") == "pregnancies" and plural("stitch") == "stitches" and plural("airway") == "airways" and plural("MI") == "MIs"
    got = state("Enlarged tonsils with exudates. Multiple TIAs in 2019. Strokes: none.",
                exudate=("exudate",), tia=("TIA",), stroke=("stroke",))
    assert {k: v[0] for k, v in got.items()} == {"exudate": "present", "tia": "present", "stroke": "absent"}
    # an abbreviation's plural is matched by its exact letters, as the abbreviation is
    assert state("He has tias.", tia=("TIA",))["tia"][0] == "not_mentioned"


@pytest.mark.parametrize("note, name, expected", [
    # a diagnosis considered or unclear is no finding
    ("The differential included lymphoma and sarcoidosis.", "lymphoma", "absent"),
    ("STEMI was at the top of the differential.", "STEMI", "absent"),
    ("She is unclear of any liver disease in the past.", "liver disease", "absent"),
    ("His health regarding gastric ulcers has been unremarkable.", "gastric ulcer", "absent"),
    # round seven's cues: "neither", a plan or a condition, a risk, a drug stopped
    ("Neither leg is swollen.", "leg is swollen", "absent"),
    ("The diabetes team will add insulin if her HbA1c rises.", "insulin", "absent"),
    ("Will consider basal insulin.", "insulin", "absent"),
    ("Apixaban after a discussion of stroke risk.", "stroke", "absent"),
    ("She is at high risk of bleeding.", "bleeding", "absent"),
    ("HRT was stopped in 2012.", "HRT", "absent"),
    # a made diagnosis or a stated fact stays one
    ("Biopsy confirmed lymphoma.", "lymphoma", "present"),
    ("On basal insulin since 2019.", "insulin", "present"),
    ("Risk factors: hypertension.", "hypertension", "present"),
])
def test_what_a_cue_makes_of_a_mention(note, name, expected):
    assert state(note, x=(name,))["x"][0] == expected
