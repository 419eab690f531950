import pytest

from medreckon import CalculatorInputError, calculate

FULL = dict(visuospatial_executive=5, naming=3, attention=6, language=3, abstraction=2, delayed_recall=5,
            orientation=6, education_12_years_or_less=False)


def moca(**kw):
    return calculate("moca", {**FULL, **kw})


def test_worked_example():
    r = calculate("Montreal Cognitive Assessment (MoCA)", visuospatial_executive=4, naming=3, attention=5, language=2,
                  abstraction=1, delayed_recall=2, orientation=5, education_12_years_or_less=True)
    assert r.value == 23 and r.interpretation.startswith("< 26")


def test_education_point_is_capped_at_30():
    assert moca(education_12_years_or_less=True).value == 30
    assert moca(naming=2, education_12_years_or_less=True).value == 30
    assert moca(naming=2).value == 29


@pytest.mark.parametrize("recall, total, normal", [(1, 26, True), (0, 25, False)])
def test_cut_off_26(recall, total, normal):
    r = moca(delayed_recall=recall)
    assert r.value == total
    assert r.interpretation.startswith("≥ 26" if normal else "< 26")


def test_section_maximum():
    with pytest.raises(CalculatorInputError, match="naming"):
        moca(naming=4)
