"""Cardiac output by the (estimated) Fick principle."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Height, Hemoglobin, Inputs, Saturation, Weight, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid
from .body_surface_area import mosteller

PositiveHeartRate = q("/min", gt=0, lt=600, plausible=(20, 300), units=("/min",))


class FickInputs(Inputs):
    weight: Weight = Field(description="Body weight (kg by default; lb with a unit).")
    height: Height = Field(description="Height (cm by default; in, ft with a unit).")
    sao2: Saturation = Field(description="Arterial oxygen saturation, % (from the arterial blood gas or oximetry).")
    svo2: Saturation = Field(description="Mixed venous oxygen saturation, % (pulmonary artery blood); must be below "
                             "the arterial saturation.")
    hemoglobin: Hemoglobin = Field(description="Haemoglobin, g/dL by default; g/L with its unit.")
    heart_rate: PositiveHeartRate = Field(description="Heart rate, beats/min, for the stroke volume.")
    age: Age = Field(description="Age in years: the assumed oxygen consumption is 125 mL/min/m² below 70 years and "
                     "110 mL/min/m² from 70.")


@calculator(
    id="cardiac-output-fick",
    name="Cardiac Output (Fick's Formula)",
    aliases=("Cardiac Output (Fick’s Formula)", "fick-cardiac-output", "fick"),
    kind="equation",
    specialty="cardiology",
    output=Output("L/min", "decimal", 1, range=(1, 12), secondary=(
        Secondary("cardiac_index", "cardiac output / BSA (Mosteller)", "L/min/m²", "decimal", 1),
        Secondary("stroke_volume", "cardiac output / heart rate", "mL/beat", "decimal", 0),
    )),
    inputs=FickInputs,
    references=(
        Reference("Fick A. Über die Messung des Blutquantums in den Herzventrikeln. Sitzungsberichte der "
                  "Physikalisch-Medizinischen Gesellschaft zu Würzburg. 1870;2:16."),
        Reference("LaFarge CG, Miettinen OS. The estimation of oxygen consumption. Cardiovasc Res. 1970;4(1):23-30 "
                  "(assumed VO2 of about 125 mL/min/m²; lower in the elderly).", "https://doi.org/10.1093/cvr/4.1.23"),
        Reference("MDCalc. Cardiac Output (Fick's Formula).",
                  "https://www.mdcalc.com/calc/10234/cardiac-output-ficks-formula"),
    ),
    formula="VO2 (mL/min) = 125 × BSA (110 × BSA if age ≥ 70); CO (L/min) = VO2 / (13.4 × Hb (g/dL) × "
    "(SaO2 − SvO2)) with saturations as fractions (13.4 = 1.34 mL O2/g × 10 dL/L); CI = CO / BSA (Mosteller); "
    "SV = CO / HR",
    description="Cardiac output from the arteriovenous oxygen content difference and an assumed oxygen "
    "consumption indexed to body surface area (the 'estimated Fick'); dissolved oxygen is neglected. An assumed "
    "VO2 can be far from the measured one in critical illness.",
    example={"weight": "187 lb", "height": "70 in", "sao2": 95, "svo2": 55, "hemoglobin": 10.2, "heart_rate": 110,
             "age": 64},
)
def cardiac_output_fick(x: FickInputs, w: Working) -> float:
    if x.svo2 >= x.sao2:
        raise invalid("svo2", x.svo2, f"a mixed venous saturation below the arterial {fmt(x.sao2)}%",
                      "the two saturations may be swapped")
    bsa = mosteller(x.height, x.weight, w)
    per_m2 = 110 if x.age >= 70 else 125
    vo2 = w.step("assumed oxygen consumption", lambda: f"{per_m2} mL/min/m² (age {fmt(x.age)}) × {fmt(bsa)} m²",
                 per_m2 * bsa, "mL/min")
    delta = w.step("arteriovenous O2 content difference",
                   lambda: f"13.4 × {fmt(x.hemoglobin)} × ({fmt(x.sao2)}% − {fmt(x.svo2)}%)",
                   13.4 * x.hemoglobin * (x.sao2 - x.svo2) / 100, "mL O2/L")
    co = w.step("cardiac output", lambda: f"{fmt(vo2)} / {fmt(delta)}", vo2 / delta, "L/min")
    ci = w.output("cardiac_index", w.step("cardiac index", lambda: f"{fmt(co)} / {fmt(bsa)}", co / bsa, "L/min/m²"))
    w.output("stroke_volume", w.step("stroke volume", lambda: f"{fmt(co)} L/min × 1000 / {fmt(x.heart_rate)}",
                                     co * 1000 / x.heart_rate, "mL"))
    w.interpretation = (f"cardiac index {fmt(ci, 1)} L/min/m²: "
                        + ("low (< 2.2), as in cardiogenic shock" if ci < 2.2 else "≥ 2.2, not low"))
    return co
