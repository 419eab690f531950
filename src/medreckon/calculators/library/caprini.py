"""Caprini score for venous thromboembolism (2005 version), as MDCalc states it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from ..fields import BMI, Age, Finding, Inputs, Sex, choice
from ..points import any_of, banded, category, finding, sum_points, threshold
from ..rules import Is, NotWhen
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt

SURGERY_POINTS = {"none": 0, "minor": 1, "major": 2, "laparoscopic": 2, "arthroscopic": 2,
                  "elective_major_lower_extremity_arthroplasty": 5}
SurgeryType = choice(
    *SURGERY_POINTS,
    synonyms={
        "no surgery": "none", "minor surgery": "minor", "major surgery": "major", "major open": "major",
        "major > 45 min": "major", "major open surgery": "major", "laparoscopic > 45 min": "laparoscopic",
        "laparoscopic surgery": "laparoscopic", "arthroscopic surgery": "arthroscopic",
        "elective major lower extremity arthroplasty": "elective_major_lower_extremity_arthroplasty",
        "arthroplasty": "elective_major_lower_extremity_arthroplasty",
    },
)

MOBILITY_POINTS = {"normal": 0, "bed_rest": 1, "confined_to_bed_over_72h": 2}
Mobility = choice(
    *MOBILITY_POINTS,
    synonyms={
        "ambulatory": "normal", "normal/ambulatory": "normal", "out of bed": "normal", "normal, out of bed": "normal",
        "on bed rest": "bed_rest", "medical patient currently on bed rest": "bed_rest", "bed rest": "bed_rest",
        "confined to bed >72 hours": "confined_to_bed_over_72h", "confined to bed > 72 hours": "confined_to_bed_over_72h",
        "confined to bed >72 hrs": "confined_to_bed_over_72h", "confined to bed": "confined_to_bed_over_72h",
    },
)


FEMALE_ONLY = ("pregnant_or_postpartum", "pregnancy_loss_history", "hormonal_therapy")


class CapriniInputs(Inputs):
    age: Age = Field(description="Age in years (≤ 40: 0, 41-60: 1, 61-74: 2, ≥ 75: 3 points).")
    sex: Sex = Field(description="The patient's sex, as the note states it (it scores nothing itself; it "
                                 "decides whether the pregnancy-related items apply).")
    surgery_type: SurgeryType = Field(
        "none",
        description="Type of the current surgery: 'none' 0, 'minor' 1, 'major' (> 45 min) 2, 'laparoscopic' "
        "(> 45 min) 2, 'arthroscopic' 2, 'elective_major_lower_extremity_arthroplasty' 5. One category only.",
    )
    recent_major_surgery: bool = Finding("Major surgery in the last month (+1).", when="recent")
    recent_congestive_heart_failure: bool = Finding("Congestive heart failure in the last month (+1).", when="recent")
    recent_sepsis: bool = Finding("Sepsis in the last month (+1).", when="recent")
    recent_pneumonia: bool = Finding("Pneumonia in the last month (+1).", when="recent")
    recent_plaster_cast: bool = Finding("Immobilising plaster cast in the last month (+2).", when="recent")
    recent_fracture: bool = Finding("Hip, pelvis or leg fracture in the last month (+5).", when="recent")
    recent_stroke: bool = Finding("Stroke in the last month (+5).", when="recent")
    recent_multiple_trauma: bool = Finding("Multiple trauma in the last month (+5).", when="recent")
    recent_spinal_cord_injury: bool = Finding("Acute spinal cord injury causing paralysis in the last month (+5).", when="recent")
    varicose_veins: bool = Finding("Varicose veins (+1).")
    swollen_legs: bool = Finding("Current swollen legs (+1).")
    central_venous_access: bool = Finding("Current central venous access (+2).")
    history_of_dvt: bool = Finding("Previous deep vein thrombosis (+3 together with previous PE: one item, "
                                   "'history of DVT/PE').")
    history_of_pe: bool = Finding("Previous pulmonary embolism (+3 together with previous DVT: one item).")
    family_history_of_thrombosis: bool = Finding("Family history of thrombosis (+3).", whose="relative")
    factor_v_leiden: bool = Finding("Positive factor V Leiden (+3).")
    prothrombin_20210a: bool = Finding("Positive prothrombin 20210A (+3).")
    elevated_homocysteine: bool = Finding("Elevated serum homocysteine (+3).")
    lupus_anticoagulant: bool = Finding("Positive lupus anticoagulant (+3).")
    anticardiolipin_antibody: bool = Finding("Elevated anticardiolipin antibody (+3).")
    heparin_induced_thrombocytopenia: bool = Finding("Heparin-induced thrombocytopenia (+3).")
    other_thrombophilia: bool = Finding("Other congenital or acquired thrombophilia (+3).")
    mobility: Mobility = Field(
        "normal",
        description="Mobility: 'normal' (ambulatory) 0, 'bed_rest' (medical patient currently at bed rest) 1, "
        "'confined_to_bed_over_72h' 2.",
    )
    inflammatory_bowel_disease: bool = Finding("History of inflammatory bowel disease (+1).")
    bmi: BMI | None = Field(
        None, description="Body mass index, kg/m² (> 25: +1; exactly 25 scores 0). Not given: assumed ≤ 25."
    )
    acute_myocardial_infarction: bool = Finding("Acute myocardial infarction (+1).")
    copd: bool = Finding("Chronic obstructive pulmonary disease (+1).")
    malignancy: bool = Finding("Present or previous malignancy (+2).")
    pregnant_or_postpartum: bool | None = Finding(
        "Women only: pregnant or postpartum (+1). Leave out for men.", default=None,
    )
    pregnancy_loss_history: bool | None = Finding(
        "Women only: history of unexplained stillborn infant, recurrent spontaneous abortion (≥ 3), or premature "
        "birth with toxaemia or a growth-restricted infant (+1). Leave out for men.", default=None,
    )
    hormonal_therapy: bool | None = Finding(
        "Women only: oral contraceptives or hormone replacement therapy (+1). Leave out for men.", default=None,
    )

    rules = tuple(NotWhen(name, (Is("sex", "male"),), "a woman (this item applies to women only)",
                          f"leave {name} out, or check the sex") for name in FEMALE_ONLY)


def _adapt(raw: Mapping[str, Any], mapped: dict[str, Any]) -> dict[str, Any]:
    """MedCalc-Bench writes 'Surgery Type' '' when there is no surgery."""
    out = dict(mapped)
    surgery = raw.get("Surgery Type")
    if isinstance(surgery, str) and surgery.strip():
        out["surgery_type"] = surgery
    return out


@calculator(
    id="caprini",
    name="Caprini Score for Venous Thromboembolism (2005)",
    aliases=("caprini-score", "caprini-vte", "caprini-ram"),
    kind="score",
    specialty="hematology",
    output=Output("points", "integer", 0, range=(0, 76)),
    inputs=CapriniInputs,
    references=(
        Reference(
            "Caprini JA. Thrombosis risk assessment as a guide to quality patient care. Dis Mon. "
            "2005;51(2-3):70-78.",
            "https://doi.org/10.1016/j.disamonth.2005.02.003",
        ),
        Reference(
            "Pannucci CJ, Swistun L, MacDonald JK, Henke PK, Brooke BS. Individualized venous thromboembolism risk "
            "stratification using the 2005 Caprini score to identify the benefits and harms of chemoprophylaxis "
            "in surgical patients: a meta-analysis. Ann Surg. 2017;265(6):1094-1103.",
            "https://doi.org/10.1097/SLA.0000000000002126",
        ),
        Reference("MDCalc. Caprini Score for Venous Thromboembolism (2005).",
                  "https://www.mdcalc.com/calc/3970/caprini-score-venous-thromboembolism-2005"),
    ),
    formula=(
        "Age 41-60 +1, 61-74 +2, ≥ 75 +3. Surgery: minor +1; major > 45 min, laparoscopic > 45 min or "
        "arthroscopic +2; elective major lower extremity arthroplasty +5. In the last month: major surgery, "
        "congestive heart failure, sepsis, pneumonia +1 each; immobilising plaster cast +2; hip, pelvis or leg "
        "fracture, stroke, multiple trauma, acute spinal cord injury with paralysis +5 each. Varicose veins "
        "+1; current swollen legs +1; current central venous access +2; history of DVT/PE, family history of "
        "thrombosis, factor V Leiden, prothrombin 20210A, elevated homocysteine, lupus anticoagulant, "
        "anticardiolipin antibody, heparin-induced thrombocytopenia, other thrombophilia +3 each. Mobility: "
        "bed rest +1, confined to bed > 72 h +2. History of IBD +1; BMI > 25 +1; acute MI +1; COPD +1; present "
        "or previous malignancy +2. Women only: pregnancy or postpartum +1; unexplained stillbirth, ≥ 3 "
        "spontaneous abortions, or premature birth with toxaemia or growth restriction +1; oral "
        "contraceptives or hormone replacement +1. Sex itself scores 0. Risk: 0 lowest, 1-2 low, 3-4 "
        "moderate, 5-8 high, ≥ 9 highest."
    ),
    description="Risk of venous thromboembolism in surgical (and hospitalised) patients, to guide "
    "prophylaxis.",
    medcalc_bench=MedCalcBench(
        36,
        {
            "age": "age",
            "sex": "sex",
            "Surgery Type": None,
            "Major Surgery in the last month": "recent_major_surgery",
            "Congestive Heart Failure in the last month": "recent_congestive_heart_failure",
            "Sepsis in the last month": "recent_sepsis",
            "Pneumonia in the last month": "recent_pneumonia",
            "Immobilizing plaster cast in the last month": "recent_plaster_cast",
            "Hip, pelvis, or leg fracture in the last month": "recent_fracture",
            "Stroke in the last month": "recent_stroke",
            "Multiple trauma in the last month": "recent_multiple_trauma",
            "Acute spinal cord injury causing paralysis in the last month": "recent_spinal_cord_injury",
            "Varicose veins": "varicose_veins",
            "Current swollen legs": "swollen_legs",
            "Current central venous access": "central_venous_access",
            "Previously documented Deep Vein Thrombosis": "history_of_dvt",
            "Previously Documented Pulmonary Embolism": "history_of_pe",
            "Family history of thrombosis": "family_history_of_thrombosis",
            "Positive Factor V Leiden": "factor_v_leiden",
            "Positive prothrombin 20210A": "prothrombin_20210a",
            "Elevated serum homocysteine": "elevated_homocysteine",
            "Positive lupus anticoagulant": "lupus_anticoagulant",
            "Elevated anticardiolipin antibody": "anticardiolipin_antibody",
            "Heparin-induced thrombocytopenia": "heparin_induced_thrombocytopenia",
            "Other congenital or acquired thrombophilia": "other_thrombophilia",
            "Mobility": "mobility",
            "History of inflammatory bowel disease": "inflammatory_bowel_disease",
            "Body Mass Index (BMI)": "bmi",
            "Acute Myocardial infarction": "acute_myocardial_infarction",
            "Chronic Obstructive Pulmonary Disease": "copd",
            "Present or previous malignancy": "malignancy",
        },
        adapt=_adapt,
    ),
    example={
        "age": 64, "sex": "male", "surgery_type": "major", "mobility": "normal", "bmi": 28.4,
        "malignancy": True, "varicose_veins": True, "recent_major_surgery": False,
        "recent_congestive_heart_failure": False, "recent_sepsis": False, "recent_pneumonia": False,
        "recent_plaster_cast": False, "recent_fracture": False, "recent_stroke": False,
        "recent_multiple_trauma": False, "recent_spinal_cord_injury": False, "swollen_legs": False,
        "central_venous_access": False, "history_of_dvt": False, "history_of_pe": False,
        "family_history_of_thrombosis": False, "factor_v_leiden": False, "prothrombin_20210a": False,
        "elevated_homocysteine": False, "lupus_anticoagulant": False, "anticardiolipin_antibody": False,
        "heparin_induced_thrombocytopenia": False, "other_thrombophilia": False,
        "inflammatory_bowel_disease": False, "acute_myocardial_infarction": False, "copd": False,
    },
)
def caprini(x: CapriniInputs, w: Working) -> int:
    age = banded(w, "age", x.age, "years", ((75, 3), (61, 2), (41, 1), (None, 0)))
    surgery = category(w, "type of surgery", x.surgery_type, SURGERY_POINTS)
    recent = [
        finding(w, "major surgery in the last month", x.recent_major_surgery, 1),
        finding(w, "congestive heart failure in the last month", x.recent_congestive_heart_failure, 1),
        finding(w, "sepsis in the last month", x.recent_sepsis, 1),
        finding(w, "pneumonia in the last month", x.recent_pneumonia, 1),
        finding(w, "immobilizing plaster cast in the last month", x.recent_plaster_cast, 2),
        finding(w, "hip, pelvis or leg fracture in the last month", x.recent_fracture, 5),
        finding(w, "stroke in the last month", x.recent_stroke, 5),
        finding(w, "multiple trauma in the last month", x.recent_multiple_trauma, 5),
        finding(w, "acute spinal cord injury with paralysis in the last month", x.recent_spinal_cord_injury, 5),
    ]
    venous = [
        finding(w, "varicose veins", x.varicose_veins, 1),
        finding(w, "current swollen legs", x.swollen_legs, 1),
        finding(w, "current central venous access", x.central_venous_access, 2),
        any_of(w, "history of DVT/PE", (("DVT", x.history_of_dvt), ("PE", x.history_of_pe)), 3, none="absent"),
        finding(w, "family history of thrombosis", x.family_history_of_thrombosis, 3),
        finding(w, "positive factor V Leiden", x.factor_v_leiden, 3),
        finding(w, "positive prothrombin 20210A", x.prothrombin_20210a, 3),
        finding(w, "elevated serum homocysteine", x.elevated_homocysteine, 3),
        finding(w, "positive lupus anticoagulant", x.lupus_anticoagulant, 3),
        finding(w, "elevated anticardiolipin antibody", x.anticardiolipin_antibody, 3),
        finding(w, "heparin-induced thrombocytopenia", x.heparin_induced_thrombocytopenia, 3),
        finding(w, "other congenital or acquired thrombophilia", x.other_thrombophilia, 3),
    ]
    mobility = category(w, "mobility", x.mobility, MOBILITY_POINTS)
    if x.bmi is None:
        w.warn("bmi not given; assumed ≤ 25", "bmi", "assumed_default")
        bmi = w.step("BMI > 25", "not given: assumed ≤ 25", 0, "points")
    else:
        bmi = threshold(w, "BMI > 25", f"BMI {fmt(x.bmi)} kg/m²", x.bmi, ">", 25)
    history = [
        finding(w, "history of inflammatory bowel disease", x.inflammatory_bowel_disease, 1),
        bmi,
        finding(w, "acute myocardial infarction", x.acute_myocardial_infarction, 1),
        finding(w, "COPD", x.copd, 1),
        finding(w, "present or previous malignancy", x.malignancy, 2),
    ]
    female = _female_items(x, w)
    parts = [age, surgery, *recent, *venous, mobility, *history, *female]
    total = sum_points(w, parts)
    w.interpretation = _risk(total)
    return total


def _female_items(x: CapriniInputs, w: Working) -> list[int]:
    if x.sex != "female":
        return [w.step("female-only items", "male: not applicable", 0, "points")]
    items = (("pregnant_or_postpartum", "pregnancy or postpartum"),
             ("pregnancy_loss_history", "unexplained stillbirth, recurrent abortion or premature birth with "
                                        "toxaemia or growth restriction"),
             ("hormonal_therapy", "oral contraceptives or hormone replacement"))
    points = []
    for name, what in items:
        value = getattr(x, name)
        if value is None:
            w.warn(f"{name} not given; assumed absent", name, "assumed_default")
        points.append(finding(w, what, bool(value), 1))
    return points


def _risk(total: int) -> str:
    """Risk levels of the 2005 score as MDCalc and Pannucci 2017 group them."""
    if total == 0:
        return "lowest risk (0 points)"
    if total <= 2:
        return "low risk (1-2 points)"
    if total <= 4:
        return "moderate risk (3-4 points)"
    if total <= 8:
        return "high risk (5-8 points)"
    return "highest risk (≥ 9 points)"
