"""Reticulocyte count corrected for the degree of anaemia (reticulocyte index)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Hematocrit, Inputs, Option, Percent, q
from ..rules import Relation
from ..spec import Domain, Output, Reference, Working, calculator, fmt

NormalHematocrit = q("%", gt=0, le=100, plausible=(30, 55), units=("%",))


class CorrectedReticulocyteInputs(Inputs):
    reticulocytes: Percent = Field(description="Reticulocyte count as a percentage of red cells (e.g. 4.5). An "
                                   "absolute count (×10^9/L) is not a percentage.")
    hematocrit: Hematocrit = Field(description="Patient's haematocrit in % (e.g. 27); a fraction must say so "
                                   "('0.27 fraction'). Not the haemoglobin in g/dL.")
    normal_hematocrit: NormalHematocrit = Option(45.0, "Normal haematocrit the count is scaled to, %; default 45 "
                                                 "(some use 40 for women).")

    # the output's domain (Output.domain): a relation between values, stated in words, checked by the engine
    rules = (Relation(("reticulocytes", "hematocrit", "normal_hematocrit"), "the result stays in its domain: reticulocytes × haematocrit / normal haematocrit at most 100 %"),)


@calculator(
    id="corrected-reticulocyte-count",
    name="Corrected Reticulocyte Count (Reticulocyte Index)",
    aliases=("reticulocyte-index", "corrected-retic", "corrected-reticulocyte-percentage"),
    kind="equation",
    specialty="hematology",
    output=Output("%", "decimal", 1, range=(0, 30), domain=Domain(
        le=100, inputs=("reticulocytes", "hematocrit", "normal_hematocrit"),
        validity="a count and haematocrits for which the corrected count is at most 100 % of red cells; check "
        "that each haematocrit is in % (or says it is a fraction)")),
    inputs=CorrectedReticulocyteInputs,
    references=(
        Reference("Hillman RS, Finch CA. Erythropoiesis: normal and abnormal. Semin Hematol. 1967;4(4):327-336."),
        Reference("Piva E, Brugnara C, Spolaore F, Plebani M. Clinical utility of reticulocyte parameters. Clin Lab "
                  "Med. 2015;35(1):133-163."),
    ),
    formula="corrected reticulocyte count (%) = reticulocytes (%) × patient haematocrit / normal haematocrit (45)",
    description="Reticulocyte percentage scaled to a normal red cell mass, so that anaemia does not inflate it. "
    "In an anaemic patient a corrected count above about 2% suggests an adequate marrow response (blood loss, "
    "haemolysis); below 2% a hypoproliferative cause. It does not apply the maturation (shift) correction of the "
    "reticulocyte production index, whose published tables differ.",
    example={"reticulocytes": 6, "hematocrit": 24},
)
def corrected_reticulocyte_count(x: CorrectedReticulocyteInputs, w: Working) -> float:
    corrected = w.step("corrected reticulocyte count", f"{fmt(x.reticulocytes)} × {fmt(x.hematocrit)} / "
                       f"{fmt(x.normal_hematocrit)}", x.reticulocytes * x.hematocrit / x.normal_hematocrit, "%")
    shown = round(corrected, 6)
    w.interpretation = ("> 2%: suggests an adequate marrow response (e.g. blood loss or haemolysis)" if shown > 2
                        else "≤ 2%: suggests an inadequate (hypoproliferative) marrow response")
    return corrected
