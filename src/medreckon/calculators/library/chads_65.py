"""CHADS-65 algorithm of the Canadian Cardiovascular Society for stroke prevention in atrial fibrillation."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs
from ..spec import Output, Reference, Working, calculator, fmt

CHOICES = ("OAC", "Antiplatelet", "No antithrombotic")


class CHADS65Inputs(Inputs):
    age: Age = Field(description="Age in years; 65 or older: oral anticoagulation.")
    heart_failure: bool = Finding("Congestive heart failure.")
    hypertension: bool = Finding("Hypertension.")
    diabetes: bool = Finding("Diabetes mellitus.")
    stroke_or_tia: bool = Finding("Prior stroke or transient ischaemic attack.")
    coronary_or_arterial_disease: bool = Finding("Coronary artery disease or peripheral arterial disease.")


@calculator(
    id="chads-65",
    name="CHADS-65 (Canadian Society of Cardiology Guideline)",
    aliases=("chads65", "ccs-chads-65"),
    kind="score",
    specialty="cardiology",
    output=Output(None, "category", categories=CHOICES),
    inputs=CHADS65Inputs,
    references=(
        Reference("Andrade JG, Aguilar M, Atzema C, et al. The 2020 Canadian Cardiovascular Society/Canadian Heart "
                  "Rhythm Society comprehensive guidelines for the management of atrial fibrillation. Can J Cardiol. "
                  "2020;36(12):1847-1948.", "https://doi.org/10.1016/j.cjca.2020.09.001"),
    ),
    formula="Age ≥ 65: OAC. Otherwise any CHADS2 risk factor (heart failure, hypertension, diabetes, prior stroke or "
    "TIA): OAC. Otherwise coronary or peripheral arterial disease: antiplatelet therapy. Otherwise: no "
    "antithrombotic.",
    description="The Canadian 'CCS algorithm' for non-valvular atrial fibrillation: who needs oral anticoagulation "
    "(a direct oral anticoagulant preferred over warfarin), antiplatelet therapy alone, or neither.",
    example={"age": 66},
)
def chads_65(x: CHADS65Inputs, w: Working) -> str:
    factors = [n for n in ("heart_failure", "hypertension", "diabetes", "stroke_or_tia") if getattr(x, n)]
    if x.age >= 65:
        choice = w.step("recommendation", f"age {fmt(x.age)} ≥ 65", "OAC")
    elif factors:
        choice = w.step("recommendation", ", ".join(factors).replace("_", " "), "OAC")
    elif x.coronary_or_arterial_disease:
        choice = w.step("recommendation", "coronary or arterial vascular disease only", "Antiplatelet")
    else:
        choice = w.step("recommendation", "none of the criteria", "No antithrombotic")
    w.interpretation = {"OAC": "oral anticoagulation; a direct oral anticoagulant is preferred over warfarin",
                        "Antiplatelet": "antiplatelet therapy (aspirin)",
                        "No antithrombotic": "no antithrombotic therapy"}[choice]
    return choice
