"""Estimated blood volume and maximum allowable blood loss before transfusion (Gross 1983)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..fields import Hematocrit, Inputs, Option, Weight, choice, q
from ..rules import Relation
from ..spec import Output, Reference, Working, calculator, fmt, invalid

# average blood volume, mL/kg (Morgan & Mikhail's Clinical Anesthesiology, table of average blood volumes)
BLOOD_VOLUME_ML_PER_KG = {"premature neonate": 95.0, "term neonate": 85.0, "infant": 80.0, "adult man": 75.0,
                          "adult woman": 65.0}
PatientGroup = choice(*BLOOD_VOLUME_ML_PER_KG, synonyms={
    "preterm neonate": "premature neonate", "premature": "premature neonate", "neonate": "term neonate",
    "newborn": "term neonate", "man": "adult man", "male": "adult man", "adult male": "adult man",
    "woman": "adult woman", "female": "adult woman", "adult female": "adult woman"})
VolumePerKg = q("mL/kg", gt=0, plausible=(50, 110), units=("mL/kg",))


class MABLInputs(Inputs):
    weight: Weight = Field(description="Body weight, kg by default ('3.2 kg', '2800 g', '154 lb').")
    patient_group: PatientGroup = Field(description="For the average blood volume: premature neonate (95 mL/kg), term "
                                        "neonate (85), infant (80), adult man (75) or adult woman (65). For other "
                                        "patients give blood_volume_per_kg instead.")
    initial_hematocrit: Hematocrit = Field(description="Starting haematocrit, % (e.g. 40); a fraction must say so "
                                           "('0.40 fraction').")
    lowest_acceptable_hematocrit: Hematocrit = Field(description="Lowest haematocrit accepted before transfusing, % "
                                                     "(e.g. 25). Not a haemoglobin in g/dL.")
    blood_volume_per_kg: VolumePerKg | None = Field(
        None, description="Blood volume in mL/kg to use instead of the group's average; optional.")
    formula: Literal["gross", "simple"] = Option(
        "gross", "'gross' (default; Gross 1983: divides by the mean of the two haematocrits, allowing for "
        "haemodilution) or 'simple' (divides by the initial haematocrit; gives a smaller volume).")

    rules = (Relation(("lowest_acceptable_hematocrit", "initial_hematocrit"), "lowest_acceptable_hematocrit < initial_hematocrit"),)


@calculator(
    id="maximum-allowable-blood-loss",
    name="Maximum Allowable Blood Loss (with Estimated Blood Volume)",
    aliases=("mabl", "allowable-blood-loss", "estimated-blood-volume", "ebv"),
    kind="equation",
    specialty="critical care",
    output=Output("mL", "decimal", 0, range=(0, 5000)),
    inputs=MABLInputs,
    references=(
        Reference("Gross JB. Estimating allowable blood loss: corrected for dilution. Anesthesiology. "
                  "1983;58(3):277-280."),
        Reference("Butterworth JF, Mackey DC, Wasnick JD. Morgan & Mikhail's Clinical Anesthesiology. 6th ed. "
                  "McGraw-Hill; 2018 (average blood volumes: premature neonate 95, term neonate 85, infant 80, adult "
                  "man 75, adult woman 65 mL/kg)."),
    ),
    formula="EBV (mL) = weight (kg) × blood volume per kg; MABL (mL) = EBV × (Hct initial − Hct lowest) / Hct "
    "average, Hct average = (initial + lowest)/2 (Gross); or / Hct initial (simple)",
    description="Volume of blood that can be lost, with crystalloid or colloid replacement of volume, before the "
    "haematocrit falls to the lowest acceptable value; also reports the estimated blood volume. A planning "
    "estimate for surgery: ongoing measurement of haemoglobin guides transfusion.",
    example={"weight": 70, "patient_group": "adult man", "initial_hematocrit": 42, "lowest_acceptable_hematocrit": 27},
)
def maximum_allowable_blood_loss(x: MABLInputs, w: Working) -> float:
    if x.lowest_acceptable_hematocrit >= x.initial_hematocrit:
        raise invalid("lowest_acceptable_hematocrit", x.lowest_acceptable_hematocrit,
                      f"a haematocrit below the initial {fmt(x.initial_hematocrit)}%",
                      "no blood loss is allowable when the starting haematocrit is already at the limit")
    per_kg = x.blood_volume_per_kg or BLOOD_VOLUME_ML_PER_KG[x.patient_group]
    source = "given" if x.blood_volume_per_kg else x.patient_group
    ebv = w.step(f"estimated blood volume ({source}, {fmt(per_kg)} mL/kg)", f"{fmt(x.weight)} kg × {fmt(per_kg)} mL/kg",
                 x.weight * per_kg, "mL")
    hi, lo = x.initial_hematocrit, x.lowest_acceptable_hematocrit
    if x.formula == "gross":
        mean = w.step("average haematocrit", f"({fmt(hi)} + {fmt(lo)}) / 2", (hi + lo) / 2, "%")
        mabl = w.step("maximum allowable blood loss (Gross)", f"{fmt(ebv)} × ({fmt(hi)} − {fmt(lo)}) / {fmt(mean)}",
                      ebv * (hi - lo) / mean, "mL")
    else:
        mabl = w.step("maximum allowable blood loss (simple)", f"{fmt(ebv)} × ({fmt(hi)} − {fmt(lo)}) / {fmt(hi)}",
                      ebv * (hi - lo) / hi, "mL")
    w.interpretation = (f"about {fmt(mabl, 0)} mL can be lost before the haematocrit reaches {fmt(lo)}% (estimated "
                        f"blood volume {fmt(ebv, 0)} mL)")
    return mabl
