import pytest

from medreckon import calculate
from medreckon.calculators.library.epds import ITEMS


def with_total(total, self_harm=0):
    kw, left = {"self_harm": self_harm}, total - self_harm
    for name, _ in ITEMS[:-1]:
        kw[name] = min(3, left)
        left -= kw[name]
    return kw


def test_worked_example():
    r = calculate("Edinburgh Postnatal Depression Scale (EPDS)", laugh=0, enjoyment=1, self_blame=1, anxious=2, scared=1,
                  on_top=1, sleep=1, sad=1, crying=1, self_harm=0)
    assert r.value == 9 and r.outputs["screen"]["value"] == "Negative"


@pytest.mark.parametrize("total, screen", [(9, "Negative"), (10, "Possible depression"), (12, "Possible depression"),
                                           (13, "Positive")])
def test_cut_offs(total, screen):
    assert calculate("epds", with_total(total)).outputs["screen"]["value"] == screen


def test_self_harm_item_flags_at_any_total():
    r = calculate("epds", with_total(1, self_harm=1))
    assert r.outputs["self_harm_positive"]["value"] is True and any(w.field == "self_harm" for w in r.warnings)
