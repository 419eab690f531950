"""ABIC score for alcoholic hepatitis (Dominguez 2008)."""

from __future__ import annotations

from pydantic import Field

from ..fields import INR, Age, Bilirubin, Creatinine, Inputs
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

GROUPS = ((9.0, "High", 25), (6.71, "Intermediate", 70), (None, "Low", 100))  # (from, group, 90-day survival %)


class ABICInputs(Inputs):
    age: Age = Field(description="Age in years.")
    bilirubin: Bilirubin = Field(description="Serum bilirubin, mg/dL by default (µmol/L with its unit).")
    inr: INR = Field(description="INR.")
    creatinine: Creatinine = Field(description="Serum creatinine, mg/dL by default (µmol/L with its unit).")


@calculator(
    id="abic",
    name="ABIC Score for Alcoholic Hepatitis",
    aliases=("abic-score",),
    kind="equation",
    specialty="hepatology",
    output=Output("points", "decimal", 2, range=(3, 20), secondary=(
        Secondary("risk_group", "low < 6.71, intermediate 6.71-8.99, high ≥ 9.0", None, "text"),
        Secondary("survival_90_days", "90-day survival of the group (Dominguez 2008)", "%", "integer"),
    )),
    inputs=ABICInputs,
    references=(
        Reference("Dominguez M, Rincón D, Abraldes JG, et al. A new scoring system for prognostic stratification of "
                  "patients with alcoholic hepatitis. Am J Gastroenterol. 2008;103(11):2747-2756.",
                  "https://doi.org/10.1111/j.1572-0241.2008.02104.x"),
    ),
    formula="ABIC = 0.1 × age + 0.08 × bilirubin (mg/dL) + 0.3 × creatinine (mg/dL) + 0.8 × INR; < 6.71 low risk "
    "(90-day survival 100%), 6.71-8.99 intermediate (70%), ≥ 9.0 high (25%)",
    description="Prognosis of alcoholic hepatitis from Age, serum Bilirubin, INR and serum Creatinine.",
    example={"age": 52, "bilirubin": 22, "inr": 1.9, "creatinine": 1.8},
)
def abic(x: ABICInputs, w: Working) -> float:
    score = w.step("ABIC", lambda: f"0.1 × {fmt(x.age)} + 0.08 × {fmt(x.bilirubin)} + 0.3 × {fmt(x.creatinine)} + "
                   f"0.8 × {fmt(x.inr)}", 0.1 * x.age + 0.08 * x.bilirubin + 0.3 * x.creatinine + 0.8 * x.inr,
                   "points")
    shown = round(score, 2)
    _, group, survival = next(g for g in GROUPS if g[0] is None or shown >= g[0])
    w.output("risk_group", group)
    w.output("survival_90_days", survival)
    w.interpretation = f"{group.lower()} risk: 90-day survival about {survival}%"
    return score
