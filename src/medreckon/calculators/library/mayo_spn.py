"""Solitary pulmonary nodule malignancy risk, Mayo Clinic model (Swensen 1997)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import Age, Finding, Inputs, q
from ..spec import Output, Reference, Working, calculator, fmt, invalid

NoduleDiameter = q("mm", gt=0, lt=300, plausible=(3, 50), units=("mm", "cm"))
# logistic coefficients (Swensen 1997)
INTERCEPT, AGE, SMOKER, CANCER, DIAMETER, SPICULATION, UPPER_LOBE = -6.8272, 0.0391, 0.7917, 1.3388, 0.1274, 1.0407, 0.7838
LARGEST = 30.0  # mm: a larger lesion is a mass, outside the model


class MayoSPNInputs(Inputs):
    age: Age = Field(description="Age in years.")
    smoker: bool = Finding("Current or former smoker.")
    extrathoracic_cancer: bool = Finding("Diagnosis of an extrathoracic cancer 5 or more years before the nodule.")
    diameter: NoduleDiameter = Field(description="Nodule diameter, mm by default ('1.2 cm' with its unit); 4-30 mm.")
    spiculation: bool = Finding("Spiculated margin on CT.")
    upper_lobe: bool = Finding("Nodule in an upper lobe.")


@calculator(
    id="mayo-spn",
    name="Solitary Pulmonary Nodule (SPN) Malignancy Risk Score (Mayo Clinic Model)",
    aliases=("mayo-nodule", "swensen-model", "spn-malignancy-risk"),
    kind="equation",
    specialty="pulmonology",
    output=Output("%", "decimal", 1, range=(0, 100)),
    inputs=MayoSPNInputs,
    references=(
        Reference("Swensen SJ, Silverstein MD, Ilstrup DM, Schleck CD, Edell ES. The probability of malignancy in "
                  "solitary pulmonary nodules. Application to small radiologically indeterminate nodules. Arch Intern "
                  "Med. 1997;157(8):849-855.", "https://doi.org/10.1001/archinte.1997.00440290031002"),
        Reference("MDCalc: Solitary Pulmonary Nodule (SPN) Malignancy Risk Score (Mayo Clinic Model).",
                  "https://www.mdcalc.com/calc/3886/solitary-pulmonary-nodule-spn-malignancy-risk-score-mayo-clinic-model"),
    ),
    formula="x = −6.8272 + 0.0391 × age + 0.7917 [smoker] + 1.3388 [extrathoracic cancer ≥ 5 y ago] + 0.1274 × "
    "diameter (mm) + 1.0407 [spiculation] + 0.7838 [upper lobe]; probability = e^x / (1 + e^x)",
    description="Pre-test probability that an indeterminate solitary pulmonary nodule (4-30 mm) is malignant, before "
    "PET; MDCalc's FDG-PET adjustment is not included (give it without PET).",
    example={"age": 68, "smoker": True, "extrathoracic_cancer": False, "diameter": 12, "spiculation": True,
             "upper_lobe": True},
)
def mayo_spn(x: MayoSPNInputs, w: Working) -> float:
    if x.diameter > LARGEST:
        raise invalid("diameter", x.diameter, f"a nodule of {fmt(LARGEST)} mm or less", "a larger lesion is a mass")
    logit = w.step("logit", f"−6.8272 + 0.0391 × {fmt(x.age)} + 0.7917 × {int(x.smoker)} + 1.3388 × "
                   f"{int(x.extrathoracic_cancer)} + 0.1274 × {fmt(x.diameter)} + 1.0407 × {int(x.spiculation)} + "
                   f"0.7838 × {int(x.upper_lobe)}",
                   INTERCEPT + AGE * x.age + SMOKER * x.smoker + CANCER * x.extrathoracic_cancer
                   + DIAMETER * x.diameter + SPICULATION * x.spiculation + UPPER_LOBE * x.upper_lobe)
    p = w.step("probability of malignancy", f"e^{fmt(logit, 4)} / (1 + e^{fmt(logit, 4)}) × 100",
               100 / (1 + math.exp(-logit)), "%")
    w.interpretation = f"{fmt(p, 1)}% probability of malignancy"
    return p
