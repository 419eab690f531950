"""The patient's sex and race read by rules (bench.reading.demographics)."""

import pytest

from medreckon.reading.demographics import read_race, read_sex


@pytest.mark.parametrize("note, expected", [
    ("A 59-year-old man diagnosed with obstructive hydrocephalus.", "male"),
    ("A 34-year-old woman, gravida 2, presented in labour.", "female"),
    ("A 6-year-old girl presents to the clinic; her mother is concerned.", "female"),
    ("A 76-year-old gentleman visits the clinic.", "male"),
    ("The patient is a 70-year-old female with atrial fibrillation.", "female"),
    # a noun about someone else is skipped; pronouns decide when no noun names the patient
    ("The patient, whose wife is a nurse, came with her male partner. She reports chest pain; she has "
     "no history of stroke.", "female"),
    ("Patient 12 presented with chest pain. He had hypertension; his father had a stroke. He smokes.", "male"),
    ("Patient 12 presented with chest pain and dyspnoea.", None),
    ("He said she had told him about it; she agreed with her and he with his.", None),
])
def test_sex(note, expected):
    assert read_sex(note) == expected


def test_race_and_bad_input():
    assert read_race("A 60-year-old African American woman.") == "black"
    assert read_race("A Black man aged 50.") == "black"
    assert read_race("Melena: black tarry stools for 2 days.") is None
    assert read_race("A 60-year-old woman.") is None
    with pytest.raises(TypeError, match="note must be text"):
        read_sex(None)
    with pytest.raises(TypeError, match="note must be text"):
        read_race(3)


@pytest.mark.parametrize("note, expected", [
    ("HPI: 71 y/o M sent in by his PCP. Her daughter is at the bedside.", "male"),  # the shorthand wins
    ("A 45 yo F with fever; he", "female"),
    ("67M with chest pain, his wife reports.", "male"),
    ("Pt 72F admitted from home.", "female"),
    ("58 y.o. male, retired teacher.", "male"),
    ("T 101F on arrival; she is a 34-year-old woman.", "female"),  # a temperature in F is no sex
    ("Temp 101 F. A 5-year-old girl with sore throat.", "female"),
    # a height in metres after a full stop is no sex (MedCalc-Bench row 165)
    ("She weighs 83.1 kg, height of 1.63 m. Her mother.", "female"),
    ("Weight 70 kg. 63 m of walking. She is well.", "female"),
])
def test_sex_in_clinical_shorthand(note, expected):
    assert read_sex(note) == expected
