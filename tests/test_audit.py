import pytest

from medreckon import CalculatorInputError, calculate

ZERO = {"drinking_frequency": 0, "drinks_per_day": 0, "six_or_more": 0, "unable_to_stop": 0, "failed_expectations": 0,
        "morning_drink": 0, "guilt": 0, "blackouts": 0, "injury": "no", "others_concerned": "no"}


def test_example():
    r = calculate("Alcohol Use Disorders Identification Test (AUDIT)", drinking_frequency=4, drinks_per_day=4,
                  six_or_more=4, unable_to_stop=4, failed_expectations=3, morning_drink=4, guilt=3, blackouts=2,
                  injury="yes_during_last_year", others_concerned="yes_during_last_year")
    assert r.value == 36 and "zone IV" in r.interpretation


@pytest.mark.parametrize("freq, six, guilt, injury, zone", [
    (3, 4, 0, "no", "zone I"), (4, 4, 0, "no", "zone II"),  # 7 / 8
    (4, 4, 4, "yes_not_in_last_year", "zone II"), (4, 4, 4, "yes_during_last_year", "zone III"),  # 14 / 16
])
def test_zones_both_sides(freq, six, guilt, injury, zone):
    r = calculate("audit", **{**ZERO, "drinking_frequency": freq, "six_or_more": six, "guilt": guilt,
                              "injury": injury})
    assert zone + ":" in r.interpretation


def test_zone_iv_threshold():
    nineteen = {**ZERO, "drinking_frequency": 4, "six_or_more": 4, "guilt": 4, "injury": "yes_during_last_year",
                "others_concerned": "yes_not_in_last_year", "blackouts": 1}
    assert calculate("audit", **nineteen).value == 19 and "zone III" in calculate("audit", **nineteen).interpretation
    assert "zone IV" in calculate("audit", **{**nineteen, "blackouts": 2}).interpretation


def test_item_out_of_range():
    with pytest.raises(CalculatorInputError, match="guilt"):
        calculate("audit", **{**ZERO, "guilt": 5})
