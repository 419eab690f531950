"""DHAKA dehydration score for children under 5 with acute diarrhoea (Levine 2015)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..points import category, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator

APPEARANCE = {"normal": 0, "restless or irritable": 2, "lethargic or unconscious": 4}
RESPIRATIONS = {"normal": 0, "deep": 2}
SKIN_PINCH = {"normal": 0, "slow": 2, "very slow": 4}
TEARS = {"normal": 0, "decreased": 1, "absent": 2}


class DHAKAInputs(Inputs):
    general_appearance: choice(*APPEARANCE) = Field(description="normal (0), restless or irritable (2), lethargic or "
                                                    "unconscious (4).")
    respirations: choice(*RESPIRATIONS) = Field(description="normal (0) or deep (2).")
    skin_pinch: choice(*SKIN_PINCH) = Field(description="Skin pinch recoil: normal (0), slow (2), very slow, more than "
                                            "2 seconds (4).")
    tears: choice(*TEARS) = Field(description="Tears: normal (0), decreased (1), absent (2).")


@calculator(
    id="dhaka-dehydration",
    name="Dehydration: Assessing Kids Accurately (DHAKA) Score",
    aliases=("Dehydration: Assessing Kids Accurately (DHAKA) Score", "dhaka-score"),
    kind="score",
    specialty="pediatrics",
    output=Output("points", "integer", 0, range=(0, 12), secondary=(
        Secondary("dehydration", "No dehydration (0-1), Some dehydration (2-3), Severe dehydration (≥ 4)", None,
                  "text"),
    )),
    inputs=DHAKAInputs,
    references=(
        Reference("Levine AC, Glavis-Bloom J, Modi P, et al. Empirically derived dehydration scoring and decision "
                  "tree models for children with diarrhea: assessment and internal validation in a prospective "
                  "cohort study in Dhaka, Bangladesh. Glob Health Sci Pract. 2015;3(3):405-418.",
                  "https://doi.org/10.9745/GHSP-D-15-00097"),
        Reference("MDCalc. Dehydration: Assessing Kids Accurately (DHAKA) Score."),
    ),
    formula="General appearance 0/2/4; respirations 0/2; skin pinch 0/2/4; tears 0/1/2. Total 0-12: 0-1 no "
    "dehydration, 2-3 some dehydration, ≥ 4 severe dehydration.",
    description="Degree of dehydration in children under 5 with acute diarrhoea, derived in a low-resource "
    "setting, to choose between oral rehydration and intravenous fluids.",
    example={"general_appearance": "restless or irritable", "respirations": "normal", "skin_pinch": "slow",
             "tears": "decreased"},
)
def dhaka_dehydration(x: DHAKAInputs, w: Working) -> int:
    total = sum_points(w, (category(w, "general appearance", x.general_appearance, APPEARANCE),
                           category(w, "respirations", x.respirations, RESPIRATIONS),
                           category(w, "skin pinch", x.skin_pinch, SKIN_PINCH),
                           category(w, "tears", x.tears, TEARS)))
    level = w.output("dehydration", "No dehydration" if total <= 1 else "Some dehydration" if total <= 3
                     else "Severe dehydration")
    w.interpretation = level.lower()
    return total
