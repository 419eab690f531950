import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench


@pytest.mark.parametrize(
    "kg, expected",
    [
        (7.9, 4 * 7.9),  # 31.6
        (10, 40.0),
        (10.1, 40 + 2 * 0.1),  # 40.2
        (17, 40 + 2 * 7),  # 54
        (20, 60.0),
        (20.1, 60 + 0.1),  # 60.1
        (63, 60 + 43),  # 103
    ],
)
def test_holliday_segar_both_sides_of_10_and_20_kg(kg, expected):
    assert calculate("maintenance-fluids", weight=kg).value == pytest.approx(expected)


def test_branch_named_in_steps():
    assert "≤ 10 kg" in calculate("maintenance-fluids", weight=10).steps[-1].what
    assert "10-20 kg" in calculate("maintenance-fluids", weight=10.01).steps[-1].what
    assert "10-20 kg" in calculate("maintenance-fluids", weight=20).steps[-1].what
    assert "> 20 kg" in calculate("maintenance-fluids", weight=20.01).steps[-1].what


def test_weight_in_pounds_and_grams():
    # 30 lb = 13.6078 kg -> 40 + 2 × 3.6078 = 47.2155
    assert calculate("holliday-segar", weight="30 lb").value == pytest.approx(40 + 2 * (30 * 0.45359237 - 10))
    # 2180 g = 2.18 kg -> 8.72
    assert calculate("holliday-segar", weight="2180 g").value == pytest.approx(8.72)


def test_zero_weight_is_impossible():
    with pytest.raises(CalculatorInputError, match="weight"):
        calculate("maintenance-fluids", weight=0)


def test_medcalc_bench_row():
    assert from_medcalc_bench(22, "{'weight': [30.0, 'lbs']}").value == pytest.approx(47.216, abs=1e-3)
