"""Mirels' criteria for prophylactic fixation of a long-bone metastasis (Mirels 1989)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..points import category, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator

SITE = {"upper limb": 1, "lower limb": 2, "peritrochanteric": 3}
PAIN = {"mild": 1, "moderate": 2, "functional": 3}
LESION = {"blastic": 1, "mixed": 2, "lytic": 3}
SIZE = {"< 1/3 of the diameter": 1, "1/3 to 2/3 of the diameter": 2, "> 2/3 of the diameter": 3}


class MirelsInputs(Inputs):
    site: choice(*SITE) = Field(description="Site of the lesion: upper limb (1), lower limb (2), peritrochanteric (3).")
    pain: choice(*PAIN) = Field(description="Pain: mild (1), moderate (2), functional, worse with use (3).")
    lesion: choice(*LESION) = Field(description="Radiographic nature: blastic (1), mixed (2), lytic (3).")
    size: choice(*SIZE) = Field(description="Size as a fraction of the bone's diameter: < 1/3 (1), 1/3 to 2/3 (2), "
                                "> 2/3 (3).")


@calculator(
    id="mirels-criteria",
    name="Mirels' Criteria for Prophylactic Fixation",
    aliases=("Mirels’ Criteria for Prophylactic Fixation", "Mirels' Criteria for Prophylactic Fixation", "mirels"),
    kind="score",
    specialty="orthopedics",
    output=Output("points", "integer", 0, range=(4, 12), secondary=(
        Secondary("fracture_risk", "risk of pathological fracture: 4% (≤ 7), 15% (8) or 33% (≥ 9)", None, "text"),
    )),
    inputs=MirelsInputs,
    references=(
        Reference("Mirels H. Metastatic disease in long bones: a proposed scoring system for diagnosing impending "
                  "pathologic fractures. Clin Orthop Relat Res. 1989;(249):256-264."),
        Reference("MDCalc. Mirels' Criteria for Prophylactic Fixation."),
    ),
    formula="Site, pain, lesion type and size, each 1-3; total 4-12. ≤ 7: radiotherapy and observation (fracture "
    "risk about 4%); 8: clinical judgement (15%); ≥ 9: prophylactic fixation (33% or more).",
    description="Risk of pathological fracture through a metastatic lesion of a long bone, to decide on "
    "prophylactic fixation before radiotherapy.",
    example={"site": "peritrochanteric", "pain": "functional", "lesion": "lytic", "size": "1/3 to 2/3 of the diameter"},
)
def mirels_criteria(x: MirelsInputs, w: Working) -> int:
    total = sum_points(w, (category(w, "site", x.site, SITE), category(w, "pain", x.pain, PAIN),
                           category(w, "lesion", x.lesion, LESION), category(w, "size", x.size, SIZE)))
    risk = w.output("fracture_risk", "≥ 33%" if total >= 9 else "15%" if total == 8 else "4%")
    w.interpretation = ("≥ 9: prophylactic fixation indicated" if total >= 9 else
                        "8: clinical judgement; consider fixation" if total == 8 else
                        "≤ 7: radiotherapy and observation") + f" (fracture risk {risk})"
    return total
