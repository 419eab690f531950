import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.reticulocyte_production_index import maturation_days


def test_example():
    r = calculate("Corrected Reticulocyte Percentage/Reticulocyte Production Index (RPI)", reticulocytes=2.5,
                  hematocrit=21, normal_hematocrit=40, red_cell_count="3.0 x10^6/uL")
    assert r.outputs["corrected_reticulocyte_percent"]["rounded"] == 1.31
    assert r.value == pytest.approx(1.3125 / 2) and r.rounded == 0.7
    assert r.outputs["absolute_reticulocyte_count"]["rounded"] == 75000


@pytest.mark.parametrize("hct, days", [(36, 1.0), (35, 1.5), (25.5, 1.5), (25, 2.0), (15.5, 2.0), (15, 2.5)])
def test_maturation_table_both_sides(hct, days):
    assert maturation_days(hct) == days


def test_rpi_threshold_and_defaults():
    assert calculate("rpi", reticulocytes=4, hematocrit=45).interpretation.startswith("RPI ≥ 2")
    r = calculate("rpi", reticulocytes=1.99, hematocrit=45)
    assert r.interpretation.startswith("RPI < 2") and r.outputs["absolute_reticulocyte_count"]["value"] is None


def test_bad_percentage():
    with pytest.raises(CalculatorInputError, match="reticulocytes"):
        calculate("rpi", reticulocytes=120, hematocrit=30)
