"""Serum calcium corrected for hypoalbuminaemia (Payne), normal albumin as an option."""

from __future__ import annotations

from pydantic import Field

from .. import units as u
from ..fields import Albumin, Calcium, Inputs, Option
from ..rules import Relation
from ..spec import Domain, MedCalcBench, Output, Reference, Secondary, Working, calculator, fmt


class CalciumCorrectionInputs(Inputs):
    calcium: Calcium = Field(
        description="Total serum calcium, mg/dL by default. A value in mmol/L must carry its unit "
        "('2.2 mmol/L'); not ionised calcium."
    )
    albumin: Albumin = Field(
        description="Serum albumin, g/dL by default. A value in g/L must carry its unit ('28 g/L'); "
        "do not pass g/L labelled as g/dL."
    )
    normal_albumin: Albumin = Option(
        4.0,
        "The normal (reference) albumin the correction aims at, g/dL by default; 4 g/dL unless the "
        "laboratory's own reference mean is wanted (e.g. '40 g/L' or 4.4).",
    )

    # the output's domain (Output.domain): a relation between values, stated in words, checked by the engine
    rules = (Relation(("calcium", "albumin", "normal_albumin"), "the result stays in its domain: calcium + 0.8 × (normal albumin − albumin) above 0 mg/dL"),)


@calculator(
    id="calcium-correction",
    name="Calcium Correction for Hypoalbuminemia",
    aliases=("corrected-calcium", "albumin-corrected-calcium", "payne-calcium", "adjusted-calcium",
             "Calcium Correction for Hypoalbuminemia and Hyperalbuminemia"),
    kind="equation",
    specialty="endocrinology",
    output=Output("mg/dL", "decimal", 1, range=(4, 16), domain=Domain(
        gt=0, inputs=("calcium", "albumin", "normal_albumin"),
        validity="a calcium and albumin for which the corrected calcium is above 0 mg/dL; check the units "
        "(calcium in mg/dL or mmol/L, albumin in g/dL or g/L)"), secondary=(
        Secondary("corrected_calcium_mmol", "the corrected calcium in mmol/L", "mmol/L", "decimal", 2),
    )),
    inputs=CalciumCorrectionInputs,
    references=(
        Reference(
            "Payne RB, Little AJ, Williams RB, Milner JR. Interpretation of serum calcium in patients with "
            "abnormal serum proteins. Br Med J. 1973;4(5893):643-646.",
            "https://doi.org/10.1136/bmj.4.5893.643",
        ),
        Reference("MDCalc. Calcium Correction for Hypoalbuminemia.",
                  "https://www.mdcalc.com/calc/31/calcium-correction-hypoalbuminemia"),
    ),
    formula="Corrected Ca (mg/dL) = serum Ca (mg/dL) + 0.8 × (normal albumin (4 g/dL) − serum albumin (g/dL))",
    description="Total serum calcium adjusted for a low (or high) serum albumin, estimating the calcium "
    "the patient would have at a normal albumin. Ionised calcium is more reliable where available.",
    medcalc_bench=MedCalcBench(7, {"Calcium": "calcium", "Albumin": "albumin"}, options={"normal_albumin": 4.0}),
    example={"calcium": 7.9, "albumin": "24 g/L"},
)
def calcium_correction(x: CalciumCorrectionInputs, w: Working) -> float:
    corrected = w.step(
        "corrected calcium",
        f"{fmt(x.calcium)} + 0.8 × ({fmt(x.normal_albumin)} − {fmt(x.albumin)})",
        x.calcium + 0.8 * (x.normal_albumin - x.albumin),
        "mg/dL",
    )
    w.output("corrected_calcium_mmol", u.convert(corrected, "mg/dL", "mmol/L", "calcium"))
    if corrected < 8.5:
        w.interpretation = "below the usual reference range (8.5-10.5 mg/dL): hypocalcaemia"
    elif corrected > 10.5:
        w.interpretation = "above the usual reference range (8.5-10.5 mg/dL): hypercalcaemia"
    else:
        w.interpretation = "within the usual reference range (8.5-10.5 mg/dL)"
    return corrected
