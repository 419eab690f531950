"""Naloxone continuous infusion: two thirds of the effective bolus dose per hour (Goldfrank 1986)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

BolusDose = q("mg", gt=0, plausible=(0.01, 15), units=("mg", "ug"))


class NaloxoneDripInputs(Inputs):
    bolus_dose: BolusDose = Field(description="The naloxone bolus that reversed the opioid toxicity (the effective "
                                  "wake-up dose), mg ('400 mcg' with its unit). Not a dose that failed.")


@calculator(
    id="naloxone-drip",
    name="Naloxone Drip Dosing",
    aliases=("naloxone-infusion", "naloxone-drip-dosing"),
    kind="equation",
    specialty="pharmacology",
    output=Output("mg/h", "decimal", 2, range=(0, 10), secondary=(
        Secondary("rebolus", "half the bolus, which may be given 15 minutes after starting the infusion", "mg",
                  "decimal", 2),)),
    inputs=NaloxoneDripInputs,
    references=(
        Reference("Goldfrank L, Weisman RS, Errick JK, Lo MW. A dosing nomogram for continuous infusion intravenous "
                  "naloxone. Ann Emerg Med. 1986;15(5):566-570."),
        Reference("MDCalc. Naloxone Drip Dosing."),
    ),
    formula="infusion rate (mg/h) = 2/3 × effective bolus dose (mg); a further bolus of ½ the initial bolus may be "
    "given 15 minutes after starting the infusion",
    description="Starting rate of a continuous naloxone infusion for recurrent opioid toxicity (long-acting opioids), "
    "from the bolus that reversed it. Titrate to respiration and level of consciousness; watch for withdrawal.",
    example={"bolus_dose": 0.4},
)
def naloxone_drip(x: NaloxoneDripInputs, w: Working) -> float:
    rate = w.step("infusion rate", f"2/3 × {fmt(x.bolus_dose)} mg", x.bolus_dose * 2 / 3, "mg/h")
    half = w.output("rebolus", w.step("re-bolus at 15 minutes", f"½ × {fmt(x.bolus_dose)} mg", x.bolus_dose / 2,
                                      "mg"))
    w.interpretation = (f"start naloxone at {fmt(rate, 2)} mg/h; {fmt(half, 2)} mg (half the bolus) may be given 15 "
                        "minutes after starting the infusion")
    return rate
