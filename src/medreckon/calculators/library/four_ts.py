"""4Ts score for heparin-induced thrombocytopenia (Lo 2006)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice, q
from ..points import category, sum_points
from ..spec import Output, Reference, Working, calculator, fmt, invalid

PlateletCount = q("10^9/L", ge=0, plausible=(1, 2000), units=("10^9/L", "10^3/uL", "/uL"))
TIMING = {"days_5_to_10_or_1_day_with_recent_heparin": 2, "unclear_or_after_day_10_or_1_day_with_older_heparin": 1,
          "within_4_days_without_recent_heparin": 0}
THROMBOSIS = {"new_thrombosis_skin_necrosis_or_systemic_reaction": 2,
              "progressive_recurrent_or_suspected_thrombosis_or_erythematous_lesions": 1, "none": 0}
OTHER_CAUSES = {"none_apparent": 2, "possible": 1, "definite": 0}


class FourTsInputs(Inputs):
    platelet_peak: PlateletCount = Field(description="Highest platelet count before the fall, ×10⁹/L.")
    platelet_nadir: PlateletCount = Field(description="Lowest platelet count (nadir), ×10⁹/L.")
    timing: choice(*TIMING) = Field(description=(
        "Timing of the fall: 'days_5_to_10_or_1_day_with_recent_heparin' (clear onset on days 5-10, or within 1 day "
        "with heparin in the past 30 days, 2); 'unclear_or_after_day_10_or_1_day_with_older_heparin' (consistent "
        "with days 5-10 but unclear, onset after day 10, or within 1 day with heparin 30-100 days ago, 1); "
        "'within_4_days_without_recent_heparin' (0)."))
    thrombosis: choice(*THROMBOSIS) = Field(description=(
        "'new_thrombosis_skin_necrosis_or_systemic_reaction' (confirmed new thrombosis, skin necrosis, or acute "
        "systemic reaction after an IV heparin bolus, 2); "
        "'progressive_recurrent_or_suspected_thrombosis_or_erythematous_lesions' (1); 'none' (0)."))
    other_causes: choice(*OTHER_CAUSES) = Field(description="Other causes of thrombocytopenia: 'none_apparent' (2), "
                                                "'possible' (1), 'definite' (0).")


@calculator(
    id="four-ts",
    name="4Ts Score for Heparin-Induced Thrombocytopenia",
    aliases=("4ts", "4ts-score", "4-ts"),
    kind="score",
    specialty="hematology",
    output=Output("points", "integer", 0, range=(0, 8)),
    inputs=FourTsInputs,
    references=(
        Reference("Lo GK, Juhl D, Warkentin TE, Sigouin CS, Eichler P, Greinacher A. Evaluation of pretest clinical "
                  "score (4 T's) for the diagnosis of heparin-induced thrombocytopenia in two clinical settings. J "
                  "Thromb Haemost. 2006;4(4):759-765.", "https://doi.org/10.1111/j.1538-7836.2006.01787.x"),
        Reference("MDCalc. 4Ts Score for Heparin-Induced Thrombocytopenia.",
                  "https://www.mdcalc.com/calc/1673/4ts-score-heparin-induced-thrombocytopenia"),
    ),
    formula="Thrombocytopenia: fall > 50% and nadir ≥ 20 ×10⁹/L: 2; fall 30-50% or nadir 10-19: 1; fall < 30% or "
    "nadir < 10: 0. + timing (0-2) + thrombosis or other sequelae (0-2) + other causes (none 2, possible 1, definite "
    "0). 0-3 low, 4-5 intermediate, 6-8 high probability of HIT.",
    description="Pretest probability of heparin-induced thrombocytopenia; a low score (≤ 3) has a high negative "
    "predictive value. A fall of exactly 50% is in the 30-50% band.",
    example={"platelet_peak": 220, "platelet_nadir": 90, "timing": "days_5_to_10_or_1_day_with_recent_heparin",
             "thrombosis": "none", "other_causes": "none_apparent"},
)
def four_ts(x: FourTsInputs, w: Working) -> int:
    if x.platelet_nadir > x.platelet_peak or x.platelet_peak <= 0:
        raise invalid("platelet_nadir", x.platelet_nadir, f"a nadir at or below the peak {fmt(x.platelet_peak)} ×10⁹/L",
                      "the two counts may be swapped")
    fall = w.step("platelet fall", lambda: f"({fmt(x.platelet_peak)} − {fmt(x.platelet_nadir)}) / "
                  f"{fmt(x.platelet_peak)}", 100 * (x.platelet_peak - x.platelet_nadir) / x.platelet_peak, "%")
    f, nadir = round(fall, 6), x.platelet_nadir
    points = 2 if f > 50 and nadir >= 20 else 1 if 30 <= f <= 50 or 10 <= nadir < 20 else 0
    total = sum_points(w, (
        w.step("thrombocytopenia", f"fall {fmt(fall, 1)}%, nadir {fmt(nadir)} ×10⁹/L", points, "points"),
        category(w, "timing", x.timing, TIMING),
        category(w, "thrombosis or other sequelae", x.thrombosis, THROMBOSIS),
        category(w, "other causes of thrombocytopenia", x.other_causes, OTHER_CAUSES),
    ))
    w.interpretation = (f"{total}: " + ("low probability of HIT (≤ 5%)" if total <= 3 else
                                        "intermediate probability of HIT (about 14%)" if total <= 5 else
                                        "high probability of HIT (about 64%)"))
    return total
