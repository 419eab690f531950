"""AJCC 8th edition stage groups for laryngeal (supraglottic and glottic) and major salivary gland cancer, from
clinical or pathological T, N and M categories. The T and N definitions differ by site; the grouping of the
categories into stages is what these calculators compute."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..spec import Output, Reference, Working, calculator
from .hcc_tnm import UNSTAGEABLE, prefixed

N_CATEGORIES = ("NX", "N0", "N1", "N2a", "N2b", "N2c", "N3a", "N3b")
N_SPELLINGS = {**prefixed(N_CATEGORIES), **{k.lower(): v for k, v in prefixed(N_CATEGORIES).items()},
               "N2": "N2a", "N3": "N3a"}  # an N2 or N3 without its letter stages the same as N2a or N3a
STAGES = ("0", "I", "II", "III", "IVA", "IVB", "IVC", UNSTAGEABLE)
AJCC = Reference("Amin MB, Edge SB, Greene FL, et al., eds. AJCC Cancer Staging Manual. 8th ed. New York: Springer; "
                 "2017. Chapters 13 (Larynx) and 14 (Major salivary glands).")
M_INPUT = Field(description="'M0' no distant metastasis, 'M1' distant metastasis.")
N_INPUT = Field(description=(
    "Regional nodes, clinical (cN) or pathological (pN): 'N0'; 'N1'; 'N2a', 'N2b', 'N2c'; 'N3a', 'N3b'; 'NX' cannot "
    "be assessed. The site's definitions (size, number, side, extranodal extension) decide the category."))


def stage_group(t: str, n: str, m: str, low_t: tuple[str, ...]) -> str:
    """Head and neck grouping: `low_t` are the T categories that stage III with N1 and IVA with N2."""
    if m == "M1":
        return "IVC"
    if t in ("TX",) or n == "NX":
        return UNSTAGEABLE
    if t == "T4b" or n in ("N3a", "N3b"):
        return "IVB"
    if n in ("N2a", "N2b", "N2c"):
        return "IVA" if t in (*low_t, "T4a") else UNSTAGEABLE
    if t == "T4a":
        return "IVA"
    if n == "N1":
        return "III" if t in low_t else UNSTAGEABLE
    return {"Tis": "0", "T1": "I", "T2": "II", "T3": "III"}.get(t, UNSTAGEABLE)


LARYNX_T = ("TX", "Tis", "T1", "T2", "T3", "T4a", "T4b")


class LarynxInputs(Inputs):
    t: choice(*LARYNX_T, synonyms=prefixed(LARYNX_T)) = Field(description=(
        "Primary tumour (clinical or pathological) by the subsite's definitions: 'Tis', 'T1', 'T2', 'T3' (e.g. vocal "
        "cord fixation), 'T4a' (moderately advanced local disease), 'T4b' (very advanced), 'TX' cannot be assessed."))
    n: choice(*N_CATEGORIES, synonyms=N_SPELLINGS) = N_INPUT
    m: choice("M0", "M1", synonyms=prefixed(("M0", "M1"))) = M_INPUT


@calculator(
    id="larynx-tnm",
    name="Laryngeal Cancer TNM Stage Group (supraglottis and glottis, clinical or pathological)",
    aliases=("Laryngeal Cancer: Supraglottis (Clinical)", "Laryngeal Cancer: Supraglottis (Pathological)",
             "Laryngeal Cancer: Glottis (Clinical)", "Laryngeal Cancer: Glottis (Pathological)", "larynx-staging"),
    kind="score",
    specialty="oncology",
    output=Output(None, "category", categories=STAGES),
    inputs=LarynxInputs,
    references=(AJCC,),
    formula="M1: IVC. T4b or N3: IVB. T4a N0-N1, or T1-T4a N2: IVA. T3 N0, or T1-T3 N1: III. T2 N0: II. T1 N0: I. "
    "Tis N0: 0. TX or NX: cannot be staged.",
    description="AJCC 8th edition stage group of supraglottic or glottic laryngeal cancer; the clinical and "
    "pathological stage groups use the same grouping of their own cT/pT and cN/pN categories.",
    example={"t": "T3", "n": "N2b", "m": "M0"},
)
def larynx_tnm(x: LarynxInputs, w: Working) -> str:
    stage = w.step("stage group", f"{x.t} {x.n} {x.m}", stage_group(x.t, x.n, x.m, ("T1", "T2", "T3")))
    w.interpretation = f"{x.t} {x.n} {x.m}: " + (f"AJCC stage {stage}" if stage != UNSTAGEABLE else stage.lower())
    return stage


SALIVARY_T = ("TX", "T0", "Tis", "T1", "T2", "T3", "T4a", "T4b")


class SalivaryInputs(Inputs):
    t: choice(*SALIVARY_T, synonyms=prefixed(SALIVARY_T)) = Field(description=(
        "Primary tumour: 'T1' ≤ 2 cm without extraparenchymal extension; 'T2' > 2-4 cm without it; 'T3' > 4 cm "
        "and/or extraparenchymal extension; 'T4a' invading skin, mandible, ear canal and/or facial nerve; 'T4b' "
        "invading skull base or pterygoid plates, or encasing the carotid artery; 'T0' no evidence of primary; "
        "'Tis' carcinoma in situ; 'TX' cannot be assessed."))
    n: choice(*N_CATEGORIES, synonyms=N_SPELLINGS) = N_INPUT
    m: choice("M0", "M1", synonyms=prefixed(("M0", "M1"))) = M_INPUT


@calculator(
    id="salivary-gland-tnm",
    name="Major Salivary Gland Cancer TNM Stage Group (clinical or pathological)",
    aliases=("Major Salivary Gland Cancer (Clinical)", "Major Salivary Gland Cancer TNM Staging (Pathological)",
             "salivary-gland-staging"),
    kind="score",
    specialty="oncology",
    output=Output(None, "category", categories=STAGES),
    inputs=SalivaryInputs,
    references=(AJCC,),
    formula="M1: IVC. T4b or N3: IVB. T4a N0-N1, or T0-T4a N2: IVA. T3 N0, or T0-T3 N1: III. T2 N0: II. T1 N0: I. "
    "Tis N0: 0. TX, NX or T0 N0: cannot be staged.",
    description="AJCC 8th edition stage group of major salivary gland (parotid, submandibular, sublingual) cancer "
    "from its clinical or pathological T, N and M categories.",
    example={"t": "T4a", "n": "N0", "m": "M0"},
)
def salivary_gland_tnm(x: SalivaryInputs, w: Working) -> str:
    stage = w.step("stage group", f"{x.t} {x.n} {x.m}", stage_group(x.t, x.n, x.m, ("T0", "T1", "T2", "T3")))
    w.interpretation = f"{x.t} {x.n} {x.m}: " + (f"AJCC stage {stage}" if stage != UNSTAGEABLE else stage.lower())
    return stage
