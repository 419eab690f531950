import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.pf_ratio import berlin_band


def test_worked_example_checked_by_hand():
    # 9.5 kPa = 71.26 mm Hg; / 0.5 = 142.5: moderate
    r = calculate("pf-ratio", pao2="9.5 kPa", fio2=50)
    assert r.value == pytest.approx(142.51, abs=0.01) and r.rounded == 143 and "moderate" in r.interpretation


@pytest.mark.parametrize("pf, band", [(100, "severe"), (100.01, "moderate"), (200, "moderate"), (200.01, "mild"),
                                      (300, "mild"), (300.01, "above the ARDS")])
def test_berlin_bands_upper_limits_inclusive(pf, band):
    assert band in berlin_band(pf)
    assert band in calculate("pf-ratio", pao2=pf * 0.4, fio2=40).interpretation


def test_fraction_form_and_bare_fraction_warning():
    assert calculate("pf-ratio", pao2=80, fio2={"value": 0.4, "unit": "1"}).value == pytest.approx(200)
    r = calculate("pf-ratio", pao2=80, fio2=0.4)  # read as 0.4%: implausible, warned
    assert any(w.field == "fio2" for w in r.warnings)


def test_missing_pao2():
    with pytest.raises(CalculatorInputError, match="pao2"):
        calculate("pf-ratio", fio2=40)


@pytest.mark.parametrize(("pao2", "severity", "mortality"), [
    (60, "Severe", 45), (60.1, "Moderate", 32),  # FiO2 0.6: P/F 100 | 100.17
    (120, "Moderate", 32), (120.1, "Mild", 27),  # 200 | 200.17
    (180, "Mild", 27), (180.1, None, None),  # 300 | 300.17
])
def test_berlin_severity_and_mortality_outputs(pao2, severity, mortality):
    r = calculate("pf-ratio", pao2=pao2, fio2=60)
    assert r.outputs["ards_severity"]["value"] == severity
    assert r.outputs["mortality"]["value"] == mortality
