"""MACOCHA score: difficult intubation in the intensive care unit (De Jong 2013)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Finding, Inputs, Percent, q
from ..points import finding, sum_points, threshold
from ..spec import Output, Reference, Working, calculator, fmt
from .modified_mallampati import MallampatiClass

MouthOpening = q("cm", ge=0, plausible=(0, 8), units=("cm", "mm", "in"))


class MACOCHAInputs(Inputs):
    mallampati: MallampatiClass = Field(description="Mallampati class 'I', 'II', 'III' or 'IV'; III or IV scores 5.")
    obstructive_sleep_apnea: bool = Finding("Obstructive sleep apnoea syndrome: 2 points.")
    reduced_cervical_mobility: bool = Finding("Reduced mobility of the cervical spine: 1 point.")
    mouth_opening: MouthOpening = Field(description="Mouth opening (interincisor distance), cm; < 3 cm scores 1.")
    coma: bool = Finding("Coma: 1 point.")
    spo2: Percent = Field(description="SpO2 before intubation, %; severe hypoxaemia < 80% scores 1.")
    non_anesthesiologist: bool = Finding("Intubation by an operator who is not an anaesthesiologist: 1 point.")


@calculator(
    id="macocha",
    name="MACOCHA Score",
    aliases=("macocha-score",),
    kind="score",
    specialty="critical care",
    output=Output("points", "integer", 0, range=(0, 12)),
    inputs=MACOCHAInputs,
    references=(
        Reference("De Jong A, Molinari N, Terzi N, et al. Early identification of patients at risk for difficult "
                  "intubation in the intensive care unit: development and validation of the MACOCHA score in a "
                  "multicenter cohort study. Am J Respir Crit Care Med. 2013;187(8):832-839."),
        Reference("MDCalc. MACOCHA Score."),
    ),
    formula="Mallampati III or IV 5; obstructive sleep apnoea 2; reduced cervical spine mobility 1; mouth opening < 3 "
    "cm 1; coma 1; severe hypoxaemia (SpO2 < 80%) 1; non-anaesthesiologist operator 1. Total 0-12; higher is more "
    "difficult (≥ 3 identified difficult intubation in the derivation).",
    description="Risk of difficult intubation in critically ill patients intubated in the ICU, from patient, "
    "pathology and operator factors.",
    example={"mallampati": "III", "obstructive_sleep_apnea": True, "mouth_opening": 2.5, "spo2": 92},
)
def macocha(x: MACOCHAInputs, w: Working) -> int:
    total = sum_points(w, (
        finding(w, "Mallampati III or IV", x.mallampati in ("III", "IV"), 5, texts=(f"class {x.mallampati}",) * 2),
        finding(w, "obstructive sleep apnoea", x.obstructive_sleep_apnea, 2),
        finding(w, "reduced cervical spine mobility", x.reduced_cervical_mobility),
        threshold(w, "mouth opening < 3 cm", f"{fmt(x.mouth_opening)} cm", x.mouth_opening, "<", 3),
        finding(w, "coma", x.coma),
        threshold(w, "SpO2 < 80%", f"SpO2 {fmt(x.spo2)}%", x.spo2, "<", 80),
        finding(w, "non-anaesthesiologist operator", x.non_anesthesiologist),
    ))
    w.interpretation = (f"MACOCHA {total}: difficult intubation likely (≥ 3)" if total >= 3 else
                        f"MACOCHA {total}: difficult intubation less likely (< 3)")
    return total
