"""Subaxial cervical spine Injury Classification and Severity scale (SLICS; Vaccaro 2007)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Finding, Inputs, choice
from ..points import category, finding, sum_points
from ..spec import Output, Reference, Working, calculator

MORPHOLOGY = {"no abnormality": 0, "compression": 1, "burst": 2, "distraction": 3, "rotation or translation": 4}
DLC = {"intact": 0, "indeterminate": 1, "disrupted": 2}
NEURO = {"intact": 0, "root injury": 1, "complete cord injury": 2, "incomplete cord injury": 3}


class SLICSInputs(Inputs):
    morphology: choice(*MORPHOLOGY) = Field(description="Injury morphology: 'no abnormality' (0), 'compression' (1), "
                                            "'burst' (2), 'distraction' (3: facet perch, hyperextension), 'rotation "
                                            "or translation' (4: facet dislocation, unstable teardrop).")
    discoligamentous_complex: choice(*DLC) = Field(description="Discoligamentous complex: 'intact' (0), "
                                                   "'indeterminate' (1: isolated interspinous widening, MRI signal "
                                                   "change only), 'disrupted' (2).")
    neurological_status: choice(*NEURO) = Field(description="Neurological status: 'intact' (0), 'root injury' (1), "
                                                 "'complete cord injury' (2), 'incomplete cord injury' (3).")
    continuous_cord_compression: bool = Finding("Continuous cord compression with a neurological deficit: +1.")


@calculator(
    id="slics",
    name="Subaxial Injury Classification and Severity Scale (SLICS)",
    aliases=("slic", "subaxial-injury-classification"),
    kind="score",
    specialty="emergency medicine",
    output=Output("points", "integer", 0, range=(0, 10)),
    inputs=SLICSInputs,
    references=(
        Reference("Vaccaro AR, Hulbert RJ, Patel AA, et al. The subaxial cervical spine injury classification system: "
                  "a novel approach to recognize the importance of morphology, neurology, and integrity of the "
                  "disco-ligamentous complex. Spine. 2007;32(21):2365-2374."),
        Reference("MDCalc. Subaxial Injury Classification and Severity Scale (SLICS)."),
    ),
    formula="Morphology 0-4 + discoligamentous complex 0-2 + neurological status 0-3 + continuous cord compression "
    "with deficit 1. ≤ 3 non-operative, 4 either, ≥ 5 operative.",
    description="Classification and treatment guide for subaxial (C3-C7) cervical spine injuries, from imaging "
    "morphology, ligament integrity and neurology.",
    example={"morphology": "rotation or translation", "discoligamentous_complex": "disrupted",
             "neurological_status": "incomplete cord injury", "continuous_cord_compression": True},
)
def slics(x: SLICSInputs, w: Working) -> int:
    total = sum_points(w, (
        category(w, "morphology", x.morphology, MORPHOLOGY),
        category(w, "discoligamentous complex", x.discoligamentous_complex, DLC),
        category(w, "neurological status", x.neurological_status, NEURO),
        finding(w, "continuous cord compression with deficit", x.continuous_cord_compression),
    ))
    w.interpretation = ("≤ 3: non-operative treatment" if total <= 3 else "4: operative or non-operative" if total == 4
                        else "≥ 5: operative treatment")
    return total
