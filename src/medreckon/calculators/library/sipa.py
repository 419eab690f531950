"""SIPA: Shock Index, Pediatric Age-adjusted (Acker 2015)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, HeartRate, Inputs, SystolicDivisor
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

# (lowest age, highest age, maximum normal shock index): Acker 2015
CUT_OFFS = ((4, 6, 1.22), (7, 12, 1.0), (13, 16, 0.9))


class SIPAInputs(Inputs):
    age: Age = Field(description="Age in completed years (the cut-offs cover 4-16).")
    heart_rate: HeartRate = Field(description="Maximum heart rate in the emergency department, beats per minute.")
    systolic_bp: SystolicDivisor = Field(description="Minimum systolic blood pressure in the emergency department, "
                                         "mmHg.")


@calculator(
    id="sipa",
    name="Shock Index, Pediatric Age-Adjusted (SIPA)",
    aliases=("Shock Index, Pediatric Age-Adjusted (SIPA)", "pediatric-shock-index"),
    kind="equation",
    specialty="pediatrics",
    output=Output(None, "decimal", 2, range=(0.3, 3), secondary=(
        Secondary("maximum_normal", "the highest normal shock index for the age", None, "decimal", 2),
        Secondary("elevated", "shock index above the age-adjusted limit", None, "boolean"),
    )),
    inputs=SIPAInputs,
    references=(
        Reference("Acker SN, Ross JT, Partrick DA, Tong S, Bensard DD. Pediatric specific shock index accurately "
                  "identifies severely injured children. J Pediatr Surg. 2015;50(2):331-334.",
                  "https://doi.org/10.1016/j.jpedsurg.2014.08.009"),
        Reference("MDCalc. Shock Index, Pediatric Age-Adjusted (SIPA)."),
    ),
    formula="Shock index = maximum heart rate / minimum systolic BP. Elevated if > 1.22 at 4-6 years, > 1.0 at 7-12 "
    "years, > 0.9 at 13-16 years.",
    description="Identifies injured children at risk of severe injury, transfusion and intensive care after blunt "
    "trauma; the adult cut-off of 0.9 misses younger children's higher normal heart rates.",
    example={"age": 12, "heart_rate": 138, "systolic_bp": 88},
)
def sipa(x: SIPAInputs, w: Working) -> float:
    si = w.step("shock index", f"{fmt(x.heart_rate)} / {fmt(x.systolic_bp)}", x.heart_rate / x.systolic_bp)
    limit = next((cut for low, high, cut in CUT_OFFS if low <= int(x.age) <= high), None)
    w.output("maximum_normal", limit)
    if limit is None:
        w.output("elevated", None)
        w.warn(f"age {fmt(x.age)} is outside the 4-16 years with an age-adjusted cut-off", "age", "convention")
        w.interpretation = f"shock index {fmt(si, 2)}; no age-adjusted cut-off below 4 or above 16 years"
        return si
    elevated = w.output("elevated", round(si, 6) > limit)
    w.interpretation = (f"elevated: above the maximum normal {fmt(limit, 2)} for age {int(x.age)}; higher risk of severe "
                        "injury, transfusion and ICU admission" if elevated else
                        f"not elevated (maximum normal {fmt(limit, 2)} for age {int(x.age)})")
    return si
