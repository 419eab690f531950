"""BSDS: Bipolar Spectrum Diagnostic Scale (Ghaemi 2005)."""

from __future__ import annotations

from pydantic import Field, create_model

from ..fields import Finding, Inputs, choice
from ..points import sum_points
from ..spec import Output, Reference, Secondary, Working, calculator

STATEMENTS = (
    "mood and energy shift drastically from time to time", "at times moderately or severely depressed",
    "depressive phases with lack of energy, more sleep and little motivation", "weight gain in depressive phases",
    "feel blue, sad or depressed during low phases", "feel helpless or even suicidal during low phases",
    "functioning at work or socially is impaired", "low phases usually last a few weeks",
    "a period of normal mood between swings", "then a marked shift or switch in the way they feel",
    "energy increases above normal and they get many things done", "at times feel they have too much energy or "
                                                                    "feel hyper",
    "irritable, on edge or aggressive in high periods", "take on too many activities at once in high periods",
    "spend money in ways that cause trouble in high periods", "more talkative, outgoing or sexual in high periods",
    "behaviour seems strange or annoying to others in high periods", "difficulty with co-workers or the police in high "
                                                                     "periods",
    "increase alcohol or non-prescription drug use in high periods",
)
FIT = {"fits very well or almost perfectly": 6, "fits fairly well": 4, "fits to some degree, but not in most "
       "respects": 2, "does not really describe me at all": 0}
BANDS = ("Highly unlikely", "Low probability", "Moderate probability", "High probability")

BSDSInputs = create_model("BSDSInputs", __base__=Inputs, __module__=__name__, **{
    f"statement_{i}": (bool, Finding(f"Statement {i} checked as fitting the patient: {text} (1)."))
    for i, text in enumerate(STATEMENTS, 1)},
    overall_fit=(choice(*FIT), Field(description="How well the whole story describes the patient: fits very well or "
                                                 "almost perfectly (6), fits fairly well (4), fits to some degree but "
                                                 "not in most respects (2), does not really describe me at all (0).")))


@calculator(
    id="bipolar-spectrum-diagnostic-scale",
    name="Bipolar Spectrum Diagnostic Scale (BSDS)",
    aliases=("Bipolar Spectrum Diagnostic Scale (BSDS)", "bsds"),
    kind="score",
    specialty="psychiatry",
    output=Output("points", "integer", 0, range=(0, 25), secondary=(
        Secondary("probability", "Highly unlikely (≤ 6), Low (7-12), Moderate (13-19), High probability (≥ 20)", None,
                  "text"),
    )),
    inputs=BSDSInputs,
    references=(
        Reference("Ghaemi SN, Miller CJ, Berv DA, et al. Sensitivity and specificity of a new bipolar spectrum "
                  "diagnostic scale. J Affect Disord. 2005;84(2-3):273-277.", "https://doi.org/10.1016/S0165-0327(03)00196-4"),
        Reference("MDCalc. Bipolar Spectrum Diagnostic Scale (BSDS)."),
    ),
    formula="One point for each of 19 statements checked, plus the overall fit: very well 6, fairly well 4, to some "
    "degree 2, not at all 0. Total 0-25: ≤ 6 bipolar spectrum disorder highly unlikely, 7-12 low, 13-19 moderate, "
    "≥ 20 high probability.",
    description="Self-report screen for bipolar spectrum disorder, including bipolar II and NOS, from a story the "
    "patient marks sentence by sentence.",
    example={**{f"statement_{i}": True for i in range(1, 17)}, "overall_fit": "fits very well or almost perfectly"},
)
def bipolar_spectrum_diagnostic_scale(x: BSDSInputs, w: Working) -> int:  # type: ignore[valid-type]
    checked = sum(getattr(x, f"statement_{i}") for i in range(1, len(STATEMENTS) + 1))
    total = sum_points(w, (w.step("statements checked", f"{checked} of 19", checked, "points"),
                           w.step("overall fit", x.overall_fit, FIT[x.overall_fit], "points")))
    band = w.output("probability", BANDS[0] if total <= 6 else BANDS[1] if total <= 12 else BANDS[2] if total <= 19
                    else BANDS[3])
    w.interpretation = f"bipolar spectrum disorder: {band.lower()}"
    return total
