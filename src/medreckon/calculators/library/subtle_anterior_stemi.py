"""Subtle anterior STEMI calculator, 4-variable formula (Driver 2017): LAD occlusion versus benign
early repolarisation."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, QTInterval, q
from ..spec import Output, Reference, Working, calculator, fmt

Amplitude = q("mm", ge=0, plausible=(0, 60), units=("mm",))
STElevation = q("mm", plausible=(-5, 15), units=("mm",))
CUT_OFF = 18.2


class SubtleSTEMIInputs(Inputs):
    qtc_bazett: QTInterval = Field(description="QT interval corrected by Bazett, ms (the machine's QTc).")
    qrs_amplitude_v2: Amplitude = Field(description="QRS amplitude in V2 (R wave + S wave depth), mm at 10 mm/mV.")
    r_wave_v4: Amplitude = Field(description="R-wave amplitude in V4, mm.")
    ste60_v3: STElevation = Field(description="ST elevation 60 ms after the J point in V3, mm (negative for "
                                  "depression).")


@calculator(
    id="subtle-anterior-stemi",
    name="Subtle Anterior STEMI Calculator (4-Variable)",
    aliases=("subtle-stemi-4-variable", "early-repolarization-vs-lad-occlusion"),
    kind="equation",
    specialty="cardiology",
    output=Output(None, "decimal", 2, range=(5, 40)),
    inputs=SubtleSTEMIInputs,
    references=(
        Reference("Driver BE, Khalil A, Henry T, Kazmi F, Adil A, Smith SW. A new 4-variable formula to differentiate "
                  "normal variant ST segment elevation in V2-V4 (early repolarization) from subtle left anterior "
                  "descending coronary occlusion: adding QRS amplitude of V2 improves the model. J Electrocardiol. "
                  "2017;50(5):561-569."),
        Reference("Smith SW, Khalil A, Henry TD, et al. Electrocardiographic differentiation of early repolarization "
                  "from subtle anterior ST-segment elevation myocardial infarction. Ann Emerg Med. "
                  "2012;60(1):45-56 (the 3-variable formula)."),
        Reference("MDCalc. Subtle Anterior STEMI Calculator (4-Variable)."),
    ),
    formula="value = 0.052 × QTcB (ms) − 0.151 × QRS amplitude V2 (mm) − 0.268 × R-wave amplitude V4 (mm) + 1.062 × "
    "STE60 V3 (mm); > 18.2 suggests LAD occlusion (anterior STEMI), ≤ 18.2 early repolarisation.",
    description="Distinguishes subtle anterior STEMI from benign early repolarisation when there is ST elevation in "
    "V2-V4; not for obvious STEMI, LBBB, LVH or other confounders. Amplitudes in mm at standard 10 mm/mV.",
    example={"qtc_bazett": 445, "qrs_amplitude_v2": 10, "r_wave_v4": 7, "ste60_v3": 1.5},
)
def subtle_anterior_stemi(x: SubtleSTEMIInputs, w: Working) -> float:
    value = w.step("4-variable formula", lambda: f"0.052 × {fmt(x.qtc_bazett)} − 0.151 × {fmt(x.qrs_amplitude_v2)} − "
                   f"0.268 × {fmt(x.r_wave_v4)} + 1.062 × {fmt(x.ste60_v3)}",
                   0.052 * x.qtc_bazett - 0.151 * x.qrs_amplitude_v2 - 0.268 * x.r_wave_v4 + 1.062 * x.ste60_v3)
    w.interpretation = (f"{fmt(value, 2)} > {CUT_OFF}: likely anterior STEMI (LAD occlusion)" if round(value, 6) > CUT_OFF
                        else f"{fmt(value, 2)} ≤ {CUT_OFF}: likely early repolarisation")
    return value
