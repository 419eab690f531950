"""KDIGO staging of acute kidney injury by serum creatinine and urine output (KDIGO 2012)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Creatinine, Finding, Inputs, Weight, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid
from .crrt_dosing import KDIGO_AKI

UrineVolume = q("mL", ge=0, lt=50000, plausible=(0, 10000), units=("mL", "L"))
Hours = q("h", gt=0, le=720, plausible=(1, 168), units=("h", "d"))
STAGES = ("No AKI", "Stage 1", "Stage 2", "Stage 3")
ABSOLUTE_RISE = 0.3  # mg/dL within 48 h: stage 1
SEVERE_CREATININE = 4.0  # mg/dL: stage 3 (with an acute rise)
RISE_WINDOW = 48.0  # h
# urine output below the rate (mL/kg/h) over the window (h): the stage; a 24-hour average below 0.5 is below 0.5
# for 12 hours or more (stage 2)
URINE_CRITERIA = ((24, 0.3, 3), (24, 0.5, 2), (12, 0.5, 2), (6, 0.5, 1))


class KDIGOInputs(Inputs):
    baseline_creatinine: Creatinine = Field(description="Baseline serum creatinine (known or presumed within the "
                                            "prior 7 days), mg/dL by default; µmol/L with its unit.")
    creatinine: Creatinine = Field(description="Current (highest) serum creatinine, mg/dL by default.")
    hours_since_baseline: Hours | None = Field(
        None, description="Hours between the baseline and current creatinine; optional. The 0.3 mg/dL rise counts "
        "only within 48 h (not given: taken as within 48 h, with a warning).")
    weight: Weight | None = Field(None, description="Body weight, kg by default; needed with the urine volumes.")
    urine_output_6h: UrineVolume | None = Field(None, description="Urine volume over the last 6 hours, mL; optional.")
    urine_output_12h: UrineVolume | None = Field(None, description="Urine volume over the last 12 hours, mL; optional "
                                                 "(0 mL is anuria for 12 h: stage 3).")
    urine_output_24h: UrineVolume | None = Field(None, description="Urine volume over the last 24 hours, mL; optional.")
    renal_replacement_therapy: bool = Finding("Renal replacement therapy started for this AKI (stage 3).")


@calculator(
    id="kdigo-aki",
    name="KDIGO AKI Staging",
    aliases=("kdigo-aki-staging", "aki-stage", "kdigo-acute-kidney-injury"),
    kind="score",
    specialty="nephrology",
    output=Output(None, "category", categories=STAGES, secondary=(
        Secondary("creatinine_ratio", "current / baseline creatinine", None, "decimal", 2),
        Secondary("creatinine_stage", "stage by the creatinine criteria", None, "text"),
        Secondary("urine_output_stage", "stage by the urine output criteria (when volumes are given)", None, "text"),
    )),
    inputs=KDIGOInputs,
    references=(
        KDIGO_AKI,
        Reference("MDCalc: KDIGO AKI Staging.", "https://www.mdcalc.com/calc/10236/kdigo-aki-staging"),
    ),
    formula="Stage 1: creatinine 1.5-1.9 × baseline or a rise ≥ 0.3 mg/dL within 48 h, or urine < 0.5 mL/kg/h for "
    "6-12 h. Stage 2: 2.0-2.9 × baseline, or urine < 0.5 mL/kg/h for ≥ 12 h. Stage 3: ≥ 3.0 × baseline, or "
    "creatinine ≥ 4.0 mg/dL with an acute rise, or renal replacement therapy, or urine < 0.3 mL/kg/h for ≥ 24 h or "
    "anuria for ≥ 12 h. The stage is the highest either criterion gives.",
    description="Stages acute kidney injury by the KDIGO 2012 definition from the baseline and current creatinine and, "
    "where known, the urine volumes over the last 6, 12 and 24 hours. The paediatric eGFR < 35 criterion of stage 3 "
    "is not included.",
    example={"baseline_creatinine": 0.9, "creatinine": 2.3, "weight": 80, "urine_output_6h": 200,
             "urine_output_12h": 360, "urine_output_24h": 760},
)
def kdigo_aki(x: KDIGOInputs, w: Working) -> str:
    by_creatinine = _creatinine_stage(x, w)
    w.output("creatinine_stage", STAGES[by_creatinine])
    by_urine = _urine_stage(x, w)
    w.output("urine_output_stage", None if by_urine is None else STAGES[by_urine])
    stage = STAGES[max(by_creatinine, by_urine or 0, 3 if x.renal_replacement_therapy else 0)]
    w.step("KDIGO stage", "the highest of the creatinine, urine output and dialysis criteria", stage)
    w.interpretation = "no acute kidney injury by these criteria" if stage == STAGES[0] else f"AKI {stage.lower()}"
    return stage


def _creatinine_stage(x: KDIGOInputs, w: Working) -> int:
    ratio = w.output("creatinine_ratio", w.step("creatinine / baseline", f"{fmt(x.creatinine)} / "
                                                f"{fmt(x.baseline_creatinine)}", x.creatinine / x.baseline_creatinine))
    rise = w.step("rise of creatinine", f"{fmt(x.creatinine)} − {fmt(x.baseline_creatinine)}",
                  x.creatinine - x.baseline_creatinine, "mg/dL")
    ratio, rise = round(ratio, 6), round(rise, 6)
    if ratio >= 3.0 or (x.creatinine >= SEVERE_CREATININE and rise > 0):
        return 3
    if ratio >= 2.0:
        return 2
    if ratio >= 1.5:
        return 1
    if rise >= ABSOLUTE_RISE:
        if x.hours_since_baseline is None:
            w.warn("a rise of ≥ 0.3 mg/dL counts only within 48 h: taken as within 48 h", "hours_since_baseline",
                   "assumed_default")
            return 1
        return 1 if x.hours_since_baseline <= RISE_WINDOW else 0
    return 0


def _urine_stage(x: KDIGOInputs, w: Working) -> int | None:
    volumes = {6: x.urine_output_6h, 12: x.urine_output_12h, 24: x.urine_output_24h}
    if all(v is None for v in volumes.values()):
        return None
    if x.weight is None:
        raise invalid("weight", None, "a body weight: urine output is judged per kg", "give the weight in kg")
    if x.urine_output_12h is not None and x.urine_output_12h == 0:
        w.step("anuria for 12 hours", "0 mL over 12 h", 3)
        return 3
    for hours, limit, stage in URINE_CRITERIA:
        volume = volumes[hours]
        if volume is None:
            continue
        per_kg = round(volume / x.weight / hours, 6)
        w.step(f"urine output over {hours} h vs {fmt(limit)}", f"{fmt(volume)} mL / {fmt(x.weight)} kg / {hours} h",
               per_kg, "mL/kg/h")
        if per_kg < limit:
            return stage
    return 0
