"""RegiSCAR score for drug reaction with eosinophilia and systemic symptoms (Kardaun 2007)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Finding, Inputs, Percent, WhiteCells, choice
from ..points import category, finding, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

YES_NO_UNKNOWN = ("yes", "no", "unknown")
CLASSES = ("No case", "Possible case", "Probable case", "Definite case")


class RegiSCARInputs(Inputs):
    fever: choice(*YES_NO_UNKNOWN) = Field(description="Fever ≥ 38.5 °C: yes 0; no or unknown −1.")
    enlarged_lymph_nodes: bool = Finding("Enlarged lymph nodes: > 1 cm, at 2 or more sites (1).")
    atypical_lymphocytes: bool = Finding("Atypical lymphocytes (1).")
    eosinophils: WhiteCells | None = Field(None, description="Eosinophil count, ×10⁹/L (/µL with its unit): 0.7-1.499 "
                                           "scores 1, ≥ 1.5 scores 2.")
    eosinophil_percent: Percent | None = Field(None, description="Eosinophils as % of leukocytes (when leukocytes are "
                                               "under 4 × 10⁹/L): 10-19.9% scores 1, ≥ 20% 2. The higher count of "
                                               "the two is used.")
    rash_over_half_bsa: bool = Finding("Skin rash covering more than 50% of the body surface (1).")
    rash_suggestive: choice(*YES_NO_UNKNOWN) = Field(description="Rash suggestive of DRESS (≥ 2 of oedema, "
                                                     "infiltration, purpura, scaling): yes 1, no −1, unknown 0.")
    biopsy_suggestive: choice(*YES_NO_UNKNOWN) = Field(description="Skin biopsy suggesting DRESS: yes or unknown 0; "
                                                       "no (suggesting another diagnosis) −1.")
    organs_involved: int = Field(ge=0, le=10, description="Number of internal organs involved (liver, kidney, lung, "
                                 "heart, pancreas, muscle ...): 1 scores 1, 2 or more 2.")
    resolution_15_days: choice(*YES_NO_UNKNOWN) = Field(description="Resolution in 15 days or more: yes 0; no or "
                                                        "unknown −1.")
    alternatives_excluded: bool = Finding("At least 3 biological tests done and negative to exclude alternative "
                                          "diagnoses (antinuclear antibodies, blood culture, hepatitis A/B/C "
                                          "serology, chlamydia/mycoplasma) (1).")


def _eosinophilia(x: RegiSCARInputs, w: Working) -> int:
    by_count = 0 if x.eosinophils is None else 2 if x.eosinophils >= 1.5 else 1 if x.eosinophils >= 0.7 else 0
    pct = x.eosinophil_percent
    by_percent = 0 if pct is None else 2 if pct >= 20 else 1 if pct >= 10 else 0
    shown = ", ".join(s for s in (f"{fmt(x.eosinophils, 2)} × 10⁹/L" if x.eosinophils is not None else "",
                                  f"{fmt(pct)}%" if pct is not None else "") if s) or "not given"
    return w.step("eosinophilia", shown, max(by_count, by_percent), "points")


@calculator(
    id="regiscar-dress",
    name="RegiSCAR Score for DRESS",
    aliases=("RegiSCAR Score for Drug Reaction with Eosinophilia and Systemic Symptoms (DRESS)", "regiscar"),
    kind="score",
    specialty="dermatology",
    output=Output("points", "integer", 0, range=(-4, 9), secondary=(
        Secondary("classification", "No case (< 2), Possible (2-3), Probable (4-5) or Definite case (> 5)", None,
                  "text"),
    )),
    inputs=RegiSCARInputs,
    references=(
        Reference("Kardaun SH, Sidoroff A, Valeyrie-Allanore L, et al. Variability in the clinical pattern of "
                  "cutaneous side-effects of drugs with systemic symptoms: does a DRESS syndrome really exist? Br J "
                  "Dermatol. 2007;156(3):609-611.", "https://doi.org/10.1111/j.1365-2133.2006.07704.x"),
        Reference("MDCalc. RegiSCAR Score for Drug Reaction with Eosinophilia and Systemic Symptoms (DRESS)."),
    ),
    formula="Fever ≥ 38.5 °C (no/unknown −1); enlarged nodes 1; atypical lymphocytes 1; eosinophils 0.7-1.499 × "
    "10⁹/L or 10-19.9% 1, ≥ 1.5 or ≥ 20% 2; rash > 50% BSA 1; suggestive rash yes 1 / no −1; biopsy not suggestive "
    "−1; one organ 1, ≥ 2 organs 2; resolution ≥ 15 days no/unknown −1; alternatives excluded 1. Total −4 to 9: "
    "< 2 no case, 2-3 possible, 4-5 probable, > 5 definite DRESS.",
    description="Validates a suspected case of DRESS (drug reaction with eosinophilia and systemic symptoms).",
    example={"fever": "no", "enlarged_lymph_nodes": True, "atypical_lymphocytes": True, "eosinophils": 1.8,
             "rash_over_half_bsa": True, "rash_suggestive": "yes", "biopsy_suggestive": "yes", "organs_involved": 1,
             "resolution_15_days": "unknown", "alternatives_excluded": True},
)
def regiscar_dress(x: RegiSCARInputs, w: Working) -> int:
    total = sum_points(w, (
        category(w, "fever ≥ 38.5 °C", x.fever, {"yes": 0, "no": -1, "unknown": -1}),
        finding(w, "enlarged lymph nodes", x.enlarged_lymph_nodes),
        finding(w, "atypical lymphocytes", x.atypical_lymphocytes),
        _eosinophilia(x, w),
        finding(w, "rash > 50% BSA", x.rash_over_half_bsa),
        category(w, "rash suggestive of DRESS", x.rash_suggestive, {"yes": 1, "no": -1, "unknown": 0}),
        category(w, "biopsy suggesting DRESS", x.biopsy_suggestive, {"yes": 0, "no": -1, "unknown": 0}),
        w.step("organ involvement", f"{x.organs_involved} organs", min(x.organs_involved, 2), "points"),
        category(w, "resolution ≥ 15 days", x.resolution_15_days, {"yes": 0, "no": -1, "unknown": -1}),
        finding(w, "alternative diagnoses excluded", x.alternatives_excluded),
    ), show=str)
    label = w.output("classification", CLASSES[0] if total < 2 else CLASSES[1] if total <= 3 else CLASSES[2]
                     if total <= 5 else CLASSES[3])
    w.interpretation = f"{label.lower()} of DRESS"
    return total
