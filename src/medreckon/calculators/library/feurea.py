"""Fractional excretion of urea (FEUrea), for prerenal azotaemia on diuretics (Carvounis 2002)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Creatinine, Inputs, q
from ..rules import Relation
from ..spec import Domain, Output, Reference, Working, calculator, fmt
from .fena import UrineCreatinine

SerumBUN = q("mg/dL", analyte="bun", gt=0, plausible=(1, 300), units=("mg/dL", "mmol/L"))  # the formula divides by it
UrineUreaNitrogen = q("mg/dL", analyte="bun", ge=0, plausible=(20, 3000), units=("mg/dL", "mmol/L"))


class FEUreaInputs(Inputs):
    serum_bun: SerumBUN = Field(
        description="Blood urea nitrogen (BUN), mg/dL by default; serum urea in mmol/L must carry its unit "
        "('14 mmol/L'). Urea in mg/dL is not BUN (urea mg/dL = 2.14 × BUN mg/dL)."
    )
    serum_creatinine: Creatinine = Field(
        description="Serum creatinine, mg/dL by default; µmol/L must carry its unit ('150 umol/L')."
    )
    urine_urea_nitrogen: UrineUreaNitrogen = Field(
        description="Spot urine urea nitrogen (UUN), mg/dL by default; urine urea in mmol/L must carry its unit "
        "('250 mmol/L'). Same sample time as the serum values."
    )
    urine_creatinine: UrineCreatinine = Field(
        description="Spot urine creatinine, mg/dL by default (typically 20-300 mg/dL). A value in µmol/L or "
        "mmol/L must carry its unit ('8.8 mmol/L')."
    )

    # the output's domain (Output.domain): a relation between values, stated in words, checked by the engine
    rules = (Relation(("serum_bun", "urine_urea_nitrogen", "serum_creatinine", "urine_creatinine"), "the result stays in its domain: (urine urea N × serum creatinine) / (serum BUN × urine creatinine) at most 100 %"),)


@calculator(
    id="feurea",
    name="Fractional Excretion of Urea (FEUrea)",
    aliases=("fe-urea", "fractional-excretion-of-urea", "feun"),
    kind="equation",
    specialty="nephrology",
    output=Output("%", "decimal", 1, range=(0, 100), domain=Domain(
        le=100, inputs=("serum_bun", "urine_urea_nitrogen", "serum_creatinine", "urine_creatinine"),
        validity="urine and serum values for which the excreted fraction is at most 100 % of the filtered load; "
        "check their units (the two creatinines in the same unit or each with its own)")),
    inputs=FEUreaInputs,
    references=(
        Reference("Carvounis CP, Nisar S, Guro-Razuman S. Significance of the fractional excretion of urea in "
                  "the differential diagnosis of acute renal failure. Kidney Int. 2002;62(6):2223-2229 (prerenal: "
                  "FEUN ≤ 35%).", "https://doi.org/10.1046/j.1523-1755.2002.00683.x"),
        Reference("MDCalc. Fractional Excretion of Urea (FEUrea)."),
    ),
    formula="FEUrea (%) = (urine urea N × serum Cr) / (serum urea N × urine Cr) × 100; each pair in one unit",
    description="Percentage of filtered urea excreted, used like FENa to separate prerenal from intrinsic "
    "acute kidney injury; unlike FENa it stays informative in patients on diuretics. 35% or less suggests "
    "a prerenal cause; above 50% an intrinsic renal cause.",
    example={"serum_bun": 56, "serum_creatinine": 2.1, "urine_urea_nitrogen": 420, "urine_creatinine": 110},
)
def feurea(x: FEUreaInputs, w: Working) -> float:
    value = w.step(
        "FEUrea",
        f"({fmt(x.urine_urea_nitrogen)} × {fmt(x.serum_creatinine)}) / ({fmt(x.serum_bun)} × "
        f"{fmt(x.urine_creatinine)}) × 100",
        x.urine_urea_nitrogen * x.serum_creatinine / (x.serum_bun * x.urine_creatinine) * 100, "%")
    shown = round(value, 6)  # conversion noise (50.000000000000014) must not tip a band
    if shown <= 35:
        w.interpretation = "≤ 35%: suggests a prerenal cause"
    elif shown > 50:
        w.interpretation = "> 50%: suggests an intrinsic renal cause (e.g. acute tubular necrosis)"
    else:
        w.interpretation = "35-50%: indeterminate"  # above 35, up to 50
    return value
