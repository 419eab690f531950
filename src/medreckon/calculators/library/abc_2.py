"""ABC/2: intracerebral haemorrhage volume from its CT dimensions (Kothari 1996)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice, q
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

Length = q("cm", gt=0, plausible=(0.1, 15), units=("cm", "mm"))
SliceThickness = q("cm", gt=0, plausible=(0.1, 1.5), units=("cm", "mm"))
DIVISOR = {"round or ellipsoid": 2, "irregular or separated": 3}


class ABC2Inputs(Inputs):
    shape: choice(*DIVISOR) = Field(description="Haemorrhage shape: 'round or ellipsoid' (divide by 2) or 'irregular "
                                    "or separated' (divide by 3, as MDCalc offers).")
    length_a: Length = Field(description="A: the largest diameter on the slice with the largest haemorrhage area, cm.")
    width_b: Length = Field(description="B: the largest diameter perpendicular to A on the same slice, cm.")
    slices: float = Field(gt=0, le=100, description="Number of CT slices with haemorrhage, weighted as counted by "
                          "Kothari: a slice with ≥ 75% of the largest area counts 1, 25-75% counts 0.5, < 25% counts 0.")
    slice_thickness: SliceThickness = Field(description="CT slice thickness, cm ('5 mm' with its unit).")


@calculator(
    id="abc-2",
    name="ABC/2 Formula for Intracerebral Hemorrhage Volume",
    aliases=("abc2", "ich-volume"),
    kind="equation",
    specialty="neurology",
    output=Output("mL", "decimal", 1, range=(0, 200), secondary=(
        Secondary("depth_c", "C: the number of slices times the slice thickness", "cm", "decimal", 1),)),
    inputs=ABC2Inputs,
    references=(
        Reference("Kothari RU, Brott T, Broderick JP, et al. The ABCs of measuring intracerebral hemorrhage volumes. "
                  "Stroke. 1996;27(8):1304-1305."),
        Reference("MDCalc. ABC/2 Formula for Intracerebral Hemorrhage Volume."),
    ),
    formula="C (cm) = weighted slice count × slice thickness; volume (mL) = A × B × C / 2 (round or ellipsoid) or / 3 "
    "(irregular).",
    description="Bedside estimate of intracerebral haemorrhage volume (1 cm³ = 1 mL) from three CT dimensions; a "
    "volume ≥ 30 mL enters the ICH score. The measurements are the reader's; this computes the volume.",
    example={"shape": "round or ellipsoid", "length_a": 5.6, "width_b": 3.8, "slices": 5, "slice_thickness": "5 mm"},
)
def abc_2(x: ABC2Inputs, w: Working) -> float:
    c = w.output("depth_c", w.step("C", f"{fmt(x.slices)} slices × {fmt(x.slice_thickness)} cm",
                                   x.slices * x.slice_thickness, "cm"))
    divisor = DIVISOR[x.shape]
    volume = w.step("volume", f"{fmt(x.length_a)} × {fmt(x.width_b)} × {fmt(c)} / {divisor}",
                    x.length_a * x.width_b * c / divisor, "mL")
    w.interpretation = f"estimated haemorrhage volume {fmt(volume, 1)} mL" + (" (≥ 30 mL)" if volume >= 30 else "")
    return volume
