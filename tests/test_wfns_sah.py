import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("gcs, deficit, grade", [
    (15, False, 1), (14, False, 2), (13, False, 2), (14, True, 3), (13, True, 3), (12, False, 4), (12, True, 4),
    (7, True, 4), (6, False, 5), (3, True, 5),
])
def test_grades(gcs, deficit, grade):
    assert calculate("wfns-sah", gcs=gcs, motor_deficit=deficit).value == grade


def test_gcs_15_with_deficit_is_undefined():
    with pytest.raises(CalculatorInputError, match="motor_deficit"):
        calculate("wfns-sah", gcs=15, motor_deficit=True)
