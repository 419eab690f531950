import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.moca import ITEMS

FULL = {name: top for name, _, top, _ in ITEMS} | {"education_12_years_or_less": False}


def moca(**kw):
    return calculate("moca", {**FULL, **kw})


def test_full_marks_are_30_by_section():
    by_section = {}
    for _, _, top, section in ITEMS:
        by_section[section] = by_section.get(section, 0) + top
    assert by_section == {"visuospatial/executive": 5, "naming": 3, "attention": 6, "language": 3, "abstraction": 2,
                          "delayed recall": 5, "orientation": 6}
    assert moca().value == 30


def test_worked_example():
    r = calculate("Montreal Cognitive Assessment (MoCA)", trail_making=1, cube=1, clock=2, naming_1=1, naming_2=1,
                  naming_3=1, digits_forward=1, digits_backward=1, letter_tapping=1, serial_sevens=2, sentence_1=1,
                  sentence_2=1, fluency=0, abstraction_1=1, abstraction_2=0, delayed_recall=2, orientation=5,
                  education_12_years_or_less=True)
    assert r.value == 23 and r.interpretation.startswith("< 26")


def test_education_point_is_capped_at_30():
    assert moca(education_12_years_or_less=True).value == 30
    assert moca(naming_2=0, education_12_years_or_less=True).value == 30
    assert moca(naming_2=0).value == 29


@pytest.mark.parametrize("recall, total, normal", [(1, 26, True), (0, 25, False)])
def test_cut_off_26(recall, total, normal):
    r = moca(delayed_recall=recall)
    assert r.value == total and r.interpretation.startswith("≥ 26" if normal else "< 26")


def test_item_maximum():
    with pytest.raises(CalculatorInputError, match="clock"):
        moca(clock=4)
