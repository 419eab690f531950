import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.barthel_index import ITEMS

FULL = {name: top for name, top in ITEMS}


def test_independent_is_100():
    r = calculate("barthel-index", FULL)
    assert r.value == 100 and "independent" in r.interpretation


def test_example():
    kw = dict(feeding=5, bathing=0, grooming=0, dressing=5, bowels=5, bladder=5, toilet_use=5, transfers=5,
              mobility=10, stairs=5)
    assert calculate("barthel-index", kw).value == 45


@pytest.mark.parametrize("total_drop, band", [(0, "independent"), (5, "slight"), (10, "moderate"), (40, "severe"),
                                              (80, "total")])
def test_bands(total_drop, band):
    kw = dict(FULL)
    left = total_drop
    for name, top in ITEMS:
        take = min(top, left)
        kw[name] = top - take
        left -= take
    r = calculate("barthel-index", kw)
    assert r.value == 100 - total_drop and band in r.interpretation


def test_bands_edges():
    assert "total" in calculate("barthel-index", {**{n: 0 for n, _ in ITEMS}, "mobility": 15, "bowels": 5}).interpretation
    assert "severe" in calculate("barthel-index", {**{n: 0 for n, _ in ITEMS}, "mobility": 15, "bowels": 10}).interpretation


def test_points_not_on_the_scale():
    with pytest.raises(CalculatorInputError, match="transfers"):
        calculate("barthel-index", {**FULL, "transfers": 7})
