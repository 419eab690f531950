"""SpO2/FiO2 ratio, read against Rice 2007's equivalents of P/F 200 and 300."""

from __future__ import annotations

from pydantic import Field

from ..fields import FiO2, Inputs, q
from ..spec import Output, Reference, Working, calculator, fmt
from .aa_gradient import FIO2_DESCRIPTION, fio2_fraction

SpO2 = q("%", gt=0, le=100, plausible=(50, 100), units=("%",))
SF_FOR_PF_200, SF_FOR_PF_300 = 235.0, 315.0  # Rice 2007
SPO2_CEILING = 97.0  # above it the oxyhaemoglobin curve is flat and S/F stops tracking P/F


class SFRatioInputs(Inputs):
    spo2: SpO2 = Field(description="Pulse-oximetry saturation SpO2, % (e.g. 92). Only meaningful at 97% or below. "
                       "Not the PaO2 in mm Hg.")
    fio2: FiO2 = Field(description=FIO2_DESCRIPTION)


@calculator(
    id="sf-ratio",
    name="SpO2/FiO2 Ratio (S/F Ratio)",
    aliases=("s-f-ratio", "spo2-fio2", "spo2-fio2-ratio", "SpO₂/FiO₂ Ratio"),
    kind="equation",
    specialty="critical care",
    output=Output(None, "decimal", 0, range=(50, 480)),
    inputs=SFRatioInputs,
    references=(
        Reference("Rice TW, Wheeler AP, Bernard GR, et al. Comparison of the SpO2/FIO2 ratio and the PaO2/FIO2 "
                  "ratio in patients with acute lung injury or ARDS. Chest. 2007;132(2):410-417.",
                  "https://doi.org/10.1378/chest.07-0617"),
    ),
    formula="S/F = SpO2 (%) / FiO2 (fraction); Rice 2007: S/F = 64 + 0.84 × P/F, so S/F 235 ≈ P/F 200 and "
    "S/F 315 ≈ P/F 300 (valid for SpO2 ≤ 97%)",
    description="Non-invasive surrogate for the P/F ratio from pulse oximetry. Rice et al. found S/F 235 and 315 "
    "correspond to P/F 200 and 300 in ARDS Network patients; it is unreliable when SpO2 is above 97%.",
    example={"spo2": 91, "fio2": 40},
)
def sf_ratio(x: SFRatioInputs, w: Working) -> float:
    fio2 = fio2_fraction(x.fio2, w)
    sf = w.step("S/F ratio", f"{fmt(x.spo2)} / {fmt(fio2, 3)}", x.spo2 / fio2)
    implied = w.step("P/F implied by Rice's regression", f"({fmt(sf)} − 64) / 0.84", (sf - 64) / 0.84, "mm Hg")
    if x.spo2 > SPO2_CEILING:
        w.warn(f"SpO2 {fmt(x.spo2)}% > 97%: on the flat part of the oxygen dissociation curve the S/F ratio does "
               "not track the P/F ratio", "spo2")
    shown = round(sf, 6)
    if shown <= SF_FOR_PF_200:
        band = "≤ 235: corresponds to P/F ≤ 200 (moderate-severe hypoxaemia)"
    elif shown <= SF_FOR_PF_300:
        band = "235-315: corresponds to P/F 200-300 (mild hypoxaemia)"
    else:
        band = "> 315: corresponds to P/F > 300"
    w.interpretation = f"S/F {band}; implied P/F ≈ {fmt(implied, 0)} mm Hg"
    return sf
