import pytest

from medreckon import calculate
from medreckon.calculators.library.aspects import REGIONS


def test_normal_ct_is_ten():
    assert calculate("aspects", {}).value == 10


@pytest.mark.parametrize("name", [n for n, _ in REGIONS])
def test_each_region_subtracts_one(name):
    assert calculate("aspects", {name: True}).value == 9


def test_all_regions():
    assert calculate("aspects", {n: True for n, _ in REGIONS}).value == 0


@pytest.mark.parametrize("regions, value, extensive", [(("insular_ribbon", "m2"), 8, False),
                                                       (("insular_ribbon", "m2", "m5"), 7, True)])
def test_eight_or_more(regions, value, extensive):
    r = calculate("aspects", {n: True for n in regions})
    assert r.value == value and ("≤ 7" in r.interpretation) is extensive
