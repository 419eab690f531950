import pytest

from medreckon import CalculatorInputError, calculate


def abc(**kw):
    return calculate("abc-2", {"shape": "round or ellipsoid", "length_a": 5.6, "width_b": 3.8, "slices": 5,
                               "slice_thickness": 0.5, **kw})


def test_kothari():
    r = abc()  # 5.6 × 3.8 × 2.5 / 2
    assert r.value == pytest.approx(26.6) and r.outputs["depth_c"]["value"] == pytest.approx(2.5)


def test_irregular_divides_by_3():
    assert abc(shape="irregular or separated").value == pytest.approx(5.6 * 3.8 * 2.5 / 3)


def test_millimetres():
    assert abc(slice_thickness="5 mm", length_a="56 mm").value == pytest.approx(26.6)


def test_half_slices():
    assert abc(slices=4.5).value == pytest.approx(5.6 * 3.8 * 2.25 / 2)


def test_zero_width():
    with pytest.raises(CalculatorInputError, match="width_b"):
        abc(width_b=0)
