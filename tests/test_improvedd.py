import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.improvedd import ITEMS


@pytest.mark.parametrize("name, points", [(n, p) for n, _, p in ITEMS] + [("d_dimer_twice_uln", 2)])
def test_items(name, points):
    assert calculate("improvedd", age=50, **{name: True}).value == points


@pytest.mark.parametrize("age, points", [(60, 0), (60.5, 1)])
def test_age_over_60(age, points):
    assert calculate("improvedd", age=age).value == points


@pytest.mark.parametrize("kw, raised", [(dict(icu_ccu=True), False), (dict(icu_ccu=True, age=61), True)])
def test_threshold_2(kw, raised):
    assert calculate("improvedd", {"age": 50, **kw}).interpretation.startswith("≥ 2") is raised


def test_age_required():
    with pytest.raises(CalculatorInputError, match="age"):
        calculate("improvedd", icu_ccu=True)
