"""Single-pool Kt/V for haemodialysis adequacy (Daugirdas second-generation formula, 1993)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import BUN, Inputs, Weight, q
from ..rules import Relation
from ..spec import Domain, Output, Reference, Working, calculator, fmt, invalid

PreBUN = q("mg/dL", analyte="bun", gt=0, plausible=(1, 300), units=("mg/dL", "mmol/L"))  # divides the post value
SessionHours = q("h", gt=0, le=24, plausible=(1, 10), units=("h", "min"))
Ultrafiltration = q("L", ge=0, plausible=(0, 8), units=("L", "mL"))
MINIMUM_KTV, MINIMUM_URR = 1.2, 65.0  # KDOQI minimum delivered dose, thrice-weekly


class KtVInputs(Inputs):
    pre_bun: PreBUN = Field(description="Pre-dialysis BUN, mg/dL by default (urea in mmol/L with its unit). Only the "
                         "ratio to the post value matters, so both must be in the same kind of unit.")
    post_bun: BUN = Field(description="Post-dialysis BUN from the same session, mg/dL by default.")
    session_hours: SessionHours = Field(description="Session length in hours ('240 min' with its unit).")
    ultrafiltration: Ultrafiltration = Field(description="Fluid removed by ultrafiltration in the session, L by "
                                             "default ('2500 mL'). Volume, not weight loss in kg (numerically close).")
    post_weight: Weight = Field(description="Post-dialysis body weight, kg by default.")

    rules = (Relation(("post_bun", "pre_bun", "session_hours"), "post_bun / pre_bun > 0.008 × session_hours"),
             # the output's domain (Output.domain), a relation between values
             Relation(("pre_bun", "post_bun"), "the result stays in its domain: a Kt/V above 0 (post_bun below "
                      "pre_bun by enough)"))


@calculator(
    id="kt-v-daugirdas",
    name="Kt/V for Hemodialysis Adequacy (Daugirdas)",
    aliases=("kt-v", "ktv", "spktv", "dialysis-adequacy", "daugirdas"),
    kind="equation",
    specialty="nephrology",
    output=Output(None, "decimal", 2, range=(0.3, 3), domain=Domain(
        gt=0, inputs=("pre_bun", "post_bun"),
        validity="a session whose post-dialysis BUN is below the pre-dialysis BUN by enough for a Kt/V above 0 "
        "(dialysis removes urea); check that the two are not swapped")),
    inputs=KtVInputs,
    references=(
        Reference("Daugirdas JT. Second generation logarithmic estimates of single-pool variable volume Kt/V: an "
                  "analysis of error. J Am Soc Nephrol. 1993;4(5):1205-1213.",
                  "https://doi.org/10.1681/ASN.V451205"),
        Reference("National Kidney Foundation. KDOQI clinical practice guideline for hemodialysis adequacy: 2015 "
                  "update. Am J Kidney Dis. 2015;66(5):884-930.", "https://doi.org/10.1053/j.ajkd.2015.07.015"),
    ),
    formula="R = post BUN / pre BUN; spKt/V = −ln(R − 0.008 × t) + (4 − 3.5 × R) × UF / W (t hours, UF litres, W "
    "post-dialysis kg); URR (%) = (1 − R) × 100",
    description="Delivered single-pool dialysis dose from pre- and post-dialysis urea, session length, "
    "ultrafiltration and weight. KDOQI: for thrice-weekly haemodialysis a target spKt/V of 1.4 and a minimum "
    "delivered 1.2 (URR ≥ 65%).",
    example={"pre_bun": 70, "post_bun": 22, "session_hours": 4, "ultrafiltration": 2.5, "post_weight": 72},
)
def kt_v_daugirdas(x: KtVInputs, w: Working) -> float:
    ratio = w.step("R = post/pre BUN", f"{fmt(x.post_bun)} / {fmt(x.pre_bun)}", x.post_bun / x.pre_bun)
    inner = ratio - 0.008 * x.session_hours
    if inner <= 0:
        raise invalid("post_bun", x.post_bun, "a post/pre BUN ratio above 0.008 × session hours",
                      "check that pre and post values are not swapped or in different units")
    urr = w.step("urea reduction ratio", f"(1 − {fmt(ratio, 4)}) × 100", (1 - ratio) * 100, "%")
    ktv = w.step("spKt/V", f"−ln({fmt(ratio, 4)} − 0.008 × {fmt(x.session_hours)}) + (4 − 3.5 × {fmt(ratio, 4)}) × "
                 f"{fmt(x.ultrafiltration)} / {fmt(x.post_weight)}",
                 -math.log(inner) + (4 - 3.5 * ratio) * x.ultrafiltration / x.post_weight)
    if x.post_bun > x.pre_bun:
        w.warn("post-dialysis BUN above the pre-dialysis value: the samples may be swapped", "post_bun")
    shown = round(ktv, 6)
    verdict = "meets" if shown >= MINIMUM_KTV else "below"
    w.interpretation = (f"spKt/V {fmt(ktv, 2)}: {verdict} the KDOQI minimum of 1.2 (target 1.4); URR {fmt(urr, 0)}% "
                        f"({'≥' if round(urr, 6) >= MINIMUM_URR else '<'} 65%)")
    return ktv
