import pytest

from medreckon import calculate


def bsds(n, fit="does not really describe me at all"):
    return calculate("bipolar-spectrum-diagnostic-scale", {**{f"statement_{i}": i <= n for i in range(1, 20)},
                                                           "overall_fit": fit})


def test_worked_example():
    r = calculate("Bipolar Spectrum Diagnostic Scale (BSDS)", {f"statement_{i}": i <= 16 for i in range(1, 20)},
                  overall_fit="fits very well or almost perfectly")
    assert r.value == 22 and r.outputs["probability"]["value"] == "High probability"


@pytest.mark.parametrize("n, fit, total, band", [
    (6, "does not really describe me at all", 6, "Highly unlikely"), (5, "fits to some degree, but not in most respects",
                                                                      7, "Low probability"),
    (8, "fits fairly well", 12, "Low probability"), (9, "fits fairly well", 13, "Moderate probability"),
    (13, "fits very well or almost perfectly", 19, "Moderate probability"),
    (14, "fits very well or almost perfectly", 20, "High probability"), (19, "fits very well or almost perfectly", 25,
                                                                          "High probability"),
])
def test_bands(n, fit, total, band):
    r = bsds(n, fit)
    assert r.value == total and r.outputs["probability"]["value"] == band
