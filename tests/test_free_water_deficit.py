import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench


def fwd(**kw):
    return calculate("free-water-deficit", {"weight": 70, "sodium": 154, **kw})


# sodium 154: 154 / 140 - 1 = 0.1, so the deficit is fraction x 70 kg x 0.1 = fraction x 7 L
@pytest.mark.parametrize(
    "age, sex, fraction",
    [
        (17.9, "male", 0.6), (18, "male", 0.6),  # child / adult male: both 0.6
        (17.9, "female", 0.6), (18, "female", 0.5),  # child 0.6 / adult female 0.5
        (64.9, "male", 0.6), (65, "male", 0.5),  # adult male 0.6 / elderly male 0.5
        (64.9, "female", 0.5), (65, "female", 0.45),  # adult female 0.5 / elderly female 0.45
        (5, "female", 0.6), (90, "male", 0.5),
    ],
)
def test_total_body_water_fraction_by_age_and_sex(age, sex, fraction):
    r = fwd(age=age, sex=sex)
    assert r.value == pytest.approx(fraction * 7)
    assert r.steps[0].value == fraction


def test_age_in_months_and_weight_in_pounds():
    # 215 months = 17.9 years: a child, 0.6; 154 lb = 69.853 kg
    r = fwd(age="215 months", sex="female", weight="154 lb")
    assert r.value == pytest.approx(0.6 * 154 * 0.45359237 * 0.1)


def test_sodium_140_or_below_is_no_deficit():
    assert fwd(age=40, sex="male", sodium=140).value == pytest.approx(0.0)
    r = fwd(age=40, sex="male", sodium=126)  # 0.6 x 70 x (126 / 140 - 1) = 42 x -0.1
    assert r.value == pytest.approx(-4.2)
    assert r.interpretation.startswith("no free water deficit")
    assert fwd(age=40, sex="male", sodium=141).interpretation.startswith("free water deficit")


def test_bad_sex_and_missing_weight():
    with pytest.raises(CalculatorInputError, match="sex"):
        fwd(age=40, sex="unknown")
    with pytest.raises(CalculatorInputError, match="weight"):
        calculate("fwd", age=40, sex="male", sodium=150)


def test_medcalc_bench_row():
    # row 467: 142 lb = 64.41 kg; 0.6 x 64.41 x (137 / 140 - 1) = -0.828
    r = from_medcalc_bench(38, "{'age': [23, 'years'], 'weight': [142.0, 'lbs'], 'sex': 'Male', "
                               "'Sodium': [137.0, 'mmol/L']}")
    assert r.value == pytest.approx(-0.828, abs=1e-3)


@pytest.mark.parametrize(("target", "deficit", "words"), [
    (144, 0.6 * 80 * (154 / 144 - 1), "to bring sodium to 144"),
    (154, 0.0, "not above the target 154"),
])
def test_target_sodium_other_than_140(target, deficit, words):
    # MDCalc's 'sodium desired': a stepwise target
    r = calculate("free-water-deficit", age=40, sex="male", weight=80, sodium=154, target_sodium=target)
    assert r.value == pytest.approx(deficit) and words in r.interpretation
    assert not [w for w in r.warnings if w.field == "target_sodium"]  # an option: never warned as assumed
