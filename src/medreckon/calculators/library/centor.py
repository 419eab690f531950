"""Centor score, modified by McIsaac for age, for streptococcal pharyngitis (McIsaac 1998)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs, Temperature
from ..points import cut_offs, finding, sum_points, threshold
from ..rounding import round_half_away
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt


class CentorInputs(Inputs):
    age: Age = Field(
        description="Age in years (3-14 adds 1, 15-44 adds 0, 45 or older subtracts 1); give the age, not a "
        "band. A child's age in months must carry its unit ('14 months')."
    )
    temperature: Temperature = Field(
        description="Highest measured body temperature, °C by default; a value in °F must carry its unit "
        "('100.8 degF'). Scores when > 38 °C (100.4 °F exactly does not score)."
    )
    cough_absent: bool = Finding(
        "True when the patient has NO cough (the criterion is 'absence of cough'). Not given: the "
        "criterion is taken as not met (0 points), with a warning.", absence=True,
    )
    tender_swollen_anterior_cervical_nodes: bool = Finding(
        "Tender and/or swollen anterior cervical lymph nodes.",
    )
    tonsillar_exudate_or_swelling: bool = Finding("Exudate on, or swelling of, the tonsils.")


@calculator(
    id="centor-mcisaac",
    name="Centor Score (Modified/McIsaac) for Strep Pharyngitis",
    aliases=("centor", "mcisaac", "modified-centor", "centor-score"),
    kind="score",
    specialty="infectious disease",
    output=Output("points", "integer", 0, range=(-1, 5)),
    inputs=CentorInputs,
    references=(
        Reference("Centor RM, Witherspoon JM, Dalton HP, Brody CE, Link K. The diagnosis of strep throat in "
                  "adults in the emergency room. Med Decis Making. 1981;1(3):239-246.",
                  "https://doi.org/10.1177/0272989X8100100304"),
        Reference("McIsaac WJ, White D, Tannenbaum D, Low DE. A clinical score to reduce unnecessary antibiotic "
                  "use in patients with sore throat. CMAJ. 1998;158(1):75-83."),
        Reference("McIsaac WJ, Kellner JD, Aufricht P, Vanjaka A, Low DE. Empirical validation of guidelines "
                  "for the management of pharyngitis in children and adults. JAMA. 2004;291(13):1587-1595.",
                  "https://doi.org/10.1001/jama.291.13.1587"),
        Reference("MDCalc. Centor Score (Modified/McIsaac) for Strep Pharyngitis.",
                  "https://www.mdcalc.com/calc/104/centor-score-modified-mcisaac-strep-pharyngitis"),
    ),
    formula=(
        "Age 3-14 years +1, 15-44 years 0, ≥ 45 years −1; tonsillar exudate or swelling +1; tender/swollen "
        "anterior cervical lymph nodes +1; temperature > 38 °C +1; cough absent +1. Total −1 to 5."
    ),
    description="Likelihood of group A streptococcal pharyngitis in a patient with sore throat, from four "
    "clinical findings and age. Not validated under 3 years of age.",
    medcalc_bench=MedCalcBench(
        20,
        {
            "age": "age",
            "Temperature": "temperature",
            "Cough Absent": "cough_absent",
            "Tender/swollen anterior cervical lymph nodes": "tender_swollen_anterior_cervical_nodes",
            "Exudate or swelling on tonsils": "tonsillar_exudate_or_swelling",
        },
    ),
    example={
        "age": 24, "temperature": "101.3 degF", "cough_absent": True,
        "tender_swollen_anterior_cervical_nodes": True, "tonsillar_exudate_or_swelling": False,
    },
)
def centor_mcisaac(x: CentorInputs, w: Working) -> int:
    if x.age < 3:
        age = w.step("age", f"age {fmt(x.age)} < 3: no age band", 0, "points")
        w.warn("the McIsaac score is not validated for children under 3 years", "age", "note")
    else:
        age = cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((45, -1), (15, 0), (3, 1)))
    exudate = finding(w, "tonsillar exudate or swelling", x.tonsillar_exudate_or_swelling)
    nodes = finding(w, "tender/swollen anterior cervical nodes", x.tender_swollen_anterior_cervical_nodes)
    # compared at 0.01 °C, so 100.4 °F (38.00000000000001 °C after conversion) stays at 38
    t = round_half_away(x.temperature, 2)
    fever = threshold(w, "temperature > 38 °C", f"{fmt(t, 2)} °C", t, ">", 38)
    cough = finding(w, "cough absent", x.cough_absent, texts=("no cough", "cough present or not reported"))
    total = sum_points(w, (age, exudate, nodes, fever, cough))
    w.interpretation = _interpretation(total)
    return total


def _interpretation(total: int) -> str:
    """Risk of streptococcal pharyngitis and suggested management (McIsaac 1998/2004, as MDCalc shows it)."""
    if total <= 0:
        return "1-2.5% risk of streptococcal pharyngitis: no further testing or antibiotics"
    if total == 1:
        return "5-10% risk of streptococcal pharyngitis: no further testing or antibiotics"
    if total == 2:
        return "11-17% risk of streptococcal pharyngitis: optional rapid strep testing and/or culture"
    if total == 3:
        return "28-35% risk of streptococcal pharyngitis: consider rapid strep testing and/or culture"
    return ("51-53% risk of streptococcal pharyngitis: consider rapid strep testing and/or culture; "
            "empiric antibiotics may be appropriate depending on the specific scenario")
