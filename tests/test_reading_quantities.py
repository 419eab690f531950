"""The quantity scanner: candidate mentions with units, nearby words and time points."""

import pytest

from medreckon.reading.quantities import as_input, candidates, name_words, scan, symbol

NOTE = ("A 64-year-old man weighing 182 lbs presented with BP 165/85 mm Hg, HR 112 bpm, temperature 38.4 °C. "
        "Labs on admission: sodium 131 mEq/L, potassium 5.8 mEq/L, chloride 98 mEq/L, creatinine 1.4 mg/dL, "
        "BUN 28 mg/dL, platelets 138 x10^9/L. On day 3, creatinine was 2.1 mg/dL and potassium 3.7 mEq/L. "
        "The patient's creatinine one year earlier was 106 µmol/L.")


def labels(found):
    return [(m.value, m.unit, m.later) for m in found]


def test_each_number_with_its_unit_words_and_sentence():
    ms = scan(NOTE)
    assert [m.id for m in ms] == list(range(1, len(ms) + 1))
    first = {m.before.split()[-1] if m.before else "": m for m in ms}
    assert (first["weighing"].value, first["weighing"].unit) == (182.0, "lbs")
    bp = [m for m in ms if "BP" in m.before]
    assert [(m.value, m.before.endswith("(systolic)")) for m in bp] == [(165.0, True), (85.0, False)]
    assert all(m.unit == "mm Hg" for m in bp)
    k = [m for m in ms if m.before.endswith("potassium")]
    assert labels(k) == [(5.8, "mEq/L", False), (3.7, "mEq/L", True)]  # day 3 is a later time point
    assert k[0].sentence.startswith("Labs on admission") and NOTE[k[0].start:].startswith("5.8")
    assert scan("Platelets 1,025 x10^9/L.")[0].value == 1025.0


def test_candidates_put_the_named_and_the_first_time_point_first():
    ms = scan(NOTE)
    creat = candidates(ms, "creatinine", ("mg/dL", "umol/L"))
    assert labels(creat)[:3] == [(1.4, "mg/dL", False), (106.0, "µmol/L", False), (2.1, "mg/dL", True)]
    assert labels(candidates(ms, "chloride", ("mmol/L", "mEq/L")))[0] == (98.0, "mEq/L", False)
    assert [m.value for m in candidates(ms, "diastolic_bp", ("mmHg",))][:1] == [85.0]
    assert [m.value for m in candidates(ms, "systolic_bp", ("mmHg",))][:1] == [165.0]
    assert [m.value for m in candidates(ms, "age", ("yr", "mo"))] == [64.0]
    assert [m.value for m in candidates(ms, "heart_rate", ("/min",))] == [112.0]
    assert candidates(ms, "albumin", ("g/dL", "g/L")) == []  # not in the note: nothing to choose
    assert labels(candidates(ms, "sodium", ("mmol/L", "mEq/L"))) == [(131.0, "mEq/L", False)]
    assert len(candidates(ms, "creatinine", ("mg/dL", "umol/L"), limit=2)) == 2


def test_another_analytes_rate_and_an_implausible_value_are_no_candidates():
    """Seen in a MedCalc-Bench note: a heart rate was chosen from "a respiratory rate of 24
    breaths per minute", and a body weight from "300-mg rifampicin capsules"."""
    ms = scan("She was tachycardic at 130 beats per minute and tachypneic with a respiratory rate of "
              "24 breaths per minute. The patient was 160 cm tall, weighed 62.8 kg. First, 300-mg "
              "rifampicin capsules were dissolved in 54 ml of water.")
    heart = candidates(ms, "heart_rate", ("/min",), unit="/min", plausible=(20, 300))
    assert [m.value for m in heart] == [130.0]
    assert [m.value for m in candidates(ms, "respiratory_rate", ("/min",), unit="/min", plausible=(2, 80))] == [24.0]
    assert [m.value for m in candidates(ms, "weight", ("kg", "lb", "g"), unit="kg", plausible=(0.3, 350))] == [62.8]
    # without a plausible range the dose stays (nothing says it is no weight)
    assert 300.0 in [m.value for m in candidates(ms, "weight", ("kg", "lb", "g"))]
    assert "rate" not in name_words("heart_rate") and "hr" in name_words("heart_rate")


def test_a_mention_as_an_input():
    ms = scan("Weight 80 kg. Temp 101.2 F. Score 3.")
    assert as_input(ms[0], ("kg", "lb")) == {"value": 80.0, "unit": "kg"}
    assert as_input(ms[1], ("degC", "degF")) == {"value": 101.2, "unit": "degF"}
    assert as_input(ms[2], ()) == 3.0
    assert as_input(scan("Cr 106 µmol/L")[0], ("mg/dL",)) == "106 umol/L"
    assert symbol("mm Hg") == "mmHg" and symbol("mg/dL") == "mg/dL"
    assert "hr" in name_words("heart_rate") and "k" in name_words("potassium")


