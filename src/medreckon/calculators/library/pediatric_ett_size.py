"""Endotracheal tube size for children from age (Cole; Motoyama; Khine) and the oral insertion depth."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..fields import Age, Inputs, Option, scoped
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid

FORMULAS = {"uncuffed_cole": 4.0, "cuffed_motoyama": 3.5, "cuffed_khine": 3.0}  # mm added to age/4


# infants are sized otherwise: the schema says so, `compute` says why
ScopedAge = scoped(Age, start=1)


class PediatricETTInputs(Inputs):
    age: ScopedAge = Field(description="Age in years (2-10 years for these formulas; '30 months' with its unit).")
    tube: Literal["cuffed_motoyama", "uncuffed_cole", "cuffed_khine"] = Option(
        "cuffed_motoyama", "Formula: 'cuffed_motoyama' (default; cuffed, age/4 + 3.5), 'uncuffed_cole' (uncuffed, "
        "age/4 + 4) or 'cuffed_khine' (cuffed, age/4 + 3).")


@calculator(
    id="pediatric-ett-size",
    name="Pediatric Endotracheal Tube Size by Age",
    aliases=("ett-size", "paediatric-ett-size", "endotracheal-tube-size", "cole-formula",
             "Pediatric Endotracheal Tube (ETT) Size"),
    kind="equation",
    specialty="pediatrics",
    output=Output("mm", "decimal", 1, range=(3, 8), secondary=tuple(
        Secondary(name, f"tube size by the {name.replace('_', ' ')} formula (age/4 + {add:g})", "mm", "decimal", 1)
        for name, add in FORMULAS.items())),
    inputs=PediatricETTInputs,
    references=(
        Reference("Cole F. Pediatric formulas for the anesthesiologist. AMA J Dis Child. 1957;94(6):672-673."),
        Reference("Motoyama EK, Davis PJ, eds. Smith's Anesthesia for Infants and Children (the cuffed-tube formula "
                  "age/4 + 3.5)."),
        Reference("Khine HH, Corddry DH, Kettrick RG, et al. Comparison of cuffed and uncuffed endotracheal tubes in "
                  "young children during general anesthesia. Anesthesiology. 1997;86(3):627-631."),
        Reference("Advanced Life Support Group. Advanced Paediatric Life Support. 5th ed. 2011 (oral tube length "
                  "age/2 + 12 cm)."),
    ),
    formula="internal diameter (mm) = age (years)/4 + 3.5 (cuffed, Motoyama), + 4 (uncuffed, Cole) or + 3 (cuffed, "
    "Khine); oral insertion depth at the lips (cm) = age/2 + 12",
    description="Starting endotracheal tube size and oral depth for a child aged 2-10 years. Have a half-size "
    "smaller and larger tube ready, and confirm position clinically and by capnography.",
    example={"age": 6},
)
def pediatric_ett_size(x: PediatricETTInputs, w: Working) -> float:
    if x.age < 1:
        raise invalid("age", x.age, "an age of 1 year or more (the formulas start at about 2 years)",
                      "infants are sized by weight or gestational age (e.g. 3.0-3.5 mm at term)")
    if not 2 <= x.age <= 10:
        w.warn(f"age {fmt(x.age, 1)} years is outside the 2-10 years the formulas are meant for", "age")
    for name, plus in FORMULAS.items():  # every formula, as MDCalc shows the uncuffed and the cuffed size
        w.output(name, x.age / 4 + plus)
    add = FORMULAS[x.tube]
    size = w.step(f"tube internal diameter ({x.tube.replace('_', ', ')})", f"{fmt(x.age)} / 4 + {fmt(add)}",
                  x.age / 4 + add, "mm")
    depth = w.step("oral insertion depth at the lips", f"{fmt(x.age)} / 2 + 12", x.age / 2 + 12, "cm")
    nearest = round(size * 2) / 2
    w.interpretation = (f"{fmt(nearest, 1)} mm ID tube (have {fmt(nearest - 0.5, 1)} and {fmt(nearest + 0.5, 1)} ready), "
                        f"about {fmt(depth, 1)} cm at the lips")
    return size
