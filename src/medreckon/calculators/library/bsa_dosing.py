"""Body-surface-area based dosing: a dose per m² times the body surface area."""

from __future__ import annotations

from pydantic import Field

from ..fields import Height, Inputs, Option, Weight, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt
from .body_surface_area import BSAFormula, bsa

DosePerArea = q("mg/m^2", gt=0, lt=100000, plausible=(0.1, 20000), units=("mg/m^2", "ug/m^2", "g/m^2"))


class BSADosingInputs(Inputs):
    dose_per_m2: DosePerArea = Field(description="Prescribed dose per m² of body surface area, mg/m² by default "
                                     "(µg/m² or g/m² with their unit), e.g. paclitaxel 175 mg/m². Not a per-kg dose.")
    weight: Weight = Field(description="Body weight for the BSA, kg by default (actual or adjusted, as decided).")
    height: Height = Field(description="Height, cm by default.")
    formula: BSAFormula = Option("mosteller", "BSA formula: 'mosteller' (default, MDCalc's), 'du_bois', 'haycock' or "
                                 "'gehan_george'.")


@calculator(
    id="bsa-dosing",
    name="Body Surface Area Based Dosing",
    aliases=("bsa-based-dosing", "dose-by-bsa", "mg-per-m2-dose"),
    kind="equation",
    specialty="oncology",
    output=Output("mg", "decimal", 2, range=(0.1, 20000), secondary=(
        Secondary("bsa", "body surface area", "m²", "decimal", 2),
    )),
    inputs=BSADosingInputs,
    references=(
        Reference("Mosteller RD. Simplified calculation of body-surface area. N Engl J Med. 1987;317(17):1098.",
                  "https://doi.org/10.1056/NEJM198710223171717"),
        Reference("Griggs JJ, Mangu PB, Anderson H, et al. Appropriate chemotherapy dosing for obese adult patients "
                  "with cancer: American Society of Clinical Oncology clinical practice guideline. J Clin Oncol. "
                  "2012;30(13):1553-1561 (use actual body weight).", "https://doi.org/10.1200/JCO.2011.39.9436"),
        Reference("MDCalc: Body Surface Area Based Dosing.", "https://www.mdcalc.com/calc/10229/body-surface-area-based-dosing"),
    ),
    formula="dose (mg) = dose per m² (mg/m²) × BSA (m²); BSA by Mosteller √(height (cm) × weight (kg) / 3600) unless "
    "another formula is chosen",
    description="Total dose of a drug prescribed per m² of body surface area (most cytotoxic chemotherapy). ASCO "
    "advises full weight-based doses (actual weight) in obese adults.",
    example={"dose_per_m2": 175, "weight": 82, "height": 168},
)
def bsa_dosing(x: BSADosingInputs, w: Working) -> float:
    area = w.output("bsa", bsa(x.formula, x.height, x.weight, w))
    dose = w.step("dose", f"{fmt(x.dose_per_m2)} mg/m² × {fmt(area, 4)} m²", x.dose_per_m2 * area, "mg")
    w.interpretation = f"{fmt(dose, 2)} mg for a BSA of {fmt(area, 2)} m²"
    return dose
