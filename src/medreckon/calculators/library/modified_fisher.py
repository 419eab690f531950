"""Modified Fisher scale for subarachnoid haemorrhage on CT (Frontera 2006): grades 0-IV from the
thickness of cisternal blood and intraventricular haemorrhage."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..rules import Is, NotWhen
from ..spec import Output, Reference, Working, calculator

SAH = choice("none", "thin", "thick")
GRADES = ("Grade 0", "Grade I", "Grade II", "Grade III", "Grade IV")


class ModifiedFisherInputs(Inputs):
    sah: SAH = Field(description="Subarachnoid blood on CT: 'none'; 'thin' (focal or diffuse, thin: no cistern or "
                     "fissure completely filled, < 1 mm); 'thick' (focal or diffuse, thick: at least one cistern or "
                     "fissure completely filled with clot, ≥ 1 mm).")
    ivh: bool = Field(description="Intraventricular haemorrhage present (blood in the lateral ventricles). Not "
                      "graded without subarachnoid blood.")

    rules = (NotWhen("ivh", (Is("sah", "none"),), "no intraventricular blood when there is no subarachnoid blood",
                     "the modified Fisher scale grades subarachnoid haemorrhage; isolated IVH is not graded"),)


@calculator(
    id="modified-fisher",
    name="Modified Fisher Grading Scale for Subarachnoid Hemorrhage (SAH)",
    aliases=("modified-fisher-scale", "modified-fisher-grade"),
    kind="score",
    specialty="neurology",
    output=Output(None, "category", categories=GRADES),
    inputs=ModifiedFisherInputs,
    references=(
        Reference("Frontera JA, Claassen J, Schmidt JM, et al. Prediction of symptomatic vasospasm after "
                  "subarachnoid hemorrhage: the modified Fisher scale. Neurosurgery. 2006;59(1):21-27."),
        Reference("MDCalc. Modified Fisher Grading Scale for Subarachnoid Hemorrhage (SAH)."),
    ),
    formula="Grade 0: no SAH, no IVH. I: thin SAH, no IVH. II: thin SAH with IVH. III: thick SAH, no IVH. IV: thick "
    "SAH with IVH. Higher grades carry a higher risk of symptomatic vasospasm (crude OR vs grades 0-1: II 1.6, III "
    "1.6, IV 2.2; Frontera 2006).",
    description="Risk of symptomatic vasospasm after aneurysmal subarachnoid haemorrhage from the initial CT, "
    "graded from the radiologist's reading of clot thickness and intraventricular blood. Intraventricular blood "
    "without subarachnoid blood is not graded by this scale.",
    example={"sah": "thick", "ivh": True},
)
def modified_fisher(x: ModifiedFisherInputs, w: Working) -> str:
    index = {"none": 0, "thin": 1, "thick": 3}[x.sah] + (1 if x.ivh and x.sah != "none" else 0)
    grade = w.step("grade", f"SAH {x.sah}, IVH {'present' if x.ivh else 'absent'}", GRADES[index])
    w.interpretation = (f"{grade}: " + ("thick cisternal blood" if x.sah == "thick" else "no thick cisternal blood")
                        + (" with" if x.ivh else " without") + " intraventricular haemorrhage; risk of symptomatic "
                        "vasospasm rises with the grade")
    return grade
