"""Fetal biophysical profile (Manning 1980)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Finding, Inputs
from ..points import finding, sum_points
from ..spec import Output, Reference, Working, calculator


class BPPInputs(Inputs):
    breathing: bool = Finding("≥ 1 episode of rhythmic fetal breathing lasting ≥ 30 s within 30 minutes (2).")
    movement: bool = Finding("≥ 3 discrete body or limb movements within 30 minutes (2).")
    tone: bool = Finding("≥ 1 episode of extremity extension with return to flexion, or opening and closing of a hand "
                         "(2).")
    amniotic_fluid: bool = Finding("Normal amniotic fluid: a single deepest vertical pocket > 2 cm (2 × 2 cm pocket) "
                                   "(2).")
    nonstress_test: bool | None = Field(None, description="Reactive non-stress test (2). Leave out when no NST was "
                                        "done (the profile is then out of 8).")


@calculator(
    id="biophysical-profile",
    name="Fetal Biophysical Profile (BPP) Score",
    aliases=("Fetal Biophysical Profile (BPP) Score", "bpp", "biophysical-profile-score"),
    kind="score",
    specialty="obstetrics",
    output=Output("points", "integer", 0, range=(0, 10)),
    inputs=BPPInputs,
    references=(
        Reference("Manning FA, Platt LD, Sipos L. Antepartum fetal evaluation: development of a fetal biophysical "
                  "profile. Am J Obstet Gynecol. 1980;136(6):787-795.", "https://doi.org/10.1016/0002-9378(80)90457-3"),
        Reference("American College of Obstetricians and Gynecologists. Practice Bulletin No. 229: Antepartum fetal "
                  "surveillance. Obstet Gynecol. 2021;137(6):e116-e127."),
        Reference("MDCalc. Fetal Biophysical Profile (BPP) Score."),
    ),
    formula="Breathing, movement, tone, amniotic fluid (and a reactive NST when done), each 2 if present and 0 if "
    "not; total out of 8 (ultrasound only) or 10. 8-10 with normal fluid is normal; 8/10 with oligohydramnios or 6 "
    "is equivocal; ≤ 4 is abnormal.",
    description="Antepartum fetal well-being by ultrasound and NST; oligohydramnios calls for evaluation whatever "
    "the total.",
    example={"breathing": True, "movement": True, "tone": True, "amniotic_fluid": True},
)
def biophysical_profile(x: BPPInputs, w: Working) -> int:
    parts = [finding(w, "fetal breathing", x.breathing, 2), finding(w, "fetal movement", x.movement, 2),
             finding(w, "fetal tone", x.tone, 2), finding(w, "amniotic fluid", x.amniotic_fluid, 2)]
    if x.nonstress_test is not None:
        parts.append(finding(w, "reactive non-stress test", x.nonstress_test, 2, texts=("reactive", "non-reactive")))
    total = sum_points(w, parts)
    out_of = 10 if x.nonstress_test is not None else 8
    band = ("normal (8-10): no fetal indication for intervention" if total >= 8 else
            "equivocal (6): repeat testing, or consider delivery by gestational age" if total == 6 else
            "abnormal (≤ 4): possible fetal asphyxia; consider delivery")
    w.interpretation = f"{total}/{out_of}: {band}" + (
        "" if x.amniotic_fluid else "; oligohydramnios needs further evaluation whatever the total")
    return total
