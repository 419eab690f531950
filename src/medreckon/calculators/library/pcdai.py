"""Pediatric Crohn's Disease Activity Index (PCDAI; Hyams 1991)."""

from __future__ import annotations

from pydantic import Field

from ..fields import ESR, Age, Albumin, Hematocrit, Inputs, Sex, choice
from ..points import category, cut_offs, sum_points
from ..spec import Output, Reference, Working, calculator, fmt

THREE = {"none": 0, "mild": 5, "severe": 10}
PAIN = {"none": 0, "mild": 5, "moderate_severe": 10}
STOOLS = {"0_1_liquid": 0, "up_to_2_semiformed_or_2_5_liquid": 5, "gross_bleeding_or_6_liquid_or_nocturnal": 10}
WELL_BEING = {"well": 0, "below_par": 5, "very_poor": 10}
WEIGHT = {"gain_or_stable": 0, "involuntary_stable_or_loss_1_9": 5, "loss_10_or_more": 10}
HEIGHT = {"less_than_1_channel_decrease": 0, "1_to_2_channel_decrease": 5, "more_than_2_channel_decrease": 10}
ABDOMEN = {"no_tenderness_no_mass": 0, "tenderness_or_mass_without_tenderness": 5,
           "involuntary_guarding_or_tender_mass": 10}
PERIRECTAL = {"none_or_asymptomatic_tags": 0, "indolent_fistula_or_fissure": 5, "active_fistula_or_abscess": 10}
EXTRAINTESTINAL = {"none": 0, "one": 5, "two_or_more": 10}


def hematocrit_limits(age: float, sex: str) -> tuple[float, float]:
    """(normal from, mildly low from) for the patient's age and sex (Hyams 1991)."""
    if age < 11:
        return 33, 28
    if sex == "female":
        return 34, 29
    return (35, 30) if age < 15 else (37, 32)


class PCDAIInputs(Inputs):
    abdominal_pain: choice(*PAIN) = Field(description="'none' (0); 'mild' (brief, not interfering with activities, "
                                          "5); 'moderate_severe' (daily, longer lasting, affects activities, "
                                          "nocturnal, 10).")
    stools: choice(*STOOLS) = Field(description="Stools per day: '0_1_liquid' (0-1 liquid stools, no blood, 0); "
                                    "'up_to_2_semiformed_or_2_5_liquid' (up to 2 semi-formed with small blood, or 2-5 "
                                    "liquid, 5); 'gross_bleeding_or_6_liquid_or_nocturnal' (10).")
    general_well_being: choice(*WELL_BEING) = Field(description="'well' (no limitation of activities, 0), "
                                                    "'below_par' (occasional difficulty, 5), 'very_poor' (frequent "
                                                    "limitation, 10).")
    weight: choice(*WEIGHT) = Field(description="'gain_or_stable' (weight gain or voluntary stable/loss, 0); "
                                    "'involuntary_stable_or_loss_1_9' (involuntary weight stable or loss 1-9%, 5); "
                                    "'loss_10_or_more' (10).")
    height: choice(*HEIGHT) = Field(description="Height at diagnosis (or velocity at follow-up): "
                                    "'less_than_1_channel_decrease' (or velocity ≥ −1 SD, 0); '1_to_2_channel_decrease' "
                                    "(or −1 to −2 SD, 5); 'more_than_2_channel_decrease' (or < −2 SD, 10).")
    abdomen: choice(*ABDOMEN) = Field(description="'no_tenderness_no_mass' (0); 'tenderness_or_mass_without_tenderness' "
                                      "(5); 'involuntary_guarding_or_tender_mass' (10).")
    perirectal_disease: choice(*PERIRECTAL) = Field(description="'none_or_asymptomatic_tags' (0); "
                                                    "'indolent_fistula_or_fissure' (1-2 indolent fistulae, scant "
                                                    "drainage, no tenderness, 5); 'active_fistula_or_abscess' "
                                                    "(drainage, tenderness or abscess, 10).")
    extraintestinal: choice(*EXTRAINTESTINAL) = Field(description="Extraintestinal manifestations (fever ≥ 38.5 °C "
                                                      "for 3 days in the past week, arthritis, uveitis, erythema "
                                                      "nodosum, pyoderma gangrenosum): 'none', 'one' (5), "
                                                      "'two_or_more' (10).")
    hematocrit: Hematocrit = Field(description="Haematocrit, %; scored by age and sex.")
    esr: ESR = Field(description="ESR, mm/h: < 20 scores 0, 20-50 scores 2.5, > 50 scores 5.")
    albumin: Albumin = Field(description="Albumin, g/dL by default (g/L with its unit): ≥ 3.5 scores 0, 3.1-3.4 "
                             "scores 5, ≤ 3.0 scores 10.")
    age: Age = Field(description="Age in years (sets the haematocrit limits).")
    sex: Sex = Field(description="Sex (sets the haematocrit limits from age 11).")


