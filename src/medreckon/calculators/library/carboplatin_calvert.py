"""Carboplatin dose by the Calvert formula, with the GFR estimated by Cockcroft-Gault."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Creatinine, Inputs, Sex, Weight, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

TargetAUC = q("mg·min/mL", gt=0, le=10, plausible=(1, 8), units=("mg·min/mL",))
GFR_CAP = 125.0  # mL/min: the GFR the dose is capped at (FDA 2010; maximum dose = AUC × 150 mg)
NON_RENAL = 25.0  # mL/min: carboplatin's non-renal clearance


class CalvertInputs(Inputs):
    age: Age = Field(description="Age in years (Cockcroft-Gault).")
    sex: Sex = Field(description="Sex (Cockcroft-Gault: × 0.85 for women).")
    weight: Weight = Field(description="Body weight for Cockcroft-Gault, kg by default: the actual weight, or the "
                           "adjusted weight in obesity as the team decides.")
    creatinine: Creatinine = Field(description="Serum creatinine, mg/dL by default; µmol/L with its unit.")
    target_auc: TargetAUC = Field(description="Target area under the curve, mg·min/mL (usually 4-6; 5-7 in "
                                  "combination regimens for ovarian cancer). A bare number is read in mg·min/mL.")


@calculator(
    id="carboplatin-calvert",
    name="Carboplatin AUC Dosing (Calvert)",
    aliases=("calvert", "calvert-formula", "carboplatin-dose"),
    kind="equation",
    specialty="oncology",
    output=Output("mg", "decimal", 1, range=(50, 1500), secondary=(
        Secondary("gfr", "creatinine clearance used as the GFR (Cockcroft-Gault, capped at 125 mL/min)", "mL/min",
                  "decimal", 1),
    )),
    inputs=CalvertInputs,
    references=(
        Reference("Calvert AH, Newell DR, Gumbrell LA, et al. Carboplatin dosage: prospective evaluation of a simple "
                  "formula based on renal function. J Clin Oncol. 1989;7(11):1748-1756.",
                  "https://doi.org/10.1200/JCO.1989.7.11.1748"),
        Reference("Cockcroft DW, Gault MH. Prediction of creatinine clearance from serum creatinine. Nephron. "
                  "1976;16(1):31-41.", "https://doi.org/10.1159/000180580"),
        Reference("US Food and Drug Administration. Carboplatin dosing (2010): cap the estimated GFR at 125 mL/min."),
        Reference("MDCalc: Carboplatin AUC Dosing (Calvert).", "https://www.mdcalc.com/calc/3962/carboplatin-auc-dosing-calvert"),
    ),
    formula="dose (mg) = target AUC × (GFR + 25); GFR = Cockcroft-Gault creatinine clearance = (140 − age) × weight × "
    "0.85 [female] / (72 × creatinine), capped at 125 mL/min",
    description="Total carboplatin dose in mg (not per m²) for a target exposure, from renal function. The GFR "
    "estimate is capped at 125 mL/min as the FDA advises; some centres also floor creatinine at 0.7 mg/dL, which "
    "is not applied here.",
    example={"age": 58, "sex": "female", "weight": 78.5, "creatinine": 0.92, "target_auc": 5},
)
def carboplatin_calvert(x: CalvertInputs, w: Working) -> float:
    factor = 0.85 if x.sex == "female" else 1.0
    crcl = w.step("creatinine clearance (Cockcroft-Gault)", f"(140 − {fmt(x.age)}) × {fmt(x.weight)} × {fmt(factor)} "
                  f"/ (72 × {fmt(x.creatinine)})", (140 - x.age) * x.weight * factor / (72 * x.creatinine), "mL/min")
    gfr = crcl
    if round(crcl, 6) > GFR_CAP:
        gfr = w.step("GFR capped", f"min({fmt(crcl)}, {fmt(GFR_CAP)})", GFR_CAP, "mL/min")
    w.output("gfr", gfr)
    dose = w.step("carboplatin dose", f"{fmt(x.target_auc)} × ({fmt(gfr)} + {fmt(NON_RENAL)})",
                  x.target_auc * (gfr + NON_RENAL), "mg")
    w.interpretation = f"carboplatin {fmt(dose, 1)} mg total for AUC {fmt(x.target_auc)} (GFR {fmt(gfr, 1)} mL/min)"
    return dose
