"""Body Roundness Index from waist circumference and height (Thomas 2013)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import Height, Inputs, q
from ..spec import Output, Reference, Working, calculator, fmt, invalid

Waist = q("cm", gt=0, lt=400, plausible=(40, 200), units=("cm", "in", "m"))


class BRIInputs(Inputs):
    waist: Waist = Field(description="Waist circumference, cm (in with its unit).")
    height: Height = Field(description="Height, cm (in or ft with its unit).")


@calculator(
    id="body-roundness-index",
    name="Body Roundness Index (BRI)",
    aliases=("Body Roundness Index (BRI)", "bri"),
    kind="equation",
    specialty="endocrinology",
    output=Output(None, "decimal", 2, range=(1, 16)),
    inputs=BRIInputs,
    references=(
        Reference("Thomas DM, Bredlau C, Bosy-Westphal A, et al. Relationships between body roundness with body fat "
                  "and visceral adipose tissue emerging from a new geometrical model. Obesity (Silver Spring). "
                  "2013;21(11):2264-2271.", "https://doi.org/10.1002/oby.20408"),
        Reference("Zhang X, Ma N, Lin Q, et al. Body roundness index and all-cause mortality among US adults. JAMA "
                  "Netw Open. 2024;7(6):e2415051.", "https://doi.org/10.1001/jamanetworkopen.2024.15051"),
        Reference("MDCalc. Body Roundness Index (BRI)."),
    ),
    formula="BRI = 364.2 − 365.5 × √(1 − (waist / 2π)² / (0.5 × height)²), waist and height in the same unit.",
    description="Body shape as an ellipse's eccentricity, tracking visceral fat better than BMI; US adults mostly "
    "range 1-16, and both low and high BRI carry higher mortality (Zhang 2024).",
    example={"waist": "45 in", "height": "69 in"},
)
def body_roundness_index(x: BRIInputs, w: Working) -> float:
    ratio = w.step("(waist / 2π)² / (height / 2)²", f"({fmt(x.waist, 2)} / 2π)² / ({fmt(x.height, 2)} / 2)²",
                   (x.waist / (2 * math.pi)) ** 2 / (0.5 * x.height) ** 2)
    if ratio >= 1:
        raise invalid("waist", x.waist, f"a waist below π × height ({fmt(math.pi * x.height, 0)} cm)",
                      "waist and height may be swapped or in different units")
    bri = w.step("BRI", f"364.2 − 365.5 × √(1 − {fmt(ratio, 5)})", 364.2 - 365.5 * math.sqrt(1 - ratio))
    w.interpretation = f"BRI {fmt(bri, 2)}; higher values mean a rounder body shape and more visceral fat"
    return bri
