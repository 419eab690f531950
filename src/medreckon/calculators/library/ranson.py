"""Ranson's criteria for acute pancreatitis (non-gallstone, Ranson 1974): 5 at admission, 6 within 48 hours."""

from __future__ import annotations

from pydantic import Field

from ..fields import BUN, Age, Calcium, Enzyme, Glucose, Hematocrit, Inputs, PaO2, WhiteCells, q
from ..points import sum_points, threshold
from ..rules import AllOrNone
from ..spec import Output, Reference, Working, calculator, fmt

AT_48_HOURS = ("hematocrit_admission", "hematocrit_48h", "bun_admission", "bun_48h", "calcium_48h", "pao2_48h",
               "base_deficit_48h", "fluid_sequestration")


class RansonInputs(Inputs):
    age: Age = Field(description="Age in years; above 55 scores 1.")
    white_cells: WhiteCells = Field(description="White cell count at admission, 10⁹/L (= 10³/µL); above 16 scores 1. "
                                    "A count per µL such as 17000 must carry '/uL'.")
    glucose: Glucose = Field(description="Blood glucose at admission, mg/dL by default ('12 mmol/L' is accepted); "
                             "above 200 mg/dL (11.1 mmol/L) scores 1.")
    ldh: Enzyme = Field(description="Lactate dehydrogenase (LDH) at admission, U/L (= IU/L); above 350 scores 1.")
    ast: Enzyme = Field(description="Aspartate aminotransferase (AST) at admission, U/L; above 250 scores 1.")
    hematocrit_admission: Hematocrit | None = Field(None, description="Haematocrit at admission, %. With "
                                                    "hematocrit_48h: a fall of more than 10 percentage points scores 1.")
    hematocrit_48h: Hematocrit | None = Field(None, description="Haematocrit at 48 hours, %.")
    bun_admission: BUN | None = Field(None, description="BUN at admission, mg/dL by default (urea in mmol/L must carry "
                                      "'mmol/L'). With bun_48h: a rise of more than 5 mg/dL (1.8 mmol/L) scores 1.")
    bun_48h: BUN | None = Field(None, description="BUN at 48 hours, mg/dL by default.")
    calcium_48h: Calcium | None = Field(None, description="Lowest serum calcium within 48 hours, mg/dL by default "
                                        "('1.9 mmol/L' is accepted); below 8 mg/dL (2.0 mmol/L) scores 1.")
    pao2_48h: PaO2 | None = Field(None, description="Lowest arterial PaO₂ within 48 hours, mmHg ('7.5 kPa' is "
                                  "accepted); below 60 mmHg scores 1.")
    # base is monovalent, so mmol/L = mEq/L (read through the bicarbonate entry of the analyte table)
    base_deficit_48h: q("mEq/L", analyte="bicarbonate", plausible=(-20, 30), units=("mEq/L", "mmol/L")) | None = Field(
        None, description="Base deficit within 48 hours, mEq/L, as a positive number (a base excess of −6 is a base "
        "deficit of 6); above 4 scores 1."
    )
    fluid_sequestration: q("L", plausible=(-10, 30), units=("L", "mL")) | None = Field(
        None, description="Estimated fluid sequestration over 48 hours (fluid in minus fluid out), litres; above 6 L "
        "scores 1."
    )

    rules = (AllOrNone(AT_48_HOURS, "a value, since other 48-hour criteria are given",
                       "give all 48-hour values ({missing} missing) or none to score admission only"),)


