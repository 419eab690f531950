"""El-Ganzouri Risk Index (EGRI) for difficult laryngoscopy and intubation (El-Ganzouri 1996)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, Weight, choice, q
from ..points import category, cut_offs, finding, sum_points
from ..rounding import round_half_away
from ..spec import Output, Reference, Working, calculator, fmt
from .modified_mallampati import MallampatiClass

Distance = q("cm", ge=0, plausible=(0, 15), units=("cm", "mm", "in"))
MALLAMPATI_POINTS = {"I": 0, "II": 1, "III": 2, "IV": 2}
HISTORY_POINTS = {"none": 0, "questionable": 1, "definite": 2}


class EGRIInputs(Inputs):
    mouth_opening: Distance = Field(description="Mouth opening (interincisor gap), cm; < 4 cm scores 1.")
    thyromental_distance: Distance = Field(description="Thyromental distance with the head extended, cm: > 6.5 0, "
                                           "6.0-6.5 1, < 6.0 2.")
    mallampati: MallampatiClass = Field(description="Mallampati class 'I' (0), 'II' (1), 'III' or 'IV' (2).")
    neck_movement: float = Field(ge=0, le=180, description="Range of head and neck movement, degrees: > 90 0, 80-90 1, "
                                 "< 80 2.")
    can_prognath: bool = Field(description="Able to protrude the lower incisors beyond the upper (prognathism); "
                               "inability scores 1.")
    weight: Weight = Field(description="Body weight, kg ('260 lb' with its unit): < 90 0, 90-110 1, > 110 2.")
    difficult_intubation_history: choice(*HISTORY_POINTS) = Field(
        description="History of difficult intubation: 'none' (0), 'questionable' (1), 'definite' (2).")


@calculator(
    id="el-ganzouri",
    name="El-Ganzouri Risk Index (EGRI) for Difficult Airway",
    aliases=("egri", "el-ganzouri-risk-index"),
    kind="score",
    specialty="anesthesiology",
    output=Output("points", "integer", 0, range=(0, 12)),
    inputs=EGRIInputs,
    references=(
        Reference("El-Ganzouri AR, McCarthy RJ, Tuman KJ, Tanck EN, Ivankovich AD. Preoperative airway assessment: "
                  "predictive value of a multivariate risk index. Anesth Analg. 1996;82(6):1197-1204."),
        Reference("MDCalc. El-Ganzouri Risk Index (EGRI) for Difficult Airway."),
    ),
    formula="Mouth opening ≥ 4 cm 0, < 4 cm 1; thyromental distance > 6.5 cm 0, 6.0-6.5 1, < 6.0 2; Mallampati I 0, "
    "II 1, III-IV 2; neck movement > 90° 0, 80-90° 1, < 80° 2; inability to prognath 1; weight < 90 kg 0, 90-110 "
    "1, > 110 2; difficult intubation history none 0, questionable 1, definite 2. Total 0-12; ≥ 4 high risk.",
    description="Preoperative risk of difficult laryngoscopy or intubation from seven bedside airway findings; a "
    "score of 4 or more predicts a difficult airway.",
    example={"mouth_opening": 2.5, "thyromental_distance": 5.5, "mallampati": "IV", "neck_movement": 60,
             "can_prognath": False, "weight": 118, "difficult_intubation_history": "none"},
)
def el_ganzouri(x: EGRIInputs, w: Working) -> int:
    tmd = round_half_away(x.thyromental_distance, 2)
    kg = round_half_away(x.weight, 2)
    total = sum_points(w, (
        cut_offs(w, "mouth opening", f"{fmt(x.mouth_opening)} cm", round_half_away(x.mouth_opening, 2),
                 ((4, 0), (None, 1))),
        cut_offs(w, "thyromental distance", f"{fmt(tmd)} cm", tmd, ((6.5, 0, True), (6.0, 1), (None, 2))),
        category(w, "Mallampati class", x.mallampati, MALLAMPATI_POINTS),
        cut_offs(w, "neck movement", f"{fmt(x.neck_movement)}°", x.neck_movement, ((90, 0, True), (80, 1), (None, 2))),
        finding(w, "unable to prognath", not x.can_prognath),
        cut_offs(w, "body weight", f"{fmt(kg)} kg", kg, ((110, 2, True), (90, 1), (None, 0))),
        category(w, "difficult intubation history", x.difficult_intubation_history, HISTORY_POINTS),
    ))
    w.interpretation = (f"EGRI {total}: high risk of difficult airway (≥ 4)" if total >= 4 else
                        f"EGRI {total}: low risk of difficult airway (< 4)")
    return total
