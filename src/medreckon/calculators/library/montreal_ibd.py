"""Montreal classification of inflammatory bowel disease (Silverberg 2005; Satsangi 2006)."""

from __future__ import annotations

from itertools import product

from pydantic import Field

from ..fields import Age, Inputs, choice
from ..rules import Is, RequiredWhen
from ..spec import Output, Reference, Working, calculator, fmt

EXTENT = ("E1", "E2", "E3")
SEVERITY = ("S0", "S1", "S2", "S3")
LOCATION = ("L1", "L2", "L3", "L4")
BEHAVIOUR = ("B1", "B2", "B3")
CD_LOCATIONS = ("L1", "L2", "L3", "L1+L4", "L2+L4", "L3+L4", "L4")
LABELS = (*(f"{e} {s}" for e, s in product(EXTENT, SEVERITY)),
          *(f"A{a} {loc} {b}{p}" for a, loc, b, p in product((1, 2, 3), CD_LOCATIONS, BEHAVIOUR, ("", "p"))))

UC = Is("disease", "ulcerative_colitis")
CD = Is("disease", "crohns_disease")


class MontrealInputs(Inputs):
    disease: choice("ulcerative_colitis", "crohns_disease") = Field(description="'ulcerative_colitis' or "
                                                                    "'crohns_disease'.")
    extent: choice(*EXTENT) | None = Field(None, description=(
        "Ulcerative colitis only - maximal extent at colonoscopy: 'E1' ulcerative proctitis (rectum only); 'E2' "
        "left-sided (distal to the splenic flexure); 'E3' extensive (proximal to the splenic flexure, pancolitis)."))
    severity: choice(*SEVERITY) | None = Field(None, description=(
        "Ulcerative colitis only - 'S0' clinical remission; 'S1' mild (≤ 4 stools/day with or without blood, no "
        "systemic illness, normal inflammatory markers); 'S2' moderate (> 4 stools/day, minimal signs of systemic "
        "toxicity); 'S3' severe (≥ 6 bloody stools/day, pulse ≥ 90, temperature ≥ 37.5 °C, haemoglobin < 10.5 g/dL, "
        "ESR ≥ 30 mm/h)."))
    age_at_diagnosis: Age | None = Field(None, description="Crohn's disease only - age in years at diagnosis: "
                                         "≤ 16 is A1, 17-40 A2, > 40 A3.")
    location: choice(*LOCATION) | None = Field(None, description=(
        "Crohn's disease only - 'L1' terminal ileum, 'L2' colon, 'L3' ileocolon, 'L4' isolated upper GI disease."))
    upper_gi_involvement: bool = Field(False, description="Crohn's disease only - upper GI disease as well as L1-L3 "
                                       "(the L4 modifier, written L1+L4).")
    behaviour: choice(*BEHAVIOUR) | None = Field(None, description=(
        "Crohn's disease only - 'B1' non-stricturing, non-penetrating; 'B2' stricturing; 'B3' penetrating."))
    perianal_disease: bool = Field(False, description="Crohn's disease only - perianal disease (the 'p' modifier).")

    rules = (
        RequiredWhen(("extent", "severity"), (UC,), "the extent and severity of ulcerative colitis"),
        RequiredWhen(("age_at_diagnosis", "location", "behaviour"), (CD,),
                     "the age at diagnosis, location and behaviour of Crohn's disease"),
    )


@calculator(
    id="montreal-ibd",
    name="Montreal Classification for Inflammatory Bowel Disease (IBD)",
    aliases=("montreal-classification",),
    kind="score",
    specialty="gastroenterology",
    output=Output(None, "category", categories=LABELS),
    inputs=MontrealInputs,
    references=(
        Reference("Silverberg MS, Satsangi J, Ahmad T, et al. Toward an integrated clinical, molecular and serological "
                  "classification of inflammatory bowel disease: report of a Working Party of the 2005 Montreal World "
                  "Congress of Gastroenterology. Can J Gastroenterol. 2005;19 Suppl A:5A-36A.",
                  "https://doi.org/10.1155/2005/269076"),
        Reference("Satsangi J, Silverberg MS, Vermeire S, Colombel JF. The Montreal classification of inflammatory "
                  "bowel disease: controversies, consensus, and implications. Gut. 2006;55(6):749-753.",
                  "https://doi.org/10.1136/gut.2005.082909"),
    ),
    formula="Ulcerative colitis: extent E1-E3 and severity S0-S3 ('E2 S3'). Crohn's disease: age at diagnosis A1 "
    "≤ 16, A2 17-40, A3 > 40 years; location L1-L3, L4 isolated upper GI or +L4 as a modifier; behaviour B1-B3 with "
    "'p' for perianal disease ('A2 L3+L4 B2p').",
    description="Phenotype of inflammatory bowel disease in the Montreal notation: for ulcerative colitis its "
    "extent and severity, for Crohn's disease the age at diagnosis, location and behaviour.",
    example={"disease": "ulcerative_colitis", "extent": "E2", "severity": "S3"},
)
def montreal_ibd(x: MontrealInputs, w: Working) -> str:
    if x.disease == "ulcerative_colitis":
        label = w.step("Montreal class (UC)", f"extent {x.extent}, severity {x.severity}", f"{x.extent} {x.severity}")
        w.interpretation = f"ulcerative colitis {label}"
        return label
    age = x.age_at_diagnosis
    a = w.step("age at diagnosis", f"{fmt(age)} years", 1 if age <= 16 else 2 if age <= 40 else 3)
    location = x.location if x.location == "L4" or not x.upper_gi_involvement else f"{x.location}+L4"
    label = w.step("Montreal class (Crohn's)", f"A{a}, {location}, {x.behaviour}{' perianal' if x.perianal_disease else ''}",
                   f"A{a} {location} {x.behaviour}{'p' if x.perianal_disease else ''}")
    w.interpretation = f"Crohn's disease {label}"
    return label
