"""Biologically effective dose (BED) and equivalent dose in 2 Gy fractions (EQD2) by the linear-quadratic model."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt, invalid

Dose = q("Gy", ge=0, lt=1000, plausible=(0, 200), units=("Gy", "cGy"))
FractionDose = q("Gy", ge=0, lt=100, plausible=(0, 30), units=("Gy", "cGy"))
AlphaBeta = q("Gy", gt=0, lt=100, plausible=(0.5, 20), units=("Gy",))


class BEDInputs(Inputs):
    dose_per_fraction: FractionDose = Field(description="Dose per fraction d, Gy (cGy with its unit).")
    total_dose: Dose = Field(description="Total dose D = number of fractions × dose per fraction, Gy.")
    alpha_beta: AlphaBeta = Field(description="α/β ratio of the tissue, Gy: about 10 for tumours and early-reacting "
                                  "tissues, about 2-3 for late-reacting tissues.")


@calculator(
    id="radiation-bed",
    name="Radiation Biologically Effective Dose (BED) Calculator",
    aliases=("bed", "biologically-effective-dose", "eqd2"),
    kind="equation",
    specialty="oncology",
    output=Output("Gy", "decimal", 2, range=(0, 300), secondary=(
        Secondary("eqd2", "equivalent dose in 2 Gy fractions: BED / (1 + 2 / (α/β))", "Gy", "decimal", 2),
    )),
    inputs=BEDInputs,
    references=(
        Reference("Fowler JF. The linear-quadratic formula and progress in fractionated radiotherapy. Br J Radiol. "
                  "1989;62(740):679-694.", "https://doi.org/10.1259/0007-1285-62-740-679"),
        Reference("Withers HR, Thames HD Jr, Peters LJ. A new isoeffect curve for change in dose per fraction. "
                  "Radiother Oncol. 1983;1(2):187-191.", "https://doi.org/10.1016/S0167-8140(83)80021-8"),
    ),
    formula="BED = D × (1 + d / (α/β)); EQD2 = BED / (1 + 2 / (α/β)) = D × (d + α/β) / (2 + α/β)",
    description="Compares radiotherapy schedules with different doses per fraction by the linear-quadratic model "
    "(no correction for treatment time or repopulation).",
    example={"dose_per_fraction": 2.0, "total_dose": 70, "alpha_beta": 10},
)
def radiation_bed(x: BEDInputs, w: Working) -> float:
    d, total, ab = x.dose_per_fraction, x.total_dose, x.alpha_beta
    if d > total:
        raise invalid("dose_per_fraction", d, f"a dose per fraction ≤ the total dose {fmt(total)} Gy",
                      "the two doses may be swapped")
    bed = w.step("BED", lambda: f"{fmt(total)} × (1 + {fmt(d)} / {fmt(ab)})", total * (1 + d / ab), "Gy")
    eqd2 = w.output("eqd2", w.step("EQD2", lambda: f"{fmt(bed)} / (1 + 2 / {fmt(ab)})", bed / (1 + 2 / ab), "Gy"))
    w.interpretation = f"BED {fmt(bed, 2)} Gy (α/β {fmt(ab)} Gy), equivalent to {fmt(eqd2, 2)} Gy in 2 Gy fractions"
    return bed
