"""Barcelona Clinic Liver Cancer (BCLC) staging of hepatocellular carcinoma (Reig 2022 update)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..fields import EchoLength, ECOGGrade, Inputs, choice
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

STAGES = ("Stage 0", "Stage A", "Stage B", "Stage C", "Stage D")
TREATMENT = {
    "Stage 0": "very early: ablation; resection if ablation is not feasible; transplant if not a resection candidate",
    "Stage A": "early: resection, ablation or liver transplantation",
    "Stage B": "intermediate: transplantation if within extended criteria, otherwise chemoembolisation (TACE) or "
               "systemic therapy",
    "Stage C": "advanced: systemic therapy",
    "Stage D": "terminal: best supportive care",
}
SURVIVAL = {"Stage 0": "> 5 years", "Stage A": "> 5 years", "Stage B": "> 2.5 years", "Stage C": "> 2 years",
            "Stage D": "3 months"}


class BCLCInputs(Inputs):
    tumour_count: Annotated[int, Field(ge=1, le=50)] = Field(description="Number of HCC nodules.")
    largest_tumour_diameter: EchoLength = Field(description="Diameter of the largest nodule, cm by default (mm with "
                                                "its unit).")
    vascular_invasion_or_extrahepatic_spread: bool = Field(description="Portal (macrovascular) invasion and/or "
                                                           "extrahepatic spread.")
    liver_function: choice("preserved", "end_stage") = Field(description="'preserved' liver function, or "
                                                             "'end_stage' (e.g. Child-Pugh C; not a transplant "
                                                             "candidate for other reasons).")
    ecog: ECOGGrade = Field(description="ECOG performance status 0-4 (cancer-related).")


@calculator(
    id="bclc",
    name="Barcelona-Clinic Liver Cancer (BCLC) Staging Classification and Treatment Guidelines",
    aliases=("bclc-staging", "barcelona-clinic-liver-cancer"),
    kind="score",
    specialty="hepatology",
    output=Output(None, "category", categories=STAGES, secondary=(
        Secondary("treatment", "first-line treatment strategy of the stage (BCLC 2022)", None, "text"),
        Secondary("expected_survival", "expected survival of the stage (BCLC 2022)", None, "text"),
    )),
    inputs=BCLCInputs,
    references=(
        Reference("Reig M, Forner A, Rimola J, et al. BCLC strategy for prognosis prediction and treatment "
                  "recommendation: the 2022 update. J Hepatol. 2022;76(3):681-693.",
                  "https://doi.org/10.1016/j.jhep.2021.11.018"),
        Reference("Llovet JM, Brú C, Bruix J. Prognosis of hepatocellular carcinoma: the BCLC staging classification. "
                  "Semin Liver Dis. 1999;19(3):329-338.", "https://doi.org/10.1055/s-2007-1007122"),
    ),
    formula="D: end-stage liver function or ECOG > 2. C: portal invasion or extrahepatic spread, or ECOG 1-2. With "
    "preserved liver function and ECOG 0: 0 single ≤ 2 cm; A single (any size) or 2-3 nodules each ≤ 3 cm; B "
    "multinodular beyond A.",
    description="Stage of hepatocellular carcinoma from tumour burden, liver function and performance status, "
    "linked to the recommended first-line treatment and expected survival (2022 update).",
    example={"tumour_count": 1, "largest_tumour_diameter": 3.8, "vascular_invasion_or_extrahepatic_spread": False,
             "liver_function": "preserved", "ecog": 0},
)
def bclc(x: BCLCInputs, w: Working) -> str:
    n, d = x.tumour_count, x.largest_tumour_diameter
    if x.liver_function == "end_stage" or x.ecog > 2:
        stage = w.step("BCLC stage", f"liver function {x.liver_function.replace('_', '-')}, ECOG {x.ecog}", "Stage D")
    elif x.vascular_invasion_or_extrahepatic_spread or x.ecog > 0:
        stage = w.step("BCLC stage", "vascular invasion or extrahepatic spread" if
                       x.vascular_invasion_or_extrahepatic_spread else f"ECOG {x.ecog}", "Stage C")
    elif n == 1 and d <= 2:
        stage = w.step("BCLC stage", f"single nodule {fmt(d)} ≤ 2 cm", "Stage 0")
    elif n == 1 or (n <= 3 and d <= 3):
        stage = w.step("BCLC stage", f"{n} nodule(s), largest {fmt(d)} cm", "Stage A")
    else:
        stage = w.step("BCLC stage", f"{n} nodules, largest {fmt(d)} cm (multinodular)", "Stage B")
    w.output("treatment", TREATMENT[stage])
    w.output("expected_survival", SURVIVAL[stage])
    w.interpretation = f"BCLC {stage.removeprefix('Stage ')}: {TREATMENT[stage]}; expected survival {SURVIVAL[stage]}"
    return stage
