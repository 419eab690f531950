"""Revised Trauma Score (Champion 1989): coded GCS, systolic pressure and respiratory rate, weighted."""

from __future__ import annotations

from pydantic import Field

from ..fields import BloodPressure, GCSTotal, Inputs, RespiratoryRate
from ..points import cut_offs
from ..rounding import round_half_away
from ..spec import Output, Reference, Working, calculator

WEIGHTS = {"gcs": 0.9368, "sbp": 0.7326, "rr": 0.2908}


def coded_values(w: Working, gcs: int, systolic_bp: float, respiratory_rate: float) -> tuple[int, int, int]:
    """The coded values 0-4 of the GCS, systolic pressure and respiratory rate (Champion 1989), as steps."""
    g = cut_offs(w, "GCS coded", f"GCS {gcs}", gcs, ((13, 4), (9, 3), (6, 2), (4, 1), (None, 0)))
    sbp = int(round_half_away(systolic_bp, 0))  # charted in whole mm Hg: 89.6 is 90
    s = cut_offs(w, "systolic BP coded", f"SBP {sbp} mmHg", sbp, ((90, 4), (76, 3), (50, 2), (1, 1), (None, 0)))
    rr = int(round_half_away(respiratory_rate, 0))
    r = cut_offs(w, "respiratory rate coded", f"RR {rr}/min", rr, ((30, 3), (10, 4), (6, 2), (1, 1), (None, 0)))
    return g, s, r


class RTSInputs(Inputs):
    gcs: GCSTotal = Field(description="Glasgow Coma Score total, 3-15: 13-15 codes 4, 9-12 3, 6-8 2, 4-5 1, 3 0.")
    systolic_bp: BloodPressure = Field(description="Systolic blood pressure, mm Hg (kPa with its unit): > 89 codes 4, "
                                       "76-89 3, 50-75 2, 1-49 1, 0 (no pulse) 0.")
    respiratory_rate: RespiratoryRate = Field(description="Respiratory rate per minute: 10-29 codes 4, > 29 3, 6-9 2, "
                                              "1-5 1, 0 0. A fast rate codes lower than a normal one.")


@calculator(
    id="revised-trauma-score",
    name="Revised Trauma Score",
    aliases=("rts",),
    kind="score",
    specialty="emergency medicine",
    output=Output("points", "decimal", 4, range=(0, 7.8408)),
    inputs=RTSInputs,
    references=(
        Reference("Champion HR, Sacco WJ, Copes WS, Gann DS, Gennarelli TA, Flanagan ME. A revision of the Trauma "
                  "Score. J Trauma. 1989;29(5):623-629."),
        Reference("MDCalc. Revised Trauma Score."),
    ),
    formula="RTS = 0.9368 × GCS code + 0.7326 × SBP code + 0.2908 × RR code; codes 0-4: GCS 13-15 4, 9-12 3, 6-8 2, "
    "4-5 1, 3 0; SBP > 89 4, 76-89 3, 50-75 2, 1-49 1, 0 0; RR 10-29 4, > 29 3, 6-9 2, 1-5 1, 0 0. Range 0-7.8408.",
    description="Physiological severity of trauma at presentation, weighted for survival prediction; used in TRISS. "
    "Lower is worse; many triage protocols send an RTS < 4 to a trauma centre. Shown to 4 decimals (6.904 is "
    "not 7).",
    example={"gcs": 10, "systolic_bp": 112, "respiratory_rate": 24},
)
def revised_trauma_score(x: RTSInputs, w: Working) -> float:
    g, s, r = coded_values(w, x.gcs, x.systolic_bp, x.respiratory_rate)
    rts = w.step("RTS", f"{WEIGHTS['gcs']} × {g} + {WEIGHTS['sbp']} × {s} + {WEIGHTS['rr']} × {r}",
                 WEIGHTS["gcs"] * g + WEIGHTS["sbp"] * s + WEIGHTS["rr"] * r, "points")
    w.interpretation = ("RTS < 4: many trauma protocols recommend treatment at a trauma centre" if rts < 4 else
                        "higher scores correlate with survival (maximum 7.8408)")
    return rts
