"""Karnofsky Performance Status scale (Karnofsky 1949), with the equivalent ECOG grade."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..spec import Output, Reference, Secondary, Working, calculator

LEVELS = {
    "normal, no complaints, no evidence of disease": 100,
    "able to carry on normal activity, minor signs or symptoms": 90,
    "normal activity with effort, some signs or symptoms": 80,
    "cares for self, unable to carry on normal activity or do active work": 70,
    "requires occasional assistance but able to care for most needs": 60,
    "requires considerable assistance and frequent medical care": 50,
    "disabled, requires special care and assistance": 40,
    "severely disabled, hospitalisation indicated though death not imminent": 30,
    "very sick, hospitalisation necessary, active supportive treatment necessary": 20,
    "moribund, fatal processes progressing rapidly": 10,
    "dead": 0,
}
Level = choice(*LEVELS)
# the ECOG grade usually equated with each Karnofsky band (Oken 1982; Buccheri 1996)
ECOG = ((90, 0), (70, 1), (50, 2), (30, 3), (10, 4), (0, 5))


class KarnofskyInputs(Inputs):
    status: Level = Field(description="The description that fits the patient: " + "; ".join(
        f"'{d}' ({v})" for d, v in LEVELS.items()) + ".")


@calculator(
    id="karnofsky",
    name="Karnofsky Performance Status Scale",
    aliases=("kps", "karnofsky-performance-status"),
    kind="score",
    specialty="oncology",
    output=Output("points", "integer", 0, range=(0, 100), secondary=(
        Secondary("ecog", "the corresponding ECOG performance status", None, "integer"),)),
    inputs=KarnofskyInputs,
    references=(
        Reference("Karnofsky DA, Burchenal JH. The clinical evaluation of chemotherapeutic agents in cancer. In: "
                  "MacLeod CM, ed. Evaluation of Chemotherapeutic Agents. Columbia University Press; 1949:191-205."),
        Reference("Oken MM, Creech RH, Tormey DC, et al. Toxicity and response criteria of the Eastern Cooperative "
                  "Oncology Group. Am J Clin Oncol. 1982;5(6):649-655."),
        Reference("MDCalc. Karnofsky Performance Status Scale."),
    ),
    formula="100 normal ... 10 moribund, 0 dead, in steps of 10. ECOG equivalent: 100-90 → 0, 80-70 → 1, 60-50 → 2, "
    "40-30 → 3, 20-10 → 4, 0 → 5.",
    description="Functional status of patients with cancer (ability to work, self-care and need for medical care), "
    "used for prognosis and treatment eligibility.",
    example={"status": "requires considerable assistance and frequent medical care"},
)
def karnofsky(x: KarnofskyInputs, w: Working) -> int:
    kps = w.step("Karnofsky", x.status, LEVELS[x.status], "points")
    ecog = w.output("ecog", next(grade for floor, grade in ECOG if kps >= floor))
    w.interpretation = f"KPS {kps}: {x.status}; corresponds to ECOG {ecog}"
    return kps
