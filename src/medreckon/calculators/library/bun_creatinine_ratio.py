"""BUN to creatinine ratio."""

from __future__ import annotations

from pydantic import Field

from ..fields import BUN, Creatinine, Inputs
from ..spec import Output, Reference, Working, calculator, fmt

PRERENAL = 20.0  # above 20: suggests a prerenal cause or upper GI bleeding
INTRINSIC = 10.0  # below 10: intrinsic renal disease, low protein intake or liver disease


class BUNCreatinineInputs(Inputs):
    bun: BUN = Field(description="Blood urea nitrogen, mg/dL by default; urea in mmol/L must carry its unit. Urea "
                     "in mg/dL is not BUN (urea = 2.14 × BUN).")
    creatinine: Creatinine = Field(description="Serum creatinine, mg/dL by default; µmol/L must carry its unit.")


@calculator(
    id="bun-creatinine-ratio",
    name="BUN Creatinine Ratio",
    aliases=("bun-cr-ratio", "bun-to-creatinine-ratio", "urea-creatinine-ratio"),
    kind="equation",
    specialty="nephrology",
    output=Output(None, "decimal", 2, range=(0, 100)),
    inputs=BUNCreatinineInputs,
    references=(
        Reference("Baum N, Dichoso CC, Carlton CE Jr. Blood urea nitrogen and serum creatinine. Physiology and "
                  "interpretations. Urology. 1975;5(5):583-588."),
        Reference("MDCalc: BUN Creatinine Ratio.", "https://www.mdcalc.com/calc/3902/bun-creatinine-ratio"),
    ),
    formula="ratio = BUN (mg/dL) / creatinine (mg/dL); > 20 prerenal pattern, 10-20 normal or postrenal, < 10 "
    "intrinsic renal",
    description="Ratio of urea nitrogen to creatinine, both in mg/dL (in SI units urea/creatinine in mmol/L is a "
    "different number). Above 20 suggests prerenal azotaemia or upper GI bleeding; it is a weak test on its own.",
    example={"bun": 48, "creatinine": 2.3},
)
def bun_creatinine_ratio(x: BUNCreatinineInputs, w: Working) -> float:
    ratio = w.step("BUN/creatinine", f"{fmt(x.bun)} / {fmt(x.creatinine)}", x.bun / x.creatinine)
    shown = round(ratio, 6)
    if shown > PRERENAL:
        w.interpretation = f"> {fmt(PRERENAL)}: prerenal pattern (volume depletion, heart failure, GI bleeding)"
    elif shown < INTRINSIC:
        w.interpretation = f"< {fmt(INTRINSIC)}: intrinsic renal disease, low protein intake or liver disease"
    else:
        w.interpretation = f"{fmt(INTRINSIC)}-{fmt(PRERENAL)}: normal or postrenal"
    return ratio
