"""Rh(D) immune globulin dose for a fetomaternal haemorrhage quantified by Kleihauer-Betke
(AABB method; ACOG Practice Bulletin 181)."""

from __future__ import annotations

import math

from pydantic import Field

from ..fields import Inputs, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

BloodVolume = q("mL", gt=0, lt=20000, plausible=(3000, 9000), units=("mL", "L"))
FetalCells = q("%", ge=0, le=100, plausible=(0, 10), units=("%",))
ML_PER_VIAL = 30  # fetal whole blood covered by one 300 µg vial


class RhIGInputs(Inputs):
    maternal_blood_volume: BloodVolume = Field(description="Maternal blood volume, mL (about 5000 mL, or 70 mL/kg).")
    fetal_cells: FetalCells = Field(description="Fetal red cells in the maternal circulation by Kleihauer-Betke (or "
                                    "flow cytometry), %.")


@calculator(
    id="rh-immune-globulin",
    name="Maternal-Fetal Hemorrhage Rh(D) Immune Globulin Dosage",
    aliases=("Maternal-Fetal Hemorrhage Rh(D) Immune Globulin Dosage", "rhig-dose", "kleihauer-betke-rhig"),
    kind="equation",
    specialty="obstetrics",
    # the range is the domain of an integer output: round(20,000 mL × 100 % / 30 mL) + 1 at most
    output=Output("vials", "integer", 0, range=(1, 668), secondary=(
        Secondary("fetal_bleed", "fetal whole blood in the maternal circulation", "mL", "decimal", 1),
    )),
    inputs=RhIGInputs,
    references=(
        Reference("American College of Obstetricians and Gynecologists. Practice Bulletin No. 181: Prevention of "
                  "Rh D alloimmunization. Obstet Gynecol. 2017;130(2):e57-e70.",
                  "https://doi.org/10.1097/AOG.0000000000002232"),
        Reference("MDCalc. Maternal-Fetal Hemorrhage Rh(D) Immune Globulin Dosage."),
    ),
    formula="Fetal bleed (mL) = maternal blood volume × fetal cells %; vials = bleed / 30 mL, rounded (down below "
    ".5, up from .5), plus one vial. Each 300 µg vial covers 30 mL of fetal whole blood.",
    description="Number of 300 µg vials of Rh(D) immune globulin for an Rh-negative mother after a fetomaternal "
    "haemorrhage; the extra vial covers the test's imprecision.",
    example={"maternal_blood_volume": 5200, "fetal_cells": 0.2},
)
def rh_immune_globulin(x: RhIGInputs, w: Working) -> int:
    bleed = w.output("fetal_bleed", w.step("fetal bleed", f"{fmt(x.maternal_blood_volume)} × {fmt(x.fetal_cells)}%",
                                           x.maternal_blood_volume * x.fetal_cells / 100, "mL"))
    raw = w.step("vials for the bleed", f"{fmt(bleed, 2)} / {ML_PER_VIAL}", bleed / ML_PER_VIAL)
    rounded = w.step("rounded", fmt(raw, 3), math.floor(round(raw, 9) + 0.5))
    vials = w.step("vials to give", f"{rounded} + 1", rounded + 1, "vials")
    w.interpretation = f"{vials} vial{'s' if vials > 1 else ''} of 300 µg Rh(D) immune globulin (each covers 30 mL of " \
                       f"fetal whole blood)"
    return vials
