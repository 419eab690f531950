import pytest

from medreckon import calculate


def test_worked_example():
    r = calculate("Shock Index, Pediatric Age-Adjusted (SIPA)", age=12, heart_rate=138, systolic_bp=88)
    assert r.rounded == 1.57 and r.outputs["elevated"]["value"] is True and r.outputs["maximum_normal"]["value"] == 1.0


@pytest.mark.parametrize("age, hr, elevated", [(5, 122, False), (5, 123, True), (7, 100, False), (12, 101, True),
                                               (13, 90, False), (16, 91, True)])
def test_age_cut_offs(age, hr, elevated):
    assert calculate("sipa", age=age, heart_rate=hr, systolic_bp=100).outputs["elevated"]["value"] is elevated


@pytest.mark.parametrize("age", [3, 17])
def test_outside_4_to_16_has_no_cut_off(age):
    r = calculate("sipa", age=age, heart_rate=150, systolic_bp=90)
    assert r.outputs["elevated"]["value"] is None and any(w.field == "age" for w in r.warnings)
