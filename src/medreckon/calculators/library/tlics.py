"""Thoracolumbar Injury Classification and Severity score (TLICS; Vaccaro 2005)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..points import category, sum_points
from ..spec import Output, Reference, Working, calculator

MORPHOLOGY = {"compression": 1, "burst": 2, "translation or rotation": 3, "distraction": 4}
NEURO = {"intact": 0, "nerve root": 2, "complete cord or conus": 2, "incomplete cord or conus": 3, "cauda equina": 3}
PLC = {"intact": 0, "indeterminate": 2, "injured": 3}


class TLICSInputs(Inputs):
    morphology: choice(*MORPHOLOGY) = Field(description="Injury morphology: 'compression' (1), 'burst' (2), "
                                            "'translation or rotation' (3), 'distraction' (4).")
    neurological_status: choice(*NEURO) = Field(description="Neurological involvement: 'intact' (0), 'nerve root' "
                                                "(2), 'complete cord or conus' (2), 'incomplete cord or conus' (3), "
                                                "'cauda equina' (3).")
    posterior_ligamentous_complex: choice(*PLC) = Field(description="Posterior ligamentous complex: 'intact' (0), "
                                                        "'indeterminate' (2: suspected), 'injured' (3).")


@calculator(
    id="tlics",
    name="Thoracolumbar Injury Classification and Severity Scale (TLICS)",
    aliases=("tlics-score", "thoracolumbar-injury-classification"),
    kind="score",
    specialty="emergency medicine",
    output=Output("points", "integer", 0, range=(1, 10)),
    inputs=TLICSInputs,
    references=(
        Reference("Vaccaro AR, Lehman RA Jr, Hurlbert RJ, et al. A new classification of thoracolumbar injuries: the "
                  "importance of injury morphology, the integrity of the posterior ligamentous complex, and "
                  "neurologic status. Spine. 2005;30(20):2325-2333."),
        Reference("MDCalc. Thoracolumbar Injury Classification and Severity Scale (TLICS)."),
    ),
    formula="Morphology: compression 1, burst 2, translation/rotation 3, distraction 4; neurology: intact 0, nerve "
    "root 2, complete cord/conus 2, incomplete cord/conus 3, cauda equina 3; PLC intact 0, indeterminate 2, injured "
    "3. ≤ 3 non-operative, 4 either, ≥ 5 operative.",
    description="Classification and treatment guide for thoracolumbar spine injuries, from CT/MRI morphology, the "
    "posterior ligamentous complex and neurology.",
    example={"morphology": "burst", "neurological_status": "intact", "posterior_ligamentous_complex": "injured"},
)
def tlics(x: TLICSInputs, w: Working) -> int:
    total = sum_points(w, (
        category(w, "morphology", x.morphology, MORPHOLOGY),
        category(w, "neurological status", x.neurological_status, NEURO),
        category(w, "posterior ligamentous complex", x.posterior_ligamentous_complex, PLC),
    ))
    w.interpretation = ("≤ 3: non-operative treatment" if total <= 3 else "4: operative or non-operative" if total == 4
                        else "≥ 5: operative treatment")
    return total
