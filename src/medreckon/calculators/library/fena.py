"""Fractional excretion of sodium (FENa)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Creatinine, Inputs, Sodium, q
from ..rules import Relation
from ..spec import Domain, MedCalcBench, Output, Reference, Working, calculator, fmt, invalid

UrineSodium = q("mEq/L", analyte="sodium", ge=0, plausible=(1, 300), units=("mEq/L", "mmol/L"))
UrineCreatinine = q(
    "mg/dL", analyte="creatinine", gt=0, plausible=(5, 500), units=("mg/dL", "umol/L", "mmol/L")
)


class FENaInputs(Inputs):
    serum_sodium: Sodium = Field(description="Serum (plasma) sodium in mEq/L (= mmol/L).")
    serum_creatinine: Creatinine = Field(
        description="Serum creatinine, mg/dL by default. A value in µmol/L must carry its unit "
        "('90 umol/L'); the calculator brings both creatinines to the same unit."
    )
    urine_sodium: UrineSodium = Field(
        description="Spot urine sodium in mEq/L (= mmol/L), from the same time as the serum sample."
    )
    urine_creatinine: UrineCreatinine = Field(
        description="Spot urine creatinine, mg/dL by default (typically 20-300 mg/dL). A value in µmol/L "
        "or mmol/L must carry its unit ('8.8 mmol/L'); do not pass urine creatinine in mmol/L as mg/dL."
    )

    # the output's domain (Output.domain): a relation between values, stated in words, checked by the engine
    rules = (Relation(("serum_sodium", "urine_sodium", "serum_creatinine", "urine_creatinine"), "the result stays in its domain: (urine Na × serum creatinine) / (serum Na × urine creatinine) at most 100 %"),)


@calculator(
    id="fena",
    name="Fractional Excretion of Sodium (FENa)",
    aliases=("fe-na", "fractional-excretion-of-sodium"),
    kind="equation",
    specialty="nephrology",
    output=Output("%", "decimal", 2, range=(0, 10), domain=Domain(
        le=100, inputs=("serum_sodium", "urine_sodium", "serum_creatinine", "urine_creatinine"),
        validity="urine and serum values for which the excreted fraction is at most 100 % of the filtered load; "
        "check their units (the two creatinines in the same unit or each with its own)")),
    inputs=FENaInputs,
    references=(
        Reference(
            "Espinel CH. The FENa test: use in the differential diagnosis of acute renal failure. "
            "JAMA. 1976;236(6):579-581.",
            "https://doi.org/10.1001/jama.1976.03270060029022",
        ),
        Reference(
            "Miller TR, Anderson RJ, Linas SL, et al. Urinary diagnostic indices in acute renal failure: "
            "a prospective study. Ann Intern Med. 1978;89(1):47-50.",
            "https://doi.org/10.7326/0003-4819-89-1-47",
        ),
        Reference("MDCalc. Fractional Excretion of Sodium (FENa).",
                  "https://www.mdcalc.com/calc/60/fractional-excretion-sodium-fena"),
    ),
    formula="FENa (%) = (urine Na × serum Cr) / (serum Na × urine Cr) × 100; "
    "both creatinines in the same unit",
    description="Percentage of filtered sodium excreted in the urine, used in oliguric acute kidney injury "
    "to separate prerenal azotaemia (< 1%) from acute tubular necrosis (> 2%). Unreliable on diuretics.",
    medcalc_bench=MedCalcBench(
        40,
        {"Sodium": "serum_sodium", "creatinine": "serum_creatinine", "Urine sodium": "urine_sodium",
         "Urine creatinine": "urine_creatinine"},
    ),
    example={
        "serum_sodium": 136, "serum_creatinine": "186 umol/L", "urine_sodium": 20,
        "urine_creatinine": "5.3 mmol/L",
    },
)
def fena(x: FENaInputs, w: Working) -> float:
    if x.serum_sodium == 0:
        raise invalid("serum_sodium", 0, "a serum sodium above 0 (the formula divides by it)")
    value = w.step(
        "FENa",
        f"({fmt(x.urine_sodium)} × {fmt(x.serum_creatinine)}) / "
        f"({fmt(x.serum_sodium)} × {fmt(x.urine_creatinine)}) × 100",
        x.urine_sodium * x.serum_creatinine / (x.serum_sodium * x.urine_creatinine) * 100,
        "%",
    )
    if value < 1:
        w.interpretation = "< 1%: suggests a prerenal cause"
    elif value > 2:
        w.interpretation = "> 2%: suggests an intrinsic renal cause (e.g. acute tubular necrosis)"
    else:
        w.interpretation = "1-2%: indeterminate"
    return value
