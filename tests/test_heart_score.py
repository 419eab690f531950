import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench

BASE = dict(history="slightly suspicious", ecg="normal", age=30, troponin="normal")
RISK_FACTORS = ["hypertension", "hypercholesterolemia", "diabetes", "obesity", "smoking", "family_history"]


def score(**kw):
    return calculate("heart-score", {**BASE, **kw})


@pytest.mark.parametrize("age, points", [(44, 0), (44.9, 0), (45, 1), (64, 1), (64.9, 1), (65, 2), (80, 2)])
def test_age_bands_both_sides(age, points):
    assert score(age=age).value == points


@pytest.mark.parametrize(
    "history, points",
    [("Slightly suspicious", 0), ("Moderately suspicious", 1), ("Highly suspicious", 2), ("highly_suspicious", 2)],
)
def test_history(history, points):
    assert score(history=history).value == points


@pytest.mark.parametrize(
    "ecg, points",
    [("Normal", 0), ("Non-specific repolarization disturbance", 1), ("Significant ST deviation", 2)],
)
def test_ecg(ecg, points):
    assert score(ecg=ecg).value == points


@pytest.mark.parametrize(
    "troponin, points",
    [("less than or equal to normal limit", 0),
     ("between the normal limit or up to three times the normal limit", 1),
     ("greater than three times normal limit", 2), ("1_to_3x", 1), ("over_3x", 2)],
)
def test_troponin(troponin, points):
    assert score(troponin=troponin).value == points


@pytest.mark.parametrize("n, points", [(0, 0), (1, 1), (2, 1), (3, 2), (6, 2)])
def test_risk_factor_count_both_sides(n, points):
    assert score(**{f: True for f in RISK_FACTORS[:n]}).value == points


def test_atherosclerotic_disease_alone_scores_two():
    assert score(atherosclerotic_disease=True).value == 2
    assert score(atherosclerotic_disease=True, hypertension=True, smoking=True).value == 2


@pytest.mark.parametrize(
    "kw, total, band",
    [(dict(age=60, hypertension=True, troponin="1_to_3x"), 3, "low"),  # 1 + 1 + 1
     (dict(age=65, history="highly suspicious"), 4, "moderate"),  # 2 + 2
     (dict(age=65, history="highly suspicious", ecg="significant ST deviation"), 6, "moderate"),
     (dict(age=65, history="highly suspicious", ecg="significant ST deviation", smoking=True), 7, "high")],
)
def test_risk_bands_both_sides(kw, total, band):
    r = score(**kw)
    assert r.value == total
    assert r.interpretation.startswith(band)


def test_required_items_and_bad_choice():
    with pytest.raises(CalculatorInputError, match="troponin"):
        calculate("heart-score", history="highly suspicious", ecg="normal", age=50)
    with pytest.raises(CalculatorInputError, match="history"):
        score(history="very suspicious")


def test_medcalc_bench_row_261():
    r = from_medcalc_bench(18, {
        "age": [47.0, "years"], "Hypertension history": True, "Suspicion History": "Highly suspicious",
        "Electrocardiogram Test": "Normal", "Diabetes mellitus criteria for CCI rule": True,
        "atherosclerotic disease": False,
        "Initial troponin": "between the normal limit or up to three times the normal limit",
        "hypercholesterolemia": False, "obesity": False, "smoking": False,
        "parent or sibling with Cardiovascular disease before age 65": False,
    })
    # history 2 + ECG 0 + age 1 + two risk factors 1 + troponin 1
    assert r.value == 5


def test_medcalc_bench_tia_counts_as_atherosclerotic_disease():
    r = from_medcalc_bench(18, {
        "age": [30.0, "years"], "Suspicion History": "Slightly suspicious", "Electrocardiogram Test": "Normal",
        "Initial troponin": "less than or equal to normal limit", "Transient Ischemic Attacks History": True,
    })
    assert r.value == 2
