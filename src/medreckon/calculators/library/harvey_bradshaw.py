"""Harvey-Bradshaw Index (HBI) for Crohn's disease (Harvey & Bradshaw 1980)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..fields import Finding, Inputs, choice
from ..points import category, finding, sum_points
from ..spec import Output, Reference, Working, calculator

WELL_BEING = {"very_well": 0, "slightly_below_par": 1, "poor": 2, "very_poor": 3, "terrible": 4}
PAIN = {"none": 0, "mild": 1, "moderate": 2, "severe": 3}
MASS = {"none": 0, "dubious": 1, "definite": 2, "definite_and_tender": 3}
COMPLICATIONS = ("arthralgia", "uveitis", "erythema_nodosum", "aphthous_ulcers", "pyoderma_gangrenosum",
                 "anal_fissure", "new_fistula", "abscess")


class HBIInputs(Inputs):
    general_well_being: choice(*WELL_BEING) = Field(description="General well-being on the previous day: "
                                                    "'very_well' (0), 'slightly_below_par' (1), 'poor' (2), "
                                                    "'very_poor' (3), 'terrible' (4).")
    abdominal_pain: choice(*PAIN) = Field(description="Abdominal pain on the previous day: 'none', 'mild', "
                                          "'moderate', 'severe' (0-3).")
    liquid_stools: Annotated[int, Field(ge=0, le=100)] = Field(description="Number of liquid or soft stools on the "
                                                               "previous day (1 point each).")
    abdominal_mass: choice(*MASS) = Field(description="Abdominal mass: 'none', 'dubious', 'definite', "
                                          "'definite_and_tender' (0-3).")
    arthralgia: bool = Finding("Complication: arthralgia (1).")
    uveitis: bool = Finding("Complication: uveitis (1).")
    erythema_nodosum: bool = Finding("Complication: erythema nodosum (1).")
    aphthous_ulcers: bool = Finding("Complication: aphthous ulcers (1).")
    pyoderma_gangrenosum: bool = Finding("Complication: pyoderma gangrenosum (1).")
    anal_fissure: bool = Finding("Complication: anal fissure (1).")
    new_fistula: bool = Finding("Complication: new fistula (1).")
    abscess: bool = Finding("Complication: abscess (1).")


@calculator(
    id="harvey-bradshaw",
    name="Harvey-Bradshaw Index (HBI) for Crohn's Disease",
    aliases=("hbi", "harvey-bradshaw-index"),
    kind="score",
    specialty="gastroenterology",
    output=Output("points", "integer", 0, range=(0, 118)),  # 4 + 3 + 100 stools + 3 + 8
    inputs=HBIInputs,
    references=(
        Reference("Harvey RF, Bradshaw JM. A simple index of Crohn's-disease activity. Lancet. 1980;1(8167):514.",
                  "https://doi.org/10.1016/S0140-6736(80)92767-1"),
        Reference("Best WR. Predicting the Crohn's disease activity index from the Harvey-Bradshaw Index. Inflamm "
                  "Bowel Dis. 2006;12(4):304-310 (remission < 5, mild 5-7, moderate 8-16, severe > 16).",
                  "https://doi.org/10.1097/01.MIB.0000215091.77492.2a"),
    ),
    formula="General well-being 0-4 + abdominal pain 0-3 + number of liquid stools + abdominal mass 0-3 + 1 per "
    "complication (arthralgia, uveitis, erythema nodosum, aphthous ulcers, pyoderma gangrenosum, anal fissure, new "
    "fistula, abscess); all for the previous day. < 5 remission, 5-7 mild, 8-16 moderate, > 16 severe.",
    description="Simple index of Crohn's disease activity from the previous day's symptoms and examination.",
    example={"general_well_being": "poor", "abdominal_pain": "moderate", "liquid_stools": 7, "abdominal_mass": "none",
             "arthralgia": True},
)
def harvey_bradshaw(x: HBIInputs, w: Working) -> int:
    total = sum_points(w, (
        category(w, "general well-being", x.general_well_being, WELL_BEING),
        category(w, "abdominal pain", x.abdominal_pain, PAIN),
        w.step("liquid stools", f"{x.liquid_stools} stools", x.liquid_stools, "points"),
        category(w, "abdominal mass", x.abdominal_mass, MASS),
        *(finding(w, c.replace("_", " "), getattr(x, c)) for c in COMPLICATIONS),
    ))
    w.interpretation = ("< 5: remission" if total < 5 else "5-7: mild disease" if total <= 7 else
                        "8-16: moderate disease" if total <= 16 else "> 16: severe disease")
    return total
