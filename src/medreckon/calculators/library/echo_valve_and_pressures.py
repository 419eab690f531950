"""Echocardiographic valve and pressure calculations: aortic regurgitation by volumetric (LVOT and mitral stroke
volumes) and PISA methods, RV systolic pressure from the tricuspid regurgitant jet, and PCWP from E/e'."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import DopplerVelocity, EchoLength, FillingPressure, Inputs, VelocityTimeIntegral
from ..rules import Relation
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid
from .echo_hemodynamics import lvot_stroke_volume

ZOGHBI_2017 = Reference("Zoghbi WA, Adams D, Bonow RO, et al. Recommendations for noninvasive evaluation of native "
                        "valvular regurgitation. J Am Soc Echocardiogr. 2017;30(4):303-371.",
                        "https://doi.org/10.1016/j.echo.2017.01.007")
ACC_AHA_2006 = Reference("Bonow RO, Carabello BA, Chatterjee K, et al. ACC/AHA 2006 guidelines for the management of "
                         "patients with valvular heart disease. J Am Coll Cardiol. 2006;48(3):e1-148 (AR: mild "
                         "regurgitant volume < 30 mL, fraction < 30%, orifice < 0.10 cm²; severe ≥ 60 mL, ≥ 50%, "
                         "≥ 0.30 cm²).", "https://doi.org/10.1016/j.jacc.2006.05.021")


def ar_severity(volume: float | None = None, fraction: float | None = None, orifice: float | None = None) -> str:
    """ACC/AHA 2006 grade of aortic regurgitation by whichever quantitative measure is given."""
    if volume is not None:
        return "severe" if volume >= 60 else "moderate" if volume >= 30 else "mild"
    if fraction is not None:
        return "severe" if fraction >= 50 else "moderate" if fraction >= 30 else "mild"
    return "severe" if orifice >= 0.30 else "moderate" if orifice >= 0.10 else "mild"


class ARVolumetricInputs(Inputs):
    lvot_diameter: EchoLength = Field(description="LV outflow tract diameter, cm by default (mm with its unit).")
    lvot_vti: VelocityTimeIntegral = Field(description="LVOT velocity time integral, cm.")
    mitral_annulus_diameter: EchoLength = Field(description="Mitral annulus diameter, cm by default (mm with its "
                                                "unit).")
    mitral_vti: VelocityTimeIntegral = Field(description="Mitral annulus velocity time integral, cm.")

    rules = (Relation(("lvot_vti", "lvot_diameter", "mitral_vti", "mitral_annulus_diameter"), "the LVOT stroke volume above the mitral one (aortic regurgitation adds to the LVOT flow)"),)


@calculator(
    id="ar-volumetric",
    name="AR: Quantification (Volumetric)",
    aliases=("aortic-regurgitation-volumetric", "ar-regurgitant-volume"),
    kind="equation",
    specialty="cardiology",
    output=Output("mL", "decimal", 0, range=(0, 250), secondary=(
        Secondary("regurgitant_fraction", "regurgitant volume / LVOT stroke volume", "%", "decimal", 0),
        Secondary("severity", "ACC/AHA 2006 grade by regurgitant volume", None, "text"),
    )),
    inputs=ARVolumetricInputs,
    references=(ZOGHBI_2017, ACC_AHA_2006),
    formula="SV = π × (D/2)² × VTI at the LVOT and at the mitral annulus; in aortic regurgitation regurgitant volume "
    "= SV(LVOT) − SV(mitral) and regurgitant fraction = regurgitant volume / SV(LVOT)",
    description="Quantifies aortic regurgitation from the difference between the stroke volume leaving the LV "
    "(LVOT, forward plus regurgitant) and the one entering it through the mitral valve (forward only). Without "
    "significant mitral regurgitation the LVOT stroke volume must be the larger.",
    example={"lvot_diameter": 2.2, "lvot_vti": 28, "mitral_annulus_diameter": 3.0, "mitral_vti": 12},
)
def ar_volumetric(x: ARVolumetricInputs, w: Working) -> float:
    lvot = lvot_stroke_volume(x.lvot_diameter, x.lvot_vti, w)
    mitral = lvot_stroke_volume(x.mitral_annulus_diameter, x.mitral_vti, w, "mitral annulus")
    if lvot <= mitral:
        raise invalid("lvot_vti", x.lvot_vti, f"an LVOT stroke volume above the mitral one ({fmt(mitral, 0)} mL) in "
                      "aortic regurgitation", "the LVOT and mitral measurements may be swapped")
    volume = w.step("regurgitant volume", lambda: f"{fmt(lvot)} − {fmt(mitral)}", lvot - mitral, "mL")
    fraction = w.output("regurgitant_fraction", w.step("regurgitant fraction", lambda: f"{fmt(volume)} / {fmt(lvot)}",
                                                        100 * volume / lvot, "%"))
    grade = w.output("severity", ar_severity(volume=round(volume, 6)))
    w.interpretation = f"{grade} aortic regurgitation (regurgitant volume {fmt(volume, 0)} mL, fraction {fmt(fraction, 0)}%)"
    return volume


class ARPISAInputs(Inputs):
    pisa_radius: EchoLength = Field(description="Radius of the proximal isovelocity hemisphere from the orifice, cm "
                                    "(mm with its unit).")
    aliasing_velocity: DopplerVelocity = Field(description="Aliasing velocity at that radius, cm/s (m/s with its "
                                               "unit).")
    peak_ar_velocity: DopplerVelocity = Field(description="Peak aortic regurgitant velocity by continuous-wave "
                                              "Doppler, cm/s (m/s with its unit).")


@calculator(
    id="ar-pisa",
    name="AR: Regurgitant Orifice (PISA)",
    aliases=("aortic-regurgitation-pisa", "ar-eroa"),
    kind="equation",
    specialty="cardiology",
    output=Output("cm²", "decimal", 2, range=(0, 2), secondary=(
        Secondary("severity", "ACC/AHA 2006 grade by effective regurgitant orifice area", None, "text"),
    )),
    inputs=ARPISAInputs,
    references=(ZOGHBI_2017, ACC_AHA_2006),
    formula="EROA (cm²) = 2π × r² × aliasing velocity / peak regurgitant velocity",
    description="Effective regurgitant orifice area of aortic regurgitation by the proximal isovelocity surface "
    "area (PISA) method.",
    example={"pisa_radius": 0.9, "aliasing_velocity": 40, "peak_ar_velocity": 450},
)
def ar_pisa(x: ARPISAInputs, w: Working) -> float:
    if x.aliasing_velocity >= x.peak_ar_velocity:
        raise invalid("aliasing_velocity", x.aliasing_velocity, f"an aliasing velocity below the peak regurgitant "
                      f"velocity {fmt(x.peak_ar_velocity)} cm/s", "the two velocities may be swapped")
    eroa = w.step("EROA", lambda: f"2π × {fmt(x.pisa_radius)}² × {fmt(x.aliasing_velocity)} / {fmt(x.peak_ar_velocity)}",
                  2 * math.pi * x.pisa_radius**2 * x.aliasing_velocity / x.peak_ar_velocity, "cm²")
    grade = w.output("severity", ar_severity(orifice=round(eroa, 6)))
    w.interpretation = f"{grade} aortic regurgitation (EROA {fmt(eroa, 2)} cm²)"
    return eroa


class RVSPInputs(Inputs):
    tr_velocity: DopplerVelocity = Field(description="Peak tricuspid regurgitant jet velocity, cm/s by default; m/s "
                                         "with its unit ('3.5 m/s').")
    right_atrial_pressure: FillingPressure = Field(description=(
        "Estimated right atrial pressure, mmHg (ASE 2010 from the IVC: diameter ≤ 2.1 cm collapsing > 50% with a "
        "sniff 3; > 2.1 cm collapsing < 50% 15; otherwise 8)."))


@calculator(
    id="rv-systolic-pressure",
    name="RV Systolic Pressure (TR Jet)",
    aliases=("rvsp", "pasp-echo", "right-ventricular-systolic-pressure"),
    kind="equation",
    specialty="cardiology",
    output=Output("mmHg", "decimal", 0, range=(10, 150)),
    inputs=RVSPInputs,
    references=(
        Reference("Rudski LG, Lai WW, Afilalo J, et al. Guidelines for the echocardiographic assessment of the right "
                  "heart in adults. J Am Soc Echocardiogr. 2010;23(7):685-713.",
                  "https://doi.org/10.1016/j.echo.2010.05.010"),
        Reference("Yock PG, Popp RL. Noninvasive estimation of right ventricular systolic pressure by Doppler "
                  "ultrasound in patients with tricuspid regurgitation. Circulation. 1984;70(4):657-662.",
                  "https://doi.org/10.1161/01.CIR.70.4.657"),
    ),
    formula="RVSP (mmHg) = 4 × (TR velocity in m/s)² + right atrial pressure",
    description="Right ventricular (and, without pulmonary stenosis, pulmonary artery) systolic pressure from the "
    "simplified Bernoulli equation across the tricuspid valve.",
    example={"tr_velocity": "3.5 m/s", "right_atrial_pressure": 10},
)
def rv_systolic_pressure(x: RVSPInputs, w: Working) -> float:
    v = w.step("TR velocity", lambda: f"{fmt(x.tr_velocity)} cm/s / 100", x.tr_velocity / 100, "m/s")
    gradient = w.step("RV-RA gradient", lambda: f"4 × {fmt(v)}²", 4 * v * v, "mmHg")
    rvsp = w.step("RVSP", lambda: f"{fmt(gradient)} + {fmt(x.right_atrial_pressure)}",
                  gradient + x.right_atrial_pressure, "mmHg")
    w.interpretation = (f"RVSP {fmt(rvsp, 0)} mmHg; a TR velocity above 2.8 m/s suggests pulmonary hypertension"
                        if v > 2.8 else f"RVSP {fmt(rvsp, 0)} mmHg; TR velocity ≤ 2.8 m/s")
    return rvsp


class PCWPEchoInputs(Inputs):
    mitral_e_velocity: DopplerVelocity = Field(description="Mitral inflow early diastolic (E) velocity, cm/s.")
    lateral_e_prime: DopplerVelocity = Field(description="Early diastolic lateral mitral annulus tissue velocity (e'), "
                                             "cm/s.")


@calculator(
    id="pcwp-echo",
    name="PCWP (Echo)",
    aliases=("pcwp-e-e-prime", "nagueh-pcwp"),
    kind="equation",
    specialty="cardiology",
    output=Output("mmHg", "decimal", 1, range=(2, 50)),
    inputs=PCWPEchoInputs,
    references=(
        Reference("Nagueh SF, Middleton KJ, Kopelen HA, Zoghbi WA, Quiñones MA. Doppler tissue imaging: a "
                  "noninvasive technique for evaluation of left ventricular relaxation and estimation of filling "
                  "pressures. J Am Coll Cardiol. 1997;30(6):1527-1533.", "https://doi.org/10.1016/S0735-1097(97)00344-6"),
    ),
    formula="PCWP (mmHg) = 1.24 × (E / e') + 1.9",
    description="Estimated pulmonary capillary wedge pressure from the ratio of mitral inflow E to the lateral "
    "annular e' velocity (Nagueh 1997); an estimate, less reliable in atrial fibrillation and valve disease.",
    example={"mitral_e_velocity": 120, "lateral_e_prime": 6},
)
def pcwp_echo(x: PCWPEchoInputs, w: Working) -> float:
    ratio = w.step("E/e'", lambda: f"{fmt(x.mitral_e_velocity)} / {fmt(x.lateral_e_prime)}",
                   x.mitral_e_velocity / x.lateral_e_prime)
    pcwp = w.step("PCWP", lambda: f"1.24 × {fmt(ratio)} + 1.9", 1.24 * ratio + 1.9, "mmHg")
    w.interpretation = (f"estimated PCWP {fmt(pcwp, 1)} mmHg: " +
                        ("raised (> 15 mmHg)" if round(pcwp, 6) > 15 else "not raised (≤ 15 mmHg)"))
    return pcwp
