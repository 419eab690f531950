"""HERDOO2 rule for stopping anticoagulation in women after unprovoked VTE (Rodger 2008, 2017)."""

from __future__ import annotations

from pydantic import Field

from ..fields import BMI, Age, Finding, Inputs
from ..points import finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt
from .age_adjusted_d_dimer import DDimer

D_DIMER_LIMIT = 250.0  # µg/L (Vidas or Tinaquant), measured on anticoagulation
LOW_RISK = 1  # points: 0-1 may stop anticoagulation
# recurrent VTE per 100 patient-years in REVERSE II: low-risk women who stopped; high-risk women and men who stopped
RECURRENCE = {"Low": 3.0, "High": 8.1}


class HERDOO2Inputs(Inputs):
    post_thrombotic_signs: bool = Finding("Hyperpigmentation, oedema or redness of either leg (post-thrombotic signs).")
    d_dimer: DDimer = Field(description="D-dimer measured during anticoagulation (before stopping), µg/L FEU by "
                            "default (ng/mL is the same); 250 or more scores 1.")
    bmi: BMI = Field(description="Body mass index, kg/m²; 30 or more scores 1.")
    age: Age = Field(description="Age in years; 65 or more scores 1.")


@calculator(
    id="herdoo2",
    name="HERDOO2 Rule for Discontinuing Anticoagulation in Unprovoked VTE",
    aliases=("herdoo2-rule", "men-continue-and-herdoo2", "herdoo-2"),
    kind="score",
    specialty="hematology",
    output=Output("points", "integer", 0, range=(0, 4), secondary=(
        Secondary("risk", "Low (0-1 points: may stop anticoagulation) or High (≥ 2)", None, "text"),
        Secondary("recurrence", "recurrent major VTE per 100 patient-years off anticoagulation (REVERSE II)", "%",
                  "decimal", 1),
    )),
    inputs=HERDOO2Inputs,
    references=(
        Reference("Rodger MA, Kahn SR, Wells PS, et al. Identifying unprovoked thromboembolism patients at low risk "
                  "for recurrence who can discontinue anticoagulant therapy. CMAJ. 2008;179(5):417-426.",
                  "https://doi.org/10.1503/cmaj.080493"),
        Reference("Rodger MA, Le Gal G, Anderson DR, et al. Validating the HERDOO2 rule to guide treatment duration for "
                  "women with unprovoked venous thrombosis: multinational prospective cohort management study. BMJ. "
                  "2017;356:j1065.", "https://doi.org/10.1136/bmj.j1065"),
        Reference("MDCalc: HERDOO2 Rule for Discontinuing Anticoagulation in Unprovoked VTE.",
                  "https://www.mdcalc.com/calc/1773/herdoo2-rule-discontinuing-anticoagulation-unprovoked-vte"),
    ),
    formula="1 point each: Hyperpigmentation, Edema or Redness of either leg; D-dimer ≥ 250 µg/L on anticoagulation; "
    "Obesity BMI ≥ 30; Older age ≥ 65. 0-1 low risk (3.0 recurrences per 100 patient-years after stopping), ≥ 2 high "
    "risk (8.1): continue",
    description="For women after a first unprovoked VTE, after 5-12 months of anticoagulation: a low score means "
    "anticoagulation can be stopped. Men were at high risk whatever their score (continue anticoagulation), so the "
    "rule is for women only.",
    example={"post_thrombotic_signs": False, "d_dimer": 230, "bmi": 29, "age": 56},
)
def herdoo2(x: HERDOO2Inputs, w: Working) -> int:
    total = sum_points(w, (
        finding(w, "post-thrombotic signs", x.post_thrombotic_signs),
        threshold(w, "D-dimer ≥ 250 µg/L", f"D-dimer {fmt(x.d_dimer)}", round(x.d_dimer, 6), "≥", D_DIMER_LIMIT),
        threshold(w, "BMI ≥ 30", f"BMI {fmt(x.bmi, 1)}", round(x.bmi, 6), "≥", 30),
        threshold(w, "age ≥ 65", f"age {fmt(x.age)}", x.age, "≥", 65),
    ))
    risk = w.output("risk", "Low" if total <= LOW_RISK else "High")
    w.output("recurrence", RECURRENCE[risk])
    w.interpretation = ("low risk: anticoagulation can be stopped" if risk == "Low" else
                        "high risk: continue anticoagulation") + f" ({fmt(RECURRENCE[risk], 1)} per 100 patient-years)"
    return total
