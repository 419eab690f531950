"""Sepsis-induced coagulopathy (SIC) score (Iba 2017; ISTH 2019 guidance)."""

from __future__ import annotations

from pydantic import Field

from ..fields import INR, Inputs, Platelets
from ..points import cut_offs, sum_points
from ..rounding import round_half_away
from ..spec import Output, Reference, Secondary, Working, calculator, fmt


class SICInputs(Inputs):
    inr: INR = Field(description="Prothrombin time as INR: > 1.2 scores 1, > 1.4 scores 2.")
    platelets: Platelets = Field(
        description="Platelet count, 10^9/L (= 10^3/µL) by default; '110000 /uL' with its unit. < 150 scores 1, "
        "< 100 scores 2.")
    sofa_four_organs: int = Field(
        ge=0, le=16,
        description="Sum of four SOFA components only: respiratory + cardiovascular + hepatic + renal (each 0-4), "
        "not the full SOFA with coagulation and CNS. 1 scores 1, ≥ 2 scores 2.")


@calculator(
    id="sepsis-induced-coagulopathy",
    name="Sepsis-Induced Coagulopathy (SIC) Score",
    aliases=("sic-score", "sic"),
    kind="score",
    specialty="hematology",
    output=Output("points", "integer", 0, range=(0, 6), secondary=(
        Secondary("sic", "SIC present: total ≥ 4 with INR and platelet points together > 2", None, "boolean"),)),
    inputs=SICInputs,
    references=(
        Reference("Iba T, Nisio MD, Levy JH, Kitamura N, Thachil J. New criteria for sepsis-induced coagulopathy "
                  "(SIC) following the revised sepsis definition: a retrospective analysis of a nationwide survey. "
                  "BMJ Open. 2017;7(9):e017046.", "https://doi.org/10.1136/bmjopen-2017-017046"),
        Reference("Iba T, Levy JH, Warkentin TE, et al. Diagnosis and management of sepsis-induced coagulopathy and "
                  "disseminated intravascular coagulation. J Thromb Haemost. 2019;17(11):1989-1994.",
                  "https://doi.org/10.1111/jth.14578"),
        Reference("MDCalc. Sepsis-Induced Coagulopathy (SIC) Score."),
    ),
    formula="INR ≤ 1.2 0, > 1.2 1, > 1.4 2; platelets ≥ 150 0, < 150 1, < 100 2 (×10^9/L); SOFA of four organs "
    "(respiratory, cardiovascular, hepatic, renal) 0 0, 1 1, ≥ 2 2. Total 0-6; SIC when total ≥ 4 and INR + "
    "platelet points > 2.",
    description="Identifies sepsis-induced coagulopathy, the early stage of sepsis-associated DIC, in patients with "
    "sepsis (Sepsis-3). The SOFA item is capped at 2 points.",
    example={"inr": 1.6, "platelets": 110, "sofa_four_organs": 9},
)
def sepsis_induced_coagulopathy(x: SICInputs, w: Working) -> int:
    inr = round_half_away(x.inr, 2)
    p_inr = cut_offs(w, "PT-INR", f"INR {fmt(inr, 2)}", inr, ((1.4, 2, True), (1.2, 1, True), (None, 0)))
    plt = round_half_away(x.platelets, 3)
    p_plt = cut_offs(w, "platelet count", f"platelets {fmt(plt)} ×10^9/L", plt, ((150, 0), (100, 1), (None, 2)))
    p_sofa = cut_offs(w, "SOFA (four organs)", f"SOFA {x.sofa_four_organs}", x.sofa_four_organs,
                      ((2, 2), (1, 1), (None, 0)))
    total = sum_points(w, (p_inr, p_plt, p_sofa))
    coagulation = w.step("INR + platelet points", f"{p_inr} + {p_plt}", p_inr + p_plt, "points")
    sic = w.output("sic", total >= 4 and coagulation > 2)
    w.interpretation = ("SIC likely: total ≥ 4 with INR and platelet points > 2" if sic else
                        "SIC criteria not met" + (" (total ≥ 4 but INR and platelet points ≤ 2)" if total >= 4 else ""))
    return total
