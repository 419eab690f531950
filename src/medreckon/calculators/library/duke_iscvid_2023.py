"""2023 Duke-International Society for Cardiovascular Infectious Diseases (ISCVID) criteria for
infective endocarditis (Fowler 2023). Also the clinical classification both Duke versions share."""

from __future__ import annotations

from ..fields import Finding, Inputs
from ..points import any_of
from ..spec import Output, Reference, Working, calculator

CLASSES = ("Definite endocarditis", "Possible endocarditis", "Rejected endocarditis")


def classify(w: Working, pathologic: bool, majors: int, minors: int, rejected: bool) -> int:
    """0 definite, 1 possible, 2 rejected: pathology, or 2 major, 1 major + 3 minor or 5 minor criteria make it
    definite; 1 major + 1 minor or 3 minor possible; otherwise (or a rejection criterion) rejected."""
    w.step("major criteria", str(majors), majors, "criteria")
    w.step("minor criteria", str(minors), minors, "criteria")
    if pathologic:
        return w.step("classification", "pathologic criterion met", 0)
    if majors >= 2 or majors == 1 and minors >= 3 or minors >= 5:
        return w.step("classification", f"{majors} major + {minors} minor: definite clinical criteria", 0)
    if rejected:
        return w.step("classification", "a rejection criterion is met", 2)
    if majors == 1 and minors >= 1 or minors >= 3:
        return w.step("classification", f"{majors} major + {minors} minor: possible", 1)
    return w.step("classification", f"{majors} major + {minors} minor: too few for possible", 2)


class DukeISCVIDInputs(Inputs):
    pathologic_microorganisms: bool = Finding(
        "Pathologic criterion: microorganisms identified (culture, histology, immunohistochemistry or nucleic-acid "
        "test) in a vegetation, cardiac tissue, explanted prosthetic valve or sewing ring, ascending aortic graft, "
        "intracardiac device or arterial embolus.")
    pathologic_active_endocarditis: bool = Finding(
        "Pathologic criterion: active endocarditis on histology of a vegetation, cardiac tissue, prosthesis or "
        "embolus.")
    typical_organism_two_cultures: bool = Finding(
        "Major (microbiologic): a typical organism (S. aureus, S. lugdunensis, E. faecalis, streptococci other than "
        "S. pneumoniae and S. pyogenes, Granulicatella, Abiotrophia, Gemella, HACEK) from ≥ 2 separate blood culture "
        "sets.")
    nontypical_organism_three_cultures: bool = Finding(
        "Major (microbiologic): a non-typical organism from ≥ 3 separate blood culture sets.")
    blood_pcr_positive: bool = Finding(
        "Major (microbiologic): positive PCR or other nucleic-acid test of blood for Coxiella burnetii, Bartonella "
        "species or Tropheryma whipplei.")
    coxiella_serology: bool = Finding("Major (microbiologic): Coxiella burnetii anti-phase I IgG > 1:800, or the "
                                      "organism isolated from a single blood culture.")
    bartonella_serology: bool = Finding("Major (microbiologic): Bartonella henselae or quintana IgG ≥ 1:800 by "
                                        "indirect immunofluorescence.")
    echo_or_ct_lesion: bool = Finding(
        "Major (imaging): echocardiography or cardiac CT showing a vegetation, valvular or leaflet perforation or "
        "aneurysm, abscess, pseudoaneurysm or intracardiac fistula.")
    new_regurgitation_on_echo: bool = Finding(
        "Major (imaging): significant new valvular regurgitation on echocardiography compared with earlier imaging "
        "(worsening of a known regurgitation is not enough).")
    prosthetic_dehiscence: bool = Finding("Major (imaging): new partial dehiscence of a prosthetic valve compared with "
                                          "earlier imaging.")
    pet_ct_activity: bool = Finding(
        "Major (imaging): abnormal [18F]FDG PET/CT activity involving a native or prosthetic valve, ascending aortic "
        "graft, intracardiac device leads or other prosthetic material (more than 3 months after implantation).")
    surgical_evidence: bool = Finding(
        "Major (surgical): endocarditis seen by direct inspection during cardiac surgery, with neither major imaging "
        "criteria nor later histologic or microbiologic confirmation.")
    predisposition: bool = Finding(
        "Minor: predisposition: previous endocarditis, prosthetic valve, previous valve repair, congenital heart "
        "disease, more than mild regurgitation or stenosis, endovascular cardiac implantable electronic device, "
        "hypertrophic obstructive cardiomyopathy, or injection drug use.")
    fever: bool = Finding("Minor: fever, temperature > 38.0 °C (100.4 °F).")
    vascular_phenomena: bool = Finding(
        "Minor: vascular phenomena: arterial emboli, septic pulmonary infarcts, cerebral or splenic abscess, mycotic "
        "aneurysm, intracranial haemorrhage, conjunctival haemorrhages, Janeway lesions, purulent purpura.")
    immunologic_phenomena: bool = Finding(
        "Minor: immunologic phenomena: positive rheumatoid factor, Osler nodes, Roth spots, immune-complex "
        "glomerulonephritis.")
    microbiologic_minor: bool = Finding(
        "Minor: microbiologic evidence short of a major criterion (e.g. positive cultures for an organism consistent "
        "with endocarditis, or a positive culture, PCR or test from a sterile site other than cardiac tissue).")
    pet_ct_early_activity: bool = Finding("Minor (imaging): abnormal FDG PET/CT activity within 3 months of "
                                          "implantation of prosthetic material.")
    new_murmur_without_echo: bool = Finding("Minor (physical examination): new valvular regurgitation heard on "
                                            "auscultation when echocardiography is not available.")
    alternate_diagnosis: bool = Finding("Rejection: a firm alternate diagnosis explaining the signs and symptoms.")
    resolution_short_antibiotics: bool = Finding("Rejection: no recurrence despite antibiotic therapy of less than 4 "
                                                 "days.")
    no_evidence_at_surgery: bool = Finding("Rejection: no pathologic or macroscopic evidence of endocarditis at "
                                           "surgery or autopsy after antibiotic therapy of less than 4 days.", absence=True)


