"""Modified Asthma Predictive Index (Guilbert 2004; Chang 2013)."""

from __future__ import annotations

from ..fields import Finding, Inputs
from ..spec import Output, Reference, Working, calculator

RESULTS = ("Positive", "Negative")
MAJOR = (("parent_asthma", "parent with asthma"), ("atopic_dermatitis", "physician-diagnosed atopic dermatitis"),
         ("aeroallergen_sensitization", "sensitisation to at least one aeroallergen"))
MINOR = (("food_allergy", "sensitisation to milk, egg or peanut"), ("wheeze_without_colds", "wheezing unrelated to "
                                                                                            "colds"),
         ("eosinophilia", "blood eosinophils ≥ 4%"))


class MAPIInputs(Inputs):
    frequent_wheezing: bool = Finding("Four or more wheezing episodes in the past year, at least one confirmed by a "
                                      "physician.")
    parent_asthma: bool = Finding("Major: a parent with asthma.")
    atopic_dermatitis: bool = Finding("Major: physician-diagnosed atopic dermatitis.")
    aeroallergen_sensitization: bool = Finding("Major: sensitisation to at least one aeroallergen.")
    food_allergy: bool = Finding("Minor: sensitisation to milk, egg or peanut.")
    wheeze_without_colds: bool = Finding("Minor: wheezing unrelated to colds.")
    eosinophilia: bool = Finding("Minor: blood eosinophils 4% or more.")


@calculator(
    id="modified-asthma-predictive-index",
    name="Modified Asthma Predictive Index (mAPI)",
    aliases=("Modified Asthma Predictive Index (mAPI)", "mapi"),
    kind="score",
    specialty="pediatrics",
    output=Output(None, "category", categories=RESULTS),
    inputs=MAPIInputs,
    references=(
        Reference("Guilbert TW, Morgan WJ, Krawiec M, et al. The Prevention of Early Asthma in Kids study: design, "
                  "rationale and methods for the Childhood Asthma Research and Education network. Control Clin Trials. "
                  "2004;25(3):286-310.", "https://doi.org/10.1016/j.cct.2004.03.002"),
        Reference("Chang TS, Lemanske RF Jr, Guilbert TW, et al. Evaluation of the modified asthma predictive index "
                  "in high-risk preschool children. J Allergy Clin Immunol Pract. 2013;1(2):152-156.",
                  "https://doi.org/10.1016/j.jaip.2012.10.008"),
        Reference("MDCalc. Modified Asthma Predictive Index (mAPI)."),
    ),
    formula="Positive: ≥ 4 wheezing episodes a year (≥ 1 physician-confirmed) plus ≥ 1 major criterion (parent with "
    "asthma, atopic dermatitis, aeroallergen sensitisation) or ≥ 2 minor criteria (milk/egg/peanut sensitisation, "
    "wheezing apart from colds, eosinophils ≥ 4%).",
    description="Predicts which wheezing preschool children (3 years or younger) will have asthma at school age; a "
    "positive index is highly specific, a negative one makes asthma unlikely.",
    example={"frequent_wheezing": True, "parent_asthma": True, "atopic_dermatitis": True, "food_allergy": True,
             "wheeze_without_colds": True, "eosinophilia": True},
)
def modified_asthma_predictive_index(x: MAPIInputs, w: Working) -> str:
    major = w.step("major criteria", ", ".join(t for n, t in MAJOR if getattr(x, n)) or "none",
                   sum(getattr(x, n) for n, _ in MAJOR))
    minor = w.step("minor criteria", ", ".join(t for n, t in MINOR if getattr(x, n)) or "none",
                   sum(getattr(x, n) for n, _ in MINOR))
    positive = x.frequent_wheezing and (major >= 1 or minor >= 2)
    w.interpretation = ("positive: high likelihood of asthma at school age" if positive else
                        "negative: asthma at school age less likely" + ("" if x.frequent_wheezing else
                                                                        " (fewer than 4 wheezing episodes a year)"))
    return RESULTS[not positive]
