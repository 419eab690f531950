"""Burned body surface area by Wallace's rule of nines (adults)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, Percent
from ..rules import AtLeastOne
from ..spec import Output, Reference, Working, calculator, fmt

# region -> % of the adult body surface (Wallace 1951)
REGIONS = {
    "head_and_neck": 9, "anterior_trunk": 18, "posterior_trunk": 18, "left_arm": 9, "right_arm": 9,
    "left_leg": 18, "right_leg": 18, "perineum": 1,
}
REGION_NOTE = ("percent OF THIS REGION burned (partial or full thickness; not superficial/first-degree), 0-100: "
               "the whole region is 100, not its share of the body. Not given: not burned.")


class RuleOfNinesInputs(Inputs):
    head_and_neck: Percent | None = Field(None, description=f"Head and neck (9% of the body): {REGION_NOTE}")
    anterior_trunk: Percent | None = Field(None, description=f"Front of the trunk, chest and abdomen (18%): {REGION_NOTE}")
    posterior_trunk: Percent | None = Field(None, description=f"Back of the trunk, including buttocks (18%): {REGION_NOTE}")
    left_arm: Percent | None = Field(None, description=f"Left upper limb, whole arm and hand (9%): {REGION_NOTE}")
    right_arm: Percent | None = Field(None, description=f"Right upper limb, whole arm and hand (9%): {REGION_NOTE}")
    left_leg: Percent | None = Field(None, description=f"Left lower limb, front and back (18%; 9% each side): {REGION_NOTE}")
    right_leg: Percent | None = Field(None, description=f"Right lower limb, front and back (18%; 9% each side): {REGION_NOTE}")
    perineum: Percent | None = Field(None, description=f"Perineum and genitalia (1%): {REGION_NOTE}")

    rules = (AtLeastOne(tuple(REGIONS), "inputs", "the burned percent of at least one body region",
                        "e.g. right_arm=100 for a whole right arm, anterior_trunk=50 for half the front of the trunk"),)


@calculator(
    id="rule-of-nines",
    name="Rule of Nines (Burn Surface Area, Adult)",
    aliases=("wallace-rule-of-nines", "burn-tbsa", "tbsa-burned"),
    kind="equation",
    specialty="critical care",
    output=Output("%", "decimal", 1, range=(0, 100)),
    inputs=RuleOfNinesInputs,
    references=(
        Reference("Wallace AB. The exposure treatment of burns. Lancet. 1951;1(6653):501-504.",
                  "https://doi.org/10.1016/S0140-6736(51)91975-7"),
        Reference("American College of Surgeons Committee on Trauma. Advanced Trauma Life Support (ATLS) Student "
                  "Course Manual, 10th edition. Chicago: ACS; 2018 (Chapter 9, Thermal injuries)."),
        Reference("MDCalc. Burn size (rule of nines) in the Parkland Formula for Burns.",
                  "https://www.mdcalc.com/calc/1996/parkland-formula-burns"),
    ),
    formula="%TBSA = Σ region share × fraction of the region burned: head and neck 9%, each arm 9%, anterior "
    "trunk 18%, posterior trunk 18%, each leg 18%, perineum 1% (total 100%). Partial- and full-thickness burns "
    "only. For adults; children's heads are larger (use a Lund-Browder chart).",
    description="Total body surface area burned in an adult, from the burned part of each body region, for "
    "burn-centre referral and fluid resuscitation (e.g. the Parkland formula).",
    example={"anterior_trunk": 50, "right_arm": 100, "right_leg": 50},
)
def rule_of_nines(x: RuleOfNinesInputs, w: Working) -> float:
    given = {name: getattr(x, name) for name in REGIONS if getattr(x, name) is not None}
    parts = [w.step(name.replace("_", " "), f"{REGIONS[name]}% × {fmt(pct)}%", REGIONS[name] * pct / 100, "%")
             for name, pct in given.items()]
    total = w.step("total body surface area burned", " + ".join(fmt(p, 2) for p in parts), sum(parts), "%")
    if total >= 20:
        w.interpretation = f"{fmt(total, 1)}% TBSA: major burn (≥ 20%): formula fluid resuscitation and burn-centre care"
    elif total > 10:
        w.interpretation = f"{fmt(total, 1)}% TBSA (> 10% partial thickness meets burn-centre referral criteria)"
    else:
        w.interpretation = f"{fmt(total, 1)}% TBSA"
    return total