@calculator(
    id="ranson",
    name="Ranson's Criteria for Pancreatitis Mortality",
    aliases=("ranson-criteria", "ransons-criteria", "ranson-score"),
    kind="score",
    specialty="gastroenterology",
    output=Output("points", "integer", 0, range=(0, 11)),
    inputs=RansonInputs,
    references=(
        Reference("Ranson JH, Rifkind KM, Roses DF, Fink SD, Eng K, Spencer FC. Prognostic signs and the role of "
                  "operative management in acute pancreatitis. Surg Gynecol Obstet. 1974;139(1):69-81."),
        Reference("MDCalc. Ranson's Criteria for Pancreatitis Mortality."),
    ),
    formula="At admission, 1 point each: age > 55; white cells > 16 × 10⁹/L; glucose > 200 mg/dL (11.1 mmol/L); "
    "LDH > 350 U/L; AST > 250 U/L. Within 48 hours, 1 point each: haematocrit fall > 10 percentage points; BUN rise "
    "> 5 mg/dL (1.8 mmol/L); calcium < 8 mg/dL (2.0 mmol/L); PaO₂ < 60 mmHg; base deficit > 4 mEq/L; fluid "
    "sequestration > 6 L. Total 0-11; ≥ 3: severe pancreatitis. Criteria for non-gallstone pancreatitis (gallstone "
    "pancreatitis has other cut-offs, not computed here).",
    description="Severity and mortality of acute (non-gallstone) pancreatitis from admission and 48-hour findings. "
    "Without any 48-hour value the admission criteria alone are scored (0-5).",
    example={"age": 61, "white_cells": 17.5, "glucose": 182, "ldh": 410, "ast": 120, "hematocrit_admission": 44,
             "hematocrit_48h": 36, "bun_admission": 18, "bun_48h": 21, "calcium_48h": 7.6, "pao2_48h": 72,
             "base_deficit_48h": 3, "fluid_sequestration": 4.5},
)
def ranson(x: RansonInputs, w: Working) -> int:
    parts = [
        threshold(w, "age > 55", f"age {fmt(x.age)}", x.age, ">", 55),
        threshold(w, "white cells > 16 × 10⁹/L", f"WBC {fmt(x.white_cells)}", x.white_cells, ">", 16),
        threshold(w, "glucose > 200 mg/dL", f"glucose {fmt(x.glucose, 1)}", x.glucose, ">", 200),
        threshold(w, "LDH > 350 U/L", f"LDH {fmt(x.ldh)}", x.ldh, ">", 350),
        threshold(w, "AST > 250 U/L", f"AST {fmt(x.ast)}", x.ast, ">", 250),
    ]
    given = [name for name in AT_48_HOURS if getattr(x, name) is not None]
    if given:
        fall = w.step("haematocrit fall", f"{fmt(x.hematocrit_admission)} − {fmt(x.hematocrit_48h)}",
                      x.hematocrit_admission - x.hematocrit_48h, "percentage points")
        rise = w.step("BUN rise", f"{fmt(x.bun_48h, 1)} − {fmt(x.bun_admission, 1)}", x.bun_48h - x.bun_admission,
                      "mg/dL")
        parts += [
            threshold(w, "haematocrit fall > 10 points", f"fall {fmt(fall)}", fall, ">", 10),
            threshold(w, "BUN rise > 5 mg/dL", f"rise {fmt(rise, 2)}", rise, ">", 5),
            threshold(w, "calcium < 8 mg/dL", f"calcium {fmt(x.calcium_48h, 2)}", x.calcium_48h, "<", 8),
            threshold(w, "PaO₂ < 60 mmHg", f"PaO₂ {fmt(x.pao2_48h, 1)}", x.pao2_48h, "<", 60),
            threshold(w, "base deficit > 4 mEq/L", f"base deficit {fmt(x.base_deficit_48h)}", x.base_deficit_48h,
                      ">", 4),
            threshold(w, "fluid sequestration > 6 L", f"{fmt(x.fluid_sequestration, 2)} L", x.fluid_sequestration,
                      ">", 6),
        ]
    total = sum_points(w, parts)
    if not given:
        w.warn("48-hour criteria not given: admission criteria only (0-5); reassess at 48 hours", None)
    w.interpretation = ("≥ 3: severe pancreatitis, higher mortality" if total >= 3
                        else "< 3: mild pancreatitis predicted (low mortality)")
    if not given:
        w.interpretation += "; admission criteria only"
    return total
