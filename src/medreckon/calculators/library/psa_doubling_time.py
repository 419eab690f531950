"""PSA doubling time by log-linear regression on two or more PSA values (Pound 1999; MSKCC method)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import Inputs, q
from ..rules import AllOrNone
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid

PSA = q("ng/mL", gt=0, lt=100000, plausible=(0.01, 5000), units=("ng/mL", "ug/L"))
Months = q("mo", gt=0, lt=600, plausible=(0.25, 120), units=("mo", "wk", "d", "yr"))
MAX_VALUES = 6


class PSADoublingInputs(Inputs):
    psa_1: PSA = Field(description="First (earliest) PSA, ng/mL.")
    psa_2: PSA = Field(description="Second PSA, ng/mL.")
    months_1_2: Months = Field(description="Time from the first to the second PSA, months (weeks or days with the "
                               "unit).")
    psa_3: PSA | None = Field(None, description="Third PSA, ng/mL (optional).")
    months_2_3: Months | None = Field(None, description="Time from the second to the third PSA, months.")
    psa_4: PSA | None = Field(None, description="Fourth PSA, ng/mL (optional).")
    months_3_4: Months | None = Field(None, description="Time from the third to the fourth PSA, months.")
    psa_5: PSA | None = Field(None, description="Fifth PSA, ng/mL (optional).")
    months_4_5: Months | None = Field(None, description="Time from the fourth to the fifth PSA, months.")
    psa_6: PSA | None = Field(None, description="Sixth PSA, ng/mL (optional).")
    months_5_6: Months | None = Field(None, description="Time from the fifth to the sixth PSA, months.")

    rules = tuple(AllOrNone((f"psa_{i}", f"months_{i - 1}_{i}"), f"both PSA {i} and the time before it",
                            "give {missing} as well") for i in range(3, MAX_VALUES + 1))


def _series(x: PSADoublingInputs) -> list[tuple[float, float]]:
    """(months since the first PSA, PSA), stopping at the first value not given."""
    points, t = [(0.0, x.psa_1)], 0.0
    for i in range(2, MAX_VALUES + 1):
        psa, gap = getattr(x, f"psa_{i}"), getattr(x, f"months_{i - 1}_{i}")
        if psa is None:
            break
        t += gap
        points.append((t, psa))
    return points


@calculator(
    id="psa-doubling-time",
    name="PSA Doubling Time (PSADT)",
    aliases=("PSA Doubling Time (PSADT) Calculator", "psadt", "psa-dt"),
    kind="equation",
    specialty="urology",
    output=Output("/month", "decimal", 3, range=(-1, 1), secondary=(
        Secondary("doubling_time", "PSA doubling time = ln 2 / slope (None when PSA is not rising)", "months",
                  "decimal", 1),
    )),
    inputs=PSADoublingInputs,
    references=(
        Reference("Pound CR, Partin AW, Eisenberger MA, et al. Natural history of progression after PSA elevation "
                  "following radical prostatectomy. JAMA. 1999;281(17):1591-1597.",
                  "https://doi.org/10.1001/jama.281.17.1591"),
        Reference("Arlen PM, Bianco F, Dahut WL, et al. Prostate Specific Antigen Working Group guidelines on "
                  "prostate specific antigen doubling time. J Urol. 2008;179(6):2181-2185.",
                  "https://doi.org/10.1016/j.juro.2008.01.099"),
        Reference("MDCalc. PSA Doubling Time (PSADT) Calculator."),
    ),
    formula="slope = least-squares slope of ln(PSA) against time (months) over all values; PSA doubling time = "
    "ln 2 / slope (months). The main value is the slope, which MDCalc shows first.",
    description="How fast PSA rises (e.g. biochemical recurrence after prostatectomy or radiotherapy); a doubling "
    "time under about 3-10 months predicts metastasis and prostate cancer death. Use at least 3 values over 3 or "
    "more months where possible.",
    example={"psa_1": 5.1, "psa_2": 5.4, "months_1_2": 6, "psa_3": 5.2, "months_2_3": 6, "psa_4": 5.8,
             "months_3_4": 6, "psa_5": 6.2, "months_4_5": 6},
)
def psa_doubling_time(x: PSADoublingInputs, w: Working) -> float:
    points = _series(x)
    given = [i for i in range(3, MAX_VALUES + 1) if getattr(x, f"psa_{i}") is not None]
    if given and given != list(range(3, len(points) + 1)):
        raise invalid(f"psa_{len(points) + 1}", None, "the PSA values in order, without gaps",
                      f"psa_{given[-1]} was given but an earlier value is missing")
    times = [t for t, _ in points]
    logs = [math.log(p) for _, p in points]
    w.step("times (months) and ln PSA", lambda: "; ".join(f"{fmt(t)}: ln {fmt(p, 2)} = {fmt(math.log(p), 4)}"
                                                          for t, p in points), None)
    mean_t, mean_l = sum(times) / len(times), sum(logs) / len(logs)
    sxx = sum((t - mean_t) ** 2 for t in times)
    slope = w.step("slope of ln PSA per month", f"Σ(t − t̄)(ln PSA − mean) / Σ(t − t̄)², n = {len(points)}",
                   sum((t - mean_t) * (lp - mean_l) for t, lp in zip(times, logs, strict=True)) / sxx, "/month")
    if slope <= 0:
        w.output("doubling_time", None)
        w.interpretation = "PSA is not rising (slope ≤ 0): no doubling time"
        return slope
    dt = w.output("doubling_time", w.step("PSA doubling time", f"ln 2 / {fmt(slope, 5)}", math.log(2) / slope,
                                          "months"))
    w.interpretation = f"PSA doubling time {fmt(dt, 1)} months" + (
        "; under 3 months carries a high risk of prostate cancer death" if dt < 3 else "")
    return slope
