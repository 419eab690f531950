import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench


def caprini(**kw):
    return calculate("caprini", {"age": 30, "sex": "male", "bmi": 22, **kw})


def test_nothing_scores_zero():
    r = caprini()
    assert r.value == 0
    assert r.interpretation.startswith("lowest risk")


def test_female_sex_alone_scores_nothing():
    assert caprini(sex="female").value == 0


@pytest.mark.parametrize("age, points", [(40, 0), (41, 1), (60, 1), (61, 2), (74, 2), (75, 3), (90, 3)])
def test_age_bands(age, points):
    assert caprini(age=age).value == points


@pytest.mark.parametrize("surgery, points", [
    ("none", 0), ("minor", 1), ("major", 2), ("laparoscopic", 2), ("arthroscopic", 2),
    ("elective_major_lower_extremity_arthroplasty", 5), ("elective major lower extremity arthroplasty", 5),
])
def test_surgery_type(surgery, points):
    assert caprini(surgery_type=surgery).value == points


@pytest.mark.parametrize("finding, points", [
    ("recent_major_surgery", 1), ("recent_congestive_heart_failure", 1), ("recent_sepsis", 1),
    ("recent_pneumonia", 1), ("recent_plaster_cast", 2), ("recent_fracture", 5), ("recent_stroke", 5),
    ("recent_multiple_trauma", 5), ("recent_spinal_cord_injury", 5),
    ("varicose_veins", 1), ("swollen_legs", 1), ("central_venous_access", 2), ("history_of_dvt", 3),
    ("history_of_pe", 3), ("family_history_of_thrombosis", 3), ("factor_v_leiden", 3), ("prothrombin_20210a", 3),
    ("elevated_homocysteine", 3), ("lupus_anticoagulant", 3), ("anticardiolipin_antibody", 3),
    ("heparin_induced_thrombocytopenia", 3), ("other_thrombophilia", 3),
    ("inflammatory_bowel_disease", 1), ("acute_myocardial_infarction", 1), ("copd", 1), ("malignancy", 2),
])
def test_findings(finding, points):
    assert caprini(**{finding: True}).value == points


def test_history_of_dvt_and_pe_is_one_item():
    assert caprini(history_of_dvt=True, history_of_pe=True).value == 3


@pytest.mark.parametrize("mobility, points", [
    ("normal", 0), ("bed_rest", 1), ("on bed rest", 1), ("confined_to_bed_over_72h", 2),
    ("confined to bed >72 hours", 2),
])
def test_mobility(mobility, points):
    assert caprini(mobility=mobility).value == points


@pytest.mark.parametrize("bmi, points", [(25, 0), (25.1, 1), (40, 1)])
def test_bmi_over_25_scores_one(bmi, points):
    assert caprini(bmi=bmi).value == points


def test_bmi_not_given_is_assumed_normal_with_warning():
    r = calculate("caprini", age=30, sex="male")
    assert r.value == 0
    assert any(w.field == "bmi" and w.code == "assumed_default" for w in r.warnings)


@pytest.mark.parametrize("item", ["pregnant_or_postpartum", "pregnancy_loss_history", "hormonal_therapy"])
def test_female_items_score_for_women(item):
    assert caprini(sex="female", **{item: True}).value == 1


def test_female_items_for_a_man_are_an_error():
    with pytest.raises(CalculatorInputError, match="hormonal_therapy"):
        caprini(hormonal_therapy=True)


def test_female_items_not_given_are_warned_only_for_women():
    women = {w.field for w in caprini(sex="female").warnings}
    men = {w.field for w in caprini().warnings}
    assert "hormonal_therapy" in women and "hormonal_therapy" not in men


@pytest.mark.parametrize("inputs, risk", [
    ({"surgery_type": "minor"}, "low"),  # 1
    ({"surgery_type": "major"}, "low"),  # 2
    ({"surgery_type": "major", "recent_sepsis": True}, "moderate"),  # 3
    ({"surgery_type": "major", "bmi": 30, "copd": True}, "moderate"),  # 4
    ({"recent_fracture": True}, "high"),  # 5
    ({"recent_fracture": True, "history_of_pe": True}, "high"),  # 8
    ({"recent_fracture": True, "history_of_pe": True, "varicose_veins": True}, "highest"),  # 9
])
def test_risk_levels(inputs, risk):
    assert caprini(**inputs).interpretation.startswith(risk + " risk")


def test_worked_example():
    # woman 68 (2) + laparoscopic (2) + DVT & PE (3) + family history (3) + homocysteine (3) + confined > 72 h (2)
    # + IBD (1) + BMI 30 (1) + acute MI (1) + malignancy (2) + oral contraceptive (1) = 21
    r = calculate("caprini", age=68, sex="female", surgery_type="laparoscopic", history_of_dvt=True,
                  history_of_pe=True, family_history_of_thrombosis=True, elevated_homocysteine=True,
                  mobility="confined_to_bed_over_72h", inflammatory_bowel_disease=True, bmi="30 kg/m2",
                  acute_myocardial_infarction=True, malignancy=True, hormonal_therapy=True)
    assert r.value == 21


def test_unknown_surgery_type_is_an_error():
    with pytest.raises(CalculatorInputError, match="surgery_type"):
        caprini(surgery_type="heart transplant")


def test_medcalc_bench_row():
    # row 908: age 63 (2) + major surgery (2) + recent major surgery 1 + fracture 5 + multiple trauma 5 + varicose
    # veins 1 + previous DVT 3 + family history 3 + homocysteine 3 + confined to bed > 72 h 2 + BMI 27.1 (1) = 28
    r = from_medcalc_bench(36, "{'age': [63.0, 'years'], 'sex': 'Female', 'Surgery Type': 'major', 'Major Surgery "
                               "in the last month': True, 'Congestive Heart Failure in the last month': False, "
                               "'Sepsis in the last month': False, 'Pneumonia in the last month': False, 'Hip, "
                               "pelvis, or leg fracture in the last month': True, 'Stroke in the last month': False, "
                               "'Multiple trauma in the last month': True, 'Acute spinal cord injury causing "
                               "paralysis in the last month': False, 'Varicose veins': True, 'Current swollen legs': "
                               "False, 'Previously documented Deep Vein Thrombosis': True, 'Previously Documented "
                               "Pulmonary Embolism': False, 'Family history of thrombosis': True, 'Positive Factor "
                               "V Leiden': False, 'Positive prothrombin 20210A': False, 'Elevated serum homocysteine'"
                               ": True, 'Positive lupus anticoagulant': False, 'Elevated anticardiolipin antibody': "
                               "False, 'Heparin-induced thrombocytopenia': False, 'Other congenital or acquired "
                               "thrombophilia': False, 'Mobility': 'confined to bed >72 hours', 'History of "
                               "inflammatory bowel disease': False, 'Body Mass Index (BMI)': [27.1, 'kg/m^2'], "
                               "'Acute Myocardial infarction': False, 'Chronic Obstructive Pulmonary Disease': "
                               "False, 'Present or previous malignancy': False}")
    assert r.value == 28


def test_medcalc_bench_empty_surgery_type_means_none():
    r = from_medcalc_bench(36, {"age": [45, "years"], "sex": "Male", "Surgery Type": ""})
    assert r.value == 1
