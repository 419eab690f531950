import pytest

from medreckon import CalculatorInputError, calculate

NORMAL = dict(alertness="normal", amt4="no mistakes", attention="7 or more months correctly", acute_change=False)


def four_at(**kw):
    return calculate("four-at", {**NORMAL, **kw})


def test_worked_example_and_mdcalc_title():
    r = calculate("4 A’s Test for Delirium Screening", alertness="normal", amt4="2 or more mistakes or untestable",
                  attention="untestable", acute_change=True)
    assert r.value == 8 and r.interpretation.startswith("≥ 4")


@pytest.mark.parametrize("kw, total, band", [
    ({}, 0, "0:"), (dict(amt4="1 mistake"), 1, "1-3"),
    (dict(amt4="2 or more mistakes or untestable", attention="starts but fewer than 7 months, or refuses to start"),
     3, "1-3"),
    (dict(alertness="clearly abnormal"), 4, "≥ 4"), (dict(acute_change=True), 4, "≥ 4"),
    (dict(alertness="clearly abnormal", amt4="2 or more mistakes or untestable", attention="untestable",
          acute_change=True), 12, "≥ 4"),
])
def test_bands(kw, total, band):
    r = four_at(**kw)
    assert r.value == total and r.interpretation.startswith(band)


def test_unknown_choice():
    with pytest.raises(CalculatorInputError, match="attention"):
        four_at(attention="poor")
