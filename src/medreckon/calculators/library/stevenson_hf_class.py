"""Stevenson clinical profiles of acute heart failure (warm/cold, dry/wet; Nohria 2003)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs
from ..spec import Output, Reference, Working, calculator

PROFILES = ("Warm and Dry", "Warm and Wet", "Cold and Dry", "Cold and Wet")


class StevensonInputs(Inputs):
    congestion: bool = Field(description=(
        "Evidence of congestion ('wet'): orthopnoea, raised jugular venous pressure, rales, hepatojugular reflux, "
        "ascites, peripheral oedema or a loud P2."))
    low_perfusion: bool = Field(description=(
        "Evidence of low perfusion ('cold'): narrow proportional pulse pressure, cool extremities, sleepiness or "
        "obtundation, hypotension with ACE inhibition, or worsening renal function."))


@calculator(
    id="stevenson-hf-class",
    name="Stevenson HF Class",
    aliases=("stevenson-profile", "warm-cold-wet-dry", "stevenson-heart-failure-profile"),
    kind="score",
    specialty="cardiology",
    output=Output(None, "category", categories=PROFILES),
    inputs=StevensonInputs,
    references=(
        Reference("Nohria A, Tsang SW, Fang JC, et al. Clinical assessment identifies hemodynamic profiles that "
                  "predict outcomes in patients admitted with heart failure. J Am Coll Cardiol. 2003;41(10):1797-1804.",
                  "https://doi.org/10.1016/S0735-1097(03)00309-7"),
        Reference("Stevenson LW. Tailored therapy to hemodynamic goals for advanced heart failure. Eur J Heart Fail. "
                  "1999;1(3):251-257.", "https://doi.org/10.1016/S1388-9842(99)00015-X"),
    ),
    formula="Warm (adequate perfusion) or cold (low perfusion) × dry (no congestion) or wet (congestion): "
    "Warm and Dry, Warm and Wet, Cold and Dry, Cold and Wet",
    description="Bedside haemodynamic profile of a patient with heart failure from signs of congestion and of low "
    "perfusion; guides diuresis and inotropic support. Wet and cold profiles carry a higher risk of death or "
    "urgent transplantation (Nohria 2003).",
    example={"congestion": True, "low_perfusion": False},
)
def stevenson_hf_class(x: StevensonInputs, w: Working) -> str:
    warm = w.step("perfusion", "low (cold)" if x.low_perfusion else "adequate (warm)", "Cold" if x.low_perfusion
                  else "Warm")
    wet = w.step("congestion", "present (wet)" if x.congestion else "absent (dry)", "Wet" if x.congestion else "Dry")
    profile = f"{warm} and {wet}"
    w.interpretation = {
        "Warm and Dry": "compensated: continue oral therapy",
        "Warm and Wet": "congested with adequate perfusion (the commonest profile): diuretics and vasodilators",
        "Cold and Dry": "hypoperfused without congestion: consider cautious fluids; inotropes if perfusion stays low",
        "Cold and Wet": "congested and hypoperfused (highest risk): consider inotropes or vasodilators, then diuresis",
    }[profile]
    return profile
