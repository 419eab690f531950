import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.berg_balance_scale import ITEMS

EXAMPLE = dict(sitting_to_standing=3, standing_unsupported=3, sitting_unsupported=4, standing_to_sitting=3,
               transfers=3, standing_eyes_closed=3, standing_feet_together=2, reaching_forward=2, picking_up_object=3,
               turning_to_look_behind=3, turning_360=2, alternate_foot_on_stool=3, tandem_standing=2,
               standing_on_one_leg=1)


def with_total(total):
    """Fourteen items summing to `total` (4s first)."""
    items, left = {}, total
    for name, _ in ITEMS:
        items[name] = min(4, left)
        left -= items[name]
    return items


def test_worked_example():
    r = calculate("Berg Balance Scale (BBS)", EXAMPLE)
    assert r.value == 37 and r.outputs["fall_risk"]["value"] == "Increased" and r.interpretation.startswith("21-40")


@pytest.mark.parametrize("total, band, risk", [
    (20, "0-20", "Increased"), (21, "21-40", "Increased"), (40, "21-40", "Increased"), (41, "41-56", "Increased"),
    (44, "41-56", "Increased"), (45, "41-56", "Not increased"), (56, "41-56", "Not increased"),
])
def test_band_and_cut_off_edges(total, band, risk):
    r = calculate("berg-balance-scale", with_total(total))
    assert r.value == total and r.interpretation.startswith(band) and r.outputs["fall_risk"]["value"] == risk


def test_item_range():
    with pytest.raises(CalculatorInputError, match="transfers"):
        calculate("berg-balance-scale", {**EXAMPLE, "transfers": 5})
