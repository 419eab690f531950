"""Rome IV diagnostic criteria for opioid-induced constipation (Lacy 2016)."""

from __future__ import annotations

from ..fields import Finding, Inputs
from ..spec import Output, Reference, Working, calculator

RESULTS = ("Positive", "Negative")
SYMPTOMS = (("straining", "straining in more than a quarter of defecations"),
            ("hard_stools", "lumpy or hard stools (Bristol 1-2) in more than a quarter of defecations"),
            ("incomplete_evacuation", "sensation of incomplete evacuation in more than a quarter of defecations"),
            ("anorectal_obstruction", "sensation of anorectal obstruction or blockage in more than a quarter of "
                                      "defecations"),
            ("manual_maneuvers", "manual manoeuvres to facilitate more than a quarter of defecations"),
            ("fewer_than_3_per_week", "fewer than 3 spontaneous bowel movements a week"))


class RomeIVOICInputs(Inputs):
    new_with_opioids: bool = Finding("New or worsening constipation when starting, changing or increasing opioid "
                                     "therapy.")
    straining: bool = Finding("Straining during more than a quarter (25%) of defecations.")
    hard_stools: bool = Finding("Lumpy or hard stools (Bristol types 1-2) in more than 25% of defecations.")
    incomplete_evacuation: bool = Finding("Sensation of incomplete evacuation in more than 25% of defecations.")
    anorectal_obstruction: bool = Finding("Sensation of anorectal obstruction or blockage in more than 25% of "
                                          "defecations.")
    manual_maneuvers: bool = Finding("Manual manoeuvres (digital evacuation, pelvic floor support) for more than 25% "
                                     "of defecations.")
    fewer_than_3_per_week: bool = Finding("Fewer than 3 spontaneous bowel movements per week.")
    loose_stools_rare: bool = Finding("Loose stools are rarely present without laxatives.")


@calculator(
    id="rome-iv-oic",
    name="Rome IV Diagnostic Criteria for Opioid-Induced Constipation",
    aliases=("Rome IV Diagnostic Criteria for Opioid-Induced Constipation", "opioid-induced-constipation-rome-iv"),
    kind="score",
    specialty="gastroenterology",
    output=Output(None, "category", categories=RESULTS),
    inputs=RomeIVOICInputs,
    references=(
        Reference("Lacy BE, Mearin F, Chang L, et al. Bowel disorders. Gastroenterology. 2016;150(6):1393-1407.",
                  "https://doi.org/10.1053/j.gastro.2016.02.031"),
        Reference("MDCalc. Rome IV Diagnostic Criteria for Opioid-Induced Constipation."),
    ),
    formula="All of: new or worsening constipation with opioid start, change or increase; ≥ 2 of straining, hard "
    "stools, incomplete evacuation, anorectal obstruction, manual manoeuvres (each in > 25% of defecations) or < 3 "
    "spontaneous bowel movements a week; loose stools rarely present without laxatives.",
    description="Whether constipation in a patient on opioids meets the Rome IV definition of opioid-induced "
    "constipation.",
    example={"new_with_opioids": True, "straining": True, "hard_stools": True, "incomplete_evacuation": True,
             "anorectal_obstruction": True, "manual_maneuvers": False, "fewer_than_3_per_week": True,
             "loose_stools_rare": True},
)
def rome_iv_oic(x: RomeIVOICInputs, w: Working) -> str:
    count = w.step("symptoms present", ", ".join(t for n, t in SYMPTOMS if getattr(x, n)) or "none",
                   sum(getattr(x, n) for n, _ in SYMPTOMS))
    met = x.new_with_opioids and count >= 2 and x.loose_stools_rare
    w.interpretation = ("meets the Rome IV criteria for opioid-induced constipation" if met else
                        "Rome IV criteria for opioid-induced constipation not met")
    return RESULTS[not met]
