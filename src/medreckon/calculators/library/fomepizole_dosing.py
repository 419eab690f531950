"""Fomepizole dosing for methanol or ethylene glycol poisoning (FDA label)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, Weight
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

LOADING, MAINTENANCE, LATER = 15.0, 10.0, 15.0  # mg/kg


class FomepizoleInputs(Inputs):
    weight: Weight = Field(description="Body weight, kg ('176 lb' with its unit).")


@calculator(
    id="fomepizole-dosing",
    name="Fomepizole Dosing",
    aliases=("fomepizole", "antizol-dose"),
    kind="equation",
    specialty="pharmacology",
    output=Output("mg", "decimal", 0, range=(0, 3000), secondary=(
        Secondary("maintenance_dose", "10 mg/kg every 12 hours for the next 4 doses", "mg", "decimal", 0),
        Secondary("later_dose", "15 mg/kg every 12 hours after the 5th dose, until levels are undetectable and the "
                  "patient is asymptomatic", "mg", "decimal", 0),
    )),
    inputs=FomepizoleInputs,
    references=(
        Reference("Fomepizole injection (Antizol) prescribing information. US Food and Drug Administration label."),
        Reference("Brent J, McMartin K, Phillips S, Aaron C, Kulig K. Fomepizole for the treatment of methanol "
                  "poisoning. N Engl J Med. 2001;344(6):424-429."),
        Reference("MDCalc. Fomepizole Dosing."),
    ),
    formula="loading 15 mg/kg IV; then 10 mg/kg every 12 hours for 4 doses; then 15 mg/kg every 12 hours (the "
    "interval shortens to every 4 hours during haemodialysis)",
    description="Intravenous fomepizole for toxic alcohol ingestion. The main value is the loading dose; the two "
    "later doses are secondary outputs. Dialysis removes fomepizole: dose every 4 hours during it.",
    example={"weight": "176 lb"},
)
def fomepizole_dosing(x: FomepizoleInputs, w: Working) -> float:
    load = w.step("loading dose", f"{fmt(LOADING)} mg/kg × {fmt(x.weight)} kg", LOADING * x.weight, "mg")
    then = w.output("maintenance_dose", w.step("doses 2-5", f"{fmt(MAINTENANCE)} mg/kg × {fmt(x.weight)} kg",
                                               MAINTENANCE * x.weight, "mg"))
    later = w.output("later_dose", w.step("dose 6 on", f"{fmt(LATER)} mg/kg × {fmt(x.weight)} kg", LATER * x.weight,
                                          "mg"))
    w.interpretation = (f"load {fmt(load, 0)} mg IV; then {fmt(then, 0)} mg every 12 h for 4 doses; then "
                        f"{fmt(later, 0)} mg every 12 h")
    return load
