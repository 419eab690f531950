"""Graded choices read by the lexicon's phrases for each option (reading.choices)."""

import pytest

from medreckon.reading.choices import matches, read_choice
from medreckon.reading.lexicon import lexicon


def phrases(calculator, name):
    return lexicon().entry(calculator, name).phrases


@pytest.mark.parametrize("note, eye, verbal, motor", [
    # two ways MedCalc-Bench notes put E2 V2 M4
    ("She is unresponsive to verbal stimuli but groans without intelligible speech. She opens her eyes and "
     "withdraws in response to painful stimuli in all extremities.",
     "eye opening to pain", "incomprehensible sounds", "withdrawal from pain"),
    ("Her eyes open upon painful stimulus. A pinch to the nail bed induces a withdrawal response. Her speech "
     "is incomprehensible.", "eye opening to pain", "incomprehensible sounds", "withdrawal from pain"),
    ("He opens his eyes spontaneously, is oriented to time and place and obeys commands.",
     "eyes open spontaneously", "oriented", "obeys commands"),
    ("She opens her eyes to voice, is disoriented and localizes to pain.",
     "eye opening to verbal command", "confused", "localizes pain"),
    ("He does not open his eyes, makes no sounds and shows decerebrate posturing.",
     "no eye opening", "no verbal response", "extension to pain"),
    ("GCS E3 V3 M5 on arrival.", "eye opening to verbal command", "inappropriate words", "localizes pain"),
])
def test_glasgow_coma_scale_components(note, eye, verbal, motor):
    got = [read_choice(note, phrases("glasgow-coma-scale", n))[0] for n in ("eye", "verbal", "motor")]
    assert got == [eye, verbal, motor]


@pytest.mark.parametrize("note, ascites, encephalopathy", [
    ("Mild distension in the abdominal area indicating slight ascites. No hepatic encephalopathy.", "slight", "none"),
    ("Examination showed tense ascites; she had asterixis.", "moderate", "grade 1-2"),
    ("There was no ascites. He was comatose on arrival.", "absent", "grade 3-4"),
    ("Liver cirrhosis, follow-up visit.", None, None),  # not stated: left to the model
])
def test_child_pugh_grades(note, ascites, encephalopathy):
    assert read_choice(note, phrases("child-pugh", "ascites"))[0] == ascites
    assert read_choice(note, phrases("child-pugh", "encephalopathy"))[0] == encephalopathy


def test_heart_ecg_and_troponin_and_what_stays_open():
    ecg, trop = phrases("heart-score", "ecg"), phrases("heart-score", "troponin")
    assert read_choice("The ECG was normal and the initial troponin was negative.", ecg)[0] == "normal"
    assert read_choice("The ECG was normal and the initial troponin was negative.", trop)[0] == "normal"
    assert read_choice("ECG showed 2 mm ST depression in V4-V6.", ecg)[0] == "significant_st_deviation"
    assert read_choice("Known LBBB on the ECG.", ecg)[0] == "nonspecific_repolarization"
    assert read_choice("Troponin was markedly elevated.", trop)[0] == "over_3x"
    # two options named: ambiguous, left to the model, with both matches kept for the trace
    option, found = read_choice("Old LBBB; new ST elevation in II, III, aVF.", ecg)
    assert option is None and set(found) == {"nonspecific_repolarization", "significant_st_deviation"}
    assert matches("nothing here", ecg) == {}
    with pytest.raises(TypeError, match="note must be text"):
        matches(None, ecg)


def test_a_negated_or_later_phrase_names_no_option():
    eye = phrases("glasgow-coma-scale", "eye")
    motor = phrases("glasgow-coma-scale", "motor")
    note = ("His eyes open only to a sternal rub; he does not open them to his name. He withdraws his arm "
            "without localizing it and does not follow commands. After 2 hours of observation he opens "
            "his eyes to voice.")
    assert read_choice(note, eye)[0] == "eye opening to pain"  # the later "to voice" is left out
    assert read_choice(note, motor)[0] == "withdrawal from pain"  # "without localizing", "not follow"
    assert read_choice("No encephalopathy or asterixis.", phrases("child-pugh", "encephalopathy"))[0] == "none"


