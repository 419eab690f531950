import pytest

from medreckon import CalculatorInputError, calculate

ONES = {f"p{i}": 1 for i in range(1, 8)} | {f"n{i}": 1 for i in range(1, 8)} | {f"g{i}": 1 for i in range(1, 17)}


def test_subscales_and_total():
    kw = {**ONES, **{f"p{i}": 5 for i in range(1, 8)}, "n1": 4, "g16": 7}
    r = calculate("Positive and Negative Syndrome Scale (PANSS) for Schizophrenia", kw)
    assert r.outputs["positive"]["value"] == 35 and r.outputs["negative"]["value"] == 10
    assert r.outputs["general"]["value"] == 22 and r.value == 67


@pytest.mark.parametrize("extra, label", [(27, "Borderline ill or not ill"), (28, "Mildly ill"), (44, "Mildly ill"),
                                          (45, "Moderately ill")])
def test_severity_anchors(extra, label):
    kw, left = dict(ONES), extra
    for k in kw:
        add = min(6, left)
        kw[k] += add
        left -= add
    r = calculate("panss", kw)
    assert r.value == 30 + extra and r.outputs["severity"]["value"] == label


@pytest.mark.parametrize("total, label", [(94, "Moderately ill"), (95, "Markedly ill"), (115, "Markedly ill"),
                                          (116, "Severely ill")])
def test_upper_anchors(total, label):
    kw, left = dict(ONES), total - 30
    for k in kw:
        add = min(6, left)
        kw[k] += add
        left -= add
    assert calculate("panss", kw).outputs["severity"]["value"] == label


def test_ratings_start_at_1():
    with pytest.raises(CalculatorInputError, match="p1"):
        calculate("panss", {**ONES, "p1": 0})
