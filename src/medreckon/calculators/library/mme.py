"""Morphine milligram equivalents per day (MME/day), with the CDC 2022 conversion factors (default) or,
as an explicit rule version, CDC's earlier factors (2016 guideline / 2017 conversion file).

Each opioid is given as the dose of one administration and the number of administrations per
day; MME/day = dose × doses per day × conversion factor, summed over opioids. Fentanyl is the
trap: buccal, film/spray and nasal products are dosed in µg (factors per µg), and a transdermal
patch is a delivery *rate* in µg/h whose factor 2.4 already turns the rate into MME per day
(2.4 × µg/h). A patch's rate is therefore not multiplied by patches per day or by hours.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from ..fields import Inputs, Option, choice, q
from ..rules import AllOrNone, AtLeastOne
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt

# drug: (conversion factor, unit of the dose the factor applies to, label) - CDC 2022, Table
FACTORS: dict[str, tuple[float, str, str]] = {
    "codeine": (0.15, "mg", "codeine"),
    "fentanyl_buccal": (0.13, "ug", "fentanyl buccal or sublingual tablet, lozenge or troche"),
    "fentanyl_film": (0.18, "ug", "fentanyl buccal film or oral spray"),
    "fentanyl_nasal": (0.16, "ug", "fentanyl nasal spray"),
    "hydrocodone": (1.0, "mg", "hydrocodone"),
    "hydromorphone": (5.0, "mg", "hydromorphone"),
    "methadone": (4.7, "mg", "methadone"),
    "morphine": (1.0, "mg", "morphine"),
    "oxycodone": (1.5, "mg", "oxycodone"),
    "oxymorphone": (3.0, "mg", "oxymorphone"),
    "tapentadol": (0.4, "mg", "tapentadol"),
    "tramadol": (0.2, "mg", "tramadol"),
}
PATCH_FACTOR = 2.4  # MME/day per µg/h of transdermal fentanyl (both rule versions)

# CDC before 2022 (2016 guideline table; 2017 conversion-factor file): where they differ from 2022.
# Methadone's factor rises with the total daily methadone dose: (upper limit of the band in mg/day, factor).
FACTORS_2016 = {**{drug: f for drug, (f, _, _) in FACTORS.items()}, "hydromorphone": 4.0, "tramadol": 0.1}
METHADONE_2016 = ((20.0, 4.0), (40.0, 8.0), (60.0, 10.0), (float("inf"), 12.0))
RULE_VERSIONS = ("cdc_2022", "cdc_2016")

OralDose = q("mg", gt=0, plausible=(0.5, 1000), units=("mg", "g", "ug"))
FentanylDose = q("ug", gt=0, plausible=(25, 1600), units=("ug", "mg"))
DosesPerDay = q("/d", gt=0, plausible=(1, 12), units=("/d", "/h"))
PatchRate = q("ug/h", gt=0, plausible=(12, 400), units=("ug/h", "mg/d"))


def dose(drug: str) -> Any:
    unit = FACTORS[drug][1]
    trap = ("in µg (mcg); a dose written in mg must carry 'mg' and is 1000 times larger" if unit == "ug"
            else "in mg; not the daily total")
    return Field(None, description=f"Dose of {FACTORS[drug][2]} per administration, {trap}. Give with "
                 f"{drug}_doses_per_day.")


def per_day(drug: str) -> Any:
    return Field(None, description=f"How many times a day that {FACTORS[drug][2]} dose is taken (e.g. 4 for "
                 "every 6 hours; PRN: the number actually taken per day).")


class MMEInputs(Inputs):
    codeine_dose: OralDose | None = dose("codeine")
    codeine_doses_per_day: DosesPerDay | None = per_day("codeine")
    fentanyl_buccal_dose: FentanylDose | None = dose("fentanyl_buccal")
    fentanyl_buccal_doses_per_day: DosesPerDay | None = per_day("fentanyl_buccal")
    fentanyl_film_dose: FentanylDose | None = dose("fentanyl_film")
    fentanyl_film_doses_per_day: DosesPerDay | None = per_day("fentanyl_film")
    fentanyl_nasal_dose: FentanylDose | None = dose("fentanyl_nasal")
    fentanyl_nasal_doses_per_day: DosesPerDay | None = per_day("fentanyl_nasal")
    fentanyl_patch: PatchRate | None = Field(
        None,
        description="Transdermal fentanyl as its labelled delivery rate in µg/h (mcg/hr), summed over the "
        "patches worn at the same time (two 25 µg/h patches = 50). Not mg, not a per-day count: changing the "
        "patch every 72 h does not change the rate.",
    )
    hydrocodone_dose: OralDose | None = dose("hydrocodone")
    hydrocodone_doses_per_day: DosesPerDay | None = per_day("hydrocodone")
    hydromorphone_dose: OralDose | None = dose("hydromorphone")
    hydromorphone_doses_per_day: DosesPerDay | None = per_day("hydromorphone")
    methadone_dose: OralDose | None = dose("methadone")
    methadone_doses_per_day: DosesPerDay | None = per_day("methadone")
    morphine_dose: OralDose | None = dose("morphine")
    morphine_doses_per_day: DosesPerDay | None = per_day("morphine")
    oxycodone_dose: OralDose | None = dose("oxycodone")
    oxycodone_doses_per_day: DosesPerDay | None = per_day("oxycodone")
    oxymorphone_dose: OralDose | None = dose("oxymorphone")
    oxymorphone_doses_per_day: DosesPerDay | None = per_day("oxymorphone")
    tapentadol_dose: OralDose | None = dose("tapentadol")
    tapentadol_doses_per_day: DosesPerDay | None = per_day("tapentadol")
    tramadol_dose: OralDose | None = dose("tramadol")
    tramadol_doses_per_day: DosesPerDay | None = per_day("tramadol")
    conversion_factors: choice(*RULE_VERSIONS) = Option(
        "cdc_2022",
        "Rule version: 'cdc_2022' (the 2022 CDC guideline: hydromorphone 5, methadone 4.7, tramadol 0.2; what "
        "MedCalc-Bench uses) or 'cdc_2016' (CDC's earlier factors: hydromorphone 4, tramadol 0.1, methadone 4 / 8 / "
        "10 / 12 for a total daily methadone dose of ≤ 20 / > 20-40 / > 40-60 / > 60 mg). Other factors are the same.",
    )

    # each dose with its doses per day; then at least one opioid (with the pairs whole, any part will do)
    rules = (
        *(AllOrNone((f"{drug}_dose", f"{drug}_doses_per_day"), f"a value, since the other half of the {label} dose is given",
                    "give both the dose and the doses per day") for drug, (_, _, label) in FACTORS.items()),
        AtLeastOne((*(f"{drug}_{part}" for drug in FACTORS for part in ("dose", "doses_per_day")), "fentanyl_patch"),
                   "inputs", "at least one opioid with its dose and doses per day (or a fentanyl patch rate)"),
    )


_ENTITY_NAMES = {
    "codeine": "Codeine", "fentanyl_buccal": "FentaNYL buccal", "hydrocodone": "HYDROcodone",
    "hydromorphone": "HYDROmorphone", "methadone": "Methadone", "morphine": "Morphine", "oxycodone": "OxyCODONE",
    "oxymorphone": "OxyMORphone", "tapentadol": "Tapentadol", "tramadol": "TraMADol",
}
ENTITIES: dict[str, str | None] = {
    f"{label} Dose{suffix}": f"{drug}_{field}"
    for drug, label in _ENTITY_NAMES.items()
    for suffix, field in (("", "dose"), (" Per Day", "doses_per_day"))
} | {"FentANYL patch Dose": None, "FentANYL patch Dose Per Day": None}


def from_medcalc_bench(raw: Mapping[str, Any], mapped: dict[str, Any]) -> dict[str, Any]:
    """MedCalc-Bench gives a patch as a dose and doses per day; taken in its own units that is a
    daily amount (e.g. 60 mg × 1 /day = 60 mg/d), passed on as a delivery rate."""
    if "FentANYL patch Dose" not in raw:
        return mapped
    amount, unit = raw["FentANYL patch Dose"]
    per = raw.get("FentANYL patch Dose Per Day")
    if per is None:
        return {**mapped, "fentanyl_patch": {"value": amount, "unit": unit}}
    return {**mapped, "fentanyl_patch": {"value": amount * per[0], "unit": f"{unit}/d"}}


@calculator(
    id="morphine-milligram-equivalents",
    name="Morphine Milligram Equivalents (MME) Calculator",
    aliases=("mme", "morphine-equivalents", "opioid-mme"),
    kind="equation",
    specialty="pharmacology",
    output=Output("MME/day", "decimal", 1, range=(0, 1000)),
    inputs=MMEInputs,
    references=(
        Reference("Dowell D, Ragan KR, Jones CM, Baldwin GT, Chou R. CDC clinical practice guideline for "
                  "prescribing opioids for pain - United States, 2022. MMWR Recomm Rep. 2022;71(3):1-95 "
                  "(MME conversion factors, Table).", "https://doi.org/10.15585/mmwr.rr7103a1"),
        Reference("Dowell D, Haegerich TM, Chou R. CDC guideline for prescribing opioids for chronic pain - "
                  "United States, 2016. MMWR Recomm Rep. 2016;65(1):1-49 (≥ 50 and ≥ 90 MME/day; the earlier "
                  "conversion factors, methadone by daily dose).", "https://doi.org/10.15585/mmwr.rr6501e1"),
        Reference("National Center for Injury Prevention and Control. CDC compilation of benzodiazepines, muscle "
                  "relaxants, stimulants, zolpidem, and opioid analgesics with oral morphine milligram equivalent "
                  "conversion factors, 2017 version (hydromorphone 4, tramadol 0.1, methadone 4/8/10/12)."),
    ),
    formula="MME/day = Σ dose × doses per day × factor; factors (CDC 2022): codeine 0.15, hydrocodone 1, "
    "hydromorphone 5, methadone 4.7, morphine 1, oxycodone 1.5, oxymorphone 3, tapentadol 0.4, tramadol 0.2 "
    "(per mg); fentanyl buccal/sublingual/lozenge 0.13, film/oral spray 0.18, nasal spray 0.16 (per µg); "
    "fentanyl patch 2.4 × rate in µg/h. Rule version cdc_2016 (CDC's earlier factors): hydromorphone 4, tramadol 0.1, "
    "methadone 4 (≤ 20 mg/day), 8 (> 20-40), 10 (> 40-60), 12 (> 60), the rest unchanged.",
    description="Total daily opioid exposure in morphine milligram equivalents, to gauge overdose risk. The "
    "factors are not for converting one opioid into another (incomplete cross-tolerance, methadone's "
    "non-linear kinetics).",
    medcalc_bench=MedCalcBench(49, ENTITIES, options={"conversion_factors": "cdc_2022"}, adapt=from_medcalc_bench),
    example={"fentanyl_patch": 12, "oxycodone_dose": 5, "oxycodone_doses_per_day": 4},
)
def morphine_milligram_equivalents(x: MMEInputs, w: Working) -> float:
    parts: list[float] = []
    for drug, (factor, unit, label) in FACTORS.items():
        if x.conversion_factors == "cdc_2016":
            factor = FACTORS_2016[drug]
        amount, times = getattr(x, f"{drug}_dose"), getattr(x, f"{drug}_doses_per_day")
        if amount is None and times is None:
            continue
        daily = w.step(f"{label}: daily dose", f"{fmt(amount)} {unit} × {fmt(times)} /day", amount * times,
                       f"{unit}/day")
        if drug == "methadone" and x.conversion_factors == "cdc_2016":
            factor = next(f for upper, f in METHADONE_2016 if daily <= upper)
        parts.append(w.step(f"{label}: MME/day", f"{fmt(daily)} × {fmt(factor, 2)}", daily * factor, "MME/day"))
    if x.fentanyl_patch is not None:
        parts.append(w.step("fentanyl patch: MME/day", f"{fmt(x.fentanyl_patch)} µg/h × {fmt(PATCH_FACTOR, 1)}",
                            x.fentanyl_patch * PATCH_FACTOR, "MME/day"))
    total = w.step("total MME/day", " + ".join(fmt(p) for p in parts), sum(parts), "MME/day")
    if total >= 90:
        w.interpretation = ("≥ 90 MME/day: CDC advises avoiding or carefully justifying such dosages; offer "
                            "naloxone")
    elif total >= 50:
        w.interpretation = ("≥ 50 MME/day: overdose risk rises with dose and added benefit is unlikely; CDC "
                            "advises reassessing benefits and risks and offering naloxone")
    else:
        w.interpretation = "below 50 MME/day"
    if x.methadone_dose is not None:
        w.warn("methadone's MME factor estimates exposure only; never use it to convert to or from "
               "methadone", "methadone_dose", "convention")
    return total
