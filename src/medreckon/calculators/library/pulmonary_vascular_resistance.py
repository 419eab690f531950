"""Pulmonary vascular resistance and total pulmonary resistance from right heart catheterisation."""

from __future__ import annotations

from pydantic import Field

from ..fields import CardiacOutput, FillingPressure, Inputs, PulmonaryArteryPressure
from ..rules import Relation
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid

WOOD_TO_DYNES = 80  # 1 Wood unit (mmHg·min/L) = 79.98 dyn·s·cm⁻⁵, 80 by convention


class PVRInputs(Inputs):
    mean_pa_pressure: PulmonaryArteryPressure = Field(description="Mean pulmonary artery pressure, mmHg (not the systolic PA "
                                            "pressure).")
    pcwp: FillingPressure = Field(description="Pulmonary capillary wedge pressure, mmHg; at most the mean PA "
                                "pressure.")
    cardiac_output: CardiacOutput = Field(description="Pulmonary flow (cardiac output), L/min.")

    rules = (Relation(("pcwp", "mean_pa_pressure"), "pcwp at most mean_pa_pressure (in any unit)"),)


@calculator(
    id="pulmonary-vascular-resistance",
    name="Pulmonary Resistance (PVR and total pulmonary resistance)",
    aliases=("pvr", "Pulmonary Resistance", "pulmonary-resistance", "total-pulmonary-resistance"),
    kind="equation",
    specialty="cardiology",
    output=Output("Wood units", "decimal", 1, range=(0, 20), secondary=(
        Secondary("pvr_dynes", "pulmonary vascular resistance in dyn·s·cm⁻⁵", "dyn·s·cm⁻⁵", "decimal", 0),
        Secondary("total_pulmonary_resistance", "mean PA pressure / pulmonary flow", "Wood units", "decimal", 1),
        Secondary("total_pulmonary_resistance_dynes", "total pulmonary resistance in dyn·s·cm⁻⁵", "dyn·s·cm⁻⁵",
                  "decimal", 0),
    )),
    inputs=PVRInputs,
    references=(
        Reference("Humbert M, Kovacs G, Hoeper MM, et al. 2022 ESC/ERS Guidelines for the diagnosis and treatment "
                  "of pulmonary hypertension. Eur Heart J. 2022;43(38):3618-3731 (pre-capillary PH: PVR > 2 WU).",
                  "https://doi.org/10.1093/eurheartj/ehac237"),
        Reference("Simonneau G, Montani D, Celermajer DS, et al. Haemodynamic definitions and updated clinical "
                  "classification of pulmonary hypertension. Eur Respir J. 2019;53(1):1801913.",
                  "https://doi.org/10.1183/13993003.01913-2018"),
    ),
    formula="PVR (Wood units) = (mean PA pressure − PCWP) / CO; total pulmonary resistance = mean PA pressure / "
    "CO; dyn·s·cm⁻⁵ = Wood units × 80",
    description="Resistance of the pulmonary circulation from right heart catheterisation: the transpulmonary "
    "gradient over the flow. A PVR above 2 Wood units (160 dyn·s·cm⁻⁵) with a mean PA pressure above 20 mmHg "
    "defines pre-capillary pulmonary hypertension (ESC/ERS 2022); older definitions used 3 Wood units.",
    example={"mean_pa_pressure": 38, "pcwp": 10, "cardiac_output": 4.6},
)
def pulmonary_vascular_resistance(x: PVRInputs, w: Working) -> float:
    if x.pcwp > x.mean_pa_pressure:
        raise invalid("pcwp", x.pcwp, f"a wedge pressure ≤ the mean PA pressure {fmt(x.mean_pa_pressure)} mmHg",
                      "the two pressures may be swapped")
    tpg = w.step("transpulmonary gradient", lambda: f"{fmt(x.mean_pa_pressure)} − {fmt(x.pcwp)}",
                 x.mean_pa_pressure - x.pcwp, "mmHg")
    pvr = w.step("PVR", lambda: f"{fmt(tpg)} / {fmt(x.cardiac_output)}", tpg / x.cardiac_output, "Wood units")
    w.output("pvr_dynes", w.step("PVR", lambda: f"{fmt(pvr)} × 80", pvr * WOOD_TO_DYNES, "dyn·s·cm⁻⁵"))
    tpr = w.output("total_pulmonary_resistance", w.step(
        "total pulmonary resistance", lambda: f"{fmt(x.mean_pa_pressure)} / {fmt(x.cardiac_output)}",
        x.mean_pa_pressure / x.cardiac_output, "Wood units"))
    w.output("total_pulmonary_resistance_dynes", tpr * WOOD_TO_DYNES)
    w.interpretation = (f"PVR {fmt(pvr, 1)} Wood units: "
                        + ("> 2: raised (pre-capillary pulmonary hypertension if mean PA pressure > 20 mmHg)"
                           if round(pvr, 6) > 2 else "≤ 2: not raised (ESC/ERS 2022)"))
    return pvr
