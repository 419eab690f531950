"""EASI: Eczema Area and Severity Index (Hanifin 2001)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, create_model

from ..fields import Age, Inputs, Percent
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

Sign = Annotated[float, Field(ge=0, le=3, multiple_of=0.5)]
REGIONS = (("head_neck", "head and neck"), ("upper_limbs", "upper limbs"), ("trunk", "trunk"),
           ("lower_limbs", "lower limbs"))
SIGNS = (("erythema", "erythema (redness)"), ("edema", "oedema/papulation (thickness)"),
         ("excoriation", "excoriation (scratching)"), ("lichenification", "lichenification"))
WEIGHTS = {"adult": (0.1, 0.2, 0.3, 0.4), "child": (0.2, 0.2, 0.3, 0.3)}  # child: under 8 years
BANDS = ((50.1, "Very severe"), (21.1, "Severe"), (7.1, "Moderate"), (1.1, "Mild"), (0.1, "Almost clear"),
         (0.0, "Clear"))


def area_score(percent: float) -> int:
    """The 0-6 area score of a region's involved percentage: 0, 1-9, 10-29, 30-49, 50-69, 70-89, 90-100%."""
    if percent <= 0:
        return 0
    return next(score for floor, score in ((90, 6), (70, 5), (50, 4), (30, 3), (10, 2), (0, 1)) if percent >= floor)


_fields = {f"{r}_{s}": (Sign, Field(description=f"{label.capitalize()} of the {region}: 0 none, 1 mild, 2 moderate, "
                                                f"3 severe (half steps allowed)."))
           for r, region in REGIONS for s, label in SIGNS}
_fields |= {f"{r}_area": (Percent, Field(description=f"Percentage of the {region} affected, 0-100 (scored 0-6)."))
            for r, region in REGIONS}
EASIInputs = create_model("EASIInputs", __base__=Inputs, __module__=__name__, **_fields,
                          age=(Age | None, Field(None, description="Age in years: under 8 uses the child region "
                                                                   "weights; left out, the adult weights are used.")))


@calculator(
    id="easi",
    name="Eczema Area and Severity Index (EASI)",
    aliases=("Eczema Area and Severity Index (EASI)", "eczema-area-and-severity-index"),
    kind="score",
    specialty="dermatology",
    output=Output("points", "decimal", 1, range=(0, 72), secondary=tuple(
        Secondary(f"{r}_easi", f"EASI of the {region}", "points", "decimal", 1) for r, region in REGIONS) + (
        Secondary("severity", "Clear, Almost clear, Mild, Moderate, Severe or Very severe (Leshem 2015)", None, "text"),
    )),
    inputs=EASIInputs,
    references=(
        Reference("Hanifin JM, Thurston M, Omoto M, et al. The eczema area and severity index (EASI): assessment of "
                  "reliability in atopic dermatitis. Exp Dermatol. 2001;10(1):11-18.",
                  "https://doi.org/10.1034/j.1600-0625.2001.100102.x"),
        Reference("Leshem YA, Hajar T, Hanifin JM, Simpson EL. What the Eczema Area and Severity Index score tells "
                  "us about the severity of atopic dermatitis: an interpretability study. Br J Dermatol. "
                  "2015;172(5):1353-1357.", "https://doi.org/10.1111/bjd.13662"),
        Reference("MDCalc. Eczema Area and Severity Index (EASI)."),
    ),
    formula="For each region: (erythema + oedema/papulation + excoriation + lichenification, each 0-3) × area score "
    "(0 none, 1 1-9%, 2 10-29%, 3 30-49%, 4 50-69%, 5 70-89%, 6 90-100%) × weight (head/neck 0.1, upper limbs 0.2, "
    "trunk 0.3, lower limbs 0.4; under 8 years 0.2, 0.2, 0.3, 0.3). EASI = sum, 0-72.",
    description="Extent and severity of atopic dermatitis. Bands: 0 clear, 0.1-1 almost clear, 1.1-7 mild, 7.1-21 "
    "moderate, 21.1-50 severe, 50.1-72 very severe.",
    example={**{f"{r}_{s}": v for r, _ in REGIONS for s, v in zip([n for n, _ in SIGNS], (2, 1, 2, 1), strict=True)},
             "head_neck_area": 15, "upper_limbs_area": 35, "trunk_area": 35, "lower_limbs_area": 15, "age": 30},
)
def easi(x: EASIInputs, w: Working) -> float:  # type: ignore[valid-type]
    if x.age is None:
        w.warn("age not given: the adult region weights (8 years and older) are used", "age", "assumed_default")
    weights = WEIGHTS["child" if x.age is not None and x.age < 8 else "adult"]
    total = 0.0
    for (r, region), weight in zip(REGIONS, weights, strict=True):
        signs = [getattr(x, f"{r}_{s}") for s, _ in SIGNS]
        area = area_score(getattr(x, f"{r}_area"))
        value = w.step(f"{region}", f"({' + '.join(fmt(v) for v in signs)}) × {area} × {fmt(weight)}",
                       sum(signs) * area * weight, "points")
        total += w.output(f"{r}_easi", value)
    total = w.step("EASI", "sum of the four regions", total, "points")
    severity = w.output("severity", next(label for floor, label in BANDS if round(total, 6) >= floor))
    w.interpretation = f"{severity.lower()} atopic dermatitis (EASI {fmt(total, 1)} of 72)"
    return total
