"""Cardiac output, cardiac index and stroke volume by Doppler echocardiography (LVOT method)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import EchoLength, Height, Inputs, VelocityTimeIntegral, Weight, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt
from .body_surface_area import mosteller

PositiveHeartRate = q("/min", gt=0, lt=600, plausible=(20, 300), units=("/min",))


def lvot_stroke_volume(diameter_cm: float, vti_cm: float, w: Working, what: str = "LVOT") -> float:
    """Stroke volume (mL) through a circular orifice: π × (D/2)² × VTI."""
    area = w.step(f"{what} area", lambda: f"π × ({fmt(diameter_cm)} / 2)²", math.pi * (diameter_cm / 2) ** 2, "cm²")
    return w.step(f"{what} stroke volume", lambda: f"{fmt(area)} cm² × {fmt(vti_cm)} cm", area * vti_cm, "mL")


class EchoHemodynamicsInputs(Inputs):
    lvot_diameter: EchoLength = Field(description="Left ventricular outflow tract diameter, cm by default; mm with its "
                                      "unit ('19 mm' = 1.9 cm). Typically 1.8-2.4 cm in adults.")
    lvot_vti: VelocityTimeIntegral = Field(description="LVOT (subvalvular) velocity time integral by pulsed-wave "
                                           "Doppler, in cm (typically 18-22 cm).")
    heart_rate: PositiveHeartRate = Field(description="Heart rate at the time of the Doppler recording, beats/min.")
    weight: Weight = Field(description="Body weight (kg by default; lb with a unit), for the body surface area.")
    height: Height = Field(description="Height (cm by default; in, ft with a unit), for the body surface area.")


@calculator(
    id="echo-hemodynamics",
    name="Hemodynamics (Echo): cardiac output by the LVOT method",
    aliases=("Hemodynamics (Echo)", "echo-cardiac-output", "lvot-cardiac-output", "doppler-cardiac-output"),
    kind="equation",
    specialty="cardiology",
    output=Output("L/min", "decimal", 1, range=(1, 12), secondary=(
        Secondary("cardiac_index", "cardiac output / BSA (Mosteller)", "L/min/m²", "decimal", 2),
        Secondary("stroke_volume", "LVOT stroke volume", "mL/beat", "decimal", 0),
        Secondary("stroke_volume_index", "stroke volume / BSA (Mosteller)", "mL/beat/m²", "decimal", 0),
    )),
    inputs=EchoHemodynamicsInputs,
    references=(
        Reference("Lewis JF, Kuo LC, Nelson JG, Limacher MC, Quinones MA. Pulsed Doppler echocardiographic "
                  "determination of stroke volume and cardiac output: clinical validation of two new methods using "
                  "the apical window. Circulation. 1984;70(3):425-431.", "https://doi.org/10.1161/01.CIR.70.3.425"),
        Reference("Quiñones MA, Otto CM, Stoddard M, Waggoner A, Zoghbi WA. Recommendations for quantification of "
                  "Doppler echocardiography: a report from the Doppler Quantification Task Force of the Nomenclature "
                  "and Standards Committee of the American Society of Echocardiography. J Am Soc Echocardiogr. "
                  "2002;15(2):167-184.", "https://doi.org/10.1067/mje.2002.120202"),
    ),
    formula="SV (mL) = π × (LVOT diameter (cm) / 2)² × LVOT VTI (cm); CO (L/min) = SV × HR / 1000; "
    "CI = CO / BSA; SVI = SV / BSA; BSA (Mosteller) = √(height (cm) × weight (kg) / 3600)",
    description="Stroke volume and cardiac output from the LVOT diameter and its pulsed-wave Doppler velocity "
    "time integral, indexed to body surface area. The diameter is squared, so a small error in it (or mm read as "
    "cm) changes the result a lot.",
    example={"lvot_diameter": "19 mm", "lvot_vti": 16, "heart_rate": 98, "weight": 68, "height": 165},
)
def echo_hemodynamics(x: EchoHemodynamicsInputs, w: Working) -> float:
    sv = w.output("stroke_volume", lvot_stroke_volume(x.lvot_diameter, x.lvot_vti, w))
    co = w.step("cardiac output", lambda: f"{fmt(sv)} mL × {fmt(x.heart_rate)}/min / 1000", sv * x.heart_rate / 1000,
                "L/min")
    bsa = mosteller(x.height, x.weight, w)
    ci = w.output("cardiac_index", w.step("cardiac index", lambda: f"{fmt(co)} / {fmt(bsa)}", co / bsa, "L/min/m²"))
    w.output("stroke_volume_index", w.step("stroke volume index", lambda: f"{fmt(sv)} / {fmt(bsa)}", sv / bsa,
                                           "mL/m²"))
    w.interpretation = (f"cardiac index {fmt(ci, 2)} L/min/m²: " +
                        ("low (< 2.2)" if ci < 2.2 else "normal range (2.5-4.0)" if 2.5 <= ci <= 4.0
                         else "borderline low (2.2-2.5)" if ci < 2.5 else "high (> 4.0)"))
    return co
