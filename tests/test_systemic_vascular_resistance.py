import pytest

from medreckon import CalculatorInputError, calculate


def test_formula():
    r = calculate("svr", mean_arterial_pressure=55, central_venous_pressure=12, cardiac_output=2.58)
    assert r.value == pytest.approx(80 * 43 / 2.58) and r.rounded == 1333
    assert r.outputs["svr_wood"]["rounded"] == 16.7


@pytest.mark.parametrize("co, words", [(9.0, "< 800"), (8.75, "800-1200"), (5.84, "800-1200"), (5.8, "> 1200")])
def test_bands_both_sides(co, words):
    # 80 × 87.5 / 8.75 = 800 and 80 × 87.6 / 5.84 = 1200
    mapv = 95.5 if co in (8.75, 9.0) else 95.6
    assert calculate("svr", mean_arterial_pressure=mapv, central_venous_pressure=8, cardiac_output=co
                     ).interpretation.startswith(words)


def test_cvp_above_map_rejected():
    with pytest.raises(CalculatorInputError, match="central_venous_pressure"):
        calculate("svr", mean_arterial_pressure=12, central_venous_pressure=55, cardiac_output=4)
