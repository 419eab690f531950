import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize(
    "sex, height, expected",
    [("male", 152.4, 50.0), ("female", 152.4, 45.5), ("male", 180, 75.0), ("female", "5 ft 6 in", 59.3)],
)
def test_ideal_body_weight_devine(sex, height, expected):
    assert calculate("ibw", sex=sex, height=height).value == pytest.approx(expected, abs=0.05)


def test_ideal_body_weight_below_five_feet_warns():
    r = calculate("ibw", sex="female", height=140)
    assert r.value == pytest.approx(45.5 + 2.3 * (140 / 2.54 - 60))
    assert any(w.field == "height" for w in r.warnings)


def test_adjusted_body_weight():
    # IBW(male, 180 cm) = 74.99; ABW = IBW + 0.4 (120 - IBW)
    ibw = 50 + 2.3 * (180 / 2.54 - 60)
    assert calculate("abw", sex="male", height=180, weight=120).value == pytest.approx(ibw + 0.4 * (120 - ibw))


def test_adjusted_body_weight_units():
    a = calculate("abw", sex="female", height="5 ft 4 in", weight="200 lb").value
    b = calculate("abw", sex="female", height=162.56, weight=90.718474).value
    assert a == pytest.approx(b)


def test_ibw_needs_sex():
    with pytest.raises(CalculatorInputError, match="sex"):
        calculate("ibw", height=170)


def test_ideal_body_weight_with_the_actual_weight_gives_adjusted_weight_and_percent():
    # MDCalc's Ideal Body Weight and Adjusted Body Weight: female 64 in, 176 lb
    r = calculate("ideal-body-weight", sex="female", height="64 in", weight="176 lb")
    ibw = 45.5 + 2.3 * 4
    actual = 176 * 0.45359237
    assert r.value == pytest.approx(ibw)
    assert r.outputs["adjusted_body_weight"]["value"] == pytest.approx(ibw + 0.4 * (actual - ibw))
    assert r.outputs["percent_of_ideal"]["value"] == round(actual / ibw * 100)  # 146
    bare = calculate("ideal-body-weight", sex="female", height="64 in")
    assert bare.outputs["adjusted_body_weight"]["value"] is None and bare.outputs["percent_of_ideal"]["value"] is None


def test_no_adjusted_weight_where_devine_gives_no_ideal_weight():
    with pytest.raises(CalculatorInputError, match="height"):
        calculate("ideal-body-weight", sex="female", height="3 ft 3 in", weight=40)  # 45.5 − 2.3 × 21 < 0
