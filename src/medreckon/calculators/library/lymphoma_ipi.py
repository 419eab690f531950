"""Prognostic indices for diffuse large B-cell lymphoma: the IPI with the revised IPI (R-IPI), the NCCN-IPI and
the CNS-IPI. They share the IPI's five factors, so they share their inputs."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..fields import Age, ECOGGrade, Enzyme, Finding, Inputs, choice, q
from ..points import cut_offs, finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

AnnArbor = choice("I", "II", "III", "IV", synonyms={"1": "I", "2": "II", "3": "III", "4": "IV"})
UpperLimit = q("U/L", gt=0, plausible=(50, 1000), units=("U/L",))
ExtranodalSites = Annotated[int, Field(ge=0, le=30)]

SEHN_2007 = Reference("Sehn LH, Berry B, Chhanabhai M, et al. The revised International Prognostic Index (R-IPI) is a "
                    "better predictor of outcome than the standard IPI for patients with diffuse large B-cell lymphoma "
                    "treated with R-CHOP. Blood. 2007;109(5):1857-1861.", "https://doi.org/10.1182/blood-2006-08-038257")
IPI_1993 = Reference("International Non-Hodgkin's Lymphoma Prognostic Factors Project. A predictive model for "
                     "aggressive non-Hodgkin's lymphoma. N Engl J Med. 1993;329(14):987-994.",
                     "https://doi.org/10.1056/NEJM199309303291402")


class IPIInputs(Inputs):
    age: Age = Field(description="Age in years at diagnosis; older than 60 scores.")
    ann_arbor_stage: AnnArbor = Field(description="Ann Arbor stage 'I', 'II', 'III' or 'IV' (modifiers such as A/B "
                                      "or E dropped); III or IV scores.")
    ecog: ECOGGrade = Field(description="ECOG performance status 0-4; 2 or more scores.")
    ldh: Enzyme = Field(description="Serum lactate dehydrogenase, U/L; above the laboratory's upper limit scores.")
    ldh_upper_limit: UpperLimit = Field(description="The laboratory's upper limit of normal for LDH, U/L (e.g. 240).")
    extranodal_sites: ExtranodalSites = Field(description="Number of extranodal sites involved (e.g. bone marrow, "
                                              "stomach, kidney = 3); more than 1 scores.")


def ipi_factors(x: IPIInputs, w: Working) -> list[int]:
    """The five IPI factors, one point each."""
    return [
        threshold(w, "age > 60", f"age {fmt(x.age)}", x.age, ">", 60),
        finding(w, "Ann Arbor stage III-IV", x.ann_arbor_stage in ("III", "IV"), texts=(
            f"stage {x.ann_arbor_stage}", f"stage {x.ann_arbor_stage}")),
        threshold(w, "ECOG ≥ 2", f"ECOG {x.ecog}", x.ecog, "≥", 2),
        threshold(w, "LDH > upper limit", f"LDH {fmt(x.ldh)}", x.ldh, ">", x.ldh_upper_limit, limit_unit=" U/L"),
        threshold(w, "> 1 extranodal site", f"{x.extranodal_sites} sites", x.extranodal_sites, ">", 1),
    ]


IPI_GROUPS = {0: "Low", 1: "Low", 2: "Low-intermediate", 3: "High-intermediate", 4: "High", 5: "High"}
IPI_OS_1993 = {"Low": 73, "Low-intermediate": 51, "High-intermediate": 43, "High": 26}
R_IPI = {0: ("Very good", 94, 94), 1: ("Good", 79, 80), 2: ("Good", 79, 80)}  # group, 4-year OS, 4-year PFS


@calculator(
    id="ipi-dlbcl",
    name="International Prognostic Index for Diffuse Large B-cell Lymphoma (IPI and R-IPI)",
    aliases=("ipi", "r-ipi", "international-prognostic-index", "revised-ipi"),
    kind="score",
    specialty="oncology",
    output=Output("points", "integer", 0, range=(0, 5), secondary=(
        Secondary("ipi_risk_group", "IPI risk group: low 0-1, low-intermediate 2, high-intermediate 3, high 4-5",
                  None, "text"),
        Secondary("ipi_5_year_overall_survival", "5-year overall survival of the IPI group before rituximab (1993)",
                  "%", "integer"),
        Secondary("r_ipi_group", "R-IPI prognosis: very good 0, good 1-2, poor 3-5", None, "text"),
        Secondary("r_ipi_4_year_overall_survival", "4-year overall survival with R-CHOP (Sehn 2007)", "%", "integer"),
        Secondary("r_ipi_4_year_progression_free_survival", "4-year progression-free survival with R-CHOP "
                  "(Sehn 2007)", "%", "integer"),
    )),
    inputs=IPIInputs,
    references=(IPI_1993, SEHN_2007, Reference(
        "MDCalc. International Prognostic Index for Diffuse Large B-cell Lymphoma (IPI and R-IPI).",
        "https://www.mdcalc.com/calc/2009/international-prognostic-index-diffuse-large-b-cell-lymphoma-ipi-r-ipi")),
    formula="1 point each: age > 60; Ann Arbor stage III-IV; ECOG ≥ 2; LDH > upper limit of normal; > 1 extranodal "
    "site. IPI: 0-1 low, 2 low-intermediate, 3 high-intermediate, 4-5 high. R-IPI: 0 very good (4-year OS 94%, PFS "
    "94%), 1-2 good (79%, 80%), 3-5 poor (55%, 53%).",
    description="Prognosis of diffuse large B-cell lymphoma at diagnosis from five clinical factors; the revised "
    "groups (R-IPI) describe outcomes with R-CHOP. The IPI groups' survival is from the pre-rituximab era.",
    example={"age": 72, "ann_arbor_stage": "IV", "ecog": 1, "ldh": 780, "ldh_upper_limit": 240,
             "extranodal_sites": 3},
)
def ipi_dlbcl(x: IPIInputs, w: Working) -> int:
    total = sum_points(w, ipi_factors(x, w))
    group = w.output("ipi_risk_group", IPI_GROUPS[total])
    w.output("ipi_5_year_overall_survival", IPI_OS_1993[group])
    r_group, os4, pfs4 = R_IPI.get(total, ("Poor", 55, 53))
    w.output("r_ipi_group", r_group)
    w.output("r_ipi_4_year_overall_survival", os4)
    w.output("r_ipi_4_year_progression_free_survival", pfs4)
    w.interpretation = (f"IPI {total}: {group.lower()} risk group; R-IPI {r_group.lower()} prognosis (4-year overall "
                        f"survival {os4}%, progression-free {pfs4}% with R-CHOP)")
    return total


class NCCNIPIInputs(Inputs):
    age: Age = Field(description="Age in years: > 40-60 scores 1, > 60-75 scores 2, > 75 scores 3.")
    ann_arbor_stage: AnnArbor = Field(description="Ann Arbor stage 'I'-'IV'; III or IV scores 1.")
    ecog: ECOGGrade = Field(description="ECOG performance status 0-4; 2 or more scores 1.")
    ldh: Enzyme = Field(description="Serum LDH, U/L: > 1-3 × the upper limit scores 1, > 3 × scores 2.")
    ldh_upper_limit: UpperLimit = Field(description="The laboratory's upper limit of normal for LDH, U/L.")
    extranodal_key_site: bool = Finding("Lymphoma in bone marrow, CNS, liver or GI tract, or lung (1). Other "
                                        "extranodal sites, and the number of sites, do not count.")


NCCN_GROUPS = ((6, "High", 33, 30), (4, "High-intermediate", 64, 51), (2, "Low-intermediate", 82, 74),
               (0, "Low", 96, 91))  # (lowest score, group, 5-year OS %, 5-year PFS %)


@calculator(
    id="nccn-ipi",
    name="National Comprehensive Cancer Network International Prognostic Index (NCCN-IPI)",
    aliases=("nccn-international-prognostic-index",),
    kind="score",
    specialty="oncology",
    output=Output("points", "integer", 0, range=(0, 8), secondary=(
        Secondary("risk_group", "low 0-1, low-intermediate 2-3, high-intermediate 4-5, high 6-8", None, "text"),
        Secondary("five_year_overall_survival", "5-year overall survival (Zhou 2014, NCCN cohort)", "%", "integer"),
        Secondary("five_year_progression_free_survival", "5-year progression-free survival (Zhou 2014)", "%",
                  "integer"),
    )),
    inputs=NCCNIPIInputs,
    references=(
        Reference("Zhou Z, Sehn LH, Rademaker AW, et al. An enhanced International Prognostic Index (NCCN-IPI) for "
                  "patients with diffuse large B-cell lymphoma treated in the rituximab era. Blood. "
                  "2014;123(6):837-842.", "https://doi.org/10.1182/blood-2013-09-524108"),
    ),
    formula="Age > 40-60: 1, > 60-75: 2, > 75: 3; LDH / upper limit > 1-3: 1, > 3: 2; Ann Arbor III-IV: 1; "
    "extranodal disease in bone marrow, CNS, liver/GI tract or lung: 1; ECOG ≥ 2: 1. 0-1 low (5-year OS 96%, PFS "
    "91%), 2-3 low-intermediate (82%, 74%), 4-5 high-intermediate (64%, 51%), 6-8 high (33%, 30%).",
    description="Refined IPI for diffuse large B-cell lymphoma treated with rituximab: graded age and LDH ratio, "
    "and extranodal disease at specific sites rather than a count of sites.",
    example={"age": 68, "ann_arbor_stage": "III", "ecog": 1, "ldh": 560, "ldh_upper_limit": 250,
             "extranodal_key_site": False},
)
def nccn_ipi(x: NCCNIPIInputs, w: Working) -> int:
    ratio = w.step("LDH ratio", lambda: f"{fmt(x.ldh)} / {fmt(x.ldh_upper_limit)}", x.ldh / x.ldh_upper_limit)
    total = sum_points(w, (
        cut_offs(w, "age", f"age {fmt(x.age)}", x.age, ((75, 3, True), (60, 2, True), (40, 1, True), (None, 0))),
        cut_offs(w, "LDH ratio", f"LDH ratio {fmt(ratio, 2)}", round(ratio, 9), ((3, 2, True), (1, 1, True), (None, 0))),
        finding(w, "Ann Arbor stage III-IV", x.ann_arbor_stage in ("III", "IV"), texts=(
            f"stage {x.ann_arbor_stage}", f"stage {x.ann_arbor_stage}")),
        finding(w, "extranodal disease (marrow, CNS, liver/GI, lung)", x.extranodal_key_site),
        threshold(w, "ECOG ≥ 2", f"ECOG {x.ecog}", x.ecog, "≥", 2),
    ))
    _, group, os5, pfs5 = next(g for g in NCCN_GROUPS if total >= g[0])
    w.output("risk_group", group)
    w.output("five_year_overall_survival", os5)
    w.output("five_year_progression_free_survival", pfs5)
    w.interpretation = f"{group} risk: 5-year overall survival {os5}%, progression-free {pfs5}%"
    return total


class CNSIPIInputs(IPIInputs):
    kidney_or_adrenal: bool = Finding("Kidney and/or adrenal gland involvement by lymphoma (1).")


CNS_GROUPS = ((4, "High", 10.2), (2, "Intermediate", 3.4), (0, "Low", 0.6))  # 2-year CNS relapse %


@calculator(
    id="cns-ipi",
    name="Central Nervous System International Prognostic Index (CNS-IPI)",
    aliases=("cns-international-prognostic-index",),
    kind="score",
    specialty="oncology",
    output=Output("points", "integer", 0, range=(0, 6), secondary=(
        Secondary("risk_group", "low 0-1, intermediate 2-3, high 4-6", None, "text"),
        Secondary("two_year_cns_relapse", "2-year risk of CNS relapse (Schmitz 2016)", "%", "decimal", 1),
    )),
    inputs=CNSIPIInputs,
    references=(
        Reference("Schmitz N, Zeynalova S, Nickelsen M, et al. CNS International Prognostic Index: a risk model for "
                  "CNS relapse in patients with diffuse large B-cell lymphoma treated with R-CHOP. J Clin Oncol. "
                  "2016;34(26):3150-3156.", "https://doi.org/10.1200/JCO.2015.65.6520"),
    ),
    formula="1 point each: the five IPI factors (age > 60, LDH > normal, ECOG > 1, stage III-IV, > 1 extranodal "
    "site) and kidney and/or adrenal involvement. 0-1 low (2-year CNS relapse 0.6%), 2-3 intermediate (3.4%), 4-6 "
    "high (10.2%).",
    description="Risk of central nervous system relapse in diffuse large B-cell lymphoma treated with R-CHOP, to "
    "select patients for CNS staging and prophylaxis.",
    example={"age": 72, "ann_arbor_stage": "IV", "ecog": 1, "ldh": 780, "ldh_upper_limit": 240,
             "extranodal_sites": 3, "kidney_or_adrenal": True},
)
def cns_ipi(x: CNSIPIInputs, w: Working) -> int:
    parts = ipi_factors(x, w)
    parts.append(finding(w, "kidney and/or adrenal involvement", x.kidney_or_adrenal))
    total = sum_points(w, parts)
    _, group, relapse = next(g for g in CNS_GROUPS if total >= g[0])
    w.output("risk_group", group)
    w.output("two_year_cns_relapse", relapse)
    w.interpretation = f"{group.lower()} risk of CNS relapse: about {relapse}% at 2 years"
    return total
