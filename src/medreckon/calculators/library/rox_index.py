"""ROX index for high-flow nasal cannula: (SpO2 / FiO2) / respiratory rate (Roca 2016, 2019)."""

from __future__ import annotations

from pydantic import Field

from ..fields import FiO2, Inputs, RespiratoryRate, above_zero, number_choice
from ..spec import Output, Reference, Working, calculator, fmt, invalid
from .aa_gradient import FIO2_DESCRIPTION, fio2_fraction
from .sf_ratio import SpO2

LOW_RISK = 4.88  # ≥ 4.88 at 2, 6 or 12 h: lower risk of intubation
# below these at 2, 6 and 12 hours of HFNC: high risk of failure; unknown time: the 12-hour limit
HIGH_RISK = {"2": 2.85, "6": 3.47, "12": 3.85}


PositiveRespiratoryRate = above_zero(RespiratoryRate)  # the formula divides by it or takes its logarithm


class ROXInputs(Inputs):
    spo2: SpO2 = Field(description="Pulse-oximetry saturation SpO2, % (e.g. 92).")
    fio2: FiO2 = Field(description=FIO2_DESCRIPTION + " On HFNC the set FiO2.")
    respiratory_rate: PositiveRespiratoryRate = Field(description="Respiratory rate, breaths per minute.")
    hours_on_hfnc: number_choice("2", "6", "12") | None = Field(  # type: ignore[valid-type]
        None, description="Hours since high-flow nasal cannula was started, when the index is taken at one of the "
        "validated times (2, 6 or 12); sets the high-risk cut-off (2.85, 3.47, 3.85). Not given: 3.85.")


@calculator(
    id="rox-index",
    name="ROX Index for Intubation after HFNC",
    aliases=("rox", "rox-score", "respiratory-rate-oxygenation-index"),
    kind="equation",
    specialty="critical care",
    output=Output(None, "decimal", 2, range=(1, 30)),
    inputs=ROXInputs,
    references=(
        Reference("Roca O, Messika J, Caralt B, et al. Predicting success of high-flow nasal cannula in pneumonia "
                  "patients with hypoxemic respiratory failure: the utility of the ROX index. J Crit Care. "
                  "2016;35:200-205.", "https://doi.org/10.1016/j.jcrc.2016.05.022"),
        Reference("Roca O, Caralt B, Messika J, et al. An index combining respiratory rate and oxygenation to predict "
                  "outcome of nasal high-flow therapy. Am J Respir Crit Care Med. 2019;199(11):1368-1376.",
                  "https://doi.org/10.1164/rccm.201803-0589OC"),
        Reference("MDCalc: ROX Index for Intubation after HFNC.", "https://www.mdcalc.com/calc/10233/rox-index-intubation-hfnc"),
    ),
    formula="ROX = (SpO2 (%) / FiO2 (fraction)) / respiratory rate; ≥ 4.88 lower risk of intubation; < 2.85 (2 h), "
    "< 3.47 (6 h) or < 3.85 (12 h) high risk of HFNC failure",
    description="Predicts whether a patient on high-flow nasal cannula for hypoxaemic respiratory failure will need "
    "intubation. Between the cut-offs, reassess in 1-2 hours.",
    example={"spo2": 90, "fio2": 70, "respiratory_rate": 34},
)
def rox_index(x: ROXInputs, w: Working) -> float:
    if x.respiratory_rate <= 0:
        raise invalid("respiratory_rate", x.respiratory_rate, "a respiratory rate above 0 (the index divides by it)")
    fio2 = fio2_fraction(x.fio2, w)
    sf = w.step("SpO2/FiO2", f"{fmt(x.spo2)} / {fmt(fio2, 3)}", x.spo2 / fio2)
    rox = w.step("ROX index", f"{fmt(sf)} / {fmt(x.respiratory_rate)}", sf / x.respiratory_rate)
    high = HIGH_RISK[x.hours_on_hfnc or "12"]
    shown = round(rox, 6)
    if shown >= LOW_RISK:
        w.interpretation = f"ROX ≥ {fmt(LOW_RISK)}: low risk of progressing to intubation"
    elif shown < high:
        w.interpretation = f"ROX < {fmt(high)}: risk of HFNC failure is high; consider intubation"
    else:
        w.interpretation = f"ROX {fmt(high)}-{fmt(LOW_RISK)}: indeterminate; reassess in 1-2 hours"
    return rox