def test_ranked_phrases_take_the_most_severe_grade_named():
    trop = phrases("heart-score", "troponin")
    assert trop.ranked and not trop.current
    # "upper limit of normal" names 'normal' too: ranked, the higher grade wins
    assert read_choice("The first troponin was more than three times the upper limit of normal.", trop)[0] == "over_3x"
    assert read_choice("Troponin I between the normal limit and three times normal.", trop)[0] == "1_to_3x"
    assert read_choice("Initial troponin within normal limits.", trop)[0] == "normal"
    diabetes = phrases("charlson", "diabetes")
    assert read_choice("Type 2 diabetes on insulin, complicated by diabetic nephropathy.", diabetes)[0] == "end_organ_damage"
    assert read_choice("Type 2 diabetes on metformin; no diabetic retinopathy.", diabetes)[0] == "uncomplicated"
    assert read_choice("Diet-controlled type 2 diabetes mellitus.", diabetes)[0] == "none"
    assert read_choice("He has no diabetes.", diabetes)[0] == "none"
    assert read_choice("Hypertension and COPD.", diabetes)[0] is None  # not stated: left to the model
    tumour = phrases("charlson", "solid_tumor")
    assert read_choice("Pancreatic adenocarcinoma with liver metastases.", tumour)[0] == "metastatic"
    assert read_choice("Prostate cancer treated in 2021; no metastatic disease.", tumour)[0] == "localized"
    assert read_choice("A basal cell carcinoma was excised; no other cancer.", tumour)[0] == "none"  # skin: excluded
    liver = phrases("charlson", "liver_disease")
    assert read_choice("Alcoholic cirrhosis with portal hypertension.", liver)[0] == "moderate_to_severe"
    assert read_choice("Chronic hepatitis C without cirrhosis.", liver)[0] == "mild"
    assert read_choice("No cirrhosis or other chronic liver disease.", liver)[0] == "none"


def test_a_current_choice_ignores_a_clause_about_the_past():
    surgery, mobility = phrases("caprini", "surgery_type"), phrases("caprini", "mobility")
    assert surgery.current and surgery.ranked
    note = "She had a total knee replacement in 2016. She is now booked for a laparoscopic hysterectomy."
    assert read_choice(note, surgery)[0] == "laparoscopic"
    assert read_choice("Admitted with pneumonia; no operation is planned. Appendectomy years ago.", surgery)[0] == "none"
    assert read_choice("Excision of a sebaceous cyst under local anaesthetic.", surgery)[0] == "minor"
    assert read_choice("He underwent a knee arthroscopy 3 years ago.", surgery)[0] is None
    assert read_choice("Walks independently, has no history of clots.", mobility)[0] == "normal"
    assert read_choice("Bedridden for the past 6 days after the fall.", mobility)[0] == "confined_to_bed_over_72h"
    assert read_choice("On strict bed rest since yesterday.", mobility)[0] == "bed_rest"


def test_a_list_a_negation_opens_and_a_relatives_clause_name_no_option():
    diabetes, tumour = phrases("charlson", "diabetes"), phrases("charlson", "solid_tumor")
    assert matches("She denies heart disease, diabetes and kidney disease.", diabetes) == {}
    assert matches("No fever, cough or diabetes.", diabetes) == {}
    assert read_choice("Her mother had breast cancer; she has no cancer herself.", tumour)[0] == "none"
    assert read_choice("Hypertension and diabetes, on metformin.", diabetes)[0] == "uncomplicated"
    # "not" negates its clause, not a list: the eye response after it stands
    eye = phrases("glasgow-coma-scale", "eye")
    assert read_choice("He is not oriented, opens his eyes to voice.", eye)[0] == "eye opening to verbal command"
    pe = phrases("wells-pe", "pe_most_likely_diagnosis")
    assert read_choice("PE is not the leading diagnosis.", pe)[0] == "false"
    assert read_choice("PE is the leading diagnosis.", pe)[0] == "true"


