"""Hepatocellular carcinoma TNM staging (AJCC Cancer Staging Manual, 8th edition)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..spec import Output, Reference, Working, calculator

UNSTAGEABLE = "Unable to stage for this combination"
T_CATEGORIES = ("TX", "T0", "T1a", "T1b", "T2", "T3", "T4")
STAGES = ("IA", "IB", "II", "IIIA", "IIIB", "IVA", "IVB", UNSTAGEABLE)
STAGE_OF_T = {"T1a": "IA", "T1b": "IB", "T2": "II", "T3": "IIIA", "T4": "IIIB"}


def prefixed(values: tuple[str, ...]) -> dict[str, str]:
    """Clinical and pathological spellings of the categories ('cN1', 'pT1b', 'ypN0' read as N1, T1b, N0)."""
    return {f"{p}{v}": v for v in values for p in ("c", "p", "yp", "yc")}


class HCCTNMInputs(Inputs):
    t: choice(*T_CATEGORIES, synonyms=prefixed(T_CATEGORIES)) = Field(description=(
        "Primary tumour: 'T1a' solitary ≤ 2 cm; 'T1b' solitary > 2 cm without vascular invasion; 'T2' solitary > 2 cm "
        "with vascular invasion, or multiple tumours none > 5 cm; 'T3' multiple tumours, at least one > 5 cm; 'T4' "
        "tumour involving a major branch of the portal or hepatic vein, or invading adjacent organs other than the "
        "gallbladder, or perforating the visceral peritoneum; 'TX' cannot be assessed; 'T0' no evidence of primary."))
    n: choice("NX", "N0", "N1", synonyms=prefixed(("NX", "N0", "N1"))) = Field(description=(
        "Regional lymph nodes: 'N0' none, 'N1' regional node metastasis, 'NX' cannot be assessed."))
    m: choice("M0", "M1", synonyms=prefixed(("M0", "M1"))) = Field(description="'M0' no distant metastasis, 'M1' "
                                                                       "distant metastasis.")


@calculator(
    id="hcc-tnm",
    name="Hepatocellular Carcinoma TNM Staging",
    aliases=("hcc-tnm-staging", "liver-cancer-tnm"),
    kind="score",
    specialty="oncology",
    output=Output(None, "category", categories=STAGES),
    inputs=HCCTNMInputs,
    references=(
        Reference("Amin MB, Edge SB, Greene FL, et al., eds. AJCC Cancer Staging Manual. 8th ed. New York: Springer; "
                  "2017. Chapter 22, Liver."),
    ),
    formula="M1: IVB; N1 (M0): IVA; N0 M0: T1a IA, T1b IB, T2 II, T3 IIIA, T4 IIIB. TX, T0 or NX with M0 cannot be "
    "staged.",
    description="AJCC 8th edition prognostic stage group of hepatocellular carcinoma from its T, N and M "
    "categories (clinical or pathological).",
    example={"t": "T1b", "n": "N0", "m": "M0"},
)
def hcc_tnm(x: HCCTNMInputs, w: Working) -> str:
    if x.m == "M1":
        stage = w.step("stage group", "distant metastasis (M1)", "IVB")
    elif x.n == "N1":
        stage = w.step("stage group", "regional nodes (N1), M0", "IVA")
    elif x.n == "N0" and x.t in STAGE_OF_T:
        stage = w.step("stage group", f"{x.t} N0 M0", STAGE_OF_T[x.t])
    else:
        stage = w.step("stage group", f"{x.t} {x.n} {x.m}", UNSTAGEABLE)
    w.interpretation = f"{x.t} {x.n} {x.m}: " + (f"AJCC stage {stage}" if stage != UNSTAGEABLE else stage.lower())
    return stage
