import pytest

from medreckon import CalculatorInputError, calculate


def test_worked_example_checked_by_hand():
    # 6 years, cuffed (Motoyama): 6/4 + 3.5 = 5.0 mm; depth 6/2 + 12 = 15 cm
    r = calculate("pediatric-ett-size", age=6)
    assert r.value == 5.0 and "15 cm" in r.interpretation and "4.5 and 5.5" in r.interpretation


@pytest.mark.parametrize("tube, size", [("cuffed_motoyama", 4.5), ("uncuffed_cole", 5.0), ("cuffed_khine", 4.0)])
def test_formulas(tube, size):
    assert calculate("ett-size", age=4, tube=tube).value == size


@pytest.mark.parametrize("age, warns", [(1.9, True), (2, False), (10, False), (10.5, True)])
def test_age_range_warning(age, warns):
    assert any(w.field == "age" for w in calculate("ett-size", age=age).warnings) is warns


def test_infants_rejected_and_months_accepted():
    assert calculate("ett-size", age="30 months").value == pytest.approx(2.5 / 4 + 3.5)
    with pytest.raises(CalculatorInputError, match="age"):
        calculate("ett-size", age="9 months")


def test_mdcalc_title_shows_uncuffed_and_cuffed():
    r = calculate("Pediatric Endotracheal Tube (ETT) Size", age=12)
    assert r.outputs["uncuffed_cole"]["value"] == 7.0 and r.outputs["cuffed_khine"]["value"] == 6.0
    assert r.outputs["cuffed_motoyama"]["value"] == 6.5 == r.value
