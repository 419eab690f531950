"""RMI: Risk of Malignancy Index for an adnexal mass (Jacobs 1990; RMI I)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Finding, Inputs, choice, q
from ..spec import Output, Reference, Working, calculator, fmt

CA125 = q("U/mL", ge=0, lt=1e6, plausible=(1, 20000), units=("U/mL", "kU/L"))
FEATURES = (("multilocular", "multilocular cyst"), ("solid_areas", "solid areas"), ("bilateral", "bilateral lesions"),
            ("ascites", "ascites"), ("metastases", "intra-abdominal metastases"))


class RMIInputs(Inputs):
    multilocular: bool = Finding("Ultrasound: multilocular cyst.")
    solid_areas: bool = Finding("Ultrasound: solid areas.")
    bilateral: bool = Finding("Ultrasound: bilateral lesions.")
    ascites: bool = Finding("Ultrasound: ascites.")
    metastases: bool = Finding("Ultrasound: intra-abdominal metastases.")
    menopausal_status: choice("premenopausal", "postmenopausal") = Field(description="Postmenopausal: more than 1 year "
                                                                         "of amenorrhoea, or age over 50 after "
                                                                         "hysterectomy.")
    ca125: CA125 = Field(description="Serum CA-125, U/mL.")


@calculator(
    id="risk-of-malignancy-index",
    name="Risk of Malignancy Index (RMI) for Ovarian Cancer",
    aliases=("Risk of Malignancy Index (RMI) for Ovarian Cancer", "rmi"),
    kind="score",
    specialty="gynecology",
    output=Output("points", "decimal", 0, range=(0, 100000)),
    inputs=RMIInputs,
    references=(
        Reference("Jacobs I, Oram D, Fairbanks J, et al. A risk of malignancy index incorporating CA 125, ultrasound "
                  "and menopausal status for the accurate preoperative diagnosis of ovarian cancer. Br J Obstet "
                  "Gynaecol. 1990;97(10):922-929.", "https://doi.org/10.1111/j.1471-0528.1990.tb02448.x"),
        Reference("MDCalc. Risk of Malignancy Index (RMI) for Ovarian Cancer."),
    ),
    formula="RMI = U × M × CA-125 (U/mL). U: 0 ultrasound features 0, 1 feature 1, 2-5 features 3 (multilocular, "
    "solid areas, bilateral, ascites, intra-abdominal metastases). M: premenopausal 1, postmenopausal 3. ≥ 200 high "
    "risk of malignancy.",
    description="Triage of an adnexal mass for referral to gynaecological oncology (RMI I; RMI ≥ 200 was 85% "
    "sensitive and 97% specific in its derivation).",
    example={"multilocular": True, "solid_areas": True, "bilateral": False, "ascites": True, "metastases": False,
             "menopausal_status": "postmenopausal", "ca125": 260},
)
def risk_of_malignancy_index(x: RMIInputs, w: Working) -> float:
    count = sum(getattr(x, name) for name, _ in FEATURES)
    u = w.step("ultrasound score U", ", ".join(t for n, t in FEATURES if getattr(x, n)) or "no features",
               0 if count == 0 else 1 if count == 1 else 3)
    m = w.step("menopausal score M", x.menopausal_status, 3 if x.menopausal_status == "postmenopausal" else 1)
    rmi = w.step("RMI", f"{u} × {m} × {fmt(x.ca125)}", u * m * x.ca125, "points")
    w.interpretation = ("≥ 200: high risk of malignancy; refer to gynaecological oncology" if rmi >= 200 else
                        "< 200: lower risk of malignancy")
    return rmi
