import math

import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.neonatal_eos import _recommendation

NONE = "none, or any given less than 2 h before birth"
BASE = dict(gestational_age="39 weeks 2 days", maternal_temperature="100.8 F",
            rupture_of_membranes=19.5, gbs_status="positive", intrapartum_antibiotics="GBS-specific 2 h or more before birth")


def by_hand(ga, temp_f, rom, gbs=0.0, abx=0.0, b0=40.5656):
    logit = b0 - 6.9325 * ga + 0.0877 * ga ** 2 + 0.8680 * temp_f + 1.2256 * (rom + 0.05) ** 0.2 + gbs + abx
    return 1000 / (1 + math.exp(-logit))


def test_example_matches_the_published_model():
    r = calculate("Neonatal Early-Onset Sepsis Calculator", BASE)
    assert r.value == pytest.approx(by_hand(39 + 2 / 7, 100.8, 19.5, 0.5771, -1.0488), rel=1e-9)
    assert r.rounded == 0.76
    p = r.value / 1000
    for name, lr in (("well_appearing", 0.41), ("equivocal", 5.0), ("clinical_illness", 21.2)):
        odds = p / (1 - p) * lr
        assert r.outputs[name]["value"] == pytest.approx(1000 * odds / (1 + odds))
    assert r.outputs["equivocal"]["rounded"] == 3.77 and r.outputs["clinical_illness"]["rounded"] == 15.81


def test_celsius_and_fahrenheit_agree():
    c = calculate("neonatal-eos", {**BASE, "maternal_temperature": (100.8 - 32) * 5 / 9})
    assert c.value == pytest.approx(calculate("neonatal-eos", BASE).value)


@pytest.mark.parametrize("gbs, coef", [("negative", 0.0), ("positive", 0.5771), ("unknown", 0.0427)])
def test_gbs_coefficients(gbs, coef):
    r = calculate("neonatal-eos", {**BASE, "gbs_status": gbs, "intrapartum_antibiotics": NONE})
    assert r.value == pytest.approx(by_hand(39 + 2 / 7, 100.8, 19.5, coef))


@pytest.mark.parametrize("abx, coef", [("broad-spectrum 4 h or more before birth", -1.1861),
                                       ("broad-spectrum 2 to 3.9 h before birth", -1.0488), (NONE, 0.0)])
def test_antibiotic_coefficients(abx, coef):
    r = calculate("neonatal-eos", {**BASE, "intrapartum_antibiotics": abx})
    assert r.value == pytest.approx(by_hand(39 + 2 / 7, 100.8, 19.5, 0.5771, coef))


def test_incidence_option_changes_the_intercept():
    r = calculate("neonatal-eos", {**BASE, "incidence": 0.6})
    assert r.value == pytest.approx(by_hand(39 + 2 / 7, 100.8, 19.5, 0.5771, -1.0488, b0=40.7489))


@pytest.mark.parametrize("post, pre, ill, words", [
    (3.0, 0.5, False, "treat empirically"), (2.99, 0.5, False, "blood culture"), (2.99, 0.5, True, "strongly consider"),
    (1.0, 0.5, False, "blood culture"), (0.99, 1.0, False, "vitals every 4 hours"), (0.99, 0.99, False, "routine"),
])
def test_recommendation_thresholds(post, pre, ill, words):
    assert words in _recommendation(post, pre, ill)


def test_at_birth_recommendation_edge():
    low = calculate("neonatal-eos", BASE)
    assert low.outputs["recommendation_at_birth"]["value"] == "routine vitals"
    high = calculate("neonatal-eos", {**BASE, "intrapartum_antibiotics": NONE, "maternal_temperature": "102 F"})
    assert high.value >= 1 and "every 4 hours" in high.outputs["recommendation_at_birth"]["value"]


@pytest.mark.parametrize("ga", ["33 weeks 6 days", 44])
def test_outside_the_model(ga):
    with pytest.raises(CalculatorInputError, match="gestational_age"):
        calculate("neonatal-eos", {**BASE, "gestational_age": ga})


def test_gestational_age_spellings_agree():
    a = calculate("neonatal-eos", {**BASE, "gestational_age": "39w2d"}).value
    assert a == pytest.approx(calculate("neonatal-eos", {**BASE, "gestational_age": 39 + 2 / 7}).value)
    assert a == pytest.approx(calculate("neonatal-eos", BASE).value)
