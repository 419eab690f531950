"""Body surface area: Mosteller by default; Du Bois, Haycock and Gehan-George as options."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..fields import Height, Inputs, Option, Weight
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt

BSAFormula = Literal["mosteller", "du_bois", "haycock", "gehan_george"]


class BodySurfaceAreaInputs(Inputs):
    weight: Weight = Field(description="Body weight (kg by default; lb and g accepted with a unit).")
    height: Height = Field(description="Standing height, or length for an infant (cm by default; m, in, ft accepted).")
    formula: BSAFormula = Option(
        "mosteller",
        "Which formula: 'mosteller' (default; MDCalc's and MedCalc-Bench's), 'du_bois', 'haycock' (validated "
        "in infants and children) or 'gehan_george'.",
    )


@calculator(
    id="body-surface-area",
    name="Body Surface Area Calculator",
    aliases=("bsa", "mosteller"),
    kind="equation",
    specialty="general",
    output=Output("m²", "decimal", 2, range=(0.1, 3.0)),
    inputs=BodySurfaceAreaInputs,
    references=(
        Reference("Mosteller RD. Simplified calculation of body-surface area. N Engl J Med. 1987;317(17):1098.",
                  "https://doi.org/10.1056/NEJM198710223171717"),
        Reference("Du Bois D, Du Bois EF. A formula to estimate the approximate surface area if height and weight "
                  "be known. Arch Intern Med. 1916;17(6):863-871."),
        Reference("Haycock GB, Schwartz GJ, Wisotsky DH. Geometric method for measuring body surface area: a "
                  "height-weight formula validated in infants, children, and adults. J Pediatr. 1978;93(1):62-66."),
        Reference("Gehan EA, George SL. Estimation of human body surface area from height and weight. Cancer "
                  "Chemother Rep. 1970;54(4):225-235."),
    ),
    formula="Mosteller: BSA (m²) = √(height (cm) × weight (kg) / 3600). Du Bois: 0.007184 × W^0.425 × H^0.725; "
    "Haycock: 0.024265 × W^0.5378 × H^0.3964; Gehan-George: 0.0235 × W^0.51456 × H^0.42246 (W kg, H cm)",
    description="Body surface area from height and weight, used to dose chemotherapy and to index cardiac "
    "output and GFR.",
    medcalc_bench=MedCalcBench(60, {"weight": "weight", "height": "height"}, options={"formula": "mosteller"}),
    example={"weight": 80, "height": 175},
)
def body_surface_area(x: BodySurfaceAreaInputs, w: Working) -> float:
    return bsa(x.formula, x.height, x.weight, w)


def bsa(formula: str, h: float, kg: float, w: Working) -> float:
    """Body surface area in m² by the named formula (height in cm, weight in kg), with its step."""
    if formula == "mosteller":
        return w.step("BSA (Mosteller)", f"√({fmt(h)} × {fmt(kg)} / 3600)", (h * kg / 3600) ** 0.5, "m²")
    if formula == "du_bois":
        return w.step("BSA (Du Bois)", f"0.007184 × {fmt(kg)}^0.425 × {fmt(h)}^0.725",
                      0.007184 * kg**0.425 * h**0.725, "m²")
    if formula == "haycock":
        return w.step("BSA (Haycock)", f"0.024265 × {fmt(kg)}^0.5378 × {fmt(h)}^0.3964",
                      0.024265 * kg**0.5378 * h**0.3964, "m²")
    return w.step("BSA (Gehan-George)", f"0.0235 × {fmt(kg)}^0.51456 × {fmt(h)}^0.42246",
                  0.0235 * kg**0.51456 * h**0.42246, "m²")
