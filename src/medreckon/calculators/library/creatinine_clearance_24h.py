"""Measured creatinine clearance from a timed (usually 24-hour) urine collection."""

from __future__ import annotations

from pydantic import Field

from ..fields import Creatinine, Inputs, Option, q
from ..spec import Output, Reference, Working, calculator, fmt
from .fena import UrineCreatinine

UrineVolume = q("mL", gt=0, plausible=(100, 10000), units=("mL", "L"))
Duration = q("h", gt=0, le=96, plausible=(2, 48), units=("h", "min"))


class CreatinineClearance24hInputs(Inputs):
    urine_creatinine: UrineCreatinine = Field(
        description="Creatinine concentration in the pooled timed urine, mg/dL by default (µmol/L or mmol/L with "
        "their unit). A concentration, not the total creatinine excreted per day (mg/24 h)."
    )
    urine_volume: UrineVolume = Field(description="Total volume of the timed collection, mL by default ('2.1 L').")
    serum_creatinine: Creatinine = Field(
        description="Serum creatinine during the collection, mg/dL by default; µmol/L must carry its unit."
    )
    collection_hours: Duration = Option(24.0, "Duration of the urine collection in hours; default 24.")


@calculator(
    id="creatinine-clearance-24h-urine",
    name="Measured Creatinine Clearance (Timed Urine Collection)",
    aliases=("24-hour-creatinine-clearance", "measured-creatinine-clearance", "24h-crcl", "urine-crcl",
             "CrCl from 24h Urine"),
    kind="equation",
    specialty="nephrology",
    output=Output("mL/min", "decimal", 0, range=(0, 200)),
    inputs=CreatinineClearance24hInputs,
    references=(
        Reference("Levey AS, Inker LA. Assessment of glomerular filtration rate in health and disease: a state "
                  "of the art review. Clin Pharmacol Ther. 2017;102(3):405-419.",
                  "https://doi.org/10.1002/cpt.729"),
        Reference("KDIGO CKD Work Group. KDIGO 2012 clinical practice guideline for the evaluation and management "
                  "of chronic kidney disease. Kidney Int Suppl. 2013;3(1):1-150 (measured creatinine clearance).",
                  "https://kdigo.org/guidelines/ckd-evaluation-and-management/"),
    ),
    formula="CrCl (mL/min) = urine creatinine × urine volume (mL) / (serum creatinine × collection minutes); "
    "both creatinines in the same unit",
    description="Creatinine clearance measured from a timed urine collection. Creatinine secretion makes it "
    "exceed the true GFR, and incomplete collection (the commonest error) makes it fall short: a 24-hour "
    "creatinine excretion well below about 15-25 mg/kg suggests an incomplete sample. Not indexed to body "
    "surface area.",
    example={"urine_creatinine": 95, "urine_volume": "1.6 L", "serum_creatinine": 1.3},
)
def creatinine_clearance_24h(x: CreatinineClearance24hInputs, w: Working) -> float:
    minutes = w.step("collection time", f"{fmt(x.collection_hours)} h × 60", x.collection_hours * 60, "min")
    crcl = w.step("creatinine clearance",
                  f"{fmt(x.urine_creatinine)} × {fmt(x.urine_volume)} / ({fmt(x.serum_creatinine)} × {fmt(minutes)})",
                  x.urine_creatinine * x.urine_volume / (x.serum_creatinine * minutes), "mL/min")
    excreted = w.step("creatinine excreted", f"{fmt(x.urine_creatinine)} mg/dL × {fmt(x.urine_volume)} mL / 100 "
                      f"× 24 / {fmt(x.collection_hours)}",
                      x.urine_creatinine * x.urine_volume / 100 * 24 / x.collection_hours, "mg/24 h")
    w.interpretation = (f"measured creatinine clearance {fmt(crcl, 0)} mL/min (creatinine excretion "
                        f"{fmt(excreted, 0)} mg/24 h: check it against about 15-25 mg/kg/day for completeness)")
    return crcl
