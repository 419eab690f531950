"""The calculator's hints applied without a repair turn, on a real calculator (APACHE II)."""

from medreckon.bench.calculation import compute, result_record
from medreckon.calculators import registry
from medreckon.reading.hints import apply_hints, suggested

APACHE = registry.get("apache-ii")
ARGS = dict(age=60, temperature=37, systolic_bp=120, diastolic_bp=80, heart_rate=90, respiratory_rate=18,
            fio2={"value": 21, "unit": "%"}, pao2=90, arterial_ph=7.4, sodium=140, potassium=4,
            creatinine={"value": 1.0, "unit": "mg/dL"}, hematocrit={"value": 41, "unit": "%"},
            white_cells=8, gcs=15)


def test_an_impossible_fraction_takes_the_hinted_percent():
    args = {**ARGS, "hematocrit": {"value": 41, "unit": "1"}}
    got = compute(APACHE, args, {})
    assert got.result is None and "did you mean 41 %" in got.message
    fixed, fixes = apply_hints(APACHE, args, error=got.error)
    assert fixed["hematocrit"] == {"value": 41.0, "unit": "%"} and len(fixes) == 1
    assert compute(APACHE, fixed, {}).result.value == compute(APACHE, ARGS, {}).result.value


def test_an_implausible_value_takes_the_one_unit_that_makes_it_plausible():
    args = {**ARGS, "creatinine": {"value": 88, "unit": "mg/dL"}}
    warnings = result_record(compute(APACHE, args, {}).result)["warnings"]
    fixed, fixes = apply_hints(APACHE, args, warnings=warnings)
    assert fixed["creatinine"] == {"value": 88.0, "unit": "umol/L"}
    assert fixes == ["creatinine: 88 mg/dL read as 88 umol/L (the calculator's hint)"]
    after = result_record(compute(APACHE, fixed, {}).result)["warnings"]
    assert not [w for w in after if w["code"] == "implausible"]


def test_names_and_choices_and_what_is_left_alone():
    error = {"issues": [
        {"field": "heart_rat", "kind": "unknown_field", "did_you_mean": "heart_rate"},
        {"field": "pao2", "kind": "invalid", "suggestion": "give the PaO2 in mmHg"},  # no hint: left
        {"field": "sodium", "kind": "invalid", "suggestion": "did you mean 140 furlongs?"},  # not a declared unit
    ]}
    args = {k: v for k, v in ARGS.items() if k != "heart_rate"} | {"heart_rat": 90}
    fixed, fixes = apply_hints(APACHE, args, error=error)
    assert fixed["heart_rate"] == 90 and "heart_rat" not in fixed and len(fixes) == 1
    assert fixed["pao2"] == ARGS["pao2"] and fixed["sodium"] == ARGS["sodium"]
    assert suggested({"suggested": {"value": 1.5e3, "unit": "/uL"}}) == (1500.0, "/uL")
    assert suggested({"suggestion": "did you mean 1.5e3 /uL?"}) is None  # words are for people


def test_hints_are_data_and_rewording_them_changes_nothing():
    # the calculator's issue carries the number and unit it suggests; the hint is taken from
    # them, not parsed from the words, so a reworded message cannot switch the mechanism off
    args = {**ARGS, "hematocrit": {"value": 41, "unit": "1"}}
    got = compute(APACHE, args, {})
    [issue] = [i for i in got.error["issues"] if i["field"] == "hematocrit"]
    assert issue["suggested"] == {"value": 41.0, "unit": "%"}
    reworded = {**got.error, "issues": [{**issue, "suggestion": "try the other unit"}]}
    fixed, _ = apply_hints(APACHE, args, error=reworded)
    assert fixed["hematocrit"] == {"value": 41.0, "unit": "%"}
    crcl = registry.get("cockcroft-gault")
    warned = compute(crcl, dict(age=60, sex="male", height=170, creatinine={"value": 88, "unit": "mg/dL"},
                                weight=70), {})
    [w] = [w for w in result_record(warned.result)["warnings"] if w["code"] == "implausible"]
    assert w["suggested"] == {"value": 88.0, "unit": "umol/L"} and "did you mean 88 umol/L" in w["message"]


def test_a_close_choice_takes_the_hinted_one():
    caprini = registry.get("caprini")
    args = {"age": 50, "sex": "male", "surgery_type": "majr"}
    got = compute(caprini, args, {})
    fixed, fixes = apply_hints(caprini, args, error=got.error)
    assert fixed["surgery_type"] == "major" and compute(caprini, fixed, {}).result is not None


def test_a_unit_hint_is_refused_for_a_value_the_note_writes_with_that_unit():
    crcl = registry.get("cockcroft-gault")
    args = dict(age=60, sex="male", height=170, creatinine={"value": 1.0, "unit": "mg/dL"},
                weight={"value": 300, "unit": "mg"})  # the aspirin dose read as the weight
    warnings = result_record(compute(crcl, args, {}).result)["warnings"]
    assert "did you mean 300 kg" in warnings[0]["message"]
    note = "A 60-year-old man, 170 cm, was given aspirin 300mg. Creatinine 1.0 mg/dL."
    assert apply_hints(crcl, args, warnings=warnings, note=note) == (args, [])
    # the note writes the weight in kg and the model gave it in g: the hint is taken
    args["weight"] = {"value": 70.0, "unit": "g"}
    warnings = result_record(compute(crcl, args, {}).result)["warnings"]
    fixed, fixes = apply_hints(crcl, args, warnings=warnings, note="He weighs 70 kg; 700 g of fluid was lost.")
    assert fixed["weight"] == {"value": 70.0, "unit": "kg"} and len(fixes) == 1
    # not fooled by a longer number or a longer unit word
    for other in ("aspirin 1300 mg", "300 mgs", "3.00 mg"):
        assert apply_hints(crcl, {**args, "weight": {"value": 300, "unit": "mg"}},
                           warnings=[{**warnings[0], "message": "did you mean 300 kg?"}], note=other)[1]


def test_a_value_plausible_in_exactly_one_other_unit_is_read_in_it():
    """Seen in the design sample: an oxygen saturation of 84 given with unit "1" (a fraction);
    the repair turns repeated it and the case ended unparsed."""
    psi = registry.get("psi")
    reply = {"oxygen_saturation": {"value": 84, "unit": "1"}}
    got = compute(psi, reply, {"age": 70, "sex": "male"})
    fixed, fixes = apply_hints(psi, reply, error=got.error)
    assert fixed["oxygen_saturation"] == {"value": 84.0, "unit": "%"} and fixes
    # plausible as given: left alone
    fraction = {"oxygen_saturation": {"value": 0.84, "unit": "1"}}
    assert apply_hints(psi, fraction, error=got.error)[0] == fraction
