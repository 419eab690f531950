"""Crohn's Disease Activity Index (CDAI; Best 1976)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..fields import Finding, Hematocrit, Inputs, Sex, Weight, choice
from ..spec import Output, Reference, Working, calculator, fmt

MASS = {"none": 0, "questionable": 2, "definite": 5}
COMPLICATIONS = ("arthritis_or_arthralgia", "iritis_or_uveitis", "skin_or_mouth_lesions", "anal_fissure_fistula_or_abscess",
                 "other_fistula", "fever")


class CrohnsDAIInputs(Inputs):
    liquid_stools_7_days: Annotated[int, Field(ge=0, le=300)] = Field(description="Total number of liquid or very "
                                                                      "soft stools over the last 7 days (× 2).")
    abdominal_pain_7_days: Annotated[int, Field(ge=0, le=21)] = Field(description=(
        "Sum of the 7 daily abdominal pain ratings (each 0 none, 1 mild, 2 moderate, 3 severe), 0-21 (× 5). A "
        "daily average of 2 is a sum of 14."))
    general_well_being_7_days: Annotated[int, Field(ge=0, le=28)] = Field(description=(
        "Sum of the 7 daily general well-being ratings (each 0 generally well, 1 slightly under par, 2 poor, 3 very "
        "poor, 4 terrible), 0-28 (× 7)."))
    arthritis_or_arthralgia: bool = Finding("Arthritis or arthralgia (20).")
    iritis_or_uveitis: bool = Finding("Iritis or uveitis (20).")
    skin_or_mouth_lesions: bool = Finding("Erythema nodosum, pyoderma gangrenosum or aphthous stomatitis (20).")
    anal_fissure_fistula_or_abscess: bool = Finding("Anal fissure, fistula or perirectal abscess (20).")
    other_fistula: bool = Finding("Other fistula (20).")
    fever: bool = Finding("Fever above 37.8 °C (100 °F) during the past week (20).")
    antidiarrheal_use: bool = Finding("Taking loperamide or opiates for diarrhoea (30).")
    abdominal_mass: choice(*MASS) = Field(description="Abdominal mass: 'none' (0), 'questionable' (2), 'definite' "
                                          "(5); × 10.")
    hematocrit: Hematocrit = Field(description="Haematocrit, %.")
    sex: Sex = Field(description="Sex: the expected haematocrit is 47% in men, 42% in women.")
    weight: Weight = Field(description="Current body weight (kg by default; lb with a unit).")
    standard_weight: Weight = Field(description="Standard (ideal) body weight for height and sex (kg by default; lb "
                                    "with a unit).")


@calculator(
    id="crohns-disease-activity-index",
    name="Crohn's Disease Activity Index (CDAI)",
    aliases=("crohns-cdai",),
    kind="score",
    specialty="gastroenterology",
    output=Output("points", "decimal", 0, range=(0, 600)),
    inputs=CrohnsDAIInputs,
    references=(
        Reference("Best WR, Becktel JM, Singleton JW, Kern F Jr. Development of a Crohn's disease activity index. "
                  "National Cooperative Crohn's Disease Study. Gastroenterology. 1976;70(3):439-444.",
                  "https://doi.org/10.1016/S0016-5085(76)80163-1"),
        Reference("MDCalc. Crohn's Disease Activity Index (CDAI).",
                  "https://www.mdcalc.com/calc/3318/crohns-disease-activity-index-cdai"),
    ),
    formula="2 × liquid stools (7 days) + 5 × abdominal pain ratings (7-day sum) + 7 × well-being ratings (7-day "
    "sum) + 20 × complications + 30 × antidiarrhoeal use + 10 × abdominal mass (0/2/5) + 6 × (47 − Hct in men, 42 − "
    "Hct in women) + 100 × (1 − weight / standard weight), this last term not below −10. < 150 remission, 150-450 "
    "active disease, > 450 very severe.",
    description="Activity of Crohn's disease over the past week, the standard end point of clinical trials: below "
    "150 is remission, 150-450 active disease, above 450 very severe.",
    example={"liquid_stools_7_days": 49, "abdominal_pain_7_days": 14, "general_well_being_7_days": 14,
             "arthritis_or_arthralgia": True, "antidiarrheal_use": True, "abdominal_mass": "none", "hematocrit": 38,
             "sex": "male", "weight": "160 lb", "standard_weight": "175 lb"},
)
def cdai(x: CrohnsDAIInputs, w: Working) -> float:
    complications = sum(getattr(x, c) for c in COMPLICATIONS)
    expected_hct = 47 if x.sex == "male" else 42
    below_standard = w.step("weight below standard", lambda: f"100 × (1 − {fmt(x.weight)} / {fmt(x.standard_weight)})",
                            100 * (1 - x.weight / x.standard_weight), "%")
    if below_standard < -10:
        below_standard = w.step("weight term (not below −10)", "−10", -10.0, "%")
    parts = (
        w.step("liquid stools", f"2 × {x.liquid_stools_7_days}", 2 * x.liquid_stools_7_days, "points"),
        w.step("abdominal pain", f"5 × {x.abdominal_pain_7_days}", 5 * x.abdominal_pain_7_days, "points"),
        w.step("general well-being", f"7 × {x.general_well_being_7_days}", 7 * x.general_well_being_7_days, "points"),
        w.step("complications", f"20 × {complications}", 20 * complications, "points"),
        w.step("antidiarrhoeal use", "yes" if x.antidiarrheal_use else "no", 30 * x.antidiarrheal_use, "points"),
        w.step("abdominal mass", f"10 × {MASS[x.abdominal_mass]}", 10 * MASS[x.abdominal_mass], "points"),
        w.step("haematocrit", lambda: f"6 × ({expected_hct} − {fmt(x.hematocrit)})", 6 * (expected_hct - x.hematocrit),
               "points"),
        w.step("body weight", lambda: fmt(below_standard, 2), below_standard, "points"),
    )
    total = w.step("CDAI", lambda: " + ".join(fmt(p, 1) for p in parts), sum(parts), "points")
    w.interpretation = ("< 150: remission" if total < 150 else "150-450: active disease" if total <= 450
                        else "> 450: very severe disease")
    return total
