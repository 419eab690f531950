"""Modified Sgarbossa criteria for acute coronary occlusion in left bundle branch block (Smith 2012)."""

from __future__ import annotations

from ..fields import Finding, Inputs
from ..points import any_of
from ..spec import Output, Reference, Working, calculator

LABELS = ("Positive", "Negative")


class SgarbossaInputs(Inputs):
    concordant_ste: bool = Finding("Concordant ST elevation ≥ 1 mm in any lead with a positive QRS complex.")
    concordant_std_v1_v3: bool = Finding("Concordant ST depression ≥ 1 mm in any of V1-V3.")
    excessively_discordant_ste: bool = Finding(
        "Proportionally excessive discordant ST elevation: in any lead, ST elevation at the J point ≥ 1 mm and at "
        "least 25% of the depth of the preceding S wave (ST/S ratio ≤ −0.25). Replaces Sgarbossa's fixed 5 mm.")


@calculator(
    id="modified-sgarbossa",
    name="Modified Sgarbossa's Criteria for MI in Left Bundle Branch Block",
    aliases=("smith-modified-sgarbossa", "modified-sgarbossa-criteria"),
    kind="score",
    specialty="cardiology",
    output=Output(None, "category", categories=LABELS),
    inputs=SgarbossaInputs,
    references=(
        Reference("Smith SW, Dodd KW, Henry TD, Dvorak DM, Pearce LA. Diagnosis of ST-elevation myocardial infarction "
                  "in the presence of left bundle branch block with the ST-elevation to S-wave ratio in a modified "
                  "Sgarbossa rule. Ann Emerg Med. 2012;60(6):766-776."),
        Reference("Sgarbossa EB, Pinski SL, Barbagelata A, et al. Electrocardiographic diagnosis of evolving acute "
                  "myocardial infarction in the presence of left bundle-branch block. N Engl J Med. "
                  "1996;334(8):481-487."),
        Reference("MDCalc. Modified Sgarbossa's Criteria for MI in Left Bundle Branch Block."),
    ),
    formula="Positive when any holds: concordant ST elevation ≥ 1 mm in a lead with a positive QRS; concordant ST "
    "depression ≥ 1 mm in V1-V3; discordant ST elevation ≥ 1 mm that is ≥ 25% of the preceding S-wave depth.",
    description="ECG diagnosis of acute coronary occlusion (STEMI equivalent) in left bundle branch block or a "
    "ventricular paced rhythm; the modified third criterion is proportional to the S wave. The ECG reading is "
    "the clinician's; this applies the rule.",
    example={"concordant_ste": False, "concordant_std_v1_v3": False, "excessively_discordant_ste": True},
)
def modified_sgarbossa(x: SgarbossaInputs, w: Working) -> str:
    met = any_of(w, "criteria met", (("concordant ST elevation", x.concordant_ste),
                                     ("concordant ST depression V1-V3", x.concordant_std_v1_v3),
                                     ("excessively discordant ST elevation", x.excessively_discordant_ste)), 1, None)
    label = LABELS[0] if met else LABELS[1]
    w.interpretation = ("positive: acute coronary occlusion likely; treat as STEMI" if met else
                        "negative: no modified Sgarbossa criterion met (does not exclude MI)")
    return label
