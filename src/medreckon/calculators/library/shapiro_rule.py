"""Shapiro rule: whether blood cultures are indicated in emergency patients with suspected
infection (Shapiro 2008)."""

from __future__ import annotations

from pydantic import Field

from ..fields import (
    Age,
    BloodPressure,
    Creatinine,
    Finding,
    Inputs,
    Percent,
    Platelets,
    Temperature,
    WhiteCells,
)
from ..rounding import round_half_away
from ..spec import Output, Reference, Secondary, Working, calculator

LABELS = ("Blood culture indicated", "Blood culture not indicated")


class ShapiroInputs(Inputs):
    temperature: Temperature = Field(description="Highest temperature, °C ('102.6 degF' with its unit): > 39.4 °C "
                                     "is a major criterion, 38.3-39.4 °C a minor one.")
    suspected_endocarditis: bool = Finding("Endocarditis suspected (major).")
    indwelling_vascular_catheter: bool = Finding("Indwelling vascular catheter (major).")
    age: Age = Field(description="Age in years; > 65 is a minor criterion.")
    chills: bool = Finding("Chills or rigors (minor).")
    vomiting: bool = Finding("Vomiting (minor).")
    systolic_bp: BloodPressure = Field(description="Systolic blood pressure, mm Hg; < 90 is a minor criterion.")
    wbc: WhiteCells = Field(description="White cell count, 10^9/L ('16700 /uL' with its unit); > 18 is a minor "
                            "criterion.")
    bands: Percent = Field(description="Band neutrophils, % of white cells; > 5% is a minor criterion.")
    platelets: Platelets = Field(description="Platelet count, 10^9/L; < 150 is a minor criterion.")
    creatinine: Creatinine = Field(description="Serum creatinine, mg/dL ('186 umol/L' with its unit); > 2.0 mg/dL is a "
                                   "minor criterion.")


def _criteria(x: ShapiroInputs) -> tuple[list[str], list[str]]:
    t = round_half_away(x.temperature, 1)
    major = [what for what, yes in (("temperature > 39.4 °C", t > 39.4), ("suspected endocarditis",
                                                                         x.suspected_endocarditis),
                                    ("indwelling vascular catheter", x.indwelling_vascular_catheter)) if yes]
    minor = [what for what, yes in (
        ("temperature 38.3-39.4 °C", 38.3 <= t <= 39.4), ("age > 65", x.age > 65), ("chills", x.chills),
        ("vomiting", x.vomiting), ("SBP < 90", x.systolic_bp < 90), ("WBC > 18", round_half_away(x.wbc, 3) > 18),
        ("bands > 5%", x.bands > 5), ("platelets < 150", round_half_away(x.platelets, 3) < 150),
        ("creatinine > 2.0 mg/dL", round_half_away(x.creatinine, 2) > 2.0)) if yes]
    return major, minor


@calculator(
    id="shapiro-rule",
    name="Shapiro Rule",
    aliases=("shapiro-bacteremia-rule", "shapiro-blood-culture-rule"),
    kind="score",
    specialty="infectious disease",
    output=Output(None, "category", categories=LABELS, secondary=(
        Secondary("major_criteria", "major criteria met", None, "integer"),
        Secondary("minor_criteria", "minor criteria met", None, "integer"),
    )),
    inputs=ShapiroInputs,
    references=(
        Reference("Shapiro NI, Wolfe RE, Wright SB, Moore R, Bates DW. Who needs a blood culture? A prospectively "
                  "derived and validated prediction rule. J Emerg Med. 2008;35(3):255-264."),
        Reference("MDCalc. Shapiro Rule."),
    ),
    formula="Major: temperature > 39.4 °C (103 °F); suspected endocarditis; indwelling vascular catheter. Minor: "
    "temperature 38.3-39.4 °C; age > 65; chills; vomiting; SBP < 90 mm Hg; WBC > 18 ×10^9/L; bands > 5%; platelets "
    "< 150 ×10^9/L; creatinine > 2.0 mg/dL. Blood culture indicated with ≥ 1 major or ≥ 2 minor criteria.",
    description="Identifies emergency patients with suspected infection at very low risk of bacteraemia, in whom "
    "blood cultures can be omitted.",
    example={"temperature": 39.2, "age": 68, "chills": True, "vomiting": True, "systolic_bp": 96, "wbc": 16.7,
             "bands": 12, "platelets": 135, "creatinine": 2.1},
)
def shapiro_rule(x: ShapiroInputs, w: Working) -> str:
    major, minor = _criteria(x)
    w.output("major_criteria", w.step("major criteria", "; ".join(major) or "none", len(major), "criteria"))
    w.output("minor_criteria", w.step("minor criteria", "; ".join(minor) or "none", len(minor), "criteria"))
    indicated = bool(major) or len(minor) >= 2
    w.interpretation = (f"blood culture indicated ({len(major)} major, {len(minor)} minor)" if indicated else
                        f"blood culture not indicated ({len(minor)} minor, no major criterion)")
    return LABELS[0] if indicated else LABELS[1]
