"""SCORTEN: severity-of-illness score for toxic epidermal necrolysis (Bastuji-Garin 2000)."""

from __future__ import annotations

from pydantic import Field

from .. import units as u
from ..fields import BUN, Age, Bicarbonate, Finding, Glucose, HeartRate, Inputs, Percent
from ..points import finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

MORTALITY = ((5, 90.0), (4, 58.3), (3, 35.3), (2, 12.1), (0, 3.2))  # % by score (Bastuji-Garin 2000)


class SCORTENInputs(Inputs):
    age: Age = Field(description="Age in years; 40 or older scores 1.")
    heart_rate: HeartRate = Field(description="Heart rate, beats per minute; 120 or more scores 1.")
    malignancy: bool = Finding("Cancer or haematological malignancy (1).")
    detached_bsa: Percent = Field(description="Body surface area detached (epidermal detachment), % on day 1; more "
                                  "than 10% scores 1.")
    bun: BUN = Field(description="Blood urea nitrogen, mg/dL by default; serum urea in mmol/L must carry its unit. "
                     "Urea above 10 mmol/L (BUN above 28 mg/dL) scores 1.")
    bicarbonate: Bicarbonate = Field(description="Serum bicarbonate, mEq/L (= mmol/L); below 20 scores 1.")
    glucose: Glucose = Field(description="Serum glucose, mg/dL by default (mmol/L with its unit); above 14 mmol/L "
                             "(252 mg/dL) scores 1.")


@calculator(
    id="scorten",
    name="SCORTEN (Severity-of-Illness Score for Toxic Epidermal Necrolysis)",
    aliases=("Severity-of-Illness Score for Toxic Epidermal Necrolysis (SCORTEN)", "scorten-score"),
    kind="score",
    specialty="dermatology",
    output=Output("points", "integer", 0, range=(0, 7), secondary=(
        Secondary("mortality", "predicted mortality for the score (Bastuji-Garin 2000)", "%", "decimal", 1),
    )),
    inputs=SCORTENInputs,
    references=(
        Reference("Bastuji-Garin S, Fouchard N, Bertocchi M, et al. SCORTEN: a severity-of-illness score for toxic "
                  "epidermal necrolysis. J Invest Dermatol. 2000;115(2):149-153.",
                  "https://doi.org/10.1046/j.1523-1747.2000.00061.x"),
        Reference("MDCalc. Severity-of-Illness Score for Toxic Epidermal Necrolysis (SCORTEN).",
                  "https://www.mdcalc.com/calc/3967/severity-illness-score-toxic-epidermal-necrolysis-scorten"),
    ),
    formula="1 point each: age ≥ 40; heart rate ≥ 120; cancer or haematological malignancy; detached BSA > 10%; "
    "urea > 10 mmol/L (BUN > 28 mg/dL); bicarbonate < 20 mmol/L; glucose > 14 mmol/L (252 mg/dL). Mortality: 0-1 "
    "3.2%, 2 12.1%, 3 35.3%, 4 58.3%, ≥ 5 90%.",
    description="Mortality risk in toxic epidermal necrolysis and Stevens-Johnson syndrome, scored within 24 hours "
    "of admission (and again on day 3). MDCalc now shows the re-calibrated mortality of later cohorts; this "
    "calculator gives the original.",
    example={"age": 48, "heart_rate": 102, "malignancy": False, "detached_bsa": 30, "bun": 22, "bicarbonate": 23,
             "glucose": 118},
)
def scorten(x: SCORTENInputs, w: Working) -> int:
    urea = round(u.convert(x.bun, "mg/dL", "mmol/L", "bun"), 2)
    glucose = round(u.convert(x.glucose, "mg/dL", "mmol/L", "glucose"), 2)
    total = sum_points(w, (
        threshold(w, "age ≥ 40", f"age {fmt(x.age)}", x.age, "≥", 40),
        threshold(w, "heart rate ≥ 120", f"{fmt(x.heart_rate)}/min", x.heart_rate, "≥", 120),
        finding(w, "cancer or haematological malignancy", x.malignancy),
        threshold(w, "detached BSA > 10%", f"{fmt(x.detached_bsa)}%", x.detached_bsa, ">", 10),
        threshold(w, "urea > 10 mmol/L", f"urea {fmt(urea, 2)} mmol/L", urea, ">", 10),
        threshold(w, "bicarbonate < 20 mmol/L", f"HCO₃ {fmt(x.bicarbonate)}", x.bicarbonate, "<", 20),
        threshold(w, "glucose > 14 mmol/L", f"glucose {fmt(glucose, 2)} mmol/L", glucose, ">", 14),
    ))
    mortality = w.output("mortality", next(m for floor, m in MORTALITY if total >= floor))
    w.interpretation = f"predicted mortality {fmt(mortality, 1)}% (SCORTEN {total})"
    return total
