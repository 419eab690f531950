"""Left ventricular ejection fraction from M-mode/2D dimensions (Quiñones 1981 simplified method)."""

from __future__ import annotations

from pydantic import Field

from ..fields import EchoLength, Inputs, choice
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid

# fractional shortening of the long axis by the apex's motion (Quiñones 1981)
APICAL = {"normal": 0.15, "hypokinetic": 0.05, "akinetic": 0.0, "dyskinetic": -0.05, "aneurysmal": -0.10}
# (lower limit %, label) from the top (ASE 2005, Lang et al.)
CATEGORIES = ((55, "normal"), (45, "mildly abnormal"), (30, "moderately abnormal"))


def ef_category(ef: float) -> str:
    for lower, label in CATEGORIES:
        if ef >= lower:
            return label
    return "severely abnormal"


class EFInputs(Inputs):
    lv_end_diastolic_dimension: EchoLength = Field(description="LV end-diastolic internal dimension, cm by default; "
                                                   "mm with its unit ('52 mm'). Typically 4.2-5.9 cm.")
    lv_end_systolic_dimension: EchoLength = Field(description="LV end-systolic internal dimension, same unit rules; "
                                                  "smaller than the end-diastolic dimension.")
    apical_contraction: choice(*APICAL) = Field(description="Motion of the LV apex: 'normal' (+15% long-axis "
                                                "shortening), 'hypokinetic' (+5%), 'akinetic' (0), 'dyskinetic' "
                                                "(−5%), 'aneurysmal' (−10%).")


@calculator(
    id="ejection-fraction-simplified",
    name="Ejection Fraction (Simplified)",
    aliases=("quinones-ejection-fraction", "simplified-ejection-fraction"),
    kind="equation",
    specialty="cardiology",
    output=Output("%", "decimal", 0, range=(5, 85), secondary=(
        Secondary("category", "LV systolic function (ASE 2005): normal ≥ 55%, mildly abnormal 45-54%, moderately "
                  "abnormal 30-44%, severely abnormal < 30%", None, "text"),
    )),
    inputs=EFInputs,
    references=(
        Reference("Quiñones MA, Waggoner AD, Reduto LA, et al. A new, simplified and accurate method for "
                  "determining ejection fraction with two-dimensional echocardiography. Circulation. "
                  "1981;64(4):744-753.", "https://doi.org/10.1161/01.CIR.64.4.744"),
        Reference("Lang RM, Bierig M, Devereux RB, et al. Recommendations for chamber quantification. J Am Soc "
                  "Echocardiogr. 2005;18(12):1440-1463.", "https://doi.org/10.1016/j.echo.2005.10.005"),
    ),
    formula="%ΔD² = (EDD² − ESD²) / EDD²; EF = %ΔD² + (1 − %ΔD²) × %ΔL, where %ΔL (apical contraction) is "
    "+15% normal, +5% hypokinetic, 0 akinetic, −5% dyskinetic, −10% aneurysmal",
    description="Ejection fraction from the LV short-axis dimensions at end-diastole and end-systole, corrected "
    "for the apex's contribution to long-axis shortening. Assumes no regional wall-motion abnormality at the base "
    "and mid-ventricle.",
    example={"lv_end_diastolic_dimension": "52 mm", "lv_end_systolic_dimension": "40 mm",
             "apical_contraction": "normal"},
)
def ejection_fraction_simplified(x: EFInputs, w: Working) -> float:
    edd, esd = x.lv_end_diastolic_dimension, x.lv_end_systolic_dimension
    if esd > edd:
        raise invalid("lv_end_systolic_dimension", esd, f"an end-systolic dimension ≤ the end-diastolic {fmt(edd)} cm",
                      "the two dimensions may be swapped")
    d2 = w.step("%ΔD²", lambda: f"({fmt(edd)}² − {fmt(esd)}²) / {fmt(edd)}²", (edd**2 - esd**2) / edd**2)
    dl = APICAL[x.apical_contraction]
    w.step("%ΔL (apical contraction)", x.apical_contraction, dl)
    ef = w.step("ejection fraction", lambda: f"({fmt(d2, 4)} + (1 − {fmt(d2, 4)}) × {fmt(dl)}) × 100",
                (d2 + (1 - d2) * dl) * 100, "%")
    label = w.output("category", ef_category(round(ef, 6)))
    w.interpretation = f"{label} LV systolic function (EF {fmt(ef, 0)}%)"
    return ef
