"""Berlin definition of acute respiratory distress syndrome (ARDS Definition Task Force 2012)."""

from __future__ import annotations

from pydantic import Field

from ..fields import FiO2, Inputs, PaO2
from ..spec import Output, Reference, Secondary, Working, calculator, fmt
from .aa_gradient import FIO2_DESCRIPTION, fio2_fraction
from .pf_ratio import BERLIN, berlin_severity
from .static_compliance import AirwayPressure

MIN_PEEP = 5.0  # cm H2O of PEEP (or CPAP for mild ARDS) at which the P/F is judged


class BerlinInputs(Inputs):
    timing: bool = Field(description="Onset within 1 week of a known clinical insult or of new or worsening "
                         "respiratory symptoms.")
    bilateral_opacities: bool = Field(description="Bilateral opacities on chest radiograph or CT not fully explained "
                                      "by effusions, lobar or lung collapse, or nodules.")
    not_cardiac: bool = Field(description="Respiratory failure not fully explained by cardiac failure or fluid "
                              "overload (needs objective assessment, e.g. echocardiography, when no ARDS risk factor "
                              "is present).")
    pao2: PaO2 = Field(description="Arterial PaO2, mm Hg by default (kPa with its unit).")
    fio2: FiO2 = Field(description=FIO2_DESCRIPTION)
    peep: AirwayPressure = Field(description="PEEP (or CPAP, non-invasive) when the PaO2 was taken, cm H2O; the "
                                 "definition needs ≥ 5.")


@calculator(
    id="berlin-ards",
    name="Berlin Criteria for Acute Respiratory Distress Syndrome",
    aliases=("berlin-criteria", "berlin-definition-ards", "ards-berlin"),
    kind="score",
    specialty="critical care",
    output=Output(None, "category", categories=("Positive", "Negative"), secondary=(
        Secondary("severity", "Mild ARDS (P/F 200-300), Moderate ARDS (100-200) or Severe ARDS (≤ 100), when positive",
                  None, "text"),
        Secondary("pf_ratio", "PaO2/FiO2", "mmHg", "decimal", 0),
        Secondary("mortality", "hospital mortality of that severity in the Berlin validation cohort", "%", "integer"),
    )),
    inputs=BerlinInputs,
    references=(BERLIN, Reference("MDCalc: Berlin Criteria for Acute Respiratory Distress Syndrome.",
                                  "https://www.mdcalc.com/calc/3921/berlin-criteria-acute-respiratory-distress-syndrome")),
    formula="ARDS when all hold: onset within 1 week; bilateral opacities not fully explained by effusion, collapse or "
    "nodules; respiratory failure not fully explained by cardiac failure or fluid overload; PaO2/FiO2 ≤ 300 with "
    "PEEP or CPAP ≥ 5 cm H2O. Severity: mild 200 < P/F ≤ 300, moderate 100 < P/F ≤ 200, severe P/F ≤ 100",
    description="Whether a patient meets the Berlin definition of ARDS, and its severity by oxygenation (hospital "
    "mortality 27%, 32% and 45% for mild, moderate and severe in the validation cohort).",
    example={"timing": True, "bilateral_opacities": True, "not_cardiac": True, "pao2": 85, "fio2": 100, "peep": 12},
)
def berlin_ards(x: BerlinInputs, w: Working) -> str:
    fio2 = fio2_fraction(x.fio2, w)
    pf = w.output("pf_ratio", w.step("P/F ratio", f"{fmt(x.pao2)} / {fmt(fio2, 3)}", x.pao2 / fio2, "mm Hg"))
    severity = berlin_severity(round(pf, 6))
    peep_ok = round(x.peep, 6) >= MIN_PEEP
    criteria = (("onset within 1 week", x.timing), ("bilateral opacities", x.bilateral_opacities),
                ("not explained by cardiac failure or overload", x.not_cardiac),
                ("P/F ≤ 300", severity is not None), ("PEEP or CPAP ≥ 5 cm H2O", peep_ok))
    for what, met in criteria:
        w.step(what, "met" if met else "not met", bool(met))
    positive = all(met for _, met in criteria)
    w.output("severity", f"{severity[0]} ARDS" if positive and severity else None)
    w.output("mortality", severity[1] if positive and severity else None)
    missing = [what for what, met in criteria if not met]
    w.interpretation = (f"meets the Berlin definition: {severity[0].lower()} ARDS" if positive and severity else
                        "does not meet the Berlin definition: " + ", ".join(missing) + " not met")
    return "Positive" if positive else "Negative"
