"""Modified Marshall scoring system for organ failure in acute pancreatitis (revised Atlanta 2012)."""

from __future__ import annotations

from pydantic import Field

from ..fields import ArterialPH, BloodPressure, Creatinine, FiO2, Inputs, PaO2
from ..points import cut_offs, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid
from ..units import convert

UMOL_PER_MG_DL = convert(1.0, "mg/dL", "umol/L", "creatinine")  # 88.4


class MarshallInputs(Inputs):
    pao2: PaO2 = Field(description="Arterial PaO2, mmHg (kPa with its unit).")
    fio2: FiO2 = Field(description="Fraction of inspired oxygen, % (21 on room air) or a fraction with its unit.")
    creatinine: Creatinine = Field(description="Serum creatinine, mg/dL by default (µmol/L with its unit).")
    systolic_bp: BloodPressure = Field(description="Systolic blood pressure, mmHg; below 90 is hypotension.")
    fluid_responsive: bool = Field(True, description="When hypotensive: whether the blood pressure responds to "
                                   "fluids (1 point) or not (2-4 by pH).")
    arterial_ph: ArterialPH | None = Field(None, description="Arterial pH, needed when hypotension does not respond "
                                           "to fluids: < 7.3 scores 3, < 7.2 scores 4.")


@calculator(
    id="modified-marshall",
    name="Modified Marshall Score",
    aliases=("modified-marshall-score", "marshall-organ-failure"),
    kind="score",
    specialty="gastroenterology",
    output=Output("points", "integer", 0, range=(0, 12), secondary=(
        Secondary("organ_failure", "organ failure: any system scoring 2 or more", None, "boolean"),
    )),
    inputs=MarshallInputs,
    references=(
        Reference("Banks PA, Bollen TL, Dervenis C, et al. Classification of acute pancreatitis-2012: revision of the "
                  "Atlanta classification and definitions by international consensus. Gut. 2013;62(1):102-111.",
                  "https://doi.org/10.1136/gutjnl-2012-302779"),
        Reference("Marshall JC, Cook DJ, Christou NV, et al. Multiple organ dysfunction score: a reliable descriptor "
                  "of a complex clinical outcome. Crit Care Med. 1995;23(10):1638-1652.",
                  "https://doi.org/10.1097/00003246-199510000-00007"),
    ),
    formula="Respiratory PaO2/FiO2: > 400: 0, 301-400: 1, 201-300: 2, 101-200: 3, ≤ 101: 4. Renal creatinine "
    "(µmol/L): < 134: 0, 134-169: 1, 170-310: 2, 311-439: 3, > 439: 4. Cardiovascular: SBP ≥ 90: 0; < 90 fluid "
    "responsive: 1; not responsive: 2, with pH < 7.3: 3, pH < 7.2: 4. Organ failure: any system ≥ 2.",
    description="Organ failure in acute pancreatitis per the revised Atlanta classification: a score of 2 or more "
    "in any of the three systems is organ failure (persistent beyond 48 h: severe pancreatitis).",
    example={"pao2": 89, "fio2": 21, "creatinine": 1.1, "systolic_bp": 118},
)
def modified_marshall(x: MarshallInputs, w: Working) -> int:
    pf = w.step("PaO2/FiO2", lambda: f"{fmt(x.pao2)} / {fmt(x.fio2 / 100)}", x.pao2 / (x.fio2 / 100), "mmHg")
    respiratory = cut_offs(w, "respiratory", f"PaO2/FiO2 {fmt(pf, 0)}", round(pf, 9),
                           ((400, 0, True), (300, 1, True), (200, 2, True), (101, 3, True), (None, 4)))
    umol = w.step("creatinine", lambda: f"{fmt(x.creatinine, 2)} mg/dL × {fmt(UMOL_PER_MG_DL, 2)}",
                  x.creatinine * UMOL_PER_MG_DL, "µmol/L")
    renal = cut_offs(w, "renal", f"creatinine {fmt(umol, 0)} µmol/L", round(umol, 6),
                     ((439, 4, True), (311, 3), (170, 2), (134, 1), (None, 0)))
    cardiovascular = _cardiovascular(x, w)
    total = sum_points(w, (respiratory, renal, cardiovascular))
    failed = w.output("organ_failure", max(respiratory, renal, cardiovascular) >= 2)
    w.interpretation = (f"{total}: organ failure present (a system scores ≥ 2)" if failed else
                        f"{total}: no organ failure (no system scores ≥ 2)")
    return total


def _cardiovascular(x: MarshallInputs, w: Working) -> int:
    if x.systolic_bp >= 90:
        return w.step("cardiovascular", f"SBP {fmt(x.systolic_bp)} ≥ 90", 0, "points")
    if x.fluid_responsive:
        return w.step("cardiovascular", f"SBP {fmt(x.systolic_bp)} < 90, fluid responsive", 1, "points")
    if x.arterial_ph is None:
        raise invalid("arterial_ph", None, "the arterial pH when hypotension does not respond to fluids",
                      "it decides between 2, 3 and 4 points")
    return cut_offs(w, "cardiovascular (not fluid responsive)", f"pH {fmt(x.arterial_ph, 2)}", x.arterial_ph,
                    ((7.3, 2), (7.2, 3), (None, 4)))
