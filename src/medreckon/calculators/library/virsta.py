"""VIRSTA score: risk of infective endocarditis in Staphylococcus aureus bacteraemia (Tubiana 2016)."""

from __future__ import annotations

from pydantic import Field

from ..fields import CRP, Finding, Inputs
from ..points import finding, sum_points, threshold
from ..spec import Output, Reference, Working, calculator, fmt


class VIRSTAInputs(Inputs):
    emboli: bool = Finding("Cerebral or peripheral emboli (including splenic or other arterial emboli): 5 points.")
    meningitis: bool = Finding("Meningitis: 5 points.")
    intracardiac_device_or_previous_ie: bool = Finding(
        "Permanent intracardiac device (prosthetic valve, pacemaker or defibrillator) or previous infective "
        "endocarditis: 4 points.")
    native_valve_disease: bool = Finding("Pre-existing native valve disease (e.g. bicuspid aortic valve, prolapse, "
                                         "regurgitation or stenosis): 3 points.")
    injection_drug_use: bool = Finding("Intravenous (injection) drug use: 4 points.")
    persistent_bacteremia: bool = Finding("Persistent bacteraemia: positive blood cultures after 48 hours of "
                                          "appropriate antibiotics: 3 points.")
    vertebral_osteomyelitis: bool = Finding("Vertebral osteomyelitis: 2 points.")
    community_acquisition: bool = Finding(
        "Community-acquired or non-nosocomial healthcare-associated bacteraemia (not acquired in hospital): 2 points.")
    severe_sepsis_or_shock: bool = Finding("Severe sepsis or septic shock: 1 point.")
    crp: CRP = Field(description="C-reactive protein, mg/L (mg/dL with its unit: 21 mg/dL = 210 mg/L); > 190 mg/L "
                     "scores 1.")


@calculator(
    id="virsta",
    name="VIRSTA Score",
    aliases=("virsta-score",),
    kind="score",
    specialty="infectious disease",
    output=Output("points", "integer", 0, range=(0, 30)),
    inputs=VIRSTAInputs,
    references=(
        Reference("Tubiana S, Duval X, Alla F, et al. The VIRSTA score, a prediction score to estimate risk of "
                  "infective endocarditis and determine priority for echocardiography in patients with "
                  "Staphylococcus aureus bacteremia. J Infect. 2016;72(5):544-553."),
        Reference("MDCalc. VIRSTA Score."),
    ),
    formula="Cerebral or peripheral emboli 5; meningitis 5; permanent intracardiac device or previous IE 4; "
    "pre-existing native valve disease 3; IV drug use 4; persistent bacteraemia 3; vertebral osteomyelitis 2; "
    "community or non-nosocomial healthcare-associated acquisition 2; severe sepsis or shock 1; CRP > 190 mg/L 1. "
    "≤ 2 low risk, ≥ 3 high risk.",
    description="Risk of infective endocarditis in patients with Staphylococcus aureus bacteraemia, to decide the "
    "priority of echocardiography: a score ≤ 2 has a negative predictive value near 99%, where echocardiography "
    "may be dispensable; ≥ 3 calls for urgent echocardiography.",
    example={"emboli": True, "native_valve_disease": True, "persistent_bacteremia": True,
             "community_acquisition": True, "severe_sepsis_or_shock": True, "crp": 236},
)
def virsta(x: VIRSTAInputs, w: Working) -> int:
    parts = (
        finding(w, "cerebral or peripheral emboli", x.emboli, 5),
        finding(w, "meningitis", x.meningitis, 5),
        finding(w, "permanent intracardiac device or previous IE", x.intracardiac_device_or_previous_ie, 4),
        finding(w, "pre-existing native valve disease", x.native_valve_disease, 3),
        finding(w, "intravenous drug use", x.injection_drug_use, 4),
        finding(w, "persistent bacteraemia", x.persistent_bacteremia, 3),
        finding(w, "vertebral osteomyelitis", x.vertebral_osteomyelitis, 2),
        finding(w, "community or non-nosocomial healthcare-associated acquisition", x.community_acquisition, 2),
        finding(w, "severe sepsis or shock", x.severe_sepsis_or_shock, 1),
        threshold(w, "CRP > 190 mg/L", f"CRP {fmt(x.crp)} mg/L", x.crp, ">", 190),
    )
    total = sum_points(w, parts)
    w.interpretation = ("high risk (≥ 3): urgent echocardiography strongly encouraged" if total >= 3 else
                        "low risk (≤ 2): infective endocarditis unlikely; echocardiography may be dispensable")
    return total
