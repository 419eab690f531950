import pytest

from medreckon import calculate


@pytest.mark.parametrize("hc, label", [(40, "Microcephaly"), (44.6, "Normal"), (49, "Macrocephaly")])
def test_categories(hc, label):
    r = calculate("CDC/NCHS Infant Head Circumference for Age Percentiles (<36 months)", sex="male", age="9 mo",
                  head_circumference=hc)
    assert r.outputs["category"]["value"] == label


def test_edges_3_and_97():
    from medreckon.calculators.growth import _tables

    _, lam, mu, sigma = next(r for r in _tables()["head_circumference_for_age_infant"]["male"] if r[0] == 9.5)
    at = {z: mu * (1 + lam * sigma * z) ** (1 / lam) for z in (-1.8808, -1.8807, 1.8807, 1.8808)}
    cat = {z: calculate("cdc-head-circumference-for-age", sex="male", age="9 mo", head_circumference=x
                        ).outputs["category"]["value"] for z, x in at.items()}
    assert cat == {-1.8808: "Microcephaly", -1.8807: "Normal", 1.8807: "Normal", 1.8808: "Macrocephaly"}
