"""Pediatric Glasgow Coma Scale, with the verbal and motor responses of preverbal children
(James & Trauner 1985; Holmes 2005)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..fields import Inputs
from ..points import sum_points
from ..spec import Output, Reference, Secondary, Working, calculator


class PediatricGCSInputs(Inputs):
    eye: Annotated[int, Field(ge=1, le=4)] = Field(description="Eye opening: 4 spontaneously, 3 to sound or speech, 2 "
                                                   "to pain, 1 none.")
    verbal: Annotated[int, Field(ge=1, le=5)] = Field(description="Verbal response. Under 2 years: 5 coos and "
                                                      "babbles, 4 irritable cry, 3 cries to pain, 2 moans to pain, 1 "
                                                      "none. Older children: 5 oriented, 4 confused, 3 inappropriate "
                                                      "words, 2 incomprehensible sounds, 1 none.")
    motor: Annotated[int, Field(ge=1, le=6)] = Field(description="Motor response: 6 moves spontaneously and "
                                                     "purposefully (infant) or obeys commands, 5 withdraws to touch "
                                                     "or localises pain, 4 withdraws to pain, 3 abnormal flexion "
                                                     "(decorticate), 2 abnormal extension (decerebrate), 1 none.")


@calculator(
    id="pediatric-gcs",
    name="Pediatric Glasgow Coma Scale (pGCS)",
    aliases=("Pediatric Glasgow Coma Scale (pGCS)", "pgcs", "paediatric-glasgow-coma-scale"),
    kind="score",
    specialty="pediatrics",
    output=Output("points", "integer", 0, range=(3, 15), secondary=(
        Secondary("components", "the score written as E V M", None, "text"),
    )),
    inputs=PediatricGCSInputs,
    references=(
        Reference("James HE, Trauner DA. The Glasgow Coma Scale. In: James HE, Anas NG, Perkin RM, eds. Brain "
                  "Insults in Infants and Children: Pathophysiology and Management. Orlando: Grune & Stratton; 1985."),
        Reference("Holmes JF, Palchak MJ, MacFarlane T, Kuppermann N. Performance of the pediatric Glasgow coma scale "
                  "in children with blunt head trauma. Acad Emerg Med. 2005;12(9):814-819.",
                  "https://doi.org/10.1197/j.aem.2005.04.019"),
        Reference("MDCalc. Pediatric Glasgow Coma Scale (pGCS)."),
    ),
    formula="Eye opening 1-4 + verbal response 1-5 + motor response 1-6; total 3-15, with age-appropriate verbal and "
    "motor descriptors for preverbal children. ≤ 8 severe, 9-12 moderate, 13-15 mild brain injury.",
    description="Level of consciousness in infants and children; the points are those of the adult scale, the "
    "descriptors fit the child's development.",
    example={"eye": 2, "verbal": 2, "motor": 4},
)
def pediatric_gcs(x: PediatricGCSInputs, w: Working) -> int:
    total = sum_points(w, (w.step("eye opening", f"E{x.eye}", x.eye, "points"),
                           w.step("verbal response", f"V{x.verbal}", x.verbal, "points"),
                           w.step("motor response", f"M{x.motor}", x.motor, "points")))
    w.output("components", f"E{x.eye} V{x.verbal} M{x.motor}")
    w.interpretation = ("≤ 8: severe brain injury (consider airway protection)" if total <= 8 else
                        "9-12: moderate brain injury" if total <= 12 else "13-15: mild brain injury")
    return total