MICROBIOLOGIC = (("typical organism ≥ 2 cultures", "typical_organism_two_cultures"),
                 ("non-typical organism ≥ 3 cultures", "nontypical_organism_three_cultures"),
                 ("blood PCR", "blood_pcr_positive"), ("Coxiella", "coxiella_serology"),
                 ("Bartonella", "bartonella_serology"))
IMAGING = (("echo/CT lesion", "echo_or_ct_lesion"), ("new regurgitation", "new_regurgitation_on_echo"),
           ("prosthetic dehiscence", "prosthetic_dehiscence"), ("FDG PET/CT", "pet_ct_activity"))
MINOR = (("predisposition", "predisposition"), ("fever", "fever"), ("vascular phenomena", "vascular_phenomena"),
         ("immunologic phenomena", "immunologic_phenomena"), ("microbiologic evidence", "microbiologic_minor"),
         ("early FDG PET/CT activity", "pet_ct_early_activity"), ("new murmur", "new_murmur_without_echo"))


@calculator(
    id="duke-iscvid-2023",
    name="2023 Duke-International Society for Cardiovascular Infectious Diseases (ISCVID) Criteria",
    aliases=("duke-iscvid", "2023-duke-iscvid-criteria"),
    kind="score",
    specialty="infectious disease",
    output=Output(None, "category", categories=CLASSES),
    inputs=DukeISCVIDInputs,
    references=(
        Reference("Fowler VG Jr, Durack DT, Selton-Suty C, et al. The 2023 Duke-International Society for "
                  "Cardiovascular Infectious Diseases Criteria for Infective Endocarditis: Updating the Modified Duke "
                  "Criteria. Clin Infect Dis. 2023;77(4):518-526.", "https://doi.org/10.1093/cid/ciad271"),
        Reference("MDCalc. 2023 Duke-International Society for Cardiovascular Infectious Diseases (ISCVID) Criteria."),
    ),
    formula="Major: microbiologic (any of: typical organism in ≥ 2 blood cultures, non-typical in ≥ 3, blood PCR for "
    "Coxiella/Bartonella/T. whipplei, Coxiella phase I IgG > 1:800, Bartonella IgG ≥ 1:800); imaging (any of: "
    "lesion on echo or cardiac CT, new regurgitation, prosthetic dehiscence, FDG PET/CT activity); surgical. Minor: "
    "predisposition, fever > 38 °C, vascular, immunologic, microbiologic, early PET/CT, new murmur without echo. "
    "Definite: a pathologic criterion, or 2 major, 1 major + 3 minor, 5 minor. Possible: 1 major + 1 minor, or 3 "
    "minor. Rejected: a rejection criterion without definite criteria, or too few criteria.",
    description="Diagnostic classification of infective endocarditis by the 2023 update of the modified Duke "
    "criteria, which adds PCR and serology, cardiac CT, FDG PET/CT and surgical inspection. Each group of major "
    "criteria (microbiologic, imaging, surgical) counts once however many of its items are met.",
    example={"typical_organism_two_cultures": True, "echo_or_ct_lesion": True, "new_regurgitation_on_echo": True,
             "fever": True, "vascular_phenomena": True},
)
def duke_iscvid_2023(x: DukeISCVIDInputs, w: Working) -> str:
    pathologic = any_of(w, "pathologic criteria", (("microorganisms", x.pathologic_microorganisms),
                                                  ("active endocarditis", x.pathologic_active_endocarditis)), 1, None)
    majors = (any_of(w, "major: microbiologic", ((what, getattr(x, n)) for what, n in MICROBIOLOGIC), 1, "criteria")
              + any_of(w, "major: imaging", ((what, getattr(x, n)) for what, n in IMAGING), 1, "criteria")
              + any_of(w, "major: surgical", (("surgical inspection", x.surgical_evidence),), 1, "criteria"))
    minors = sum(any_of(w, f"minor: {what}", ((what, getattr(x, n)),), 1, "criteria") for what, n in MINOR)
    rejected = bool(x.alternate_diagnosis or x.resolution_short_antibiotics or x.no_evidence_at_surgery)
    label = CLASSES[classify(w, bool(pathologic), majors, minors, rejected)]
    w.interpretation = f"{label} by the 2023 Duke-ISCVID criteria ({majors} major, {minors} minor)"
    return label
