"""Milan criteria for liver transplantation in hepatocellular carcinoma (Mazzaferro 1996)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..fields import EchoLength, Inputs
from ..spec import Output, Reference, Working, calculator, fmt

TumourSize = EchoLength  # a diameter in cm (mm with its unit)


class MilanInputs(Inputs):
    tumour_count: Annotated[int, Field(ge=1, le=50)] = Field(description="Number of HCC tumours (nodules) on imaging.")
    largest_tumour_diameter: TumourSize = Field(description="Diameter of the largest tumour, cm by default; mm with "
                                                "its unit ('38 mm').")
    extrahepatic_spread: bool = Field(description="Extrahepatic involvement (metastasis or nodal spread).")
    macrovascular_invasion: bool = Field(description="Major vessel involvement (macroscopic portal or hepatic vein "
                                         "invasion).")


@calculator(
    id="milan-criteria",
    name="Milan Criteria for Liver Transplantation",
    aliases=("milan", "milan-criteria-hcc"),
    kind="score",
    specialty="hepatology",
    output=Output(None, "category", categories=("Criteria met", "Criteria not met")),
    inputs=MilanInputs,
    references=(
        Reference("Mazzaferro V, Regalia E, Doci R, et al. Liver transplantation for the treatment of small "
                  "hepatocellular carcinomas in patients with cirrhosis. N Engl J Med. 1996;334(11):693-699.",
                  "https://doi.org/10.1056/NEJM199603143341104"),
        Reference("MDCalc. Milan Criteria for Liver Transplantation.",
                  "https://www.mdcalc.com/calc/3976/milan-criteria-liver-transplantation"),
    ),
    formula="Met when: one tumour ≤ 5 cm, or 2-3 tumours each ≤ 3 cm; and no extrahepatic involvement; and no major "
    "vessel involvement",
    description="Whether a patient with hepatocellular carcinoma is a candidate for liver transplantation with "
    "good expected outcome (4-year survival about 75%). Tumour sizes are from imaging; the largest tumour decides.",
    example={"tumour_count": 1, "largest_tumour_diameter": 3.8, "extrahepatic_spread": False,
             "macrovascular_invasion": False},
)
def milan_criteria(x: MilanInputs, w: Working) -> str:
    n, d = x.tumour_count, x.largest_tumour_diameter
    if n == 1:
        burden = w.step("tumour burden", f"single tumour {fmt(d)} {'≤' if d <= 5 else '>'} 5 cm", d <= 5)
    elif n <= 3:
        burden = w.step("tumour burden", f"{n} tumours, largest {fmt(d)} {'≤' if d <= 3 else '>'} 3 cm", d <= 3)
    else:
        burden = w.step("tumour burden", f"{n} tumours > 3", False)
    w.step("extrahepatic involvement", "present" if x.extrahepatic_spread else "absent", x.extrahepatic_spread)
    w.step("major vessel involvement", "present" if x.macrovascular_invasion else "absent", x.macrovascular_invasion)
    met = burden and not x.extrahepatic_spread and not x.macrovascular_invasion
    w.interpretation = ("Milan criteria fulfilled: a transplant candidate with good expected outcome" if met else
                        "Milan criteria not fulfilled: outside the criteria for transplantation")
    return "Criteria met" if met else "Criteria not met"
