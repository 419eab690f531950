import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.cirs_g import SYSTEMS

ZERO = {name: 0 for name, _ in SYSTEMS}


def test_worked_example():
    r = calculate("Cumulative Illness Rating Scale-Geriatric (CIRS-G)", ZERO, vascular=2, hematopoietic=3, respiratory=1,
                  eent=1, upper_gi=2, lower_gi=2, renal=3, genitourinary=2, musculoskeletal_skin=2, endocrine_breast=1,
                  psychiatric=1)
    assert r.value == 20 and r.outputs["categories_endorsed"]["value"] == 11
    assert r.outputs["severity_index"]["value"] == pytest.approx(20 / 11)


def test_no_illness_and_range():
    r = calculate("cirsg", ZERO)
    assert r.value == 0 and r.outputs["severity_index"]["value"] == 0
    assert calculate("cirsg", dict.fromkeys(ZERO, 4)).value == 56
    with pytest.raises(CalculatorInputError, match="heart"):
        calculate("cirsg", {**ZERO, "heart": 5})
