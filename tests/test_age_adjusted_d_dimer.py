import pytest

from medreckon import CalculatorInputError, calculate


def dd(**kw):
    return calculate("age-adjusted-d-dimer", kw)


def test_worked_example():
    r = dd(age=78, d_dimer=1100)
    assert r.value == 780 and r.outputs["above_cutoff"]["value"] is True


@pytest.mark.parametrize(("age", "cutoff"), [(50, 500), (50.1, 501), (56, 560)])
def test_adjusted_above_50(age, cutoff):
    assert dd(age=age).value == pytest.approx(cutoff)


@pytest.mark.parametrize(("age", "cutoff"), [(50, 250), (78, 390)])
def test_ddu_are_half(age, cutoff):
    assert dd(age=age, units="DDU").value == pytest.approx(cutoff)


@pytest.mark.parametrize(("d_dimer", "above"), [(780, False), (781, True), ("0.78 ug/mL", False), ("0.79 mg/L", True)])
def test_compared_at_the_cutoff_in_any_unit(d_dimer, above):
    assert dd(age=78, d_dimer=d_dimer).outputs["above_cutoff"]["value"] is above


def test_no_d_dimer_no_comparison_and_errors():
    assert dd(age=60).outputs["above_cutoff"]["value"] is None
    with pytest.raises(CalculatorInputError, match="units"):
        dd(age=60, units="ng")
