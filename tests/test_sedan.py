import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(glucose=100, early_infarct_signs=False, hyperdense_artery=False, age=60, nihss=5)


def sedan(**kw):
    return calculate("sedan", {**BASE, **kw})


@pytest.mark.parametrize("glucose, points", [(144, 0), (145, 1), (216, 1), (217, 2), ("8.0 mmol/L", 0),
                                             ("8.1 mmol/L", 1), ("12.0 mmol/L", 1), ("12.1 mmol/L", 2)])
def test_glucose_bands(glucose, points):
    assert sedan(glucose=glucose).value == points


@pytest.mark.parametrize("age, points", [(75, 0), (75.5, 1)])
def test_age_over_75(age, points):
    assert sedan(age=age).value == points


@pytest.mark.parametrize("nihss, points", [(9, 0), (10, 1)])
def test_nihss_10(nihss, points):
    assert sedan(nihss=nihss).value == points


def test_ct_signs_and_example():
    assert sedan(early_infarct_signs=True, hyperdense_artery=True).value == 2
    assert sedan(glucose=156, early_infarct_signs=True, hyperdense_artery=True, age=68, nihss=19).value == 4


def test_nihss_out_of_range():
    with pytest.raises(CalculatorInputError, match="nihss"):
        sedan(nihss=43)
