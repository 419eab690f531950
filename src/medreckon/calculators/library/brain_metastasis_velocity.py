"""Brain metastasis velocity (Farris 2017): new brain metastases per year after first radiosurgery."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

Interval = q("yr", gt=0, plausible=(0.05, 15), units=("yr", "mo", "wk", "d"))
# (lowest BMV, risk group, median overall survival in months) (Farris 2017)
GROUPS = ((13, "high", 4.3, True), (4, "intermediate", 8.2, False), (0, "low", 12.4, False))


class BMVInputs(Inputs):
    new_metastases: int = Field(ge=0, le=500, description="Number of new brain metastases since the initial "
                                "stereotactic radiosurgery (cumulative, at distant brain failure).")
    interval: Interval = Field(description="Time from the initial radiosurgery to the new metastases, years ('9 mo' "
                               "with its unit).")


@calculator(
    id="brain-metastasis-velocity",
    name="Brain Metastasis Velocity (BMV) Model",
    aliases=("bmv",),
    kind="equation",
    specialty="oncology",
    output=Output("/yr", "decimal", 1, range=(0, 100), secondary=(
        Secondary("risk_group", "BMV risk group: low (< 4), intermediate (4-13) or high (> 13)", None, "text"),
        Secondary("median_survival", "median overall survival of the group (Farris 2017)", "months", "decimal", 1),
    )),
    inputs=BMVInputs,
    references=(
        Reference("Farris M, McTyre ER, Cramer CK, et al. Brain Metastasis Velocity: A Novel Prognostic Metric "
                  "Predictive of Overall Survival and Freedom From Whole-Brain Radiation Therapy After Distant Brain "
                  "Failure Following Upfront Radiosurgery Alone. Int J Radiat Oncol Biol Phys. 2017;98(1):131-141."),
        Reference("MDCalc. Brain Metastasis Velocity (BMV) Model."),
    ),
    formula="BMV = new brain metastases since initial SRS / time since initial SRS (years). Low < 4 (median OS 12.4 "
    "months), intermediate 4-13 (8.2), high > 13 (4.3).",
    description="Rate of new brain metastases after upfront radiosurgery alone, which predicts overall survival and "
    "the need for salvage whole-brain radiotherapy at distant brain failure.",
    example={"new_metastases": 4, "interval": 0.75},
)
def brain_metastasis_velocity(x: BMVInputs, w: Working) -> float:
    bmv = w.step("BMV", f"{x.new_metastases} / {fmt(x.interval, 2)} years", x.new_metastases / x.interval, "/year")
    shown = round(bmv, 6)
    _, group, survival, _ = next(g for g in GROUPS if (shown > g[0] if g[3] else shown >= g[0]))
    w.output("risk_group", group)
    w.output("median_survival", survival)
    w.interpretation = f"BMV {fmt(bmv, 1)}/year: {group} risk, median overall survival {survival} months"
    return bmv
