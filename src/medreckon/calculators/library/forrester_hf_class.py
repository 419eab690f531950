"""Forrester haemodynamic subsets of heart failure after myocardial infarction (Forrester 1976)."""

from __future__ import annotations

from pydantic import Field

from ..fields import FillingPressure, Inputs, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

CardiacIndex = q("L/min/m^2", gt=0, lt=20, plausible=(0.5, 8), units=("L/min/m^2",))
PROFILES = {1: "warm and dry (no congestion, adequate perfusion)", 2: "warm and wet (pulmonary congestion)",
            3: "cold and dry (peripheral hypoperfusion)", 4: "cold and wet (congestion and hypoperfusion)"}


class ForresterInputs(Inputs):
    pcwp: FillingPressure = Field(description="Pulmonary capillary wedge pressure, mmHg; > 18 is congestion.")
    cardiac_index: CardiacIndex = Field(description="Cardiac index, L/min/m²; ≤ 2.2 is hypoperfusion.")


@calculator(
    id="forrester-hf-class",
    name="Forrester HF Class",
    aliases=("forrester-class", "forrester-hemodynamic-subsets", "forrester-classification"),
    kind="score",
    specialty="cardiology",
    output=Output("class", "integer", 0, range=(1, 4), secondary=(
        Secondary("profile", "the haemodynamic profile of the class", None, "text"),
    )),
    inputs=ForresterInputs,
    references=(
        Reference("Forrester JS, Diamond G, Chatterjee K, Swan HJ. Medical therapy of acute myocardial infarction by "
                  "application of hemodynamic subsets (first of two parts). N Engl J Med. 1976;295(24):1356-1362.",
                  "https://doi.org/10.1056/NEJM197612092952406"),
    ),
    formula="Class I: PCWP ≤ 18 mmHg and CI > 2.2 L/min/m²; II: PCWP > 18, CI > 2.2; III: PCWP ≤ 18, CI ≤ 2.2; "
    "IV: PCWP > 18, CI ≤ 2.2",
    description="Haemodynamic subset from a pulmonary artery catheter: congestion by the wedge pressure, "
    "hypoperfusion by the cardiac index. Mortality rises from class I to IV.",
    example={"pcwp": 24, "cardiac_index": 1.3},
)
def forrester_hf_class(x: ForresterInputs, w: Working) -> int:
    wet = w.step("congestion", f"PCWP {fmt(x.pcwp)} {'>' if x.pcwp > 18 else '≤'} 18 mmHg", x.pcwp > 18)
    cold = w.step("hypoperfusion", f"CI {fmt(x.cardiac_index)} {'≤' if x.cardiac_index <= 2.2 else '>'} 2.2 L/min/m²",
                  x.cardiac_index <= 2.2)
    cls = w.step("Forrester class", "I-IV", 1 + int(wet) + 2 * int(cold), "class")
    w.output("profile", PROFILES[cls])
    w.interpretation = f"class {('I', 'II', 'III', 'IV')[cls - 1]}: {PROFILES[cls]}"
    return cls
