"""Pediatric Trauma Score (Tepas 1987)."""

from __future__ import annotations

from pydantic import Field

from ..fields import BloodPressure, Inputs, Weight, choice
from ..points import category, cut_offs, sum_points
from ..rounding import round_half_away
from ..spec import Output, Reference, Working, calculator, fmt

AIRWAY = {"normal": 2, "maintainable": 1, "unmaintainable": -1}
CNS = {"awake": 2, "obtunded or any loss of consciousness": 1, "coma or decerebrate": -1}
SKELETAL = {"none": 2, "closed fracture": 1, "open or multiple fractures": -1}
WOUNDS = {"none": 2, "minor": 1, "major or penetrating": -1}


class PTSInputs(Inputs):
    weight: Weight = Field(description="Weight, kg ('44 lb' with its unit): > 20 kg +2, 10-20 +1, < 10 −1.")
    airway: choice(*AIRWAY) = Field(description="Airway: 'normal' (+2), 'maintainable' without intubation (+1), "
                                    "'unmaintainable' (−1: needs intubation or cricothyrotomy).")
    systolic_bp: BloodPressure = Field(description="Systolic blood pressure, mm Hg: > 90 +2, 50-90 +1, < 50 −1 (a "
                                       "palpable wrist pulse means > 90, a groin pulse only 50-90, none < 50).")
    cns: choice(*CNS) = Field(description="Central nervous system: 'awake' (+2), 'obtunded or any loss of "
                              "consciousness' (+1), 'coma or decerebrate' (−1).")
    skeletal: choice(*SKELETAL) = Field(description="Skeletal injury: 'none' (+2), 'closed fracture' (+1), 'open or "
                                        "multiple fractures' (−1).")
    cutaneous: choice(*WOUNDS) = Field(description="Cutaneous wounds: 'none' (+2), 'minor' (+1), 'major or "
                                       "penetrating' (−1; includes burns).")


@calculator(
    id="pediatric-trauma-score",
    name="Pediatric Trauma Score (PTS)",
    aliases=("pts", "tepas-pediatric-trauma-score"),
    kind="score",
    specialty="pediatrics",
    output=Output("points", "integer", 0, range=(-6, 12)),
    inputs=PTSInputs,
    references=(
        Reference("Tepas JJ 3rd, Mollitt DL, Talbert JL, Bryant M. The pediatric trauma score as a predictor of "
                  "injury severity in the injured child. J Pediatr Surg. 1987;22(1):14-18."),
        Reference("MDCalc. Pediatric Trauma Score (PTS)."),
    ),
    formula="Weight > 20 kg +2, 10-20 +1, < 10 −1; airway normal +2, maintainable +1, unmaintainable −1; SBP > 90 +2, "
    "50-90 +1, < 50 −1; CNS awake +2, obtunded/LOC +1, coma −1; skeletal none +2, closed fracture +1, open/multiple "
    "−1; wounds none +2, minor +1, major/penetrating −1. Total −6 to 12; ≤ 8 warrants a paediatric trauma centre.",
    description="Severity of injury in children, for triage to a paediatric trauma centre; lower is worse.",
    example={"weight": 25, "airway": "maintainable", "systolic_bp": 100, "cns": "obtunded or any loss of consciousness",
             "skeletal": "open or multiple fractures", "cutaneous": "major or penetrating"},
)
def pediatric_trauma_score(x: PTSInputs, w: Working) -> int:
    kg = round_half_away(x.weight, 2)
    sbp = round_half_away(x.systolic_bp, 0)
    total = sum_points(w, (
        cut_offs(w, "weight", f"{fmt(kg)} kg", kg, ((20, 2, True), (10, 1), (None, -1))),
        category(w, "airway", x.airway, AIRWAY),
        cut_offs(w, "systolic BP", f"SBP {fmt(sbp)}", sbp, ((90, 2, True), (50, 1), (None, -1))),
        category(w, "central nervous system", x.cns, CNS),
        category(w, "skeletal injury", x.skeletal, SKELETAL),
        category(w, "cutaneous wounds", x.cutaneous, WOUNDS),
    ))
    w.interpretation = ("≤ 8: significant injury; triage to a paediatric trauma centre" if total <= 8 else
                        "> 8: lower risk (no deaths above 8 in the derivation)")
    return total
