"""IMPROVEDD VTE risk score: IMPROVE with D-dimer, for hospitalised medical patients (Gibson 2017)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs
from ..points import finding, sum_points, threshold
from ..spec import Output, Reference, Working, calculator, fmt

ITEMS = (("previous_vte", "previous VTE", 3), ("thrombophilia", "known thrombophilia", 2),
         ("lower_limb_paralysis", "current lower-limb paralysis", 2), ("current_cancer", "current cancer", 2),
         ("immobilized_7_days", "immobilised ≥ 7 days", 1), ("icu_ccu", "ICU or CCU stay", 1))


class IMPROVEDDInputs(Inputs):
    previous_vte: bool = Finding("Previous venous thromboembolism: 3 points.", when="past")
    thrombophilia: bool = Finding("Known thrombophilia: 2 points.")
    lower_limb_paralysis: bool = Finding("Current lower-limb paralysis: 2 points.")
    current_cancer: bool = Finding("Current cancer: 2 points.")
    immobilized_7_days: bool = Finding("Immobilised for at least 7 days (confined to bed or chair): 1 point.")
    icu_ccu: bool = Finding("Stay in an intensive or coronary care unit: 1 point.")
    age: Age = Field(description="Age in years; > 60 scores 1.")
    d_dimer_twice_uln: bool = Finding("D-dimer at least twice the upper limit of normal: 2 points.")


@calculator(
    id="improvedd",
    name="IMPROVEDD Risk Score for Venous Thromboembolism (VTE)",
    aliases=("improvedd-score", "improve-dd"),
    kind="score",
    specialty="hematology",
    output=Output("points", "integer", 0, range=(0, 14)),
    inputs=IMPROVEDDInputs,
    references=(
        Reference("Gibson CM, Spyropoulos AC, Cohen AT, et al. The IMPROVEDD VTE Risk Score: Incorporation of D-Dimer "
                  "into the IMPROVE Score to Improve Venous Thromboembolism Risk Stratification. TH Open. "
                  "2017;1(1):e56-e65."),
        Reference("MDCalc. IMPROVEDD Risk Score for Venous Thromboembolism (VTE)."),
    ),
    formula="Previous VTE 3; known thrombophilia 2; current lower-limb paralysis 2; current cancer 2; immobilised ≥ 7 "
    "days 1; ICU/CCU stay 1; age > 60 1; D-dimer ≥ 2 × upper limit of normal 2. Total 0-14; ≥ 2 identifies "
    "patients at increased VTE risk.",
    description="Risk of venous thromboembolism within 77 days in hospitalised medically ill patients; the IMPROVE "
    "score with D-dimer added.",
    example={"icu_ccu": True, "age": 72, "d_dimer_twice_uln": True},
)
def improvedd(x: IMPROVEDDInputs, w: Working) -> int:
    parts = [finding(w, what, getattr(x, name), points) for name, what, points in ITEMS]
    parts.append(threshold(w, "age > 60", f"age {fmt(x.age)}", x.age, ">", 60))
    parts.append(finding(w, "D-dimer ≥ 2 × ULN", x.d_dimer_twice_uln, 2))
    total = sum_points(w, parts)
    w.interpretation = ("≥ 2: increased VTE risk; consider prophylaxis" if total >= 2 else
                        "< 2: low VTE risk")
    return total
