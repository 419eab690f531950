import pytest

from medreckon import CalculatorInputError, calculate


def cpp(map_, icp):
    return calculate("cerebral-perfusion-pressure", mean_arterial_pressure=map_, intracranial_pressure=icp)


def test_worked_example():
    assert cpp(85, 18).value == 67  # MAP 85 − ICP 18


@pytest.mark.parametrize(("map_", "words"), [(79.9, "low CPP"), (80, "within 60-80"), (100, "within 60-80"),
                                             (100.1, "high CPP")])
def test_bands_at_60_and_80(map_, words):
    assert words in cpp(map_, 20).interpretation


def test_icp_in_cm_h2o():
    assert cpp(80, "13.6 cmH2O").value == pytest.approx(80 - 13.6 * 0.735559)


def test_icp_above_map_warns_and_errors_name_the_field():
    assert any(w.field == "intracranial_pressure" for w in cpp(20, 30).warnings)
    with pytest.raises(CalculatorInputError, match="intracranial_pressure"):
        calculate("cerebral-perfusion-pressure", mean_arterial_pressure=80)
