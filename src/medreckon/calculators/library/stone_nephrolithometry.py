"""S.T.O.N.E. nephrolithometry score for percutaneous nephrolithotomy (Okhunov 2013)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Finding, Inputs, choice, q
from ..points import category, cut_offs, sum_points
from ..rules import AtLeastOne
from ..spec import Output, Reference, Working, calculator, fmt

Millimetres = q("mm", gt=0, lt=1000, plausible=(1, 300), units=("mm", "cm"))
Area = q("mm^2", gt=0, lt=1e6, plausible=(1, 10000), units=("mm^2", "cm^2"))
OBSTRUCTION = {"none or mild hydronephrosis": 1, "moderate or severe hydronephrosis": 2}


class STONEInputs(Inputs):
    stone_length: Millimetres | None = Field(None, description="Longest stone diameter on CT, mm.")
    stone_width: Millimetres | None = Field(None, description="Stone width perpendicular to the length, mm. Area = "
                                            "length × width.")
    stone_area: Area | None = Field(None, description="Stone area, mm², when already computed (length × width); give "
                                    "it or the length and width.")
    tract_length: Millimetres = Field(description="Skin-to-stone tract length, mm: ≤ 100 scores 1, > 100 scores 2.")
    obstruction: choice(*OBSTRUCTION) = Field(description="Obstruction: none or mild hydronephrosis (1); moderate or "
                                              "severe (2).")
    calyces_involved: int = Field(ge=1, le=20, description="Number of calyces containing stone: 1-2 score 1, 3 score 2.")
    staghorn: bool = Finding("Full staghorn calculus (scores 3 for the calyces item).")
    density: float = Field(ge=-1000, le=4000, description="Stone density (essence), Hounsfield units: ≤ 950 scores 1, "
                           "> 950 scores 2.")

    rules = (AtLeastOne((("stone_length", "stone_width"), "stone_area"), "stone_length",
                        "the stone's length and width, or its area"),)


@calculator(
    id="stone-nephrolithometry",
    name="S.T.O.N.E. Nephrolithometry Score for Renal Calculi",
    aliases=("STONE Nephrolithometry Score for Renal Calculi", "stone-score"),
    kind="score",
    specialty="urology",
    output=Output("points", "integer", 0, range=(5, 13)),
    inputs=STONEInputs,
    references=(
        Reference("Okhunov Z, Friedlander JI, George AK, et al. S.T.O.N.E. nephrolithometry: novel surgical "
                  "classification system for kidney calculi. Urology. 2013;81(6):1154-1159.",
                  "https://doi.org/10.1016/j.urology.2012.10.083"),
        Reference("MDCalc. STONE Nephrolithometry Score for Renal Calculi."),
    ),
    formula="Size (area = length × width): 0-399 mm² 1, 400-799 2, 800-1599 3, ≥ 1600 4; Tract length ≤ 100 mm 1, "
    "> 100 mm 2; Obstruction none/mild 1, moderate/severe 2; Number of calyces 1-2 1, 3 2, full staghorn 3; "
    "Essence (density) ≤ 950 HU 1, > 950 HU 2. Total 5-13; higher scores predict lower stone-free rates and longer "
    "operations.",
    description="Complexity of a kidney stone before percutaneous nephrolithotomy, from non-contrast CT.",
    example={"stone_length": 9, "stone_width": 6, "tract_length": 105, "obstruction": "none or mild hydronephrosis",
             "calyces_involved": 2, "staghorn": False, "density": 950},
)
def stone_nephrolithometry(x: STONEInputs, w: Working) -> int:
    if x.stone_length is not None and x.stone_width is not None:
        area = w.step("stone area", f"{fmt(x.stone_length)} × {fmt(x.stone_width)}", x.stone_length * x.stone_width,
                      "mm²")
    else:
        area = w.step("stone area", "given", x.stone_area, "mm²")
    calyces = 3 if x.staghorn else 2 if x.calyces_involved >= 3 else 1
    total = sum_points(w, (
        cut_offs(w, "size", f"{fmt(area)} mm²", round(area, 6), ((1600, 4), (800, 3), (400, 2), (None, 1))),
        cut_offs(w, "tract length", f"{fmt(x.tract_length)} mm", x.tract_length, ((100, 2, True), (None, 1))),
        category(w, "obstruction", x.obstruction, OBSTRUCTION),
        w.step("number of calyces", "full staghorn" if x.staghorn else f"{x.calyces_involved} calyces", calyces,
               "points"),
        cut_offs(w, "essence (density)", f"{fmt(x.density)} HU", x.density, ((950, 2, True), (None, 1))),
    ))
    w.interpretation = f"S.T.O.N.E. {total} of 13: higher scores mean a more complex stone and a lower stone-free rate"
    return total
