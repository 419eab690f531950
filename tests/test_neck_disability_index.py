import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.neck_disability_index import SECTIONS


def with_total(total):
    out, left = {}, total
    for name, _ in SECTIONS:
        out[name] = min(5, left)
        left -= out[name]
    return out


def test_worked_example():
    r = calculate("Neck Disability Index (NDI)", pain_intensity=3, personal_care=1, lifting=3, reading=2, headaches=3,
                  concentration=2, work=2, driving=2, sleeping=3, recreation=3)
    assert r.value == 24 and r.outputs["disability"]["value"] == "Moderate" and r.outputs["percent"]["value"] == 48


@pytest.mark.parametrize("total, level", [(4, "None"), (5, "Mild"), (14, "Mild"), (15, "Moderate"), (24, "Moderate"),
                                          (25, "Severe"), (34, "Severe"), (35, "Complete"), (50, "Complete")])
def test_bands(total, level):
    assert calculate("ndi", with_total(total)).outputs["disability"]["value"] == level


def test_section_range():
    with pytest.raises(CalculatorInputError, match="work"):
        calculate("ndi", {**with_total(0), "work": 6})
