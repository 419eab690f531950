"""AUA Symptom Index / International Prostate Symptom Score (Barry 1992)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..scales import item, score_items
from ..spec import Output, Reference, Secondary, Working, calculator

FREQUENCY = "Over the past month: 0 not at all, 1 less than 1 time in 5, 2 less than half the time, 3 about half " \
            "the time, 4 more than half the time, 5 almost always."
QUALITY = ("delighted", "pleased", "mostly satisfied", "mixed", "mostly dissatisfied", "unhappy", "terrible")
ITEMS = (("incomplete_emptying", "incomplete emptying"), ("frequency", "frequency (again within 2 hours)"),
         ("intermittency", "intermittency"), ("urgency", "urgency"), ("weak_stream", "weak stream"),
         ("straining", "straining"), ("nocturia", "nocturia"))


class IPSSInputs(Inputs):
    incomplete_emptying: item(5) = Field(description=f"Sensation of not emptying the bladder completely. {FREQUENCY}")
    frequency: item(5) = Field(description=f"Having to urinate again less than 2 hours after finishing. {FREQUENCY}")
    intermittency: item(5) = Field(description=f"Stopping and starting again several times when urinating. {FREQUENCY}")
    urgency: item(5) = Field(description=f"Finding it difficult to postpone urination. {FREQUENCY}")
    weak_stream: item(5) = Field(description=f"A weak urinary stream. {FREQUENCY}")
    straining: item(5) = Field(description=f"Having to push or strain to begin urination. {FREQUENCY}")
    nocturia: item(5) = Field(description="Times a night, from going to bed to getting up, typically getting up to "
                              "urinate: 0 none, 1 once, 2 twice, 3 three times, 4 four times, 5 five or more.")
    quality_of_life: choice(*QUALITY) | None = Field(None, description="If you were to spend the rest of your life with "
                                                     "your urinary condition as it is now, how would you feel? "
                                                     "delighted (0) ... terrible (6); not part of the total.")


@calculator(
    id="ipss",
    name="AUA Symptom Index / International Prostate Symptom Score (IPSS)",
    aliases=("American Urological Association Symptom Index (AUA-SI)/International Prostate Symptom Score (IPSS)",
             "aua-si", "international-prostate-symptom-score", "aua-symptom-index"),
    kind="score",
    specialty="urology",
    output=Output("points", "integer", 0, range=(0, 35), secondary=(
        Secondary("severity", "Mild (0-7), Moderate (8-19) or Severe (20-35) symptoms", None, "text"),
        Secondary("quality_of_life_score", "the quality-of-life answer, 0 (delighted) to 6 (terrible)", "points",
                  "integer"),
    )),
    inputs=IPSSInputs,
    references=(
        Reference("Barry MJ, Fowler FJ Jr, O'Leary MP, et al. The American Urological Association symptom index for "
                  "benign prostatic hyperplasia. J Urol. 1992;148(5):1549-1557.",
                  "https://doi.org/10.1016/S0022-5347(17)36966-5"),
        Reference("MDCalc. American Urological Association Symptom Index (AUA-SI)/International Prostate Symptom "
                  "Score (IPSS)."),
    ),
    formula="Seven symptom questions each 0-5 over the past month; total 0-35: 0-7 mild, 8-19 moderate, 20-35 severe. "
    "The quality-of-life question (0-6) is reported separately.",
    description="Severity of lower urinary tract symptoms, e.g. from benign prostatic hyperplasia, to guide and "
    "follow treatment.",
    example={"incomplete_emptying": 4, "frequency": 4, "intermittency": 3, "urgency": 2, "weak_stream": 4,
             "straining": 2, "nocturia": 2, "quality_of_life": "unhappy"},
)
def ipss(x: IPSSInputs, w: Working) -> int:
    total = score_items(w, [(what, getattr(x, name), 5) for name, what in ITEMS])
    severity = w.output("severity", "Mild" if total <= 7 else "Moderate" if total <= 19 else "Severe")
    w.output("quality_of_life_score", None if x.quality_of_life is None else QUALITY.index(x.quality_of_life))
    w.interpretation = f"{severity.lower()} symptoms" + (f"; quality of life: {x.quality_of_life}"
                                                          if x.quality_of_life else "")
    return total
