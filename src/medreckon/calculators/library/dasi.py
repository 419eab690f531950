"""Duke Activity Status Index (Hlatky 1989): functional capacity from twelve activities, with the
estimated peak VO2 and METs."""

from __future__ import annotations

from ..fields import Finding, Inputs
from ..points import finding, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

ACTIVITIES = (
    ("self_care", "take care of yourself (eating, dressing, bathing, toilet)", 2.75),
    ("walk_indoors", "walk indoors, such as around your house", 1.75),
    ("walk_blocks", "walk a block or two on level ground", 2.75),
    ("climb_stairs", "climb a flight of stairs or walk up a hill", 5.50),
    ("run_short", "run a short distance", 8.00),
    ("light_housework", "do light work around the house (dusting, washing dishes)", 2.70),
    ("moderate_housework", "do moderate work around the house (vacuuming, sweeping, carrying groceries)", 3.50),
    ("heavy_housework", "do heavy work around the house (scrubbing floors, lifting or moving heavy furniture)", 8.00),
    ("yard_work", "do yard work (raking leaves, weeding, pushing a power mower)", 4.50),
    ("sexual_relations", "have sexual relations", 5.25),
    ("moderate_recreation", "take part in moderate recreation (golf, bowling, dancing, doubles tennis, throwing a "
     "ball)", 6.00),
    ("strenuous_sports", "take part in strenuous sports (swimming, singles tennis, football, basketball, skiing)", 7.50),
)


class DASIInputs(Inputs):
    self_care: bool = Finding("Can take care of self (eating, dressing, bathing, toilet): 2.75.")
    walk_indoors: bool = Finding("Can walk indoors, such as around the house: 1.75.")
    walk_blocks: bool = Finding("Can walk a block or two on level ground: 2.75.")
    climb_stairs: bool = Finding("Can climb a flight of stairs or walk up a hill: 5.50.")
    run_short: bool = Finding("Can run a short distance: 8.00.")
    light_housework: bool = Finding("Can do light work around the house (dusting, washing dishes): 2.70.")
    moderate_housework: bool = Finding("Can do moderate work around the house (vacuuming, sweeping, carrying "
                                       "groceries): 3.50.")
    heavy_housework: bool = Finding("Can do heavy work around the house (scrubbing floors, moving heavy furniture): "
                                    "8.00.")
    yard_work: bool = Finding("Can do yard work (raking leaves, weeding, pushing a power mower): 4.50.")
    sexual_relations: bool = Finding("Can have sexual relations: 5.25.")
    moderate_recreation: bool = Finding("Can take part in moderate recreational activities (golf, bowling, dancing, "
                                        "doubles tennis): 6.00.")
    strenuous_sports: bool = Finding("Can take part in strenuous sports (swimming, singles tennis, football, "
                                     "basketball, skiing): 7.50.")


@calculator(
    id="dasi",
    name="Duke Activity Status Index (DASI)",
    aliases=("duke-activity-status-index",),
    kind="score",
    specialty="cardiology",
    output=Output("points", "decimal", 2, range=(0, 58.2), secondary=(
        Secondary("vo2_peak", "estimated peak oxygen uptake", "mL/kg/min", "decimal", 1),
        Secondary("mets", "estimated functional capacity", "MET", "decimal", 2),
    )),
    inputs=DASIInputs,
    references=(
        Reference("Hlatky MA, Boineau RE, Higginbotham MB, et al. A brief self-administered questionnaire to "
                  "determine functional capacity (the Duke Activity Status Index). Am J Cardiol. "
                  "1989;64(10):651-654."),
        Reference("MDCalc. Duke Activity Status Index (DASI)."),
    ),
    formula="DASI = sum of the weights of the activities the patient can do (maximum 58.2); peak VO2 (mL/kg/min) = "
    "0.43 × DASI + 9.6; METs = VO2 / 3.5.",
    description="Self-reported functional capacity, used before non-cardiac surgery (DASI > 34, about 4 METs, "
    "predicts fewer cardiac complications) and in heart disease.",
    example={"self_care": True, "walk_indoors": True, "walk_blocks": True, "climb_stairs": True,
             "light_housework": True, "moderate_housework": True, "sexual_relations": True,
             "moderate_recreation": True},
)
def dasi(x: DASIInputs, w: Working) -> float:
    total = sum_points(w, [finding(w, what, getattr(x, name), weight) for name, what, weight in ACTIVITIES],
                       show=lambda p: fmt(p, 2))
    vo2 = w.output("vo2_peak", w.step("peak VO2", f"0.43 × {fmt(total, 2)} + 9.6", 0.43 * total + 9.6, "mL/kg/min"))
    mets = w.output("mets", w.step("METs", f"{fmt(vo2, 2)} / 3.5", vo2 / 3.5, "MET"))
    w.interpretation = (f"DASI {fmt(total, 2)}: about {fmt(mets, 1)} METs" +
                        ("; > 34 (≈ 4 METs) predicts fewer perioperative cardiac events" if total > 34 else ""))
    return total
