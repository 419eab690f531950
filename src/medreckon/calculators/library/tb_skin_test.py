"""Tuberculin skin test interpretation: the induration that counts as positive depends on the
person's risk (CDC/ATS)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs, q
from ..spec import Output, Reference, Working, calculator, fmt

LABELS = ("Positive", "Negative")
Induration = q("mm", ge=0, plausible=(0, 60), units=("mm", "cm"))
FIVE_MM = (("hiv", "HIV infection"), ("recent_contact", "recent contact with a person with infectious TB"),
           ("fibrotic_cxr", "fibrotic changes on chest radiograph consistent with prior TB"),
           ("organ_transplant", "organ transplant recipient"),
           ("immunosuppressed", "other immunosuppression (e.g. prednisone ≥ 15 mg/day for ≥ 1 month, TNF antagonists)"))
TEN_MM = (("recent_immigrant", "arrival within 5 years from a high-prevalence country"),
          ("injection_drug_use", "injection drug use"),
          ("congregate_setting", "resident or employee of a high-risk congregate setting"),
          ("mycobacteriology_lab", "mycobacteriology laboratory personnel"),
          ("high_risk_condition", "a clinical condition that raises the risk of active TB (e.g. diabetes, silicosis, "
                                  "end-stage renal disease, leukaemia, gastrectomy, low body weight)"),
          ("child_exposed_to_high_risk_adult", "a child or adolescent exposed to adults at high risk"))


class TSTInputs(Inputs):
    induration: Induration = Field(description="Transverse diameter of induration (not erythema) at 48-72 hours, mm.")
    hiv: bool = Finding("Known HIV infection (≥ 5 mm positive).")
    recent_contact: bool = Finding("Recent contact with a person with infectious TB (≥ 5 mm).", when="recent")
    fibrotic_cxr: bool = Finding("Chest radiograph with fibrotic changes consistent with prior TB (≥ 5 mm).")
    organ_transplant: bool = Finding("Organ transplant recipient (≥ 5 mm).")
    immunosuppressed: bool = Finding("Other immunosuppression, e.g. prednisone ≥ 15 mg/day for ≥ 1 month or TNF-alpha "
                                     "antagonists (≥ 5 mm).")
    recent_immigrant: bool = Finding("Arrived within the last 5 years from a high-prevalence country (≥ 10 mm).", when="recent")
    injection_drug_use: bool = Finding("Injection drug use (≥ 10 mm).")
    congregate_setting: bool = Finding("Resident or employee of a high-risk congregate setting: prison, nursing home, "
                                       "hospital, homeless shelter (≥ 10 mm).")
    mycobacteriology_lab: bool = Finding("Mycobacteriology laboratory personnel (≥ 10 mm).")
    high_risk_condition: bool = Finding("A clinical condition placing the person at high risk of active TB (≥ 10 mm).")
    child_exposed_to_high_risk_adult: bool = Finding("Infant, child or adolescent exposed to adults at high risk "
                                                     "(≥ 10 mm).")
    age: Age | None = Field(None, description="Age in years, optional: a child under 4 is positive from 10 mm.")


def _cut_off(x: TSTInputs) -> tuple[int, str]:
    reasons = [what for name, what in FIVE_MM if getattr(x, name)]
    if reasons:
        return 5, "; ".join(reasons)
    reasons = [what for name, what in TEN_MM if getattr(x, name)]
    if x.age is not None and x.age < 4:
        reasons.append(f"age {fmt(x.age)} < 4 years")
    return (10, "; ".join(reasons)) if reasons else (15, "no known risk factor")


@calculator(
    id="tb-skin-test",
    name="TB Skin Test Interpretation",
    aliases=("tst-interpretation", "ppd-interpretation", "tuberculin-skin-test"),
    kind="score",
    specialty="infectious disease",
    output=Output(None, "category", categories=LABELS),
    inputs=TSTInputs,
    references=(
        Reference("American Thoracic Society; CDC. Targeted tuberculin testing and treatment of latent tuberculosis "
                  "infection. Am J Respir Crit Care Med. 2000;161(4 Pt 2):S221-S247."),
        Reference("MDCalc. TB Skin Test Interpretation."),
    ),
    formula="Positive at ≥ 5 mm with HIV, recent contact, fibrotic chest radiograph, transplant or immunosuppression; "
    "at ≥ 10 mm with recent immigration from a high-prevalence country, injection drug use, high-risk congregate "
    "setting, mycobacteriology laboratory work, a high-risk clinical condition, age < 4 or a child exposed to "
    "high-risk adults; at ≥ 15 mm with no risk factor.",
    description="Whether a tuberculin (Mantoux) skin test is positive for latent TB infection, by the induration "
    "cut-off for the person's risk group. BCG vaccination and non-tuberculous mycobacteria can give false positives.",
    example={"induration": 8, "recent_contact": True},
)
def tb_skin_test(x: TSTInputs, w: Working) -> str:
    cut_off, why = _cut_off(x)
    w.step("positive from", why, cut_off, "mm")
    positive = round(x.induration, 6) >= cut_off
    w.step("induration", f"{fmt(x.induration)} mm {'≥' if positive else '<'} {cut_off} mm", positive)
    w.interpretation = (f"positive ({fmt(x.induration)} mm ≥ {cut_off} mm for this risk group); consider false "
                        "positives (BCG, non-tuberculous mycobacteria)" if positive else
                        f"negative ({fmt(x.induration)} mm < {cut_off} mm for this risk group)")
    return LABELS[0] if positive else LABELS[1]
