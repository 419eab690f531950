"""Alcohol Use Disorders Identification Test (AUDIT; WHO, Babor 2001)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..fields import Inputs, choice
from ..points import category, sum_points
from ..spec import Output, Reference, Working, calculator

Item = Annotated[int, Field(ge=0, le=4)]
INJURY_OR_CONCERN = {"no": 0, "yes_not_in_last_year": 2, "yes_during_last_year": 4}
FREQUENCY = "0 never, 1 less than monthly, 2 monthly, 3 weekly, 4 daily or almost daily"


class AUDITInputs(Inputs):
    drinking_frequency: Item = Field(description="Q1 How often a drink containing alcohol: 0 never, 1 monthly or "
                                     "less, 2 2-4 times a month, 3 2-3 times a week, 4 4 or more times a week.")
    drinks_per_day: Item = Field(description="Q2 Standard drinks on a typical drinking day: 0 for 1-2, 1 for 3-4, 2 "
                                 "for 5-6, 3 for 7-9, 4 for 10 or more.")
    six_or_more: Item = Field(description=f"Q3 Six or more drinks on one occasion: {FREQUENCY}.")
    unable_to_stop: Item = Field(description=f"Q4 Not able to stop drinking once started (past year): {FREQUENCY}.")
    failed_expectations: Item = Field(description=f"Q5 Failed to do what was normally expected because of drinking "
                                      f"(past year): {FREQUENCY}.")
    morning_drink: Item = Field(description=f"Q6 Needed a first drink in the morning after a heavy session (past "
                                f"year): {FREQUENCY}.")
    guilt: Item = Field(description=f"Q7 Guilt or remorse after drinking (past year): {FREQUENCY}.")
    blackouts: Item = Field(description=f"Q8 Unable to remember the night before because of drinking (past year): "
                            f"{FREQUENCY}.")
    injury: choice(*INJURY_OR_CONCERN) = Field(description="Q9 You or someone else injured because of your drinking: "
                                               "'no' (0), 'yes_not_in_last_year' (2), 'yes_during_last_year' (4).")
    others_concerned: choice(*INJURY_OR_CONCERN) = Field(description="Q10 A relative, friend or health worker "
                                                         "concerned or suggested cutting down: 'no' (0), "
                                                         "'yes_not_in_last_year' (2), 'yes_during_last_year' (4).")


ZONES = ((20, "zone IV: likely alcohol dependence; refer to a specialist for diagnostic evaluation and treatment"),
         (16, "zone III: harmful use; simple advice plus brief counselling and continued monitoring"),
         (8, "zone II: hazardous use; simple advice focused on reducing hazardous drinking"),
         (0, "zone I: low risk; alcohol education"))


@calculator(
    id="audit",
    name="Alcohol Use Disorders Identification Test (AUDIT)",
    aliases=("audit-score", "alcohol-use-disorders-identification-test"),
    kind="score",
    specialty="psychiatry",
    output=Output("points", "integer", 0, range=(0, 40)),
    inputs=AUDITInputs,
    references=(
        Reference("Babor TF, Higgins-Biddle JC, Saunders JB, Monteiro MG. AUDIT: The Alcohol Use Disorders "
                  "Identification Test. Guidelines for Use in Primary Care. 2nd ed. Geneva: World Health "
                  "Organization; 2001."),
        Reference("Saunders JB, Aasland OG, Babor TF, de la Fuente JR, Grant M. Development of the Alcohol Use "
                  "Disorders Identification Test (AUDIT). Addiction. 1993;88(6):791-804.",
                  "https://doi.org/10.1111/j.1360-0443.1993.tb02093.x"),
    ),
    formula="Questions 1-8 score 0-4; questions 9-10 score 0, 2 or 4. Total 0-40: 0-7 zone I, 8-15 zone II, 16-19 "
    "zone III, 20-40 zone IV.",
    description="WHO screening questionnaire for hazardous and harmful drinking and possible dependence; the risk "
    "zone sets the intervention.",
    example={"drinking_frequency": 4, "drinks_per_day": 4, "six_or_more": 4, "unable_to_stop": 4,
             "failed_expectations": 3, "morning_drink": 4, "guilt": 3, "blackouts": 2,
             "injury": "yes_during_last_year", "others_concerned": "yes_during_last_year"},
)
def audit(x: AUDITInputs, w: Working) -> int:
    items = ("drinking_frequency", "drinks_per_day", "six_or_more", "unable_to_stop", "failed_expectations",
             "morning_drink", "guilt", "blackouts")
    total = sum_points(w, (
        *(w.step(f"Q{i} {name.replace('_', ' ')}", str(getattr(x, name)), getattr(x, name), "points")
          for i, name in enumerate(items, 1)),
        category(w, "Q9 injury", x.injury, INJURY_OR_CONCERN),
        category(w, "Q10 others concerned", x.others_concerned, INJURY_OR_CONCERN),
    ))
    w.interpretation = next(f"{total}: {text}" for lowest, text in ZONES if total >= lowest)
    return total
