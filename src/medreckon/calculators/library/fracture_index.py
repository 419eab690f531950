"""FRACTURE Index: 5-year hip fracture risk in postmenopausal women (Black 2001)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs, Weight
from ..points import cut_offs, finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

# 5-year hip fracture risk (%) by FRACTURE Index score with BMD (Black 2001, SOF women aged 65 and older)
HIP_RISK_WITH_BMD = ((8, 8.7), (6, 3.9), (5, 1.9), (3, 0.9), (1, 0.4))


class FractureIndexInputs(Inputs):
    age: Age = Field(description="Age in years: < 65 scores 0, 65-69 1, 70-74 2, 75-79 3, 80-84 4, 85 or older 5.")
    fracture_after_50: bool = Finding("Any fracture after age 50 (1).")
    maternal_hip_fracture: bool = Finding("The patient's mother had a hip fracture after age 50 (1).")
    weight: Weight = Field(description="Body weight, kg (lb with its unit); 125 lb (56.7 kg) or less scores 1.")
    current_smoker: bool = Finding("Currently smokes (1).")
    uses_arms_to_stand: bool = Finding("Needs to use the arms to stand up from a chair (2).")
    total_hip_t_score: float | None = Field(None, ge=-10, le=10, description=(
        "Total hip BMD T-score, if measured: −1 or above scores 0, −1 to −2 2, −2 to −2.5 3, below −2.5 4 (−2.0 "
        "scores 2, −2.5 scores 3). Leave out when no BMD is available (the index without BMD)."))


@calculator(
    id="fracture-index",
    name="FRACTURE Index",
    aliases=("FRACTURE Index", "black-fracture-index"),
    kind="score",
    specialty="rheumatology",
    output=Output("points", "integer", 0, range=(0, 15), secondary=(
        Secondary("hip_fracture_risk_5y", "5-year risk of hip fracture, for the index with BMD", "%", "decimal", 1),
    )),
    inputs=FractureIndexInputs,
    references=(
        Reference("Black DM, Steinbuch M, Palermo L, et al. An assessment tool for predicting fracture risk in "
                  "postmenopausal women. Osteoporos Int. 2001;12(7):519-528.", "https://doi.org/10.1007/s001980170072"),
        Reference("MDCalc. FRACTURE Index.", "https://www.mdcalc.com/calc/10193/fracture-index"),
    ),
    formula="Age < 65 0, 65-69 1, 70-74 2, 75-79 3, 80-84 4, ≥ 85 5; fracture after 50 1; maternal hip fracture "
    "after 50 1; weight ≤ 125 lb 1; current smoker 1; uses arms to stand 2; total hip T-score ≥ −1 0, −1 to −2 2, "
    "−2 to −2.5 3, < −2.5 4 (with BMD only). With BMD, 5-year hip fracture risk: score 1-2 0.4%, 3-4 0.9%, 5 1.9%, "
    "6-7 3.9%, ≥ 8 8.7%.",
    description="Risk of hip fracture over 5 years in postmenopausal women, with or without a BMD T-score; derived in "
    "the Study of Osteoporotic Fractures (women aged 65 and older).",
    example={"age": 67, "fracture_after_50": True, "maternal_hip_fracture": True, "weight": 55,
             "current_smoker": False, "uses_arms_to_stand": True, "total_hip_t_score": -2.3},
)
def fracture_index(x: FractureIndexInputs, w: Working) -> int:
    weight = round(x.weight, 6)  # 125 lb is 56.7 kg (MDCalc's equivalent; 56.699 exactly)
    parts = [
        cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((85, 5), (80, 4), (75, 3), (70, 2), (65, 1), (None, 0))),
        finding(w, "fracture after age 50", x.fracture_after_50),
        finding(w, "maternal hip fracture after 50", x.maternal_hip_fracture),
        threshold(w, "weight ≤ 125 lb (56.7 kg)", f"{fmt(weight, 2)} kg", weight, "≤", 56.7),
        finding(w, "current smoker", x.current_smoker),
        finding(w, "uses arms to stand up", x.uses_arms_to_stand, 2),
    ]
    t = x.total_hip_t_score
    if t is not None:
        parts.append(cut_offs(w, "total hip T-score", f"T {fmt(t, 2)}", t, ((-1, 0), (-2, 2), (-2.5, 3), (None, 4))))
    total = sum_points(w, parts)
    risk = next((r for low, r in HIP_RISK_WITH_BMD if total >= low), None) if t is not None else None
    w.output("hip_fracture_risk_5y", risk)
    if risk is None:
        w.interpretation = (f"FRACTURE Index {total} without BMD; higher scores mean a higher 5-year hip fracture risk"
                            if t is None else f"FRACTURE Index {total}: below the scores of the derivation cohort")
    else:
        w.interpretation = f"5-year risk of hip fracture about {fmt(risk, 1)}%"
    return total
