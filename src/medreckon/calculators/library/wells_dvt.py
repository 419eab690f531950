"""Wells' criteria for deep vein thrombosis (Wells 1997, with previous DVT as in Wells 2003)."""

from __future__ import annotations

from ..fields import Finding, Inputs
from ..points import any_of, finding
from ..spec import MedCalcBench, Output, Reference, Working, calculator


class WellsDVTInputs(Inputs):
    active_cancer: bool = Finding("Active cancer: treatment within the last 6 months or palliative (1 point).", when="recent")
    bedridden_recently: bool = Finding(
        "Recently bedridden for more than 3 days; scores 1 together with major surgery within 12 weeks "
        "(one criterion).", when="recent",
    )
    major_surgery_12_weeks: bool = Finding(
        "Major surgery within the last 12 weeks (requiring general or regional anaesthesia); one "
        "criterion with being bedridden.", when="recent",
    )
    # a measured difference: "4 cm larger than the right" is more than 3 cm, "2 cm larger" is not
    calf_swelling_3cm: bool = Finding(
        "Calf swelling more than 3 cm compared with the other leg, measured 10 cm below the tibial "
        "tuberosity (1 point); a smaller difference does not count.",
    )
    collateral_superficial_veins: bool = Finding("Collateral (non-varicose) superficial veins present (1 point).")
    # the whole leg, in words a list of synonyms cannot hold ("the whole left leg is swollen from groin to ankle")
    entire_leg_swollen: bool = Finding("Entire leg swollen (1 point).")
    localized_tenderness: bool = Finding("Localised tenderness along the distribution of the deep venous system (1 point).")
    pitting_edema: bool = Finding("Pitting oedema confined to the symptomatic leg (1 point); bilateral oedema does not count.")
    paralysis_or_immobilization: bool = Finding(
        "Paralysis, paresis, or recent plaster immobilisation of the lower extremity (1 point).",
    )
    previous_dvt: bool = Finding("Previously documented deep vein thrombosis (1 point).", when="past")
    # a judgement, stated in words of likelihood: "an alternative diagnosis is less likely than DVT" is false
    alternative_diagnosis_as_likely: bool = Finding(
        "An alternative diagnosis is at least as likely as DVT (subtracts 2 points); the clinician's judgement.",
    )


@calculator(
    id="wells-dvt",
    name="Wells' Criteria for DVT",
    aliases=("wells-deep-vein-thrombosis", "wells-score-dvt", "wells-dvt-score"),
    kind="score",
    specialty="hematology",
    output=Output("points", "integer", 0, range=(-2, 9)),
    inputs=WellsDVTInputs,
    references=(
        Reference(
            "Wells PS, Anderson DR, Bormanis J, et al. Value of assessment of pretest probability of "
            "deep-vein thrombosis in clinical management. Lancet. 1997;350(9094):1795-1798.",
            "https://doi.org/10.1016/S0140-6736(97)08140-3",
        ),
        Reference(
            "Wells PS, Anderson DR, Rodger M, et al. Evaluation of D-dimer in the diagnosis of suspected "
            "deep-vein thrombosis. N Engl J Med. 2003;349(13):1227-1235.",
            "https://doi.org/10.1056/NEJMoa023153",
        ),
        Reference("MDCalc. Wells' Criteria for DVT.", "https://www.mdcalc.com/calc/362/wells-criteria-dvt"),
    ),
    formula=(
        "1 point each: active cancer; bedridden recently > 3 days or major surgery within 12 weeks; calf "
        "swelling > 3 cm compared with the other leg; collateral (non-varicose) superficial veins; entire "
        "leg swollen; localised tenderness along the deep venous system; pitting oedema confined to the "
        "symptomatic leg; paralysis, paresis or recent plaster immobilisation of the lower extremity; "
        "previously documented DVT. Alternative diagnosis as likely or more likely −2. "
        "Three-tier: ≤ 0 low, 1-2 moderate, ≥ 3 high. Two-tier: < 2 DVT unlikely, ≥ 2 DVT likely."
    ),
    description="Pretest probability of lower-extremity deep vein thrombosis.",
    medcalc_bench=MedCalcBench(
        16,
        {
            "Active cancer": "active_cancer",
            # the dataset's explanations read this entity as 'bedridden recently >3 days'
            "Bedridden recently >3 days or major surgery within 12 weeks": "bedridden_recently",
            "Major surgery within 12 weeks": "major_surgery_12_weeks",
            "Calf swelling >3 centimeters compared to the other leg": "calf_swelling_3cm",
            "Collateral (nonvaricose) superficial veins present": "collateral_superficial_veins",
            "Entire Leg Swollen": "entire_leg_swollen",
            "Localized tenderness along the deep venous system": "localized_tenderness",
            "Pitting edema, confined to symptomatic leg": "pitting_edema",
            "Paralysis, paresis, or recent plaster immobilization of the lower extremity": "paralysis_or_immobilization",
            "Previously documented Deep Vein Thrombosis": "previous_dvt",
            "Alternative diagnosis to Deep Vein Thrombosis as likely or more likely": "alternative_diagnosis_as_likely",
        },
    ),
    example={
        "active_cancer": False, "bedridden_recently": False, "major_surgery_12_weeks": False,
        "calf_swelling_3cm": True, "collateral_superficial_veins": False, "entire_leg_swollen": False,
        "localized_tenderness": True, "pitting_edema": False, "paralysis_or_immobilization": False,
        "previous_dvt": False, "alternative_diagnosis_as_likely": False,
    },
)
def wells_dvt(x: WellsDVTInputs, w: Working) -> int:
    cancer = finding(w, "active cancer", x.active_cancer)
    bed = any_of(w, "bedridden recently > 3 days or major surgery within 12 weeks",
                 (("bedridden > 3 days", x.bedridden_recently),
                  ("major surgery within 12 weeks", x.major_surgery_12_weeks)))
    calf = finding(w, "calf swelling > 3 cm compared with the other leg", x.calf_swelling_3cm)
    veins = finding(w, "collateral (non-varicose) superficial veins", x.collateral_superficial_veins)
    leg = finding(w, "entire leg swollen", x.entire_leg_swollen)
    tender = finding(w, "localised tenderness along the deep venous system", x.localized_tenderness)
    edema = finding(w, "pitting oedema confined to the symptomatic leg", x.pitting_edema)
    paresis = finding(w, "paralysis, paresis or recent plaster immobilisation", x.paralysis_or_immobilization)
    prior = finding(w, "previously documented DVT", x.previous_dvt)
    alt = finding(w, "alternative diagnosis as likely or more likely", x.alternative_diagnosis_as_likely, -2)
    parts = (cancer, bed, calf, veins, leg, tender, edema, paresis, prior)
    total = w.step("total", " + ".join(map(str, parts)) + f" − {-alt}", sum(parts) + alt, "points")
    three = "low" if total <= 0 else "moderate" if total <= 2 else "high"
    two = "DVT likely" if total >= 2 else "DVT unlikely"
    w.interpretation = f"{three} probability (three-tier: ≤ 0 low, 1-2 moderate, ≥ 3 high); {two} (two-tier: ≥ 2 likely)"
    return total
