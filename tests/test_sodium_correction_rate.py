import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(age=40, sex="male", weight="180 lb", sodium=154, infusate_sodium=0, correction_rate=0.3)


def rate(**kw):
    return calculate("sodium-correction-rate", {**BASE, **kw})


def test_worked_example_hypernatraemia_with_d5w():
    # TBW 0.6 × 81.65 = 48.99 L; (0 − 154) / 49.99 = −3.08 mEq/L per litre; 0.3 / 3.08 × 1000 = 97 mL/h
    tbw = 0.6 * 180 * 0.45359237
    r = rate()
    assert r.value == pytest.approx(0.3 / (154 / (tbw + 1)) * 1000)
    assert r.rounded == 97 and "lower" in r.interpretation


def test_hyponatraemia_with_3_percent_saline_raises():
    r = rate(sodium=118, infusate_sodium=513, correction_rate="6 mEq/L/day")  # 0.25 mEq/L/h
    tbw = 0.6 * 180 * 0.45359237
    assert r.value == pytest.approx(0.25 / ((513 - 118) / (tbw + 1)) * 1000)
    assert "raise" in r.interpretation


def test_potassium_counts_as_sodium():
    assert rate(sodium=118, infusate_sodium=154, infusate_potassium=20).value == pytest.approx(
        rate(sodium=118, infusate_sodium=174).value)


@pytest.mark.parametrize(("age", "sex", "fraction"), [(17, "female", 0.6), (18, "female", 0.5), (64, "male", 0.6),
                                                     (65, "male", 0.5), (65, "female", 0.45)])
def test_body_water_fraction_by_age_and_sex(age, sex, fraction):
    r = rate(age=age, sex=sex, weight=70)
    assert r.value == pytest.approx(0.3 / (154 / (fraction * 70 + 1)) * 1000)


@pytest.mark.parametrize(("sodium", "warned"), [(145, True), (145.1, False)])
def test_lowering_a_normal_sodium_is_flagged(sodium, warned):
    r = rate(sodium=sodium, infusate_sodium=77)
    assert any(w.field == "infusate_sodium" for w in r.warnings) is warned


@pytest.mark.parametrize(("speed", "warned"), [(0.5, False), (0.51, True)])
def test_fast_correction_warns(speed, warned):
    assert any(w.field == "correction_rate" for w in rate(correction_rate=speed).warnings) is warned


def test_a_fluid_at_the_serum_sodium_cannot_correct_it():
    with pytest.raises(CalculatorInputError, match="infusate_sodium"):
        rate(sodium=154, infusate_sodium=154)
    with pytest.raises(CalculatorInputError, match="correction_rate"):
        rate(correction_rate=0)