def test_round_five_phrases():
    labile = phrases("has-bled", "labile_inr")
    assert read_choice("On warfarin; TTR 47% over the last year.", labile)[0] == "true"
    assert read_choice("His INR control is good, time in therapeutic range 84%.", labile)[0] == "false"
    assert read_choice("INRs have ranged from 1.4 to 5.6.", labile)[0] == "true"
    trop = phrases("heart-score", "troponin")
    assert read_choice("The first troponin is 1.8 times the upper reference limit.", trop)[0] == "1_to_3x"
    assert read_choice("Troponin 12 times the upper limit of normal.", trop)[0] == "over_3x"
    assert read_choice("Initial troponin I is below the 99th-percentile upper reference limit.", trop)[0] == "normal"
    motor = phrases("glasgow-coma-scale", "motor")
    assert read_choice("He brings his hand up to the site of the stimulus.", motor)[0] == "localizes pain"
    assert read_choice("He pulls the limb away with normal flexion.", motor)[0] == "withdrawal from pain"
    whole = phrases("wells-dvt", "entire_leg_swollen")
    assert read_choice("The whole left leg is swollen from groin to ankle.", whole)[0] == "true"
    assert read_choice("The leg as a whole is not swollen.", whole)[0] == "false"
    surgery = phrases("caprini", "surgery_type")
    assert read_choice("Admitted for an open right hemicolectomy.", surgery)[0] == "major"
    liver = phrases("charlson", "liver_disease")
    assert read_choice("Chronic liver disease of moderate severity.", liver)[0] == "moderate_to_severe"


def test_round_six_phrases():
    tumour, diabetes = phrases("charlson", "solid_tumor"), phrases("charlson", "diabetes")
    # a list "does not have" opens, however far back and whatever article the last item takes
    assert matches("He does not have a history of peptic ulcer disease, peripheral vascular disease, lymphoma, "
                   "leukemia, or any solid tumors.", tumour) == {}
    assert matches("The patient does not have heart failure, liver disease, history of a solid tumor, or "
                   "connective tissue disease.", tumour) == {}
    # ... but a list is not a clause: what follows "and" in another clause stands
    assert read_choice("No fever, and he has a solid tumor of the colon.", tumour)[0] == "localized"
    assert read_choice("Uncontrolled type II diabetes now complicated by chronic kidney disease.", diabetes)[0] \
        == "end_organ_damage"
    assert read_choice("His diabetes is notable for significant renal failure.", diabetes)[0] == "end_organ_damage"
    assert read_choice("His diabetes has been well controlled through lifestyle adjustments.", diabetes)[0] == "none"
    eye, verbal, motor = (phrases("glasgow-coma-scale", n) for n in ("eye", "verbal", "motor"))
    assert read_choice("On evaluation, he is awake, alert, and following simple commands.", eye)[0] \
        == "eyes open spontaneously"
    assert read_choice("On hearing his name called out, the patient managed to open his eyes.", eye)[0] \
        == "eye opening to verbal command"
    assert read_choice("She kept her eyes shut despite a sternal rub.", eye)[0] == "no eye opening"
    assert read_choice("He keeps his eyes closed unless his name is shouted, at which point he opens them.",
                       eye)[0] != "no eye opening"
    assert read_choice("He opens his eyes when pinched but does not attempt to verbalize.", eye)[0] \
        == "eye opening to pain"
    assert read_choice("He did not respond verbally to any inquiry.", verbal)[0] == "no verbal response"
    assert read_choice("Upon receiving commands, she was able to respond appropriately.", motor)[0] == "obeys commands"
    assert read_choice("He reacted by moving his hands towards the site of the pinch.", motor)[0] == "localizes pain"
    assert read_choice("She attempts to evade the source of the discomfort.", motor)[0] == "withdrawal from pain"
    assert read_choice("No voluntary movements in her limbs, including to painful stimuli.", motor)[0] \
        == "no motor response"
    assert read_choice("Her left arm flexes abnormally in a decorticate pattern.", motor)[0] == "flexion to pain"
