"""PASI: Psoriasis Area and Severity Index (Fredriksson & Pettersson 1978)."""

from __future__ import annotations

from pydantic import Field, create_model

from ..fields import Inputs, Percent
from ..scales import item
from ..spec import Output, Reference, Secondary, Working, calculator, fmt
from .easi import area_score

REGIONS = (("head_neck", "head and neck", 0.1), ("upper_limbs", "upper limbs", 0.2), ("trunk", "trunk", 0.3),
           ("lower_limbs", "lower limbs", 0.4))
SIGNS = (("erythema", "erythema"), ("induration", "induration (thickness)"), ("desquamation", "desquamation (scaling)"))

_fields = {f"{r}_{s}": (item(4), Field(description=f"{label.capitalize()} of the {region}: 0 none, 1 slight, "
                                                   f"2 moderate, 3 severe, 4 very severe."))
           for r, region, _ in REGIONS for s, label in SIGNS}
_fields |= {f"{r}_area": (Percent, Field(description=f"Percentage of the {region} affected, 0-100 (scored 0-6)."))
            for r, region, _ in REGIONS}
PASIInputs = create_model("PASIInputs", __base__=Inputs, __module__=__name__, **_fields)


@calculator(
    id="pasi",
    name="Psoriasis Area and Severity Index (PASI)",
    aliases=("Psoriasis Area and Severity Index (PASI)", "psoriasis-area-and-severity-index"),
    kind="score",
    specialty="dermatology",
    output=Output("points", "decimal", 1, range=(0, 72), secondary=tuple(
        Secondary(f"{r}_pasi", f"PASI of the {region}", "points", "decimal", 1) for r, region, _ in REGIONS)),
    inputs=PASIInputs,
    references=(
        Reference("Fredriksson T, Pettersson U. Severe psoriasis: oral therapy with a new retinoid. Dermatologica. "
                  "1978;157(4):238-244.", "https://doi.org/10.1159/000250839"),
        Reference("MDCalc. Psoriasis Area and Severity Index (PASI)."),
    ),
    formula="For each region: (erythema + induration + desquamation, each 0-4) × area score (0 none, 1 < 10%, "
    "2 10-29%, 3 30-49%, 4 50-69%, 5 70-89%, 6 90-100%) × weight (head/neck 0.1, upper limbs 0.2, trunk 0.3, lower "
    "limbs 0.4). PASI = sum, 0-72.",
    description="Extent and severity of plaque psoriasis; PASI 75/90 (a 75%/90% fall) are the usual treatment "
    "targets.",
    example={**{f"{r}_{s}": 2 for r, _, _ in REGIONS for s, _ in SIGNS}, "head_neck_area": 5, "upper_limbs_area": 5,
             "trunk_area": 5, "lower_limbs_area": 5},
)
def pasi(x: PASIInputs, w: Working) -> float:  # type: ignore[valid-type]
    total = 0.0
    for r, region, weight in REGIONS:
        signs = [getattr(x, f"{r}_{s}") for s, _ in SIGNS]
        area = area_score(getattr(x, f"{r}_area"))
        value = w.step(region, f"({' + '.join(map(str, signs))}) × {area} × {fmt(weight)}", sum(signs) * area * weight,
                       "points")
        total += w.output(f"{r}_pasi", value)
    total = w.step("PASI", "sum of the four regions", total, "points")
    w.interpretation = f"PASI {fmt(total, 1)} of 72 (0 no disease); higher scores mean more severe psoriasis"
    return total
