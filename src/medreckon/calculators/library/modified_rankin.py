"""Modified Rankin Scale (mRS) of disability after stroke (van Swieten 1988), as a lookup."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..spec import Output, Reference, Working, calculator

GRADES = {
    "no symptoms": (0, "no symptoms at all"),
    "no significant disability": (1, "no significant disability despite symptoms: able to carry out all usual duties "
                                      "and activities"),
    "slight disability": (2, "slight disability: unable to carry out all previous activities, but able to look "
                              "after own affairs without assistance"),
    "moderate disability": (3, "moderate disability: requires some help, but able to walk without assistance"),
    "moderately severe disability": (4, "moderately severe disability: unable to walk without assistance and unable "
                                         "to attend to own bodily needs without assistance"),
    "severe disability": (5, "severe disability: bedridden, incontinent, requires constant nursing care and attention"),
    "dead": (6, "dead"),
}

Grade = choice(*GRADES, synonyms={
    "asymptomatic": "no symptoms", "none": "no symptoms",
    "bedridden": "severe disability", "bedbound": "severe disability",
    "death": "dead", "deceased": "dead",
    **{f"mrs {p}": name for name, (p, _) in GRADES.items()},
})


class ModifiedRankinInputs(Inputs):
    function: Grade = Field(
        description="The patient's level of function, as one of: 'no symptoms' (0); 'no significant disability' (1: "
        "symptoms, but all usual duties and activities); 'slight disability' (2: cannot do all previous activities "
        "but looks after own affairs without help); 'moderate disability' (3: needs some help but walks without "
        "assistance); 'moderately severe disability' (4: cannot walk or attend to bodily needs without help); "
        "'severe disability' (5: bedridden, incontinent, constant nursing care); 'dead' (6). Walking with a cane or "
        "walker but without another person's help is still 3, not 4."
    )


@calculator(
    id="modified-rankin-scale",
    name="Modified Rankin Scale (mRS)",
    aliases=("mrs", "rankin", "modified-rankin", "Modified Rankin Scale for Neurologic Disability"),
    kind="score",
    specialty="neurology",
    output=Output("points", "integer", 0, range=(0, 6)),
    inputs=ModifiedRankinInputs,
    references=(
        Reference("van Swieten JC, Koudstaal PJ, Visser MC, Schouten HJ, van Gijn J. Interobserver agreement for the "
                  "assessment of handicap in stroke patients. Stroke. 1988;19(5):604-607.",
                  "https://doi.org/10.1161/01.str.19.5.604"),
        Reference("Rankin J. Cerebral vascular accidents in patients over the age of 60. II. Prognosis. Scott Med J. "
                  "1957;2(5):200-215."),
        Reference("MDCalc. Modified Rankin Scale for Neurologic Disability.",
                  "https://www.mdcalc.com/calc/1961/modified-rankin-scale-neurologic-disability"),
    ),
    formula="0 no symptoms; 1 no significant disability despite symptoms; 2 slight disability; 3 moderate "
    "disability (needs some help, walks without assistance); 4 moderately severe disability (cannot walk or attend "
    "to bodily needs without assistance); 5 severe disability (bedridden, incontinent, constant care); 6 dead. "
    "0-2 is usually reported as a good (functionally independent) outcome.",
    description="Degree of disability or dependence in daily activities after a stroke or other neurological "
    "event; the usual outcome measure of stroke trials.",
    example={"function": "moderate disability"},
)
def modified_rankin_scale(x: ModifiedRankinInputs, w: Working) -> int:
    grade, meaning = GRADES[x.function]
    w.step("modified Rankin grade", x.function, grade, "points")
    outcome = "functionally independent (mRS 0-2)" if grade <= 2 else "dependent or dead (mRS 3-6)"
    w.interpretation = f"mRS {grade}, {meaning}; {outcome}"
    return grade
