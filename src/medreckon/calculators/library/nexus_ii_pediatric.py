"""NEXUS II head CT decision instrument in children with blunt head trauma (Oman 2006)."""

from __future__ import annotations

from ..fields import Finding, Inputs
from ..points import any_of
from ..spec import Output, Reference, Working, calculator

RESULTS = ("High risk", "Low risk")
CRITERIA = (
    ("skull_fracture", "evidence of significant skull fracture"), ("scalp_hematoma", "scalp haematoma"),
    ("neurologic_deficit", "neurological deficit"), ("altered_alertness", "abnormal level of alertness"),
    ("abnormal_behavior", "abnormal behaviour"), ("persistent_vomiting", "persistent vomiting"),
    ("coagulopathy", "coagulopathy"),
)


class NEXUSIIPediatricInputs(Inputs):
    skull_fracture: bool = Finding("Evidence of a significant skull fracture.")
    scalp_hematoma: bool = Finding("Scalp haematoma.")
    neurologic_deficit: bool = Finding("Neurological deficit.")
    altered_alertness: bool = Finding("Abnormal level of alertness.")
    abnormal_behavior: bool = Finding("Abnormal behaviour.")
    persistent_vomiting: bool = Finding("Persistent vomiting.")
    coagulopathy: bool = Finding("Coagulopathy.")


@calculator(
    id="nexus-ii-pediatric",
    name="Pediatric NEXUS II Head CT Decision Instrument for Blunt Trauma",
    aliases=("Pediatric NEXUS II Head CT Decision Instrument for Blunt Trauma", "nexus-ii-head-ct-pediatric"),
    kind="score",
    specialty="pediatrics",
    output=Output(None, "category", categories=RESULTS),
    inputs=NEXUSIIPediatricInputs,
    references=(
        Reference("Oman JA, Cooper RJ, Holmes JF, et al. Performance of a decision rule to predict need for "
                  "computed tomography among children with blunt head trauma. Pediatrics. 2006;117(2):e238-e246.",
                  "https://doi.org/10.1542/peds.2005-1063"),
        Reference("MDCalc. Pediatric NEXUS II Head CT Decision Instrument for Blunt Trauma."),
    ),
    formula="Any of: significant skull fracture, scalp haematoma, neurological deficit, abnormal alertness, abnormal "
    "behaviour, persistent vomiting, coagulopathy → high risk of significant intracranial injury (consider CT); none "
    "→ low risk.",
    description="Identifies children with blunt head trauma who need CT; its sensitivity was lower in children "
    "under 3 years, where PECARN is preferred.",
    example={"scalp_hematoma": True, "altered_alertness": True},
)
def nexus_ii_pediatric(x: NEXUSIIPediatricInputs, w: Working) -> str:
    high = any_of(w, "NEXUS II criteria present", [(what, getattr(x, name)) for name, what in CRITERIA])
    w.interpretation = ("high risk: consider head CT" if high else
                        "low risk of significant intracranial injury: CT may not be needed")
    return RESULTS[not high]
