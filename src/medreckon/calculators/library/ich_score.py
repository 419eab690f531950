"""ICH score: 30-day mortality of spontaneous intracerebral haemorrhage (Hemphill 2001)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, GCSTotal, Inputs, q
from ..points import cut_offs, finding, sum_points, threshold
from ..spec import Output, Reference, Secondary, Working, calculator, fmt

Volume = q("mL", ge=0, plausible=(0, 200), units=("mL", "L"))
MORTALITY = (0, 13, 26, 72, 97, 100, 100)  # % 30-day mortality by score (Hemphill 2001; 6 predicted)


class ICHInputs(Inputs):
    gcs: GCSTotal = Field(description="Glasgow Coma Score: 3-4 scores 2, 5-12 scores 1, 13-15 scores 0.")
    age: Age = Field(description="Age in years; ≥ 80 scores 1.")
    volume: Volume = Field(description="Haemorrhage volume on the initial CT, mL (e.g. by ABC/2); ≥ 30 mL scores 1.")
    intraventricular_hemorrhage: bool = Finding("Intraventricular extension of the haemorrhage: 1 point.")
    infratentorial: bool = Finding("Infratentorial origin (cerebellum or brainstem): 1 point.")


@calculator(
    id="ich-score",
    name="Intracerebral Hemorrhage (ICH) Score",
    aliases=("ich", "hemphill-ich-score"),
    kind="score",
    specialty="neurology",
    output=Output("points", "integer", 0, range=(0, 6), secondary=(
        Secondary("mortality", "30-day mortality in the derivation cohort (Hemphill 2001)", "%", "decimal", 0),)),
    inputs=ICHInputs,
    references=(
        Reference("Hemphill JC 3rd, Bonovich DC, Besmertis L, Manley GT, Johnston SC. The ICH score: a simple, "
                  "reliable grading scale for intracerebral hemorrhage. Stroke. 2001;32(4):891-897."),
        Reference("MDCalc. Intracerebral Hemorrhage (ICH) Score."),
    ),
    formula="GCS 3-4 2, 5-12 1, 13-15 0; age ≥ 80 1; volume ≥ 30 mL 1; intraventricular haemorrhage 1; infratentorial "
    "origin 1. 30-day mortality: 0 0%, 1 13%, 2 26%, 3 72%, 4 97%, 5 100% (6 predicted 100%).",
    description="Clinical grading of spontaneous intracerebral haemorrhage at presentation; a communication tool, "
    "not a basis on its own for limiting care.",
    example={"gcs": 10, "age": 56, "volume": 26.6, "intraventricular_hemorrhage": True},
)
def ich_score(x: ICHInputs, w: Working) -> int:
    total = sum_points(w, (
        cut_offs(w, "GCS", f"GCS {x.gcs}", x.gcs, ((13, 0), (5, 1), (None, 2))),
        threshold(w, "age ≥ 80", f"age {fmt(x.age)}", x.age, "≥", 80),
        threshold(w, "volume ≥ 30 mL", f"{fmt(x.volume)} mL", round(x.volume, 6), "≥", 30),
        finding(w, "intraventricular haemorrhage", x.intraventricular_hemorrhage),
        finding(w, "infratentorial origin", x.infratentorial),
    ))
    mortality = w.output("mortality", MORTALITY[total])
    w.interpretation = f"ICH score {total}: {mortality}% 30-day mortality in the derivation cohort"
    return total
