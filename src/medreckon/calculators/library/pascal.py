"""PASCAL classification: how likely a stroke is caused by a patent foramen ovale (Kent 2021)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs
from ..spec import Output, Reference, Working, calculator

LABELS = ("Unlikely", "Possible", "Probable")


class PASCALInputs(Inputs):
    rope_score: int = Field(ge=0, le=10, description="Risk of Paradoxical Embolism (RoPE) score, 0-10; ≥ 7 is high.")
    high_risk_pfo: bool = Field(description="High-risk PFO feature: a large shunt and/or an atrial septal aneurysm.")


@calculator(
    id="pascal",
    name="PFO-Associated Stroke Causal Likelihood (PASCAL) Classification System",
    aliases=("pascal-classification",),
    kind="score",
    specialty="neurology",
    output=Output(None, "category", categories=LABELS),
    inputs=PASCALInputs,
    references=(
        Reference("Kent DM, Saver JL, Kasner SE, et al. Heterogeneity of Treatment Effects in an Analysis of Pooled "
                  "Individual Patient Data From Randomized Trials of Device Closure of Patent Foramen Ovale After "
                  "Stroke. JAMA. 2021;326(22):2277-2286."),
        Reference("MDCalc. PFO-Associated Stroke Causal Likelihood (PASCAL) Classification System."),
    ),
    formula="Unlikely: RoPE < 7 and no high-risk PFO feature. Possible: RoPE ≥ 7 without, or RoPE < 7 with, a "
    "high-risk feature. Probable: RoPE ≥ 7 with a high-risk feature (large shunt or atrial septal aneurysm).",
    description="Likelihood that a PFO caused an embolic-appearing stroke, which predicts the benefit of device "
    "closure: closure reduced recurrence in 'possible' and 'probable' but not in 'unlikely'.",
    example={"rope_score": 6, "high_risk_pfo": False},
)
def pascal(x: PASCALInputs, w: Working) -> str:
    high_rope = x.rope_score >= 7
    w.step("RoPE ≥ 7", f"RoPE {x.rope_score}", high_rope)
    label = LABELS[high_rope + x.high_risk_pfo]
    w.interpretation = f"PFO-attributable stroke {label.lower()}" + (
        ": device closure not shown to help" if label == "Unlikely" else ": device closure may reduce recurrence")
    return label
