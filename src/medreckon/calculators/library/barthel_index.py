"""Barthel Index for activities of daily living (Mahoney & Barthel 1965), 0-100."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs
from ..scales import item, score_items
from ..spec import Output, Reference, Working, calculator

ITEMS = (("feeding", 10), ("bathing", 5), ("grooming", 5), ("dressing", 10), ("bowels", 10), ("bladder", 10),
         ("toilet_use", 10), ("transfers", 15), ("mobility", 15), ("stairs", 10))


class BarthelInputs(Inputs):
    feeding: item(10, (0, 5, 10)) = Field(description="Feeding: 0 unable, 5 needs help (cutting, spreading), 10 "
                                          "independent.")
    bathing: item(5, (0, 5)) = Field(description="Bathing: 0 dependent, 5 independent.")
    grooming: item(5, (0, 5)) = Field(description="Grooming (face, hair, teeth, shaving): 0 needs help, 5 "
                                      "independent.")
    dressing: item(10, (0, 5, 10)) = Field(description="Dressing: 0 dependent, 5 needs help but does about half, 10 "
                                           "independent (buttons, zips, laces).")
    bowels: item(10, (0, 5, 10)) = Field(description="Bowels: 0 incontinent (or needs enemas), 5 occasional accident, "
                                         "10 continent.")
    bladder: item(10, (0, 5, 10)) = Field(description="Bladder: 0 incontinent or catheterised and unable to manage, 5 "
                                          "occasional accident, 10 continent.")
    toilet_use: item(10, (0, 5, 10)) = Field(description="Toilet use: 0 dependent, 5 needs some help, 10 independent.")
    transfers: item(15, (0, 5, 10, 15)) = Field(description="Transfers bed to chair and back: 0 unable, no sitting "
                                                "balance; 5 major help (1-2 people), can sit; 10 minor help; 15 "
                                                "independent.")
    mobility: item(15, (0, 5, 10, 15)) = Field(description="Mobility on level surfaces: 0 immobile or < 50 yards; 5 "
                                               "wheelchair independent > 50 yards; 10 walks with help of one person "
                                               "> 50 yards; 15 independent (may use an aid) > 50 yards.")
    stairs: item(10, (0, 5, 10)) = Field(description="Stairs: 0 unable, 5 needs help, 10 independent.")


@calculator(
    id="barthel-index",
    name="Barthel Index for Activities of Daily Living (ADL)",
    aliases=("barthel", "barthel-adl"),
    kind="score",
    specialty="neurology",
    output=Output("points", "integer", 0, range=(0, 100)),
    inputs=BarthelInputs,
    references=(
        Reference("Mahoney FI, Barthel DW. Functional evaluation: the Barthel Index. Md State Med J. 1965;14:61-65."),
        Reference("Shah S, Vanclay F, Cooper B. Improving the sensitivity of the Barthel Index for stroke "
                  "rehabilitation. J Clin Epidemiol. 1989;42(8):703-709 (dependency bands)."),
        Reference("MDCalc. Barthel Index for Activities of Daily Living (ADL)."),
    ),
    formula="Feeding 0/5/10; bathing 0/5; grooming 0/5; dressing 0/5/10; bowels 0/5/10; bladder 0/5/10; toilet use "
    "0/5/10; transfers 0/5/10/15; mobility 0/5/10/15; stairs 0/5/10. Total 0-100: 0-20 total, 21-60 severe, 61-90 "
    "moderate, 91-99 slight dependency, 100 independent.",
    description="Independence in ten basic activities of daily living (what the patient does, not could do), used "
    "after stroke and in rehabilitation. Higher is more independent.",
    example={"feeding": 5, "bathing": 0, "grooming": 0, "dressing": 5, "bowels": 5, "bladder": 5, "toilet_use": 5,
             "transfers": 5, "mobility": 10, "stairs": 5},
)
def barthel_index(x: BarthelInputs, w: Working) -> int:
    total = score_items(w, tuple((name.replace("_", " "), getattr(x, name), top) for name, top in ITEMS))
    band = ("total dependency" if total <= 20 else "severe dependency" if total <= 60 else
            "moderate dependency" if total <= 90 else "slight dependency" if total < 100 else "independent")
    w.interpretation = f"Barthel {total} of 100: {band} (Shah 1989 bands)"
    return total
