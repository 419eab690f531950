"""Acetylcysteine (NAC) dosing for acetaminophen (paracetamol) overdose: the 21-hour intravenous
(three-bag) and the 72-hour oral regimens (Acetadote and Mucomyst prescribing information)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, Weight, choice
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

REGIMENS = ("IV: 21-hour regimen (3 bags)", "Oral: 72-hour regimen")
IV_MG_PER_KG = (150, 50, 100)  # loading over 1 h, then over 4 h, then over 16 h
IV_WEIGHT_CAP = 100.0  # kg: heavier patients are dosed as 100 kg


def _iv_volumes(weight: float) -> tuple[float, float, float]:
    """Diluent volumes (mL) of the three bags by weight (Acetadote label)."""
    if weight >= 40:
        return 200, 500, 1000
    if weight >= 20:
        return 100, 250, 500
    return 3 * weight, 7 * weight, 14 * weight


class NACInputs(Inputs):
    route: choice("IV", "oral") = Field(description="IV (21-hour, three-bag regimen) or oral (72-hour regimen).")
    weight: Weight = Field(description="Actual body weight, kg (lb with its unit); IV doses are capped at 100 kg.")


@calculator(
    id="acetylcysteine-dosing",
    name="Acetaminophen Overdose and NAC Dosing",
    aliases=("Acetaminophen Overdose and NAC Dosing", "nac-dosing", "acetylcysteine-dose", "paracetamol-overdose-nac"),
    kind="equation",
    specialty="toxicology",
    output=Output(None, "category", categories=REGIMENS, secondary=(
        Secondary("loading_dose", "loading dose", "mg", "decimal", 0),
        Secondary("second_dose", "IV second bag (over 4 h) or each oral maintenance dose", "mg", "decimal", 0),
        Secondary("third_dose", "IV third bag (over 16 h); None for the oral regimen", "mg", "decimal", 0),
        Secondary("loading_volume", "IV diluent of the first bag", "mL", "decimal", 0),
        Secondary("second_volume", "IV diluent of the second bag", "mL", "decimal", 0),
        Secondary("third_volume", "IV diluent of the third bag", "mL", "decimal", 0),
    )),
    inputs=NACInputs,
    references=(
        Reference("Acetadote (acetylcysteine) injection, prescribing information. Cumberland Pharmaceuticals; 2019 "
                  "(21-hour three-bag regimen, diluent volumes by weight, dosing capped at 100 kg)."),
        Reference("Smilkstein MJ, Knapp GL, Kulig KW, Rumack BH. Efficacy of oral N-acetylcysteine in the treatment "
                  "of acetaminophen overdose. N Engl J Med. 1988;319(24):1557-1562.",
                  "https://doi.org/10.1056/NEJM198812153192401"),
        Reference("MDCalc. Acetaminophen Overdose and NAC Dosing."),
    ),
    formula="IV (21 h): 150 mg/kg over 60 min, then 50 mg/kg over 4 h, then 100 mg/kg over 16 h (weight capped at "
    "100 kg; diluent 200/500/1000 mL from 40 kg, 100/250/500 mL for 20-39 kg, 3/7/14 mL/kg under 20 kg). Oral "
    "(72 h): 140 mg/kg, then 70 mg/kg every 4 hours for 17 doses.",
    description="Acetylcysteine doses once treatment is indicated (e.g. above the Rumack-Matthew treatment line); "
    "the indication itself is not judged here.",
    example={"route": "IV", "weight": "92.6 lb"},
)
def acetylcysteine_dosing(x: NACInputs, w: Working) -> str:
    if x.route == "oral":
        load = w.output("loading_dose", w.step("oral loading dose", f"140 mg/kg × {fmt(x.weight, 1)} kg",
                                               140 * x.weight, "mg"))
        each = w.output("second_dose", w.step("oral maintenance dose", f"70 mg/kg × {fmt(x.weight, 1)} kg",
                                              70 * x.weight, "mg"))
        for name in ("third_dose", "loading_volume", "second_volume", "third_volume"):
            w.output(name, None)
        w.interpretation = f"oral: {fmt(load, 0)} mg, then {fmt(each, 0)} mg every 4 hours for 17 doses"
        return REGIMENS[1]
    dosing = w.step("dosing weight", f"min({fmt(x.weight, 1)}, {fmt(IV_WEIGHT_CAP)}) kg", min(x.weight, IV_WEIGHT_CAP),
                    "kg")
    doses = [w.step(f"bag {i}", f"{per_kg} mg/kg × {fmt(dosing, 1)} kg", per_kg * dosing, "mg")
             for i, per_kg in enumerate(IV_MG_PER_KG, 1)]
    volumes = _iv_volumes(x.weight)
    for name, value in zip(("loading_dose", "second_dose", "third_dose"), doses, strict=True):
        w.output(name, value)
    for name, value in zip(("loading_volume", "second_volume", "third_volume"), volumes, strict=True):
        w.output(name, value)
    w.interpretation = (f"IV: {fmt(doses[0], 0)} mg in {fmt(volumes[0], 0)} mL over 60 min, then {fmt(doses[1], 0)} mg "
                        f"in {fmt(volumes[1], 0)} mL over 4 h, then {fmt(doses[2], 0)} mg in {fmt(volumes[2], 0)} mL "
                        "over 16 h")
    return REGIMENS[0]
