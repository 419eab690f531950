"""Alveolar-arterial oxygen gradient from the alveolar gas equation, with the age-expected value."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, FiO2, Inputs, Option, PaCO2, PaO2, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

WATER_VAPOUR = 47.0  # mm Hg at 37 °C
RESPIRATORY_QUOTIENT = 0.8
SEA_LEVEL = 760.0  # mm Hg
Barometric = q("mmHg", gt=100, lt=1100, plausible=(400, 800), units=("mmHg", "kPa", "atm"))


def fio2_fraction(fio2_percent: float, w: Working) -> float:
    """FiO2 as a fraction (the canonical input is in %); records the step."""
    return w.step("FiO2 as a fraction", f"{fmt(fio2_percent)}% / 100", fio2_percent / 100)


FIO2_DESCRIPTION = ("Fraction of inspired oxygen, % by default (21 for room air); a fraction must say so "
                    "('0.4 fraction' or {'value': 0.4, 'unit': '1'}). A bare 0.4 would be read as 0.4%. Not a "
                    "flow in L/min: convert nasal-cannula flow to an estimated FiO2 first.")


class AaGradientInputs(Inputs):
    fio2: FiO2 = Field(description=FIO2_DESCRIPTION)
    pao2: PaO2 = Field(description="Arterial PaO2, mm Hg by default (kPa with its unit). Not the SpO2 (%).")
    paco2: PaCO2 = Field(description="Arterial PaCO2, mm Hg by default (kPa with its unit).")
    age: Age | None = Field(None, description="Age in years; optional, for the age-expected normal gradient "
                            "(age/4 + 4).")
    barometric_pressure: Barometric = Option(
        SEA_LEVEL, "Atmospheric pressure, mm Hg; default 760 (sea level). Lower at altitude (about 630 at "
        "1,500 m).")


@calculator(
    id="aa-gradient",
    name="A-a O2 Gradient",
    aliases=("a-a-gradient", "alveolar-arterial-gradient", "aa-o2-gradient", "alveolar-gas-equation",
             "A-a O₂ Gradient"),
    kind="equation",
    specialty="pulmonology",
    output=Output("mmHg", "decimal", 1, range=(0, 650), secondary=(
        Secondary("expected_gradient", "age-expected A-a gradient on room air, age/4 + 4 (when the age is given)",
                  "mmHg", "decimal", 1),
    )),
    inputs=AaGradientInputs,
    references=(
        Reference("Curran-Everett D. A classic learning opportunity from Fenn, Rahn, and Otis (1946): the "
                  "alveolar gas equation. Adv Physiol Educ. 2006;30(2):58-62."),
        Reference("Mellemgaard K. The alveolar-arterial oxygen difference: its size and components in normal "
                  "man. Acta Physiol Scand. 1966;67(1):10-20 (rise with age)."),
        Reference("MDCalc. A-a O2 Gradient."),
    ),
    formula="PAO2 = FiO2 × (Patm − 47) − PaCO2 / 0.8; A-a gradient = PAO2 − PaO2 (mm Hg); age-expected "
    "gradient ≈ age/4 + 4",
    description="Difference between alveolar (from the alveolar gas equation) and arterial oxygen tension. A "
    "raised gradient points to V/Q mismatch, shunt or diffusion limitation; a normal gradient with hypoxaemia "
    "to hypoventilation or low inspired oxygen. The normal value rises with age and FiO2.",
    example={"fio2": 21, "pao2": 62, "paco2": 34, "age": 48},
)
def aa_gradient(x: AaGradientInputs, w: Working) -> float:
    fio2 = fio2_fraction(x.fio2, w)
    alveolar = w.step("alveolar PAO2", f"{fmt(fio2, 3)} × ({fmt(x.barometric_pressure)} − {fmt(WATER_VAPOUR)}) − "
                      f"{fmt(x.paco2)} / {RESPIRATORY_QUOTIENT}",
                      fio2 * (x.barometric_pressure - WATER_VAPOUR) - x.paco2 / RESPIRATORY_QUOTIENT, "mm Hg")
    gradient = w.step("A-a gradient", f"{fmt(alveolar)} − {fmt(x.pao2)}", alveolar - x.pao2, "mm Hg")
    if gradient < 0:
        w.warn("negative gradient: check FiO2 (% vs fraction), the units of PaO2/PaCO2, or a venous sample")
    if x.age is None:
        w.interpretation = "give the age to compare with the age-expected gradient (age/4 + 4)"
        return gradient
    expected = w.output("expected_gradient", w.step("age-expected A-a gradient", f"{fmt(x.age)} / 4 + 4",
                                                    x.age / 4 + 4, "mm Hg"))
    if round(gradient, 6) > round(expected, 6):
        w.interpretation = f"above the age-expected {fmt(expected, 1)} mm Hg: suggests V/Q mismatch, shunt or " \
                           "a diffusion defect"
    else:
        w.interpretation = f"within the age-expected {fmt(expected, 1)} mm Hg"
    if x.fio2 > 21:
        w.warn("the age-expected value is for room air; the normal gradient widens at higher FiO2", "fio2")
    return gradient
