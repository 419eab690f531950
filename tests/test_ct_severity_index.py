import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("necrosis, points", [(0, 0), ("0.5 %", 2), (30, 2), (30.1, 4), (50, 4), (50.1, 6)])
def test_necrosis_bands_both_sides(necrosis, points):
    assert calculate("ctsi", balthazar_grade="A", necrosis_percent=necrosis).value == points


@pytest.mark.parametrize("grade, necrosis, total, mortality, complications", [
    ("C", 0, 2, 3, 8), ("D", 0, 3, 3, 8), ("E", 0, 4, 6, 35), ("E", 20, 6, 6, 35), ("B", 60, 7, 17, 92),
    ("E", 60, 10, 17, 92),
])
def test_index_and_outcome_bands(grade, necrosis, total, mortality, complications):
    r = calculate("CT Severity Index (Pancreatitis)", balthazar_grade=grade, necrosis_percent=necrosis)
    assert (r.value, r.outputs["mortality"]["value"], r.outputs["complications"]["value"]) == (
        total, mortality, complications)


def test_bad_grade():
    with pytest.raises(CalculatorInputError, match="balthazar_grade"):
        calculate("ctsi", balthazar_grade="F", necrosis_percent=0)