@calculator(
    id="pcdai",
    name="Pediatric Crohn’s Disease Activity Index (PCDAI)",
    aliases=("pediatric-crohns-disease-activity-index", "Pediatric Crohn's Disease Activity Index (PCDAI)"),
    kind="score",
    specialty="gastroenterology",
    output=Output("points", "decimal", 1, range=(0, 100)),
    inputs=PCDAIInputs,
    references=(
        Reference("Hyams JS, Ferry GD, Mandel FS, et al. Development and validation of a pediatric Crohn's disease "
                  "activity index. J Pediatr Gastroenterol Nutr. 1991;12(4):439-447.",
                  "https://doi.org/10.1097/00005176-199105000-00005"),
        Reference("Turner D, Griffiths AM, Walters TD, et al. Appraisal of the pediatric Crohn's disease activity "
                  "index on four prospectively collected datasets: recommended cutoff values and clinimetric "
                  "properties. Am J Gastroenterol. 2010;105(9):2085-2092 (< 10 remission, 10-27.5 mild, 30-37.5 "
                  "moderate, ≥ 40 severe).", "https://doi.org/10.1038/ajg.2010.143"),
    ),
    formula="History (abdominal pain, stools, well-being: 0/5/10 each) + laboratory (haematocrit by age and sex: "
    "normal 0, mildly low 2.5, low 5; ESR < 20: 0, 20-50: 2.5, > 50: 5; albumin ≥ 3.5: 0, 3.1-3.4: 5, ≤ 3.0: 10) + "
    "examination (weight, height, abdomen, perirectal disease, extraintestinal manifestations: 0/5/10 each). 0-100.",
    description="Activity of Crohn's disease in children and adolescents; < 10 remission, 10-27.5 mild, 30-37.5 "
    "moderate, ≥ 40 severe (Turner 2010).",
    example={"abdominal_pain": "moderate_severe", "stools": "gross_bleeding_or_6_liquid_or_nocturnal",
             "general_well_being": "below_par", "weight": "gain_or_stable", "height": "less_than_1_channel_decrease",
             "abdomen": "no_tenderness_no_mass", "perirectal_disease": "none_or_asymptomatic_tags",
             "extraintestinal": "one", "hematocrit": 38, "esr": 32, "albumin": 3.7, "age": 16, "sex": "male"},
)
def pcdai(x: PCDAIInputs, w: Working) -> float:
    normal, mild = hematocrit_limits(x.age, x.sex)
    total = sum_points(w, (
        category(w, "abdominal pain", x.abdominal_pain, PAIN),
        category(w, "stools", x.stools, STOOLS),
        category(w, "general well-being", x.general_well_being, WELL_BEING),
        cut_offs(w, f"haematocrit (normal ≥ {normal}%)", f"Hct {fmt(x.hematocrit)}", x.hematocrit,
                 ((normal, 0), (mild, 2.5), (None, 5))),
        cut_offs(w, "ESR", f"ESR {fmt(x.esr)}", x.esr, ((50, 5, True), (20, 2.5), (None, 0))),
        cut_offs(w, "albumin", f"albumin {fmt(x.albumin)}", round(x.albumin, 6), ((3.5, 0), (3.0, 5, True), (None, 10))),
        category(w, "weight", x.weight, WEIGHT),
        category(w, "height", x.height, HEIGHT),
        category(w, "abdomen", x.abdomen, ABDOMEN),
        category(w, "perirectal disease", x.perirectal_disease, PERIRECTAL),
        category(w, "extraintestinal manifestations", x.extraintestinal, EXTRAINTESTINAL),
    ), show=lambda p: fmt(p))
    w.interpretation = ("< 10: remission" if total < 10 else "10-27.5: mild disease" if total < 30 else
                        "30-37.5: moderate disease" if total < 40 else "≥ 40: severe disease")
    return total
