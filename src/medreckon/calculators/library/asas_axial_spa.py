"""ASAS classification criteria for axial spondyloarthritis (Rudwaleit 2009)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs
from ..points import compared
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

CLASSES = ("Axial SpA", "Not axial SpA", "Entry criterion not met")
FEATURES = (
    ("inflammatory_back_pain", "inflammatory back pain"),
    ("arthritis", "arthritis"),
    ("enthesitis", "enthesitis (heel)"),
    ("uveitis", "anterior uveitis"),
    ("dactylitis", "dactylitis"),
    ("psoriasis", "psoriasis"),
    ("inflammatory_bowel_disease", "Crohn's disease or ulcerative colitis"),
    ("good_nsaid_response", "good response to NSAIDs"),
    ("family_history", "family history of SpA"),
    ("elevated_crp", "elevated CRP"),
)


class ASASAxialSpAInputs(Inputs):
    back_pain_months: float = Field(ge=0, le=1200, description="Duration of back pain in months; the entry "
                                    "criterion needs 3 months or more.")
    age_at_onset: Age = Field(description="Age in years when the back pain began; the entry criterion needs onset "
                              "before 45.")
    sacroiliitis_on_imaging: bool = Finding("Sacroiliitis on imaging: active (acute) inflammation on MRI highly "
                                            "suggestive of SpA-associated sacroiliitis, or definite radiographic "
                                            "sacroiliitis by the modified New York criteria.")
    hla_b27: bool = Finding("HLA-B27 positive.")
    inflammatory_back_pain: bool = Finding("Inflammatory back pain by expert or ASAS criteria (onset < 40, insidious, "
                                           "better with exercise, not with rest, pain at night).")
    arthritis: bool = Finding("Past or present active synovitis diagnosed by a physician.")
    enthesitis: bool = Finding("Heel enthesitis: past or present pain or tenderness at the Achilles or plantar fascia "
                               "insertion on the calcaneus.")
    uveitis: bool = Finding("Past or present anterior uveitis confirmed by an ophthalmologist.")
    dactylitis: bool = Finding("Past or present dactylitis diagnosed by a physician.")
    psoriasis: bool = Finding("Past or present psoriasis diagnosed by a physician.")
    inflammatory_bowel_disease: bool = Finding("Past or present Crohn's disease or ulcerative colitis diagnosed by a "
                                               "physician.")
    good_nsaid_response: bool = Finding("Back pain much better or gone 24-48 h after a full dose of an NSAID.")
    family_history: bool = Finding("A first- or second-degree relative with ankylosing spondylitis, psoriasis, "
                                   "uveitis, reactive arthritis or inflammatory bowel disease.", whose="relative")
    elevated_crp: bool = Finding("CRP above the upper limit of normal in the presence of back pain, after other "
                                 "causes are excluded.")


@calculator(
    id="asas-axial-spa",
    name="ASAS Criteria for Axial Spondyloarthritis (SpA)",
    aliases=("ASAS Criteria for Axial Spondyloarthritis (SpA)", "asas-criteria", "asas-axspa"),
    kind="score",
    specialty="rheumatology",
    output=Output(None, "category", categories=CLASSES, secondary=(
        Secondary("arm", "which arm is met: imaging, clinical, or both (None if neither)", None, "text"),
        Secondary("spa_features", "number of SpA features present, HLA-B27 included", None, "integer"),
    )),
    inputs=ASASAxialSpAInputs,
    references=(
        Reference("Rudwaleit M, van der Heijde D, Landewé R, et al. The development of Assessment of "
                  "SpondyloArthritis international Society classification criteria for axial spondyloarthritis "
                  "(part II): validation and final selection. Ann Rheum Dis. 2009;68(6):777-783.",
                  "https://doi.org/10.1136/ard.2009.108233"),
        Reference("MDCalc. ASAS Criteria for Axial Spondyloarthritis (SpA).",
                  "https://www.mdcalc.com/calc/10182/asas-criteria-axial-spondyloarthritis-spa"),
    ),
    formula="Entry: back pain ≥ 3 months with onset before age 45. Then either sacroiliitis on imaging plus ≥ 1 SpA "
    "feature (imaging arm), or HLA-B27 plus ≥ 2 other SpA features (clinical arm). SpA features: inflammatory back "
    "pain, arthritis, heel enthesitis, uveitis, dactylitis, psoriasis, Crohn's/colitis, good NSAID response, family "
    "history of SpA, HLA-B27, elevated CRP.",
    description="Classifies chronic back pain as axial spondyloarthritis for research and as a diagnostic aid; "
    "classification criteria, not a diagnosis on their own.",
    example={"back_pain_months": 72, "age_at_onset": 28, "sacroiliitis_on_imaging": True, "hla_b27": True,
             "inflammatory_back_pain": True, "good_nsaid_response": True, "enthesitis": True, "uveitis": True,
             "family_history": True, "elevated_crp": True},
)
def asas_axial_spa(x: ASASAxialSpAInputs, w: Working) -> str:
    long_enough, duration = compared(f"{fmt(x.back_pain_months)} months", x.back_pain_months, "≥", 3)
    early, onset = compared(f"onset at {fmt(x.age_at_onset)}", x.age_at_onset, "<", 45)
    w.step("entry: back pain ≥ 3 months, onset < 45 years", f"{duration}; {onset}", long_enough and early)
    others = [what for name, what in FEATURES if getattr(x, name)]
    count = w.output("spa_features", len(others) + x.hla_b27)
    w.step("SpA features", ", ".join((["HLA-B27"] if x.hla_b27 else []) + others) or "none", count)
    if not (long_enough and early):
        w.output("arm", None)
        w.interpretation = "the entry criterion (back pain ≥ 3 months, onset before 45) is not met"
        return CLASSES[2]
    imaging = w.step("imaging arm: sacroiliitis + ≥ 1 SpA feature",
                     f"sacroiliitis {'yes' if x.sacroiliitis_on_imaging else 'no'}, {count} features",
                     x.sacroiliitis_on_imaging and count >= 1)
    clinical = w.step("clinical arm: HLA-B27 + ≥ 2 other features",
                      f"HLA-B27 {'positive' if x.hla_b27 else 'negative'}, {len(others)} other features",
                      x.hla_b27 and len(others) >= 2)
    arm = w.output("arm", "both" if imaging and clinical else "imaging" if imaging else "clinical" if clinical else None)
    if arm is None:
        w.interpretation = "ASAS criteria for axial SpA not met"
        return CLASSES[1]
    w.interpretation = f"meets the ASAS classification criteria for axial SpA ({arm} arm{'s' if arm == 'both' else ''})"
    return CLASSES[0]
