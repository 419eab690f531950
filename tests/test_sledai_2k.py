import pytest

from medreckon import calculate
from medreckon.calculators.library.sledai_2k import ITEMS


def test_worked_example_and_title():
    r = calculate("Systemic Lupus Erythematosus Disease Activity Index 2000 (SLEDAI-2K)", arthritis=True, rash=True,
                  low_complement=True, increased_dna_binding=True)
    assert r.value == 10 and r.interpretation.startswith("≥ 4")


@pytest.mark.parametrize("name, _what, weight, _definition", ITEMS)
def test_each_weight(name, _what, weight, _definition):
    assert calculate("sledai-2k", {name: True}).value == weight


def test_all_and_none():
    assert calculate("sledai-2k", {name: True for name, *_ in ITEMS}).value == 105
    r = calculate("sledai-2k", {name: False for name, *_ in ITEMS})
    assert r.value == 0 and r.interpretation.startswith("0-3")


@pytest.mark.parametrize("kw, total, active", [(dict(fever=True, rash=True), 3, False),
                                               (dict(fever=True, thrombocytopenia=True, rash=True), 4, True)])
def test_active_threshold(kw, total, active):
    r = calculate("sledai-2k", kw)
    assert r.value == total and r.interpretation.startswith("≥ 4" if active else "0-3")
