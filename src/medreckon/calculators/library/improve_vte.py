"""IMPROVE risk score for venous thromboembolism in hospitalised medical patients (Spyropoulos 2011)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs
from ..points import finding, sum_points, threshold
from ..spec import Output, Reference, Working, calculator, fmt


class IMPROVEVTEInputs(Inputs):
    previous_vte: bool = Finding("Previous venous thromboembolism (3).", when="past")
    thrombophilia: bool = Finding("Known thrombophilia (2).")
    lower_limb_paralysis: bool = Finding("Current lower-limb paralysis (2).")
    current_cancer: bool = Finding("Current cancer (2).")
    immobilized_7_days: bool = Finding("Immobilised for at least 7 days, immediately before and during the admission "
                                       "(1).")
    icu_or_ccu: bool = Finding("Intensive or coronary care unit stay (1).")
    age: Age = Field(description="Age in years; older than 60 scores 1.")


@calculator(
    id="improve-vte",
    name="IMPROVE Risk Score for Venous Thromboembolism (VTE)",
    aliases=("improve-vte-risk", "improve-vte-score"),
    kind="score",
    specialty="hematology",
    output=Output("points", "integer", 0, range=(0, 12)),
    inputs=IMPROVEVTEInputs,
    references=(
        Reference("Spyropoulos AC, Anderson FA Jr, FitzGerald G, et al. Predictive and associative models to identify "
                  "hospitalized medical patients at risk for VTE. Chest. 2011;140(3):706-714.",
                  "https://doi.org/10.1378/chest.10-1944"),
        Reference("Rosenberg D, Eichorn A, Alarcon M, et al. External validation of the risk assessment model of the "
                  "International Medical Prevention Registry on Venous Thromboembolism (IMPROVE) for medical patients "
                  "in a tertiary health system. J Am Heart Assoc. 2014;3(6):e001152.",
                  "https://doi.org/10.1161/JAHA.114.001152"),
    ),
    formula="Previous VTE 3; known thrombophilia 2; current lower-limb paralysis 2; current cancer 2; immobilised "
    "≥ 7 days 1; ICU/CCU stay 1; age > 60: 1. Total 0-12; 0-1 low risk, ≥ 2 at increased risk (≥ 4 high).",
    description="Risk of venous thromboembolism within 3 months in acutely ill medical inpatients, to decide on "
    "thromboprophylaxis; weigh it against the IMPROVE bleeding score.",
    example={"immobilized_7_days": True, "age": 78},
)
def improve_vte(x: IMPROVEVTEInputs, w: Working) -> int:
    total = sum_points(w, (
        finding(w, "previous VTE", x.previous_vte, 3),
        finding(w, "known thrombophilia", x.thrombophilia, 2),
        finding(w, "current lower-limb paralysis", x.lower_limb_paralysis, 2),
        finding(w, "current cancer", x.current_cancer, 2),
        finding(w, "immobilised ≥ 7 days", x.immobilized_7_days),
        finding(w, "ICU/CCU stay", x.icu_or_ccu),
        threshold(w, "age > 60", f"age {fmt(x.age)}", x.age, ">", 60),
    ))
    w.interpretation = (f"{total}: " + ("low risk of VTE" if total <= 1 else "high risk of VTE (≥ 4)" if total >= 4
                                        else "increased risk of VTE (≥ 2); consider thromboprophylaxis"))
    return total
