"""ISTH criteria for overt disseminated intravascular coagulation (Taylor 2001)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, Platelets, choice, q
from ..points import banded, category, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

FIBRIN_MARKER = {"no increase": 0, "moderate increase": 2, "strong increase": 3}
ProthrombinProlongation = q("s", ge=0, lt=300, plausible=(0, 60), units=("s",))
Fibrinogen = q("g/L", gt=0, plausible=(0.1, 10), units=("g/L", "mg/dL"))
OVERT = 5  # points: ≥ 5 compatible with overt DIC


class ISTHInputs(Inputs):
    platelets: Platelets = Field(description="Platelet count, ×10^9/L (= ×10^3/µL): > 100 0, 50-100 1, < 50 2.")
    fibrin_marker: choice(*FIBRIN_MARKER) = Field(  # type: ignore[valid-type]
        description="Elevated fibrin-related marker (D-dimer, fibrin degradation products): 'no increase' (0), "
        "'moderate increase' (2) or 'strong increase' (3), by the laboratory's own cut-offs.")
    pt_prolongation: ProthrombinProlongation = Field(
        description="Prolongation of the prothrombin time above the upper limit of normal (or the control), "
        "seconds: < 3 0, 3-6 1, > 6 2. Not the PT itself nor the INR.")
    fibrinogen: Fibrinogen = Field(description="Fibrinogen, g/L by default (mg/dL with its unit: 100 mg/dL = 1 g/L); "
                                   "≤ 1 g/L scores 1.")


@calculator(
    id="isth-dic",
    name="ISTH Criteria for Disseminated Intravascular Coagulation (DIC)",
    aliases=("isth-dic-score", "overt-dic-score", "isth-overt-dic"),
    kind="score",
    specialty="hematology",
    output=Output("points", "integer", 0, range=(0, 8), secondary=(
        Secondary("overt_dic", "score ≥ 5: compatible with overt DIC", None, "boolean"),
    )),
    inputs=ISTHInputs,
    references=(
        Reference("Taylor FB Jr, Toh CH, Hoots WK, Wada H, Levi M. Towards definition, clinical and laboratory "
                  "criteria, and a scoring system for disseminated intravascular coagulation. Thromb Haemost. "
                  "2001;86(5):1327-1330.", "https://doi.org/10.1055/s-0037-1616068"),
        Reference("MDCalc: ISTH Criteria for Disseminated Intravascular Coagulation (DIC).",
                  "https://www.mdcalc.com/calc/1714/isth-criteria-disseminated-intravascular-coagulation-dic"),
    ),
    formula="Platelets > 100 0, 50-100 1, < 50 2 (×10^9/L); fibrin marker none 0, moderate 2, strong 3; PT "
    "prolongation < 3 s 0, 3-6 s 1, > 6 s 2; fibrinogen > 1 g/L 0, ≤ 1 g/L 1. ≥ 5 compatible with overt DIC (repeat "
    "daily); < 5 suggestive of non-overt DIC (repeat in 1-2 days)",
    description="Scores overt DIC in a patient with an underlying disorder known to cause it (sepsis, trauma, "
    "malignancy, obstetric complications); use only then.",
    example={"platelets": 24, "fibrin_marker": "strong increase", "pt_prolongation": 7.2, "fibrinogen": 0.8},
)
def isth_dic(x: ISTHInputs, w: Working) -> int:
    total = sum_points(w, (
        banded(w, "platelets", round(x.platelets, 6), "×10^9/L", ((100, 0, True), (50, 1), (None, 2))),
        category(w, "fibrin-related marker", x.fibrin_marker, FIBRIN_MARKER),
        banded(w, "PT prolongation", round(x.pt_prolongation, 6), "s", ((6, 2, True), (3, 1), (None, 0))),
        banded(w, "fibrinogen", round(x.fibrinogen, 6), "g/L", ((1, 0, True), (None, 1))),
    ))
    overt = w.output("overt_dic", total >= OVERT)
    w.interpretation = (f"score {fmt(total)} ≥ {OVERT}: compatible with overt DIC; repeat daily" if overt else
                        f"score {fmt(total)} < {OVERT}: not suggestive of overt DIC (may be non-overt); repeat in "
                        "1-2 days")
    return total
