"""IIEF-5: International Index of Erectile Function, 5-item version (SHIM; Rosen 1999)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs
from ..scales import item, score_items
from ..spec import Output, Reference, Secondary, Working, calculator

OVER_6_MONTHS = "Over the past 6 months, "
ITEMS = (("confidence", "confidence in getting and keeping an erection"),
         ("hard_enough", "erections hard enough for penetration"), ("maintain_after_penetration", "maintaining the "
                                                                                                  "erection after "
                                                                                                  "penetration"),
         ("maintain_to_completion", "difficulty maintaining the erection to completion"),
         ("satisfactory", "intercourse satisfactory"))
BANDS = ((22, "No erectile dysfunction"), (17, "Mild erectile dysfunction"), (12, "Mild to moderate erectile "
                                                                                   "dysfunction"),
         (8, "Moderate erectile dysfunction"), (0, "Severe erectile dysfunction"))


class IIEF5Inputs(Inputs):
    confidence: item(5) = Field(description=f"{OVER_6_MONTHS}confidence that you could get and keep an erection: "
                                "1 very low ... 5 very high.")
    hard_enough: item(5) = Field(description=f"{OVER_6_MONTHS}with sexual stimulation, how often erections were hard "
                                 "enough for penetration: 0 no sexual activity, 1 almost never ... 5 almost always.")
    maintain_after_penetration: item(5) = Field(description=f"{OVER_6_MONTHS}how often able to maintain the erection "
                                                "after penetration: 0 did not attempt, 1 almost never ... 5 almost "
                                                "always.")
    maintain_to_completion: item(5) = Field(description=f"{OVER_6_MONTHS}how difficult to maintain the erection to "
                                            "completion: 0 did not attempt, 1 extremely difficult ... 5 not "
                                            "difficult.")
    satisfactory: item(5) = Field(description=f"{OVER_6_MONTHS}how often intercourse was satisfactory: 0 did not "
                                  "attempt, 1 almost never ... 5 almost always.")


@calculator(
    id="iief-5",
    name="International Index of Erectile Function (IIEF-5)",
    aliases=("International Index of Erectile Function (IIEF-5)", "shim", "iief5"),
    kind="score",
    specialty="urology",
    output=Output("points", "integer", 0, range=(1, 25), secondary=(
        Secondary("severity", "No (22-25), mild (17-21), mild to moderate (12-16), moderate (8-11) or severe (5-7) "
                  "erectile dysfunction", None, "text"),
    )),
    inputs=IIEF5Inputs,
    references=(
        Reference("Rosen RC, Cappelleri JC, Smith MD, Lipsky J, Peña BM. Development and evaluation of an abridged, "
                  "5-item version of the International Index of Erectile Function (IIEF-5) as a diagnostic tool for "
                  "erectile dysfunction. Int J Impot Res. 1999;11(6):319-326.", "https://doi.org/10.1038/sj.ijir.3900472"),
        Reference("MDCalc. International Index of Erectile Function (IIEF-5)."),
    ),
    formula="Five items each 1-5 (0 where there was no sexual activity); total 1-25: 22-25 no, 17-21 mild, 12-16 "
    "mild to moderate, 8-11 moderate, 5-7 severe erectile dysfunction.",
    description="Self-reported erectile function over the past 6 months (the Sexual Health Inventory for Men).",
    example={"confidence": 2, "hard_enough": 2, "maintain_after_penetration": 2, "maintain_to_completion": 2,
             "satisfactory": 2},
)
def iief5(x: IIEF5Inputs, w: Working) -> int:
    total = score_items(w, [(what, getattr(x, name), 5) for name, what in ITEMS])
    severity = w.output("severity", next(text for floor, text in BANDS if total >= floor))
    w.interpretation = severity.lower()
    return total
