"""Glucocorticoid dose conversion by equivalent anti-inflammatory doses (oral or IV use only)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from ..fields import Inputs, choice, q
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt

# mg of each steroid equivalent to 20 mg hydrocortisone (MDCalc's table; same IV and PO)
EQUIVALENT_MG = {
    "Betamethasone IV": 0.75,
    "Cortisone PO": 25.0,
    "Dexamethasone IV": 0.75,
    "Dexamethasone PO": 0.75,
    "Hydrocortisone IV": 20.0,
    "Hydrocortisone PO": 20.0,
    "Methylprednisolone IV": 4.0,
    "Methylprednisolone PO": 4.0,
    "Prednisolone PO": 5.0,
    "Prednisone PO": 5.0,
    "Triamcinolone IV": 4.0,
}


def _synonyms() -> dict[str, str]:
    table: dict[str, str] = {}
    for name in EQUIVALENT_MG:
        drug, route = name.split()
        words = {"IV": ("intravenous", "iv"), "PO": ("oral", "po", "by mouth")}[route]
        for word in words:
            table[f"{drug} {word}"] = name
        if sum(n.startswith(drug + " ") for n in EQUIVALENT_MG) == 1:  # only one route offered
            table[drug] = name
    return table


Steroid = choice(*EQUIVALENT_MG, synonyms=_synonyms())
SteroidDose = q("mg", gt=0, plausible=(0.1, 2000), units=("mg", "g", "ug"))
STEROID_NOTE = (
    "Drug and route as 'Dexamethasone PO' or 'Hydrocortisone IV' (route needed where both exist; the equivalent "
    "dose is the same for IV and PO). Oral or IV only: intramuscular, intra-articular, inhaled or topical "
    "potencies differ. Fludrocortisone is a mineralocorticoid and is not converted."
)


class SteroidConversionInputs(Inputs):
    steroid: Steroid = Field(description=f"The steroid the patient takes. {STEROID_NOTE}")
    dose: SteroidDose = Field(
        description="Dose of that steroid, in mg; a dose in g or µg must carry its unit."
    )
    target_steroid: Steroid = Field(description=f"The steroid to express the dose in. {STEROID_NOTE}")


def from_medcalc_bench(raw: Mapping[str, Any], mapped: dict[str, Any]) -> dict[str, Any]:
    """MedCalc-Bench writes the input steroid as [name, dose, unit]."""
    name, dose, unit = raw["input steroid"]
    return {**mapped, "steroid": name, "dose": {"value": dose, "unit": unit}}


@calculator(
    id="steroid-conversion",
    name="Steroid Conversion Calculator",
    aliases=("corticosteroid-conversion", "glucocorticoid-equivalents", "steroid-equivalents"),
    kind="equation",
    specialty="pharmacology",
    output=Output("mg", "decimal", 2, range=(0, 1000)),
    inputs=SteroidConversionInputs,
    references=(
        Reference("Meikle AW, Tyler FH. Potency and duration of action of glucocorticoids: effects of "
                  "hydrocortisone, prednisone and dexamethasone on human pituitary-adrenal function. Am J Med. "
                  "1977;63(2):200-207."),
        Reference("Liu D, Ahmet A, Ward L, et al. A practical guide to the monitoring and management of the "
                  "complications of systemic corticosteroid therapy. Allergy Asthma Clin Immunol. 2013;9(1):30.",
                  "https://doi.org/10.1186/1710-1492-9-30"),
        Reference("MDCalc. Steroid Conversion Calculator (equivalent-dose table).",
                  "https://www.mdcalc.com/steroid-conversion-calculator"),
    ),
    formula="target dose = dose × (equivalent dose of target / equivalent dose of steroid); equivalent doses "
    "(mg): betamethasone 0.75, cortisone 25, dexamethasone 0.75, hydrocortisone 20, methylprednisolone 4, "
    "prednisolone 5, prednisone 5, triamcinolone 4",
    description="Converts a systemic (oral or IV) glucocorticoid dose into the equivalent dose of another by "
    "anti-inflammatory potency. It ignores mineralocorticoid activity and duration of action, which differ.",
    medcalc_bench=MedCalcBench(
        24, {"input steroid": None, "target steroid": "target_steroid"}, adapt=from_medcalc_bench
    ),
    example={"steroid": "Prednisone PO", "dose": 40, "target_steroid": "Dexamethasone PO"},
)
def steroid_conversion(x: SteroidConversionInputs, w: Working) -> float:
    source, target = EQUIVALENT_MG[x.steroid], EQUIVALENT_MG[x.target_steroid]
    hydrocortisone = w.step(
        "hydrocortisone-equivalent dose", f"{fmt(x.dose)} mg × 20 / {fmt(source, 2)}", x.dose * 20 / source, "mg"
    )
    value = w.step(
        f"equivalent {x.target_steroid} dose",
        f"{fmt(x.dose)} mg × {fmt(target, 2)} / {fmt(source, 2)}",
        x.dose * target / source,
        "mg",
    )
    w.interpretation = (f"{fmt(x.dose)} mg {x.steroid} ≈ {fmt(value, 2)} mg {x.target_steroid} "
                        f"(≈ {fmt(hydrocortisone, 1)} mg hydrocortisone)")
    return value
