"""UAS: daily Urticaria Activity Score (EAACI/GA²LEN/EDF/WAO guideline)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Finding, Inputs, choice
from ..points import category, sum_points
from ..spec import Output, Reference, Working, calculator

PRURITUS = {"none": 0, "mild": 1, "moderate": 2, "intense": 3}


class UASInputs(Inputs):
    wheal_count: int = Field(ge=0, le=10000, description="Number of wheals in the last 24 hours: none 0, fewer than "
                             "20 scores 1, 20-50 2, more than 50 3.")
    large_confluent_wheals: bool = Finding("Large confluent areas of wheals (scores 3 whatever the count).")
    pruritus: choice(*PRURITUS) = Field(description="Itch over the last 24 hours: none (0); mild, present but not "
                                        "annoying or troublesome (1); moderate, troublesome but not interfering with "
                                        "daily activity or sleep (2); intense, severe enough to interfere with daily "
                                        "activity or sleep (3).")


@calculator(
    id="urticaria-activity-score",
    name="Urticaria Activity Score (UAS)",
    aliases=("Urticaria Activity Score (UAS)", "uas"),
    kind="score",
    specialty="dermatology",
    output=Output("points", "integer", 0, range=(0, 6)),
    inputs=UASInputs,
    references=(
        Reference("Zuberbier T, Aberer W, Asero R, et al. The EAACI/GA²LEN/EDF/WAO guideline for the definition, "
                  "classification, diagnosis and management of urticaria. Allergy. 2018;73(7):1393-1414.",
                  "https://doi.org/10.1111/all.13397"),
        Reference("Hawro T, Ohanyan T, Schoepke N, et al. The urticaria activity score: validity, reliability, and "
                  "responsiveness. J Allergy Clin Immunol Pract. 2018;6(4):1185-1190.",
                  "https://doi.org/10.1016/j.jaip.2017.10.001"),
        Reference("MDCalc. Urticaria Activity Score (UAS)."),
    ),
    formula="Wheals in 24 h: none 0, < 20 1, 20-50 2, > 50 or large confluent areas 3; pruritus none 0, mild 1, "
    "moderate 2, intense 3. Daily UAS 0-6; the sum over 7 consecutive days (UAS7, 0-42) grades chronic "
    "spontaneous urticaria.",
    description="Patient-recorded daily activity of chronic spontaneous urticaria; one day's score here (UAS7 adds "
    "seven of them).",
    example={"wheal_count": 60, "large_confluent_wheals": False, "pruritus": "intense"},
)
def urticaria_activity_score(x: UASInputs, w: Working) -> int:
    n = x.wheal_count
    wheals = 3 if x.large_confluent_wheals or n > 50 else 2 if n >= 20 else 1 if n >= 1 else 0
    total = sum_points(w, (
        w.step("wheals", f"{n} in 24 h" + (", large confluent areas" if x.large_confluent_wheals else ""), wheals,
               "points"),
        category(w, "pruritus", x.pruritus, PRURITUS),
    ))
    w.interpretation = f"daily UAS {total} of 6; add seven consecutive days for the UAS7 (0-42)"
    return total
