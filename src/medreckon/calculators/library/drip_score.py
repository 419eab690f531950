"""DRIP score: drug-resistant pathogens in community-onset pneumonia (Webb 2016)."""

from __future__ import annotations

from ..fields import Finding, Inputs
from ..points import finding, sum_points
from ..spec import Output, Reference, Secondary, Working, calculator

MAJOR = (("antibiotics_60_days", "antibiotic use within 60 days"), ("long_term_care", "long-term care resident"),
         ("tube_feeding", "tube feeding"), ("prior_resistant_infection", "prior drug-resistant infection within 1 year"))
MINOR = (("hospitalized_60_days", "hospitalisation within 60 days"), ("chronic_pulmonary_disease", "chronic pulmonary "
         "disease"), ("poor_functional_status", "poor functional status"), ("acid_suppression", "H2 blocker or PPI "
         "within 14 days"), ("wound_care", "active wound care"), ("mrsa_colonization", "MRSA colonisation within 1 year"))
HIGH_RISK = 4  # points


class DRIPInputs(Inputs):
    antibiotics_60_days: bool = Finding("Systemic antibiotic use within the last 60 days (2 points).")
    long_term_care: bool = Finding("Residence in a long-term care facility (2 points).")
    tube_feeding: bool = Finding("Tube feeding (2 points).")
    prior_resistant_infection: bool = Finding("Infection with a drug-resistant pathogen within 1 year (2 points).")
    hospitalized_60_days: bool = Finding("Hospitalisation within the last 60 days (1 point).")
    chronic_pulmonary_disease: bool = Finding("Chronic pulmonary disease (1 point).")
    poor_functional_status: bool = Finding("Poor functional status: Karnofsky < 70, non-ambulatory (1 point).")
    acid_suppression: bool = Finding("H2 blocker or proton pump inhibitor within 14 days (1 point).")
    wound_care: bool = Finding("Active wound care at admission (1 point).")
    mrsa_colonization: bool = Finding("MRSA colonisation within 1 year (1 point).")


@calculator(
    id="drip-score",
    name="Drug Resistance in Pneumonia (DRIP) Score",
    aliases=("drip", "drug-resistance-in-pneumonia"),
    kind="score",
    specialty="infectious disease",
    output=Output("points", "integer", 0, range=(0, 14), secondary=(
        Secondary("risk", "Low (< 4 points) or High (≥ 4)", None, "text"),
    )),
    inputs=DRIPInputs,
    references=(
        Reference("Webb BJ, Dascomb K, Stenehjem E, et al. Derivation and multicenter validation of the drug "
                  "resistance in pneumonia clinical prediction score. Antimicrob Agents Chemother. 2016;60(5):2652-2663.",
                  "https://doi.org/10.1128/AAC.03071-15"),
        Reference("MDCalc: Drug Resistance in Pneumonia (DRIP) Score.",
                  "https://www.mdcalc.com/calc/10175/drug-resistance-pneumonia-drip-score"),
    ),
    formula="Major risk factors 2 points each (antibiotics within 60 days, long-term care, tube feeding, prior "
    "drug-resistant infection within 1 year); minor 1 point each (hospitalisation within 60 days, chronic pulmonary "
    "disease, poor functional status, H2 blocker or PPI within 14 days, active wound care, MRSA colonisation within 1 "
    "year). ≥ 4 high risk",
    description="Risk that community-onset pneumonia is caused by a drug-resistant pathogen, to decide on "
    "extended-spectrum antibiotics (< 4: treat without them).",
    example={"acid_suppression": True},
)
def drip_score(x: DRIPInputs, w: Working) -> int:
    total = sum_points(w, [finding(w, what, getattr(x, name), 2) for name, what in MAJOR]
                       + [finding(w, what, getattr(x, name)) for name, what in MINOR])
    high = total >= HIGH_RISK
    w.output("risk", "High" if high else "Low")
    w.interpretation = ("high risk of drug-resistant pneumonia: consider extended-spectrum antibiotics" if high else
                        "low risk: consider treating without extended-spectrum antibiotics")
    return total
