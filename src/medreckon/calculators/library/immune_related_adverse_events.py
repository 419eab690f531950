"""Grading of immune-related adverse events of immune checkpoint inhibitors (ASCO guideline, Schneider 2021, on
CTCAE v5): pneumonitis, colitis, hepatitis, nephritis, hyperglycaemia (diabetes) and hypothyroidism. Each grade is
the worst of the criteria met."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..fields import Creatinine, Enzyme, Finding, Glucose, Inputs, Option, choice, q
from ..points import category
from ..spec import Output, Reference, Working, calculator, fmt

GRADES = ("None", "G1", "G2", "G3", "G4")
ASCO = Reference("Schneider BJ, Naidoo J, Santomasso BD, et al. Management of immune-related adverse events in "
                 "patients treated with immune checkpoint inhibitor therapy: ASCO guideline update. J Clin Oncol. "
                 "2021;39(36):4073-4126.", "https://doi.org/10.1200/JCO.21.01440")
CTCAE = Reference("National Cancer Institute. Common Terminology Criteria for Adverse Events (CTCAE) version 5.0. "
                  "US Department of Health and Human Services; 2017.")
OUTPUT = Output(None, "category", categories=GRADES)
HOLD = {0: "no toxicity of this kind", 1: "continue the checkpoint inhibitor with close monitoring",
        2: "hold the checkpoint inhibitor; corticosteroids as the guideline directs",
        3: "hold the checkpoint inhibitor; high-dose corticosteroids; consider admission",
        4: "permanently discontinue the checkpoint inhibitor; high-dose corticosteroids; admission"}


def graded(w: Working, grade: int, what: str) -> str:
    w.step(f"{what} grade", "the worst criterion met", grade)
    w.interpretation = f"{GRADES[grade]} {what}: {HOLD[grade]} (ASCO 2021)"
    return GRADES[grade]


def worst(*grades: int) -> int:
    return max(grades)


# ---------------------------------------------------------------- pneumonitis

EXTENT = {"one_lobe_or_under_25_percent": 1, "more_than_one_lobe_or_25_to_50_percent": 2,
          "all_lobes_or_over_50_percent": 3}
SYMPTOMS = {"asymptomatic": 1, "symptomatic": 2, "severe": 3}
ADL = {"none": 0, "instrumental": 2, "self_care": 3}


class PneumonitisInputs(Inputs):
    symptoms: choice(*SYMPTOMS) = Field(description="'asymptomatic' (1), 'symptomatic' (2) or 'severe' symptoms (3).")
    extent: choice(*EXTENT) = Field(description="Lung involvement on imaging: 'one_lobe_or_under_25_percent' (1), "
                                    "'more_than_one_lobe_or_25_to_50_percent' (2), 'all_lobes_or_over_50_percent' "
                                    "(3).")
    adl_limitation: choice(*ADL) = Field(description="Limitation of activities of daily living: 'none', "
                                         "'instrumental' (2), 'self_care' (3).")
    oxygen_indicated: bool = Finding("Oxygen indicated (3).")
    hospitalization: bool = Finding("Hospitalisation required (3).")
    life_threatening: bool = Finding("Life-threatening respiratory compromise needing urgent intervention such as "
                                     "intubation (4).")


@calculator(
    id="irae-pneumonitis", name="Immune-Related Adverse Events for Lung Toxicity - Pneumonitis",
    aliases=("checkpoint-inhibitor-pneumonitis",), kind="score", specialty="oncology", output=OUTPUT,
    inputs=PneumonitisInputs, references=(ASCO, CTCAE),
    formula="G1: asymptomatic, one lobe or < 25% of the lung. G2: symptomatic, > 1 lobe or 25-50%, limits "
    "instrumental ADL. G3: severe symptoms, all lobes or > 50%, limits self-care, oxygen indicated or "
    "hospitalisation. G4: life-threatening respiratory compromise.",
    description="Grade of checkpoint-inhibitor pneumonitis; oxygen need alone makes it grade 3.",
    example={"symptoms": "symptomatic", "extent": "more_than_one_lobe_or_25_to_50_percent",
             "adl_limitation": "instrumental", "oxygen_indicated": False, "hospitalization": False},
)
def irae_pneumonitis(x: PneumonitisInputs, w: Working) -> str:
    grade = worst(category(w, "symptoms", x.symptoms, SYMPTOMS), category(w, "extent", x.extent, EXTENT),
                  category(w, "ADL limitation", x.adl_limitation, ADL),
                  w.step("oxygen indicated", "yes" if x.oxygen_indicated else "no", 3 * x.oxygen_indicated),
                  w.step("hospitalisation", "yes" if x.hospitalization else "no", 3 * x.hospitalization),
                  w.step("life-threatening", "yes" if x.life_threatening else "no", 4 * x.life_threatening))
    return graded(w, grade, "pneumonitis")


# ---------------------------------------------------------------- colitis

COLITIS = {"none": 0, "abdominal_pain_or_blood_or_mucus": 2, "severe_pain_or_peritoneal_signs": 3}


class ColitisInputs(Inputs):
    stool_increase: Annotated[int, Field(ge=0, le=50)] = Field(description="Increase in stools per day over the "
                                                               "patient's baseline: 1-3 (1), 4-6 (2), ≥ 7 (3).")
    colitis_symptoms: choice(*COLITIS) = Field(description="'none', 'abdominal_pain_or_blood_or_mucus' (2), "
                                               "'severe_pain_or_peritoneal_signs' (3).")
    incontinence: bool = Finding("Incontinence (3).")
    hospitalization: bool = Finding("Hospitalisation indicated (3).")
    limits_self_care: bool = Finding("Limits self-care activities of daily living (3).")
    life_threatening: bool = Finding("Life-threatening consequences, urgent intervention indicated (4).")


@calculator(
    id="irae-colitis", name="Immune-Related Adverse Events for GI Toxicity - Colitis",
    aliases=("checkpoint-inhibitor-colitis",), kind="score", specialty="oncology", output=OUTPUT,
    inputs=ColitisInputs, references=(ASCO, CTCAE),
    formula="G1: < 4 stools/day over baseline. G2: 4-6 over baseline, abdominal pain, mucus or blood. G3: ≥ 7 over "
    "baseline, incontinence, hospitalisation, severe pain or peritoneal signs, limits self-care. G4: "
    "life-threatening.",
    description="Grade of checkpoint-inhibitor diarrhoea/colitis from the stool increase over baseline and the "
    "colitis features.",
    example={"stool_increase": 5, "colitis_symptoms": "none"},
)
def irae_colitis(x: ColitisInputs, w: Working) -> str:
    n = x.stool_increase
    stools = w.step("stool increase", f"{n} over baseline", 0 if n == 0 else 1 if n < 4 else 2 if n <= 6 else 3)
    grade = worst(stools, category(w, "colitis symptoms", x.colitis_symptoms, COLITIS),
                  3 * x.incontinence, 3 * x.hospitalization, 3 * x.limits_self_care, 4 * x.life_threatening)
    return graded(w, grade, "colitis")


# ---------------------------------------------------------------- hepatitis

UpperLimit = q("U/L", gt=0, plausible=(10, 200), units=("U/L",))
BilirubinValue = q("mg/dL", analyte="bilirubin", ge=0, plausible=(0.05, 60), units=("mg/dL", "umol/L"))
BilirubinLimit = q("mg/dL", analyte="bilirubin", gt=0, plausible=(0.5, 3), units=("mg/dL", "umol/L"))


def fold_grade(fold: float, limits: tuple[float, float, float]) -> int:
    """0 at or below the ULN; then G1 up to limits[0] × ULN, G2 up to [1], G3 up to [2], G4 above."""
    if fold <= 1:
        return 0
    return next((g for g, top in enumerate(limits, 1) if fold <= top), 4)


class HepatitisInputs(Inputs):
    ast: Enzyme = Field(description="AST, U/L.")
    ast_upper_limit: UpperLimit = Field(description="Upper limit of normal for AST, U/L.")
    alt: Enzyme = Field(description="ALT, U/L.")
    alt_upper_limit: UpperLimit = Field(description="Upper limit of normal for ALT, U/L.")
    bilirubin: BilirubinValue = Field(description="Total bilirubin, mg/dL by default (µmol/L with its unit).")
    bilirubin_upper_limit: BilirubinLimit = Field(description="Upper limit of normal for total bilirubin, same unit "
                                                  "rules.")


@calculator(
    id="irae-hepatitis", name="Immune-Related Adverse Events for GI Toxicity - Hepatitis",
    aliases=("checkpoint-inhibitor-hepatitis",), kind="score", specialty="oncology", output=OUTPUT,
    inputs=HepatitisInputs, references=(ASCO, CTCAE),
    formula="AST or ALT > ULN-3 × ULN and/or bilirubin > ULN-1.5 × ULN: G1; > 3-5 × and/or > 1.5-3 ×: G2; > 5-20 × "
    "and/or > 3-10 ×: G3; > 20 × and/or > 10 ×: G4",
    description="Grade of checkpoint-inhibitor hepatitis from the transaminases and bilirubin as multiples of "
    "their upper limits of normal.",
    example={"ast": 145, "ast_upper_limit": 40, "alt": 168, "alt_upper_limit": 40, "bilirubin": 2.4,
             "bilirubin_upper_limit": 1.2},
)
def irae_hepatitis(x: HepatitisInputs, w: Working) -> str:
    ast = w.step("AST × ULN", lambda: f"{fmt(x.ast)} / {fmt(x.ast_upper_limit)}", x.ast / x.ast_upper_limit)
    alt = w.step("ALT × ULN", lambda: f"{fmt(x.alt)} / {fmt(x.alt_upper_limit)}", x.alt / x.alt_upper_limit)
    bili = w.step("bilirubin × ULN", lambda: f"{fmt(x.bilirubin)} / {fmt(x.bilirubin_upper_limit)}",
                  x.bilirubin / x.bilirubin_upper_limit)
    grade = worst(fold_grade(round(max(ast, alt), 9), (3, 5, 20)), fold_grade(round(bili, 9), (1.5, 3, 10)))
    return graded(w, grade, "hepatitis")


# ---------------------------------------------------------------- nephritis


class NephritisInputs(Inputs):
    baseline_creatinine: Creatinine = Field(description="Baseline serum creatinine, mg/dL by default (µmol/L with "
                                            "its unit).")
    creatinine: Creatinine = Field(description="Current serum creatinine, same unit rules.")
    hospitalization: bool = Finding("Hospitalisation indicated (3).")
    dialysis_indicated: bool = Finding("Life-threatening, dialysis indicated (4).")


@calculator(
    id="irae-nephritis", name="Immune-Related Adverse Events for Renal Toxicities - Nephritis",
    aliases=("checkpoint-inhibitor-nephritis",), kind="score", specialty="oncology", output=OUTPUT,
    inputs=NephritisInputs, references=(ASCO, CTCAE),
    formula="G1: creatinine rise > 0.3 mg/dL or 1.5-2 × baseline; G2: 2-3 × baseline; G3: > 3 × baseline or > 4.0 "
    "mg/dL, or hospitalisation; G4: life-threatening, dialysis indicated",
    description="Grade of checkpoint-inhibitor nephritis from the rise of creatinine over baseline.",
    example={"baseline_creatinine": 0.9, "creatinine": 1.6},
)
def irae_nephritis(x: NephritisInputs, w: Working) -> str:
    fold = w.step("creatinine × baseline", lambda: f"{fmt(x.creatinine)} / {fmt(x.baseline_creatinine)}",
                  x.creatinine / x.baseline_creatinine)
    rise = w.step("creatinine rise", lambda: f"{fmt(x.creatinine)} − {fmt(x.baseline_creatinine)}",
                  x.creatinine - x.baseline_creatinine, "mg/dL")
    f = round(fold, 9)
    by_creatinine = (3 if f > 3 or x.creatinine > 4.0 else 2 if f >= 2 else 1 if f >= 1.5 or round(rise, 9) > 0.3
                     else 0)
    grade = worst(by_creatinine, 3 * x.hospitalization, 4 * x.dialysis_indicated)
    return graded(w, grade, "nephritis")


# ---------------------------------------------------------------- hyperglycaemia

GLYCAEMIC_SYMPTOMS = {"none_or_mild": 1, "moderate": 2, "severe": 3}


class HyperglycemiaInputs(Inputs):
    fasting_glucose: Glucose = Field(description="Fasting glucose, mg/dL by default (mmol/L with its unit).")
    symptoms: choice(*GLYCAEMIC_SYMPTOMS) = Field(description="'none_or_mild' (1), 'moderate' (able to perform ADL, "
                                                  "2), 'severe' (unable to perform ADL, medically significant, 3).")
    ketosis_or_type_1_diabetes: bool = Finding("Ketosis or evidence of type 1 diabetes at any glucose (2).")
    glucose_upper_limit: Glucose = Option(100.0, "Upper limit of normal for fasting glucose, mg/dL (default 100).")


@calculator(
    id="irae-hyperglycemia", name="Immune-Related Adverse Events for Endocrine Toxicities - Diabetes Mellitus",
    aliases=("checkpoint-inhibitor-diabetes", "irae-diabetes"), kind="score", specialty="oncology", output=OUTPUT,
    inputs=HyperglycemiaInputs, references=(ASCO, CTCAE),
    formula="Fasting glucose > ULN-160 mg/dL (8.9 mmol/L): G1; > 160-250 (13.9 mmol/L): G2; > 250-500 (27.8 "
    "mmol/L): G3; > 500: G4. Moderate symptoms, ketosis or evidence of type 1 diabetes: at least G2; severe "
    "symptoms: at least G3.",
    description="Grade of checkpoint-inhibitor hyperglycaemia (new or worsening diabetes).",
    example={"fasting_glucose": 238, "symptoms": "moderate", "ketosis_or_type_1_diabetes": False},
)
def irae_hyperglycemia(x: HyperglycemiaInputs, w: Working) -> str:
    g = round(x.fasting_glucose, 1)
    by_glucose = w.step("fasting glucose", f"{fmt(g)} mg/dL", 0 if g <= x.glucose_upper_limit else 1 if g <= 160 else
                        2 if g <= 250 else 3 if g <= 500 else 4)
    symptoms = category(w, "symptoms", x.symptoms, GLYCAEMIC_SYMPTOMS) if by_glucose or x.symptoms != "none_or_mild" \
        else 0
    grade = worst(by_glucose, symptoms, 2 * x.ketosis_or_type_1_diabetes)
    return graded(w, grade, "hyperglycaemia")


# ---------------------------------------------------------------- hypothyroidism

TSH = q("mIU/L", ge=0, lt=2000, plausible=(0.01, 500), units=("mIU/L", "uIU/mL"))
THYROID_SYMPTOMS = {"none_or_mild": 1, "moderate": 2, "severe": 3, "life_threatening": 4}


class HypothyroidismInputs(Inputs):
    tsh: TSH = Field(description="TSH, mIU/L (= µIU/mL); persistently above 10 is grade 2.")
    symptoms: choice(*THYROID_SYMPTOMS) = Field(description="'none_or_mild' (1), 'moderate' (able to perform ADL, 2), "
                                                "'severe' (unable to perform ADL, 3), 'life_threatening' (myxoedema, "
                                                "4).")
    tsh_upper_limit: TSH = Option(4.5, "Upper limit of normal for TSH, mIU/L (default 4.5).")


@calculator(
    id="irae-hypothyroidism", name="Immune-Related Adverse Events for Endocrine Toxicities - Hypothyroidism",
    aliases=("checkpoint-inhibitor-hypothyroidism",), kind="score", specialty="oncology", output=OUTPUT,
    inputs=HypothyroidismInputs, references=(ASCO, CTCAE),
    formula="G1: asymptomatic or mild, TSH above the ULN but < 10 mIU/L; G2: moderate symptoms or TSH persistently "
    "> 10; G3: severe symptoms, unable to perform ADL; G4: life-threatening",
    description="Grade of checkpoint-inhibitor hypothyroidism from TSH and symptoms.",
    example={"tsh": 16.2, "symptoms": "moderate"},
)
def irae_hypothyroidism(x: HypothyroidismInputs, w: Working) -> str:
    by_tsh = w.step("TSH", f"{fmt(x.tsh)} mIU/L", 2 if x.tsh > 10 else 1 if x.tsh > x.tsh_upper_limit else 0)
    symptoms = category(w, "symptoms", x.symptoms, THYROID_SYMPTOMS) if by_tsh or x.symptoms != "none_or_mild" else 0
    return graded(w, worst(by_tsh, symptoms), "hypothyroidism")
