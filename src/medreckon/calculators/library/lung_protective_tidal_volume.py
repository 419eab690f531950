"""Lung-protective tidal volume from predicted body weight (ARDS Network 2000)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Height, Inputs, Option, Sex, q
from ..rules import Between, Is, RangeWhen
from ..spec import Domain, Output, Reference, Working, calculator, fmt

VolumePerKg = q("mL/kg", gt=0, le=20, plausible=(4, 10), units=("mL/kg",))


# ARDSnet's predicted body weight: 0 kg at 152.4 − 50/0.91 = 97.45 cm (men), 152.4 − 45.5/0.91 = 102.4 cm
# (women); above 0 from 97.5 and 102.5 cm, a rule between sex and height the schema states
PBW_MIN_HEIGHT = {"male": 97.5, "female": 102.5}
PBW_VALIDITY = ("a height for which the predicted body weight is above 0 kg: the ARDS Network formula is derived for "
                "adults; it is 0 kg or less below 97.5 cm for men and 102.5 cm for women")
PBW_DOMAIN = Domain(gt=0, inputs=("height", "sex"), validity=PBW_VALIDITY)


class TidalVolumeInputs(Inputs):
    sex: Sex = Field(description="Sex: predicted body weight starts at 50 kg (male) or 45.5 kg (female).")
    height: Height = Field(description="Height, cm by default ('5 ft 10 in' works). Measured or estimated height, "
                           "not weight: the tidal volume does not depend on actual weight.")
    ml_per_kg: VolumePerKg = Option(6.0, "Target tidal volume in mL per kg of predicted body weight; default 6 (ARDS "
                                    "Network), usual range 4-8.")

    rules = tuple(RangeWhen(Between("height", ge=cm), (Is("sex", sex),), PBW_VALIDITY, "check the height and its unit")
                  for sex, cm in PBW_MIN_HEIGHT.items())



@calculator(
    id="lung-protective-tidal-volume",
    name="Lung-Protective Tidal Volume (ARDSnet Predicted Body Weight)",
    aliases=("ardsnet-tidal-volume", "predicted-body-weight", "pbw-tidal-volume", "ardsnet-pbw"),
    kind="equation",
    specialty="critical care",
    output=Output("mL", "decimal", 0, range=(150, 1000), domain=PBW_DOMAIN),
    inputs=TidalVolumeInputs,
    references=(
        Reference("Acute Respiratory Distress Syndrome Network. Ventilation with lower tidal volumes as compared "
                  "with traditional tidal volumes for acute lung injury and the acute respiratory distress "
                  "syndrome. N Engl J Med. 2000;342(18):1301-1308.", "https://doi.org/10.1056/NEJM200005043421801"),
        Reference("Fan E, Del Sorbo L, Goligher EC, et al. An official American Thoracic Society/European Society of "
                  "Intensive Care Medicine/Society of Critical Care Medicine clinical practice guideline: mechanical "
                  "ventilation in adult patients with acute respiratory distress syndrome. Am J Respir Crit Care "
                  "Med. 2017;195(9):1253-1263.", "https://doi.org/10.1164/rccm.201703-0548ST"),
    ),
    formula="predicted body weight (kg) = 50 (male) or 45.5 (female) + 0.91 × (height (cm) − 152.4); tidal volume "
    "(mL) = mL/kg × predicted body weight (default 6 mL/kg; 4-8)",
    description="Tidal volume for lung-protective ventilation, scaled to predicted (not actual) body weight from sex "
    "and height, as in the ARDS Network trial (6 mL/kg, with plateau pressure ≤ 30 cm H2O).",
    example={"sex": "female", "height": "5 ft 4 in"},
)
def lung_protective_tidal_volume(x: TidalVolumeInputs, w: Working) -> float:
    base = 50.0 if x.sex == "male" else 45.5
    pbw = w.step("predicted body weight", f"{fmt(base, 1)} + 0.91 × ({fmt(x.height)} − 152.4)",
                 base + 0.91 * (x.height - 152.4), "kg")
    pbw = PBW_DOMAIN.enforce(None, pbw, w, {"height": x.height, "sex": x.sex}, "kg", "the predicted body weight")
    volume = w.step("tidal volume", f"{fmt(x.ml_per_kg)} mL/kg × {fmt(pbw)} kg", x.ml_per_kg * pbw, "mL")
    w.interpretation = (f"{fmt(volume, 0)} mL at {fmt(x.ml_per_kg)} mL/kg of predicted body weight "
                        f"{fmt(pbw, 1)} kg; keep plateau pressure ≤ 30 cm H2O")
    return volume
