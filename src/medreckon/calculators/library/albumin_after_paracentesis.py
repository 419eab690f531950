"""Albumin replacement after large-volume paracentesis (EASL 2018; AASLD 2021)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, Option, q
from ..spec import Output, Reference, Working, calculator, fmt

AscitesVolume = q("L", gt=0, lt=40, plausible=(0.5, 20), units=("L", "mL"))
AlbuminPerLitre = q("g/L", gt=0, le=10, plausible=(6, 8), units=("g/L",))


class AlbuminLVPInputs(Inputs):
    volume_removed: AscitesVolume = Field(description="Volume of ascites removed, litres (mL with its unit).")
    grams_per_litre: AlbuminPerLitre = Option(8.0, "Albumin per litre of ascites removed, g: 8 (default; EASL 2018) "
                                              "or 6-8 (AASLD 2021).")


@calculator(
    id="albumin-after-paracentesis",
    name="Albumin Replacement After Large-Volume Paracentesis",
    aliases=("albumin-replacement-paracentesis", "lvp-albumin"),
    kind="equation",
    specialty="hepatology",
    output=Output("g", "decimal", 0, range=(0, 200)),
    inputs=AlbuminLVPInputs,
    references=(
        Reference("European Association for the Study of the Liver. EASL Clinical Practice Guidelines for the "
                  "management of patients with decompensated cirrhosis. J Hepatol. 2018;69(2):406-460 (8 g albumin "
                  "per litre removed when > 5 L).", "https://doi.org/10.1016/j.jhep.2018.03.024"),
        Reference("Biggins SW, Angeli P, Garcia-Tsao G, et al. Diagnosis, evaluation, and management of ascites, "
                  "spontaneous bacterial peritonitis and hepatorenal syndrome: 2021 practice guidance by the AASLD. "
                  "Hepatology. 2021;74(2):1014-1048 (6-8 g per litre when > 5 L).", "https://doi.org/10.1002/hep.31884"),
    ),
    formula="albumin (g) = volume of ascites removed (L) × 8 g/L (6-8 g/L); recommended when more than 5 L is "
    "removed",
    description="Albumin to infuse after large-volume paracentesis to prevent post-paracentesis circulatory "
    "dysfunction; guidelines recommend it when more than 5 L is removed (20% or 25% albumin solution).",
    example={"volume_removed": 7.5},
)
def albumin_after_paracentesis(x: AlbuminLVPInputs, w: Working) -> float:
    grams = w.step("albumin", lambda: f"{fmt(x.volume_removed)} L × {fmt(x.grams_per_litre)} g/L",
                   x.volume_removed * x.grams_per_litre, "g")
    w.interpretation = (f"about {fmt(grams, 0)} g of albumin (e.g. {fmt(grams / 25 * 100, 0)} mL of 25% albumin)"
                        + ("" if x.volume_removed > 5 else "; at 5 L or less, albumin replacement is not routinely "
                           "required"))
    return grams
