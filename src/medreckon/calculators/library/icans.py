"""Immune effector cell-associated neurotoxicity syndrome (ICANS) consensus grading for adults (ASTCT, Lee 2019)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..fields import Finding, Inputs, choice
from ..points import category
from ..spec import Output, Reference, Working, calculator

CONSCIOUSNESS = {"alert": 0, "awakens_spontaneously": 1, "awakens_to_voice": 2, "awakens_only_to_tactile_stimulus": 3,
                 "unarousable": 4}
SEIZURE = {"none": 0, "resolves_rapidly_or_nonconvulsive_resolving": 3, "prolonged_or_repetitive": 4}
ICP = {"none": 0, "focal_edema": 3, "diffuse_edema_or_signs_of_raised_icp": 4}
GRADES = ("No ICANS", "Grade 1", "Grade 2", "Grade 3", "Grade 4")


class ICANSInputs(Inputs):
    ice_score: Annotated[int, Field(ge=0, le=10)] = Field(description=(
        "Immune effector cell encephalopathy (ICE) score 0-10: 10 is normal (grade 0), 7-9 grade 1, 3-6 grade 2, 0-2 "
        "grade 3. An unarousable patient scores 0 (and is grade 4 by consciousness)."))
    consciousness: choice(*CONSCIOUSNESS) = Field(description=(
        "Depressed level of consciousness: 'alert' (0); 'awakens_spontaneously' (1); 'awakens_to_voice' (2); "
        "'awakens_only_to_tactile_stimulus' (3); 'unarousable' (needs vigorous or repetitive stimuli, or stupor or "
        "coma, 4)."))
    seizure: choice(*SEIZURE) = Field(description="'none'; 'resolves_rapidly_or_nonconvulsive_resolving' (any "
                                      "clinical seizure that resolves rapidly, or non-convulsive EEG seizures that "
                                      "resolve with intervention, 3); 'prolonged_or_repetitive' (> 5 minutes, or "
                                      "repetitive without return to baseline between them, 4).")
    deep_focal_motor_weakness: bool = Finding("Deep focal motor weakness such as hemiparesis or paraparesis (4).")
    raised_icp: choice(*ICP) = Field(description="Raised intracranial pressure / cerebral oedema: 'none'; "
                                     "'focal_edema' (focal or local oedema on neuroimaging, 3); "
                                     "'diffuse_edema_or_signs_of_raised_icp' (diffuse oedema, decerebrate or "
                                     "decorticate posturing, cranial nerve VI palsy, papilloedema or Cushing's triad, "
                                     "4).")


@calculator(
    id="icans",
    name="Immune Effector Cell-Associated Neurotoxicity Syndrome (ICANS) Consensus Grading for Adults",
    aliases=("icans-grading", "icans-grade"),
    kind="score",
    specialty="oncology",
    output=Output(None, "category", categories=GRADES),
    inputs=ICANSInputs,
    references=(
        Reference("Lee DW, Santomasso BD, Locke FL, et al. ASTCT consensus grading for cytokine release syndrome and "
                  "neurologic toxicity associated with immune effector cells. Biol Blood Marrow Transplant. "
                  "2019;25(4):625-638.", "https://doi.org/10.1016/j.bbmt.2018.12.758"),
    ),
    formula="Grade = the most severe of: ICE score (10: 0, 7-9: 1, 3-6: 2, 0-2: 3, unarousable: 4); depressed "
    "consciousness (awakens spontaneously 1, to voice 2, only to touch 3, unarousable 4); seizure (rapidly resolving "
    "3, prolonged or repetitive 4); deep focal motor weakness 4; raised ICP (focal oedema 3, diffuse oedema or signs "
    "4). Not attributable to another cause.",
    description="Grade of neurotoxicity after CAR T-cell or other immune effector cell therapy in adults (ASTCT "
    "consensus); the ICE score screens encephalopathy.",
    example={"ice_score": 8, "consciousness": "alert", "seizure": "none", "deep_focal_motor_weakness": False,
             "raised_icp": "none"},
)
def icans(x: ICANSInputs, w: Working) -> str:
    ice = w.step("ICE score", f"{x.ice_score}/10", 0 if x.ice_score == 10 else 1 if x.ice_score >= 7 else
                 2 if x.ice_score >= 3 else 3)
    grade = max(ice, category(w, "consciousness", x.consciousness, CONSCIOUSNESS),
                category(w, "seizure", x.seizure, SEIZURE),
                w.step("motor findings", "deep focal weakness" if x.deep_focal_motor_weakness else "none",
                       4 * x.deep_focal_motor_weakness),
                category(w, "raised ICP / cerebral oedema", x.raised_icp, ICP))
    w.step("ICANS grade", "the most severe domain", grade)
    w.interpretation = f"{GRADES[grade]}" + ("" if grade == 0 else " ICANS")
    return GRADES[grade]
