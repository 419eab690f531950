"""PaO2/FiO2 ratio, graded by the Berlin definition of ARDS."""

from __future__ import annotations

from pydantic import Field

from ..fields import FiO2, Inputs, PaO2
from ..spec import Output, Reference, Secondary, Working, calculator, fmt
from .aa_gradient import FIO2_DESCRIPTION, fio2_fraction

BERLIN = Reference("ARDS Definition Task Force; Ranieri VM, Rubenfeld GD, Thompson BT, et al. Acute respiratory "
                   "distress syndrome: the Berlin Definition. JAMA. 2012;307(23):2526-2533.",
                   "https://doi.org/10.1001/jama.2012.5669")


# Berlin severity by P/F (each upper limit inclusive) and the hospital mortality of its validation cohort
BERLIN_SEVERITY = ((100.0, "Severe", 45.0), (200.0, "Moderate", 32.0), (300.0, "Mild", 27.0))


def berlin_severity(pf: float) -> tuple[str, float] | None:
    """(severity, mortality %) of the Berlin oxygenation band, or None above 300."""
    return next(((name, mortality) for limit, name, mortality in BERLIN_SEVERITY if pf <= limit), None)


def berlin_band(pf: float) -> str:
    """Berlin oxygenation bands: each upper limit inclusive (P/F 200 is mild, 100 is severe)."""
    if pf <= 100:
        return "≤ 100: severe hypoxaemia (severe ARDS range)"
    if pf <= 200:
        return "100-200: moderate hypoxaemia (moderate ARDS range)"
    if pf <= 300:
        return "200-300: mild hypoxaemia (mild ARDS range)"
    return "> 300: above the ARDS oxygenation range"


class PFRatioInputs(Inputs):
    pao2: PaO2 = Field(description="Arterial PaO2, mm Hg by default; kPa must carry its unit ('8 kPa'). Not "
                       "the SpO2 (use sf-ratio for a saturation).")
    fio2: FiO2 = Field(description=FIO2_DESCRIPTION)


@calculator(
    id="pf-ratio",
    name="PaO2/FiO2 Ratio (P/F Ratio)",
    aliases=("p-f-ratio", "pao2-fio2", "horowitz-index", "pao2-fio2-ratio",
             "Horowitz Index for Lung Function (P/F Ratio)"),
    kind="equation",
    specialty="critical care",
    output=Output("mmHg", "decimal", 0, range=(20, 600), secondary=(
        Secondary("ards_severity", "Berlin severity of ARDS by oxygenation (Mild, Moderate, Severe); none above 300",
                  None, "text"),
        Secondary("mortality", "hospital mortality of that severity in the Berlin validation cohort", "%", "integer"),
    )),
    inputs=PFRatioInputs,
    references=(BERLIN, Reference("MDCalc. Berlin Criteria for Acute Respiratory Distress Syndrome.")),
    formula="P/F = PaO2 (mm Hg) / FiO2 (fraction); Berlin bands: 200 < P/F ≤ 300 mild, 100 < P/F ≤ 200 moderate, "
    "P/F ≤ 100 severe (with PEEP or CPAP ≥ 5 cm H2O); hospital mortality 27%, 32% and 45% (Berlin validation)",
    description="Ratio of arterial oxygen tension to inspired oxygen fraction, the oxygenation criterion of ARDS "
    "(Berlin 2012) and of SOFA's respiratory score. The ARDS bands also need acute onset, bilateral opacities, "
    "no cardiac explanation and PEEP ≥ 5 cm H2O.",
    example={"pao2": "9.5 kPa", "fio2": 50},
)
def pf_ratio(x: PFRatioInputs, w: Working) -> float:
    fio2 = fio2_fraction(x.fio2, w)
    pf = w.step("P/F ratio", f"{fmt(x.pao2)} / {fmt(fio2, 3)}", x.pao2 / fio2, "mm Hg")
    w.interpretation = berlin_band(round(pf, 6))
    severity = berlin_severity(round(pf, 6))
    w.output("ards_severity", severity[0] if severity else None)
    w.output("mortality", severity[1] if severity else None)
    return pf
