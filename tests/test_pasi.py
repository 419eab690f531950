import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.pasi import REGIONS, SIGNS

AREAS = {f"{r}_area": 5 for r, _, _ in REGIONS}


def test_worked_example_by_region():
    slight = {f"{r}_{s}": 1 for r in ("head_neck", "trunk") for s, _ in SIGNS}
    moderate = {f"{r}_{s}": 2 for r in ("upper_limbs", "lower_limbs") for s, _ in SIGNS}
    r = calculate("Psoriasis Area and Severity Index (PASI)", {**slight, **moderate, **AREAS})
    assert r.value == pytest.approx(4.8)
    assert [r.outputs[f"{n}_pasi"]["rounded"] for n, _, _ in REGIONS] == [0.3, 1.2, 0.9, 2.4]


def test_maximum_72():
    kw = {f"{r}_{s}": 4 for r, _, _ in REGIONS for s, _ in SIGNS} | {f"{r}_area": 100 for r, _, _ in REGIONS}
    assert calculate("pasi", kw).value == pytest.approx(72)


def test_sign_range():
    kw = {f"{r}_{s}": 1 for r, _, _ in REGIONS for s, _ in SIGNS} | AREAS
    with pytest.raises(CalculatorInputError, match="trunk_erythema"):
        calculate("pasi", {**kw, "trunk_erythema": 5})
