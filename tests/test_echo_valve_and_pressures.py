import math

import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.echo_valve_and_pressures import ar_severity


def test_ar_volumetric_by_hand():
    lvot, mitral = math.pi * 1.1**2 * 28, math.pi * 1.5**2 * 12
    r = calculate("AR: Quantification (Volumetric)", lvot_diameter="22 mm", lvot_vti=28, mitral_annulus_diameter=3.0,
                  mitral_vti=12)
    assert r.value == pytest.approx(lvot - mitral)
    assert r.outputs["regurgitant_fraction"]["value"] == pytest.approx(100 * (lvot - mitral) / lvot)


def test_ar_volumetric_refuses_mitral_above_lvot():
    with pytest.raises(CalculatorInputError, match="lvot_vti"):
        calculate("ar-volumetric", lvot_diameter=2.1, lvot_vti=12, mitral_annulus_diameter=2.7, mitral_vti=22)


@pytest.mark.parametrize("kwargs, grade", [
    ({"volume": 29.9}, "mild"), ({"volume": 30}, "moderate"), ({"volume": 59.9}, "moderate"), ({"volume": 60}, "severe"),
    ({"orifice": 0.099}, "mild"), ({"orifice": 0.10}, "moderate"), ({"orifice": 0.30}, "severe"),
    ({"fraction": 49.9}, "moderate"), ({"fraction": 50}, "severe"),
])
def test_ar_grades_both_sides(kwargs, grade):
    assert ar_severity(**kwargs) == grade


def test_pisa():
    r = calculate("AR: Regurgitant Orifice (PISA)", pisa_radius="9 mm", aliasing_velocity=40, peak_ar_velocity="4.5 m/s")
    assert r.value == pytest.approx(2 * math.pi * 0.81 * 40 / 450) and r.rounded == 0.45
    assert r.outputs["severity"]["value"] == "severe"
    with pytest.raises(CalculatorInputError, match="aliasing_velocity"):
        calculate("ar-pisa", pisa_radius=0.9, aliasing_velocity=500, peak_ar_velocity=450)


def test_rvsp_and_tr_threshold():
    r = calculate("RV Systolic Pressure (TR Jet)", tr_velocity="3.5 m/s", right_atrial_pressure=10)
    assert r.value == pytest.approx(59) and "suggests" in r.interpretation
    assert "≤ 2.8" in calculate("rvsp", tr_velocity=280, right_atrial_pressure=3).interpretation
    assert "suggests" in calculate("rvsp", tr_velocity=281, right_atrial_pressure=3).interpretation


def test_pcwp_echo():
    r = calculate("PCWP (Echo)", mitral_e_velocity=120, lateral_e_prime=6)
    assert r.value == pytest.approx(1.24 * 20 + 1.9) and r.rounded == 26.7
    # 15 mmHg at E/e' = 13.1/1.24 = 10.5645...
    assert "not raised" in calculate("pcwp-echo", mitral_e_velocity=105.645, lateral_e_prime=10).interpretation
    assert "raised (> 15" in calculate("pcwp-echo", mitral_e_velocity=105.7, lateral_e_prime=10).interpretation
    with pytest.raises(CalculatorInputError, match="lateral_e_prime"):
        calculate("pcwp-echo", mitral_e_velocity=100, lateral_e_prime=0)
