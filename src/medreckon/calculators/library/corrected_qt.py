"""MDCalc's Corrected QT Interval (QTc): one calculator with the correction formula as an option (Bazett by
default); each formula is computed by its own calculator in qtc.py."""

from __future__ import annotations

from typing import Literal

from ..fields import Option
from ..spec import Reference, Working, calculator
from . import (
    qtc,  # the module, not its calculators: the registry finds a calculator in the module naming it
)
from .qtc import DREW_2010, OUTPUT, RAUTAHARJU_2009, QTcInputs

FORMULAS = {"bazett": qtc.qtc_bazett, "fridericia": qtc.qtc_fridericia, "framingham": qtc.qtc_framingham,
            "hodges": qtc.qtc_hodges, "rautaharju": qtc.qtc_rautaharju}


class CorrectedQTInputs(QTcInputs):
    formula: Literal["bazett", "fridericia", "framingham", "hodges", "rautaharju"] = Option(
        "bazett", "Correction formula: 'bazett' (default, as MDCalc), 'fridericia', 'framingham', 'hodges' or "
        "'rautaharju'.")


@calculator(
    id="corrected-qt",
    name="Corrected QT Interval (QTc)",
    aliases=("qtc-calculator", "corrected-qt-interval"),
    kind="equation",
    specialty="cardiology",
    output=OUTPUT,
    inputs=CorrectedQTInputs,
    references=(
        Reference("Bazett HC. An analysis of the time-relations of electrocardiograms. Heart. 1920;7:353-370."),
        RAUTAHARJU_2009, DREW_2010,
        Reference("MDCalc. Corrected QT Interval (QTc).", "https://www.mdcalc.com/calc/48/corrected-qt-interval-qtc"),
    ),
    formula="Bazett QT / √RR; Fridericia QT / ∛RR; Framingham QT + 154 × (1 − RR); Hodges QT + 1.75 × (HR − 60); "
    "Rautaharju QT × (120 + HR) / 180 (QT in ms, RR = 60 / HR in s)",
    description="Heart-rate-corrected QT interval by the chosen formula, as MDCalc's QTc calculator offers them. "
    "The QT is in ms: read off ECG paper, one small box is 40 ms at 25 mm/s (20 ms at 50 mm/s).",
    example={"qt_interval": 380, "heart_rate": 72, "formula": "bazett"},
)
def corrected_qt(x: CorrectedQTInputs, w: Working) -> float:
    return FORMULAS[x.formula].compute(x, w)
