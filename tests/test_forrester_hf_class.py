import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("pcwp, ci, cls", [
    (18, 2.21, 1), (18.1, 2.21, 2), (18, 2.2, 3), (18.1, 2.2, 4), (24, 1.3, 4),
])
def test_cut_offs_both_sides(pcwp, ci, cls):
    r = calculate("Forrester HF Class", pcwp=pcwp, cardiac_index=ci)
    assert r.value == cls
    assert r.outputs["profile"]["value"].startswith(("warm and dry", "warm and wet", "cold and dry", "cold and wet")[cls - 1])


def test_kpa_wedge_and_bad_index():
    assert calculate("forrester-hf-class", pcwp="3 kPa", cardiac_index=3).value == 2  # 22.5 mmHg
    with pytest.raises(CalculatorInputError, match="cardiac_index"):
        calculate("forrester-hf-class", pcwp=10, cardiac_index=0)
