import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.easi import REGIONS, SIGNS, area_score

SIGN_VALUES = dict(zip([s for s, _ in SIGNS], (2, 1, 2, 1), strict=True))
EXAMPLE = {**{f"{r}_{s}": v for r, _ in REGIONS for s, v in SIGN_VALUES.items()}, "head_neck_area": 15,
           "upper_limbs_area": 35, "trunk_area": 35, "lower_limbs_area": 15, "age": 30}


def test_worked_example_by_region():
    r = calculate("Eczema Area and Severity Index (EASI)", EXAMPLE)
    assert r.value == pytest.approx(15.0)
    assert [r.outputs[f"{n}_easi"]["rounded"] for n, _ in REGIONS] == [1.2, 3.6, 5.4, 4.8]
    assert r.outputs["severity"]["value"] == "Moderate"


def test_child_weights_under_8():
    child = calculate("easi", {**EXAMPLE, "age": 7})
    assert child.value == pytest.approx(6 * (2 * 0.2 + 3 * 0.2 + 3 * 0.3 + 2 * 0.3))
    assert calculate("easi", {**EXAMPLE, "age": 8}).value == pytest.approx(15.0)


@pytest.mark.parametrize("percent, score", [(0, 0), (0.5, 1), (9, 1), (10, 2), (29, 2), (30, 3), (49, 3), (50, 4),
                                            (69, 4), (70, 5), (89, 5), (90, 6), (100, 6)])
def test_area_scores(percent, score):
    assert area_score(percent) == score


def test_half_steps_only():
    assert calculate("easi", {**EXAMPLE, "trunk_erythema": 2.5}).value > 15
    with pytest.raises(CalculatorInputError, match="trunk_erythema"):
        calculate("easi", {**EXAMPLE, "trunk_erythema": 2.3})


@pytest.mark.parametrize("area, severity", [(0, "Clear"), (5, "Mild"), (30, "Moderate"), (50, "Severe")])
def test_severity_bands(area, severity):
    kw = {**EXAMPLE, **{f"{r}_area": area for r, _ in REGIONS}}
    assert calculate("easi", kw).outputs["severity"]["value"] == severity


def test_age_left_out_uses_adult_weights_and_says_so():
    r = calculate("easi", {k: v for k, v in EXAMPLE.items() if k != "age"})
    assert r.value == pytest.approx(15.0) and any(w.field == "age" for w in r.warnings)