def test_ratios_without_units_are_not_values_and_bad_input():
    assert [m.value for m in scan("GCS 3/15 on arrival; admitted 10/12.")] == []
    with pytest.raises(TypeError, match="note must be text"):
        scan(None)


def test_names_after_the_number_pressures_without_units_and_new_units():
    """Seen in MedCalc-Bench notes of the design sample (seed 0): the name after the number, a
    blood pressure written without its unit, the name eight words back, and per-day and
    per-kilogram units."""
    ms = scan("Also, at 2.3 mg/dL, his bilirubin level has spiked. Vital signs: blood pressure 110/65, "
              "respiratory rate 20. His sodium level is within the normal range at 140 mEq/L. "
              "Urine output was 900 mL/day. Norepinephrine at 0.07 mcg/kg/min.")
    assert [m.value for m in candidates(ms, "bilirubin", ("mg/dL", "umol/L"))] == [2.3]
    assert [m.value for m in candidates(ms, "systolic_bp", ("mmHg",))][:1] == [110.0]
    assert [m.value for m in candidates(ms, "diastolic_bp", ("mmHg",))][:1] == [65.0]
    assert [m.value for m in candidates(ms, "sodium", ("mEq/L", "mmol/L"))] == [140.0]
    out = candidates(ms, "urine_output", ("mL/d", "L/d", "mL/h"))
    assert [(m.value, symbol(m.unit)) for m in out] == [(900.0, "mL/d")]
    assert [symbol(m.unit) for m in candidates(ms, "norepinephrine", ("ug/kg/min",))] == ["ug/kg/min"]


def test_urine_and_serum_and_cholesterol_fractions_are_told_apart():
    ms = scan("Serum sodium 134 mmol/L and creatinine 1.2 mg/dL. Urine electrolytes were sodium 179 mmol/L "
              "and creatinine 37 mg/dL. Lipids: total cholesterol 210 mg/dL, high density lipoprotein "
              "cholesterol 38 mg/dL, triglyceride 150 mg/dL.")
    assert [m.value for m in candidates(ms, "urine_sodium", ("mEq/L", "mmol/L"))] == [179.0]
    assert [m.value for m in candidates(ms, "urine_creatinine", ("mg/dL",))] == [37.0]
    assert [m.value for m in candidates(ms, "sodium", ("mEq/L", "mmol/L"))][0] == 134.0
    assert [m.value for m in candidates(ms, "creatinine", ("mg/dL",))][0] == 1.2
    assert [m.value for m in candidates(ms, "total_cholesterol", ("mg/dL",))] == [210.0]
    assert [m.value for m in candidates(ms, "hdl", ("mg/dL",))] == [38.0]
    assert [m.value for m in candidates(ms, "triglycerides", ("mg/dL",))] == [150.0]


def test_a_number_without_a_unit_must_be_plausible_in_some_declared_unit():
    """A vignette: "had a stroke in 2018" was taken as the heart rate."""
    ms = scan("He has congestive heart failure and had a stroke in 2018. Heart rate 118. Temperature 99.5.")
    assert [m.value for m in candidates(ms, "heart_rate", ("/min",), unit="/min", plausible=(20, 300))] == [118.0]
    # 99.5 is no plausible degC but a plausible degF: kept, for the hints to read in degF
    assert [m.value for m in candidates(ms, "temperature", ("degC", "degF"), unit="degC", plausible=(25, 45))] == [99.5]


def test_carbon_dioxide_fasting_glucose_length_and_mg_percent_name_their_inputs():
    ms = scan("Chemistry: sodium 139 mmol/L, chloride 101 mmol/L, carbon dioxide 24.5 mmol/L. FG 182 mg/dL. "
              "Lipids: total cholesterol 201 mg%, HDL 44 mg%. Her length was 71.2 cm and weight 8.9 kg.")
    assert [m.value for m in candidates(ms, "bicarbonate", ("mmol/L", "mEq/L"))] == [24.5]
    assert [m.value for m in candidates(ms, "glucose", ("mg/dL", "mmol/L"))] == [182.0]
    chol = candidates(ms, "total_cholesterol", ("mg/dL", "mmol/L"))
    assert [m.value for m in chol] == [201.0] and as_input(chol[0], ("mg/dL",)) == {"value": 201.0, "unit": "mg/dL"}
    assert [m.value for m in candidates(ms, "height", ("cm", "in", "m"))][0] == 71.2


def test_ages_in_clinical_shorthand():
    units = ("yr", "mo", "wk", "d")
    ages = candidates(scan("HPI: 71 y/o M sent in from PCP office with 2 days of palpitations."), "age", units)
    assert [m.value for m in ages] == [71.0, 2.0]  # the age named first, not the 2 days
    assert as_input(ages[0], ("yr", "mo")) == {"value": 71.0, "unit": "yr"}
    assert [m.value for m in candidates(scan("Patient: a 58 y.o. woman with cough."), "age", units)] == [58.0]
    assert [m.value for m in candidates(scan("45 yo male, T 38.2 C."), "age", units)] == [45.0]
