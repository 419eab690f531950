import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("morph, neuro, plc, total, words", [
    ("compression", "intact", "intact", 1, "≤ 3"), ("burst", "intact", "intact", 2, "≤ 3"),
    ("compression", "intact", "indeterminate", 3, "≤ 3"), ("burst", "nerve root", "intact", 4, "4:"),
    ("burst", "intact", "injured", 5, "≥ 5"), ("distraction", "cauda equina", "injured", 10, "≥ 5"),
    ("translation or rotation", "complete cord or conus", "intact", 5, "≥ 5"),
    ("compression", "incomplete cord or conus", "intact", 4, "4:"),
])
def test_totals(morph, neuro, plc, total, words):
    r = calculate("tlics", morphology=morph, neurological_status=neuro, posterior_ligamentous_complex=plc)
    assert r.value == total and r.interpretation.startswith(words)


def test_unknown_morphology():
    with pytest.raises(CalculatorInputError, match="morphology"):
        calculate("tlics", morphology="chance", neurological_status="intact", posterior_ligamentous_complex="intact")
