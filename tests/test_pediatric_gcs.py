import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example():
    r = calculate("Pediatric Glasgow Coma Scale (pGCS)", eye=2, verbal=2, motor=4)
    assert r.value == 8 and r.outputs["components"]["value"] == "E2 V2 M4"


@pytest.mark.parametrize("e, v, m, band", [(2, 2, 4, "≤ 8"), (2, 2, 5, "9-12"), (4, 4, 4, "9-12"), (4, 4, 5, "13-15")])
def test_bands(e, v, m, band):
    assert calculate("pgcs", eye=e, verbal=v, motor=m).interpretation.startswith(band)


def test_component_ranges():
    with pytest.raises(CalculatorInputError, match="verbal"):
        calculate("pgcs", eye=4, verbal=6, motor=6)
