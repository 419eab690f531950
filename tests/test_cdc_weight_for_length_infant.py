import pytest

from medreckon import calculate


def test_example_and_pounds():
    r = calculate("CDC/NCHS Infant Weight for Length Percentiles (< 36 months)", sex="male", length=71, weight=8.6)
    assert r.outputs["category"]["value"] == "Healthy weight"
    lb = calculate("cdc-infant-weight-for-length", sex="male", length=71, weight=f"{8.6 / 0.45359237} lb")
    assert lb.value == pytest.approx(r.value)


@pytest.mark.parametrize("weight, label", [(6.5, "Underweight"), (8.6, "Healthy weight"), (12, "Overweight")])
def test_bands(weight, label):
    assert calculate("cdc-infant-weight-for-length", sex="male", length=71, weight=weight
                     ).outputs["category"]["value"] == label


@pytest.mark.parametrize("pct, label", [(4.99, "Underweight"), (5, "Healthy weight"), (94.99, "Healthy weight"),
                                        (95, "Overweight")])
def test_band_edges(pct, label):
    from medreckon.calculators.library.cdc_weight_for_length_infant import weight_band

    assert weight_band(pct) == label
