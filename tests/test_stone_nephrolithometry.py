import pytest

from medreckon import calculate

BASE = dict(stone_length=9, stone_width=6, tract_length=90, obstruction="none or mild hydronephrosis",
            calyces_involved=1, staghorn=False, density=800)


def stone(**kw):
    return calculate("stone-nephrolithometry", {**BASE, **kw})


def test_worked_example():
    r = calculate("STONE Nephrolithometry Score for Renal Calculi", BASE, tract_length=105, calyces_involved=2,
                  density=950)
    assert r.value == 6


@pytest.mark.parametrize("length, width, points", [(20, 20, 2), (20, 19.95, 1), (20, 40, 3), (40, 40, 4),
                                                   (10, 39.9, 1)])
def test_size_bands(length, width, points):
    assert stone(stone_length=length, stone_width=width).value == 4 + points


@pytest.mark.parametrize("kw, total", [(dict(tract_length=100), 5), (dict(tract_length=101), 6), (dict(density=950), 5),
                                       (dict(density=951), 6), (dict(calyces_involved=3), 6), (dict(staghorn=True), 7),
                                       (dict(obstruction="moderate or severe hydronephrosis"), 6),
                                       (dict(tract_length="10.5 cm"), 6)])
def test_other_items(kw, total):
    assert stone(**kw).value == total


def test_area_instead_of_length_and_width():
    kw = {k: v for k, v in BASE.items() if k not in ("stone_length", "stone_width")}
    assert calculate("stone-score", kw, stone_area=800).value == 7
    assert calculate("stone-score", kw, stone_area="8 cm^2").value == 7


def test_size_is_needed():
    from medreckon import CalculatorInputError

    kw = {k: v for k, v in BASE.items() if k not in ("stone_length", "stone_width")}
    with pytest.raises(CalculatorInputError, match="stone_length"):
        calculate("stone-score", kw)
