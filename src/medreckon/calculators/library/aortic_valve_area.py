"""Aortic valve area by the continuity equation (AS: Aortic Valve Area (Cont))."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import EchoLength, Inputs, VelocityTimeIntegral
from ..spec import Output, Reference, Working, calculator, fmt


class AVAInputs(Inputs):
    lvot_diameter: EchoLength = Field(description="LV outflow tract diameter, cm by default; mm with its unit "
                                      "('19 mm' = 1.9 cm, not 19 cm). Typically 1.8-2.4 cm.")
    lvot_vti: VelocityTimeIntegral = Field(description="LVOT velocity time integral by pulsed-wave Doppler, cm.")
    aortic_valve_vti: VelocityTimeIntegral = Field(description="Aortic valve (stenotic jet) velocity time integral by "
                                                   "continuous-wave Doppler, cm.")


@calculator(
    id="aortic-valve-area-continuity",
    name="AS: Aortic Valve Area (Continuity Equation)",
    aliases=("AS: Aortic Valve Area (Cont)", "continuity-equation", "ava-continuity"),
    kind="equation",
    specialty="cardiology",
    output=Output("cm²", "decimal", 2, range=(0.2, 5)),
    inputs=AVAInputs,
    references=(
        Reference("Baumgartner H, Hung J, Bermejo J, et al. Echocardiographic assessment of valve stenosis: "
                  "EAE/ASE recommendations for clinical practice. J Am Soc Echocardiogr. 2009;22(1):1-23.",
                  "https://doi.org/10.1016/j.echo.2008.11.029"),
        Reference("Bonow RO, Carabello BA, Chatterjee K, et al. ACC/AHA 2006 guidelines for the management of "
                  "patients with valvular heart disease. J Am Coll Cardiol. 2006;48(3):e1-148 (AVA > 1.5 cm² mild, "
                  "1.0-1.5 moderate, < 1.0 severe).", "https://doi.org/10.1016/j.jacc.2006.05.021"),
    ),
    formula="AVA (cm²) = π × (LVOT diameter (cm) / 2)² × LVOT VTI / AV VTI",
    description="Effective aortic valve area: the flow through the LVOT equals the flow through the valve. "
    "ACC/AHA 2006 grading: > 1.5 cm² mild, 1.0-1.5 cm² moderate, ≤ 1.0 cm² severe stenosis. An LVOT diameter in mm "
    "must carry its unit.",
    example={"lvot_diameter": 1.9, "lvot_vti": 18, "aortic_valve_vti": 80},
)
def aortic_valve_area(x: AVAInputs, w: Working) -> float:
    area = w.step("LVOT area", lambda: f"π × ({fmt(x.lvot_diameter)} / 2)²", math.pi * (x.lvot_diameter / 2) ** 2,
                  "cm²")
    ava = w.step("aortic valve area", lambda: f"{fmt(area)} × {fmt(x.lvot_vti)} / {fmt(x.aortic_valve_vti)}",
                 area * x.lvot_vti / x.aortic_valve_vti, "cm²")
    shown = round(ava, 6)
    w.interpretation = ("> 1.5 cm²: mild aortic stenosis (or none)" if shown > 1.5 else
                        "1.0-1.5 cm²: moderate aortic stenosis" if shown > 1.0 else "≤ 1.0 cm²: severe aortic stenosis")
    return ava
