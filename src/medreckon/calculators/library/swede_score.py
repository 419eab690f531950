"""Swede score for colposcopy (Strander 2005)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..points import category, sum_points
from ..spec import Output, Reference, Working, calculator

ACETO = {"zero or transparent": 0, "shady, milky": 1, "distinct, opaque white": 2}
MARGINS = {"diffuse": 0, "sharp but irregular, jagged, geographical, satellites": 1,
           "sharp and even, difference in surface level (cuffing)": 2}
VESSELS = {"fine, regular": 0, "absent": 1, "coarse or atypical": 2}
SIZE = {"< 5 mm": 0, "5-15 mm or 2 quadrants": 1, "> 15 mm, 3-4 quadrants or endocervically undefined": 2}
IODINE = {"brown": 0, "faintly or patchy yellow": 1, "distinct yellow": 2}


class SwedeInputs(Inputs):
    aceto_uptake: choice(*ACETO) = Field(description="Acetowhite uptake: zero or transparent (0), shady, milky (1), "
                                         "distinct, opaque white (2).")
    margins: choice(*MARGINS) = Field(description="Margins and surface: diffuse (0); sharp but irregular, jagged, "
                                      "geographical, satellites (1); sharp and even, difference in surface level "
                                      "(cuffing) (2).")
    vessels: choice(*VESSELS) = Field(description="Vessels: fine, regular (0); absent (1); coarse or atypical (2).")
    lesion_size: choice(*SIZE) = Field(description="Lesion size: < 5 mm (0); 5-15 mm or 2 quadrants (1); > 15 mm, "
                                       "3-4 quadrants or endocervically undefined (2).")
    iodine_staining: choice(*IODINE) = Field(description="Iodine staining: brown (0); faintly or patchy yellow (1); "
                                             "distinct yellow (2).")


@calculator(
    id="swede-score",
    name="Swede Score",
    aliases=("Swede Score", "swede-colposcopy-score"),
    kind="score",
    specialty="gynecology",
    output=Output("points", "integer", 0, range=(0, 10)),
    inputs=SwedeInputs,
    references=(
        Reference("Strander B, Ellström-Andersson A, Franzén S, Milsom I, Rådberg T. The performance of a new scoring "
                  "system for colposcopy in detecting high-grade dysplasia in the uterine cervix. Acta Obstet Gynecol "
                  "Scand. 2005;84(10):1013-1017.", "https://doi.org/10.1111/j.0001-6349.2005.00895.x"),
        Reference("MDCalc. Swede Score."),
    ),
    formula="Aceto uptake, margins/surface, vessels, lesion size and iodine staining, each 0-2; total 0-10. ≥ 8 "
    "suggests a high-grade lesion (consider excision at colposcopy); 5-7 calls for biopsy; 0-4 low probability.",
    description="Structured colposcopic impression of the likelihood of high-grade cervical intraepithelial "
    "neoplasia.",
    example={"aceto_uptake": "distinct, opaque white", "margins": "sharp and even, difference in surface level (cuffing)",
             "vessels": "coarse or atypical", "lesion_size": "> 15 mm, 3-4 quadrants or endocervically undefined",
             "iodine_staining": "distinct yellow"},
)
def swede_score(x: SwedeInputs, w: Working) -> int:
    total = sum_points(w, (category(w, "aceto uptake", x.aceto_uptake, ACETO),
                           category(w, "margins and surface", x.margins, MARGINS),
                           category(w, "vessels", x.vessels, VESSELS),
                           category(w, "lesion size", x.lesion_size, SIZE),
                           category(w, "iodine staining", x.iodine_staining, IODINE)))
    w.interpretation = ("≥ 8: concerning for a high-grade lesion; consider excisional treatment at colposcopy"
                        if total >= 8 else "5-7: biopsy recommended" if total >= 5 else
                        "0-4: low probability of a high-grade lesion")
    return total
