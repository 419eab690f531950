"""Modified Duke criteria for infective endocarditis (Li 2000, modifying Durack 1994)."""

from __future__ import annotations

from ..fields import Finding, Inputs
from ..points import any_of
from ..spec import Output, Reference, Working, calculator
from .duke_iscvid_2023 import classify

CLASSES = ("Definite", "Possible", "Rejected")
MINOR = (("predisposition", "predisposition"), ("fever", "fever"), ("vascular phenomena", "vascular_phenomena"),
         ("immunologic phenomena", "immunologic_phenomena"), ("microbiologic evidence", "microbiologic_minor"))


class DukeInputs(Inputs):
    pathologic_criteria: bool = Finding(
        "Pathologic criteria: microorganisms shown by culture or histology in a vegetation, an embolised vegetation "
        "or an intracardiac abscess; or active endocarditis confirmed by histology of a vegetation or abscess.")
    positive_blood_cultures: bool = Finding(
        "Major: blood cultures positive for endocarditis: typical organisms (viridans streptococci, S. bovis, HACEK, "
        "S. aureus, community-acquired enterococci without a primary focus) from 2 separate cultures; persistently "
        "positive cultures (≥ 2 drawn > 12 hours apart, or all of 3 or most of ≥ 4 with the first and last ≥ 1 hour "
        "apart); or a single culture for Coxiella burnetii or anti-phase I IgG > 1:800.")
    endocardial_involvement: bool = Finding(
        "Major: evidence of endocardial involvement: echocardiography showing a vegetation, abscess or new partial "
        "dehiscence of a prosthetic valve; or new valvular regurgitation.")
    predisposition: bool = Finding("Minor: predisposing heart condition or injection drug use.")
    fever: bool = Finding("Minor: fever, temperature ≥ 38.0 °C (100.4 °F).")
    vascular_phenomena: bool = Finding(
        "Minor: vascular phenomena: major arterial emboli, septic pulmonary infarcts, mycotic aneurysm, intracranial "
        "haemorrhage, conjunctival haemorrhages, Janeway lesions.")
    immunologic_phenomena: bool = Finding("Minor: immunologic phenomena: glomerulonephritis, Osler nodes, Roth spots, "
                                          "rheumatoid factor.")
    microbiologic_minor: bool = Finding(
        "Minor: microbiologic evidence: positive blood culture not meeting a major criterion (excluding single "
        "cultures of coagulase-negative staphylococci and organisms that do not cause endocarditis), or serology of "
        "active infection with an organism consistent with endocarditis.")
    alternate_diagnosis: bool = Finding("Rejection: a firm alternate diagnosis explaining the evidence.")
    resolution_short_antibiotics: bool = Finding("Rejection: resolution of the syndrome with antibiotic therapy of 4 "
                                                 "days or less.")
    no_evidence_at_surgery: bool = Finding("Rejection: no pathologic evidence at surgery or autopsy after antibiotic "
                                           "therapy of 4 days or less.", absence=True)


@calculator(
    id="duke-criteria",
    name="Duke Criteria for Infective Endocarditis",
    aliases=("modified-duke-criteria", "duke-endocarditis"),
    kind="score",
    specialty="infectious disease",
    output=Output(None, "category", categories=CLASSES),
    inputs=DukeInputs,
    references=(
        Reference("Li JS, Sexton DJ, Mick N, et al. Proposed modifications to the Duke criteria for the diagnosis of "
                  "infective endocarditis. Clin Infect Dis. 2000;30(4):633-638.", "https://doi.org/10.1086/313753"),
        Reference("Durack DT, Lukes AS, Bright DK. New criteria for diagnosis of infective endocarditis: utilization "
                  "of specific echocardiographic findings. Duke Endocarditis Service. Am J Med. 1994;96(3):200-209."),
        Reference("MDCalc. Duke Criteria for Infective Endocarditis."),
    ),
    formula="Definite: pathologic criteria, or 2 major, or 1 major + 3 minor, or 5 minor. Possible: 1 major + 1 "
    "minor, or 3 minor. Rejected: a firm alternate diagnosis, resolution with ≤ 4 days of antibiotics, no evidence at "
    "surgery or autopsy after ≤ 4 days of antibiotics, or too few criteria. Major: positive blood cultures; "
    "endocardial involvement. Minor: predisposition, fever ≥ 38 °C, vascular, immunologic, microbiologic.",
    description="Diagnostic classification of infective endocarditis by the modified Duke criteria (Li 2000). "
    "Superseded in 2023 by the Duke-ISCVID criteria (duke-iscvid-2023), which add newer tests.",
    example={"positive_blood_cultures": True, "endocardial_involvement": True, "predisposition": True,
             "fever": True, "vascular_phenomena": True},
)
def duke_criteria(x: DukeInputs, w: Working) -> str:
    pathologic = any_of(w, "pathologic criteria", (("pathologic criteria", x.pathologic_criteria),), 1, None)
    majors = (any_of(w, "major: blood cultures", (("positive blood cultures", x.positive_blood_cultures),), 1,
                     "criteria")
              + any_of(w, "major: endocardial involvement", (("endocardial involvement", x.endocardial_involvement),),
                       1, "criteria"))
    minors = sum(any_of(w, f"minor: {what}", ((what, getattr(x, n)),), 1, "criteria") for what, n in MINOR)
    rejected = bool(x.alternate_diagnosis or x.resolution_short_antibiotics or x.no_evidence_at_surgery)
    label = CLASSES[classify(w, bool(pathologic), majors, minors, rejected)]
    w.interpretation = f"{label} infective endocarditis by the modified Duke criteria ({majors} major, {minors} minor)"
    return label
