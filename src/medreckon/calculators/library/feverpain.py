"""FeverPAIN score for streptococcal pharyngitis (Little 2013; NICE NG84)."""

from __future__ import annotations

from ..fields import Finding, Inputs
from ..points import finding, sum_points
from ..spec import MedCalcBench, Output, Reference, Working, calculator


class FeverPAINInputs(Inputs):
    # a fever is a word or a temperature (≥ 38 °C, ≥ 100.4 °F)
    fever_past_24h: bool = Finding("Fever (measured or reported) during the previous 24 hours (the 'Fever').")
    purulence: bool = Finding("Pharyngeal or tonsillar exudate, purulent tonsils (the 'P').")
    # onset within 3 days, as notes give durations
    attend_rapidly: bool = Finding(
        "The patient presents within 3 days of symptom onset, ≤ 3 days (the 'A', attend rapidly).",
    )
    severely_inflamed_tonsils: bool = Finding("Severely inflamed tonsils on examination (the 'I').")
    no_cough_or_coryza: bool = Finding(
        "True when the patient has NEITHER cough NOR coryza (the 'N'); either symptom present means False. "
        "Not given: the criterion is taken as not met (0 points), with a warning.", absence=True,
    )


@calculator(
    id="feverpain",
    name="FeverPAIN Score for Strep Pharyngitis",
    aliases=("fever-pain", "feverpain-score"),
    kind="score",
    specialty="infectious disease",
    output=Output("points", "integer", 0, range=(0, 5)),
    inputs=FeverPAINInputs,
    references=(
        Reference("Little P, Hobbs FD, Moore M, et al. Clinical score and rapid antigen detection test to guide "
                  "antibiotic use for sore throats: randomised controlled trial of PRISM (primary care "
                  "streptococcal management). BMJ. 2013;347:f5806.", "https://doi.org/10.1136/bmj.f5806"),
        Reference("Little P, Moore M, Hobbs FD, et al. PRImary care Streptococcal Management (PRISM) study: "
                  "identifying clinical variables associated with Lancefield group A β-haemolytic "
                  "streptococci and Lancefield non-Group A streptococcal throat infections from two cohorts "
                  "of patients presenting with an acute sore throat. BMJ Open. 2013;3(10):e003943.",
                  "https://doi.org/10.1136/bmjopen-2013-003943"),
        Reference("National Institute for Health and Care Excellence. Sore throat (acute): antimicrobial "
                  "prescribing. NICE guideline NG84; 2018.", "https://www.nice.org.uk/guidance/ng84"),
        Reference("MDCalc. FeverPAIN Score for Strep Pharyngitis.",
                  "https://www.mdcalc.com/calc/3806/feverpain-score-strep-pharyngitis"),
    ),
    formula=(
        "1 point each: Fever in the past 24 hours; Purulence; Attend rapidly (≤ 3 days after symptom onset); "
        "severely Inflamed tonsils; No cough or coryza. Total 0-5."
    ),
    description="Likelihood of streptococcal infection in acute sore throat, used in UK primary care to "
    "decide between no, back-up (delayed) or immediate antibiotics.",
    medcalc_bench=MedCalcBench(
        33,
        {
            "Fever in past 24 hours": "fever_past_24h",
            "Purulent tonsils": "purulence",
            "Symptom onset ≤3 days": "attend_rapidly",
            "Severe tonsil inflammation": "severely_inflamed_tonsils",
            "Absence of cough or coryza": "no_cough_or_coryza",
            # Some v1.0 rows also carry two PECARN head-injury entities, which belong to another
            # calculator; they are no FeverPAIN criterion and are ignored (the dataset's own
            # explanations ignore them too).
            "Occipital, parietal or temporal scalp hematoma; history of level of conciousness (LOC) ≥5 sec; "
            "not acting normally per parent or severe mechanism of injury?": None,
            "Altered mental status for PECARN head injury criteria": None,
        },
    ),
    example={
        "fever_past_24h": True, "purulence": True, "attend_rapidly": True, "severely_inflamed_tonsils": False,
        "no_cough_or_coryza": False,
    },
)
def feverpain(x: FeverPAINInputs, w: Working) -> int:
    criteria = (
        ("fever in past 24 hours", x.fever_past_24h),
        ("purulence", x.purulence),
        ("attend rapidly (≤ 3 days)", x.attend_rapidly),
        ("severely inflamed tonsils", x.severely_inflamed_tonsils),
        ("no cough or coryza", x.no_cough_or_coryza),
    )
    points = [finding(w, what, met, texts=("present", "absent or not reported")) for what, met in criteria]
    total = sum_points(w, points)
    w.interpretation = _interpretation(total)
    return total


def _interpretation(total: int) -> str:
    """Streptococcus likelihood and antibiotic strategy (Little 2013; NICE NG84)."""
    if total <= 1:
        return "13-18% likelihood of streptococcus: no antibiotic"
    if total <= 3:
        return "34-40% likelihood of streptococcus: consider no antibiotic or a back-up (delayed) antibiotic"
    return "62-65% likelihood of streptococcus: consider an immediate antibiotic or a back-up antibiotic"
