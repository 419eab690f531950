"""Attia criteria (Attia's predictive model) for group A streptococcal pharyngitis in children
(Attia 1999; prospectively validated, Attia 2001)."""

from __future__ import annotations

from ..fields import Finding, Inputs
from ..points import finding, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator

LIKELIHOODS = ("Low", "Intermediate", "High")


class AttiaInputs(Inputs):
    scarlatiniform_rash: bool = Finding("Scarlatiniform rash (2).")
    cervical_lymphadenopathy: bool = Finding("Moderate to severe tenderness and enlargement of the cervical lymph "
                                             "nodes (1).")
    tonsillar_swelling_or_exudate: bool = Finding("Moderate to severe tonsillar swelling or exudate (1).")
    no_coryza: bool = Finding("Absence of (moderate to severe) coryza (1); True when there is no coryza.", absence=True)


@calculator(
    id="attia-pharyngitis",
    name="Attia Criteria for Evaluation of Pharyngitis",
    aliases=("Attia Criteria for Evaluation of Pharyngitis", "attia-criteria", "attia-strep-pharyngitis"),
    kind="score",
    specialty="pediatrics",
    output=Output("points", "integer", 0, range=(0, 5), secondary=(
        Secondary("likelihood", "likelihood of streptococcal pharyngitis: Low (0), Intermediate (1-3), High (4-5)",
                  None, "text"),
    )),
    inputs=AttiaInputs,
    references=(
        Reference("Attia M, Zaoutis T, Eppes S, Klein J, Meier F. Multivariate predictive models for group A "
                  "beta-hemolytic streptococcal pharyngitis in children. Acad Emerg Med. 1999;6(1):8-13.",
                  "https://doi.org/10.1111/j.1553-2712.1999.tb00087.x"),
        Reference("Attia MW, Zaoutis T, Klein JD, Meier FA. Performance of a predictive model for streptococcal "
                  "pharyngitis in children. Arch Pediatr Adolesc Med. 2001;155(6):687-691.",
                  "https://doi.org/10.1001/archpedi.155.6.687"),
        Reference("MDCalc. Attia Criteria for Evaluation of Pharyngitis."),
    ),
    formula="Scarlatiniform rash 2; moderate to severe tender, enlarged cervical nodes 1; moderate to severe "
    "tonsillar swelling or exudate 1; absence of coryza 1. Total 0-5: 0 low, 1-3 intermediate, 4-5 high "
    "likelihood of group A streptococcus.",
    description="Pretest likelihood of group A streptococcal pharyngitis in children aged 1-18 years. In the "
    "validation study all the positive predictors together carried a 79% post-test probability of a positive "
    "culture and their absence with coryza 12%; the point tally is MDCalc's presentation of the model.",
    example={"scarlatiniform_rash": False, "cervical_lymphadenopathy": True, "tonsillar_swelling_or_exudate": True,
             "no_coryza": False},
)
def attia_pharyngitis(x: AttiaInputs, w: Working) -> int:
    total = sum_points(w, (
        finding(w, "scarlatiniform rash", x.scarlatiniform_rash, 2),
        finding(w, "moderate to severe cervical lymphadenopathy", x.cervical_lymphadenopathy),
        finding(w, "moderate to severe tonsillar swelling or exudate", x.tonsillar_swelling_or_exudate),
        finding(w, "absence of coryza", x.no_coryza, texts=("no coryza", "coryza present or not reported")),
    ))
    likelihood = w.output("likelihood", LIKELIHOODS[0 if total == 0 else 1 if total <= 3 else 2])
    w.interpretation = f"{likelihood.lower()} likelihood of group A streptococcal pharyngitis"
    return total
