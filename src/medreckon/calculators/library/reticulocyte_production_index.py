"""Reticulocyte production index (RPI) with the corrected reticulocyte percentage (Hillman & Finch)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Hematocrit, Inputs, Option, Percent, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

NormalHematocrit = q("%", gt=0, le=100, plausible=(30, 55), units=("%",))
RedCells = q("10^12/L", gt=0, plausible=(0.5, 8), units=("10^12/L", "10^6/uL"))
# (haematocrit above which, maturation time in days): Hillman's shift correction as UpToDate and MDCalc tabulate it
MATURATION = ((35, 1.0), (25, 1.5), (15, 2.0))


def maturation_days(hematocrit: float) -> float:
    for above, days in MATURATION:
        if hematocrit > above:
            return days
    return 2.5


class RPIInputs(Inputs):
    reticulocytes: Percent = Field(description="Reticulocyte count as a percentage of red cells (e.g. 2.5).")
    hematocrit: Hematocrit = Field(description="Patient's haematocrit, %.")
    normal_hematocrit: NormalHematocrit = Option(45.0, "Normal haematocrit the count is scaled to, %: 45 by "
                                                 "default; MDCalc asks for it (e.g. 40 for a woman).")
    red_cell_count: RedCells | None = Field(None, description="Optional red cell count, ×10¹²/L (= ×10⁶/µL), for the "
                                            "absolute reticulocyte count.")


@calculator(
    id="reticulocyte-production-index",
    name="Corrected Reticulocyte Percentage/Reticulocyte Production Index (RPI)",
    aliases=("rpi", "reticulocyte-production-index-rpi"),
    kind="equation",
    specialty="hematology",
    output=Output(None, "decimal", 1, range=(0, 15), secondary=(
        Secondary("corrected_reticulocyte_percent", "reticulocytes × haematocrit / normal haematocrit", "%",
                  "decimal", 2),
        Secondary("absolute_reticulocyte_count", "reticulocytes × red cell count, when the count is given", "/uL",
                  "decimal", 0),
    )),
    inputs=RPIInputs,
    references=(
        Reference("Hillman RS, Finch CA. Erythropoiesis: normal and abnormal. Semin Hematol. 1967;4(4):327-336."),
        Reference("Hillman RS. Characteristics of marrow production and reticulocyte maturation in normal man in "
                  "response to anemia. J Clin Invest. 1969;48(3):443-453.", "https://doi.org/10.1172/JCI106001"),
        Reference("MDCalc. Reticulocyte Production Index.",
                  "https://www.mdcalc.com/calc/3957/reticulocyte-production-index"),
    ),
    formula="corrected reticulocyte % = reticulocytes (%) × Hct / normal Hct; RPI = corrected % / maturation time "
    "(Hct > 35%: 1 day, > 25-35%: 1.5, > 15-25%: 2, ≤ 15%: 2.5); absolute count = reticulocytes (%) × RBC",
    description="Reticulocyte count corrected for the degree of anaemia and for the longer circulation of "
    "prematurely released reticulocytes. In anaemia an RPI below 2 means an inadequate marrow response "
    "(hypoproliferative), above 2 an adequate one (blood loss, haemolysis).",
    example={"reticulocytes": 2.5, "hematocrit": 21, "normal_hematocrit": 40, "red_cell_count": 3.0},
)
def reticulocyte_production_index(x: RPIInputs, w: Working) -> float:
    corrected = w.output("corrected_reticulocyte_percent", w.step(
        "corrected reticulocyte %", lambda: f"{fmt(x.reticulocytes)} × {fmt(x.hematocrit)} / {fmt(x.normal_hematocrit)}",
        x.reticulocytes * x.hematocrit / x.normal_hematocrit, "%"))
    days = w.step("maturation time", f"Hct {fmt(x.hematocrit)}%", maturation_days(x.hematocrit), "days")
    rpi = w.step("RPI", lambda: f"{fmt(corrected)} / {fmt(days)}", corrected / days)
    if x.red_cell_count is not None:
        w.output("absolute_reticulocyte_count", w.step(
            "absolute reticulocyte count", lambda: f"{fmt(x.reticulocytes)}% × {fmt(x.red_cell_count)} ×10⁶/µL",
            x.reticulocytes / 100 * x.red_cell_count * 1e6, "/µL"))
    w.interpretation = ("RPI < 2: inadequate marrow response (hypoproliferative anaemia)" if round(rpi, 6) < 2 else
                        "RPI ≥ 2: adequate marrow response (e.g. blood loss or haemolysis)")
    return rpi
