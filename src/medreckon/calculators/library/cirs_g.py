"""CIRS-G: Cumulative Illness Rating Scale for Geriatrics (Miller 1992)."""

from __future__ import annotations

from pydantic import Field, create_model

from ..fields import Inputs
from ..scales import item, score_items
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

SYSTEMS = (("heart", "heart"), ("vascular", "vascular"), ("hematopoietic", "haematopoietic"),
           ("respiratory", "respiratory"), ("eent", "eyes, ears, nose, throat and larynx"), ("upper_gi", "upper GI"),
           ("lower_gi", "lower GI"), ("liver", "liver, pancreas and biliary"), ("renal", "renal"),
           ("genitourinary", "genitourinary"), ("musculoskeletal_skin", "musculoskeletal and skin"),
           ("neurologic", "neurological"), ("endocrine_breast", "endocrine, metabolic and breast"),
           ("psychiatric", "psychiatric"))
CIRSGInputs = create_model("CIRSGInputs", __base__=Inputs, __module__=__name__, **{
    name: (item(4), Field(description=f"{what.capitalize()} system: 0 no problem; 1 current mild or past significant "
                                      f"problem; 2 moderate disability or morbidity, first-line therapy; 3 severe or "
                                      f"constant disability, uncontrollable chronic problem; 4 extremely severe, "
                                      f"immediate treatment required, end-organ failure."))
    for name, what in SYSTEMS})


@calculator(
    id="cirs-g",
    name="Cumulative Illness Rating Scale-Geriatric (CIRS-G)",
    aliases=("Cumulative Illness Rating Scale-Geriatric (CIRS-G)", "cirsg"),
    kind="score",
    specialty="geriatrics",
    output=Output("points", "integer", 0, range=(0, 56), secondary=(
        Secondary("categories_endorsed", "body systems rated above 0", None, "integer"),
        Secondary("severity_index", "total / categories endorsed", "points", "decimal", 2),
    )),
    inputs=CIRSGInputs,
    references=(
        Reference("Miller MD, Paradis CF, Houck PR, et al. Rating chronic medical illness burden in geropsychiatric "
                  "practice and research: application of the Cumulative Illness Rating Scale. Psychiatry Res. "
                  "1992;41(3):237-248.", "https://doi.org/10.1016/0165-1781(92)90005-N"),
        Reference("MDCalc. Cumulative Illness Rating Scale-Geriatric (CIRS-G)."),
    ),
    formula="Fourteen body systems each rated 0-4; total 0-56. Also reported: the number of systems endorsed and the "
    "severity index (total / systems endorsed).",
    description="Burden of chronic illness in older adults; higher totals mean more severe multimorbidity.",
    example={"heart": 0, "vascular": 2, "hematopoietic": 3, "respiratory": 1, "eent": 1, "upper_gi": 2, "lower_gi": 2,
             "liver": 0, "renal": 3, "genitourinary": 2, "musculoskeletal_skin": 2, "neurologic": 0,
             "endocrine_breast": 1, "psychiatric": 1},
)
def cirs_g(x: CIRSGInputs, w: Working) -> int:  # type: ignore[valid-type]
    scores = [getattr(x, name) for name, _ in SYSTEMS]
    total = score_items(w, [(what, s, 4) for (_, what), s in zip(SYSTEMS, scores, strict=True)])
    endorsed = w.output("categories_endorsed", sum(s > 0 for s in scores))
    index = w.output("severity_index", total / endorsed if endorsed else 0.0)
    w.interpretation = f"CIRS-G {total} of 56 over {endorsed} systems (severity index {fmt(index, 2)}); higher totals " \
                       "mean a heavier illness burden"
    return total
