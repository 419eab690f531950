"""SLEDAI-2K: Systemic Lupus Erythematosus Disease Activity Index 2000 (Gladman 2002)."""

from __future__ import annotations

from pydantic import create_model

from ..fields import Finding, Inputs
from ..points import finding, sum_points
from ..spec import Output, Reference, Working, calculator

# (field, what, weight, definition): descriptors present at the visit or in the preceding 10 days
ITEMS = (
    ("seizure", "seizure", 8, "Recent-onset seizure, excluding metabolic, infectious or drug causes."),
    ("psychosis", "psychosis", 8, "Psychosis: altered ability to function from a severe disturbance in the "
     "perception of reality, excluding uraemia and drugs."),
    ("organic_brain_syndrome", "organic brain syndrome", 8, "Organic brain syndrome: altered mental function with "
     "impaired orientation, memory or other intellectual function, rapid onset and fluctuating."),
    ("visual_disturbance", "visual disturbance", 8, "Retinal changes of SLE (cytoid bodies, haemorrhages, exudates, "
     "optic neuritis), excluding hypertensive, infectious or drug causes."),
    ("cranial_nerve_disorder", "cranial nerve disorder", 8, "New-onset sensory or motor neuropathy involving cranial "
     "nerves."),
    ("lupus_headache", "lupus headache", 8, "Severe persistent headache, possibly migrainous, not responding to "
     "narcotic analgesia."),
    ("stroke", "cerebrovascular accident", 8, "New-onset stroke, excluding atherosclerosis or hypertension."),
    ("vasculitis", "vasculitis", 8, "Vasculitis: ulceration, gangrene, tender finger nodules, periungual infarction, "
     "splinter haemorrhages, or biopsy or angiogram proof."),
    ("arthritis", "arthritis", 4, "Arthritis in 2 or more joints with signs of inflammation."),
    ("myositis", "myositis", 4, "Myositis: proximal muscle aching or weakness with raised CK/aldolase, EMG changes or a "
     "biopsy showing myositis."),
    ("urinary_casts", "urinary casts", 4, "Heme-granular or red blood cell urinary casts."),
    ("hematuria", "haematuria", 4, "Haematuria > 5 RBC per high-power field, excluding stones, infection or other "
     "causes."),
    ("proteinuria", "proteinuria", 4, "Proteinuria > 0.5 g/24 h."),
    ("pyuria", "pyuria", 4, "Pyuria > 5 WBC per high-power field, excluding infection."),
    ("rash", "rash", 2, "Inflammatory-type rash."),
    ("alopecia", "alopecia", 2, "Abnormal, patchy or diffuse loss of hair."),
    ("mucosal_ulcers", "mucosal ulcers", 2, "Oral or nasal ulcerations."),
    ("pleurisy", "pleurisy", 2, "Pleuritic chest pain with pleural rub, effusion or pleural thickening."),
    ("pericarditis", "pericarditis", 2, "Pericardial pain with a rub, effusion, or ECG or echocardiogram confirmation."),
    ("low_complement", "low complement", 2, "Decreased CH50, C3 or C4 below the laboratory's normal range."),
    ("increased_dna_binding", "increased DNA binding", 2, "Anti-dsDNA above the laboratory's normal range."),
    ("fever", "fever", 1, "Fever > 38 °C, excluding infection."),
    ("thrombocytopenia", "thrombocytopenia", 1, "Platelets < 100 × 10⁹/L, excluding drug causes."),
    ("leukopenia", "leukopenia", 1, "White cells < 3 × 10⁹/L, excluding drug causes."),
)

# one yes/no input per descriptor, its definition and weight as the description
SLEDAI2KInputs = create_model("SLEDAI2KInputs", __base__=Inputs, __module__=__name__, **{
    name: (bool, Finding(f"{definition} ({weight})")) for name, _, weight, definition in ITEMS})


@calculator(
    id="sledai-2k",
    name="Systemic Lupus Erythematosus Disease Activity Index 2000 (SLEDAI-2K)",
    aliases=("Systemic Lupus Erythematosus Disease Activity Index 2000 (SLEDAI-2K)", "sledai", "sledai2k"),
    kind="score",
    specialty="rheumatology",
    output=Output("points", "integer", 0, range=(0, 105)),
    inputs=SLEDAI2KInputs,
    references=(
        Reference("Gladman DD, Ibañez D, Urowitz MB. Systemic lupus erythematosus disease activity index 2000. "
                  "J Rheumatol. 2002;29(2):288-291."),
        Reference("MDCalc. Systemic Lupus Erythematosus Disease Activity Index 2000 (SLEDAI-2K).",
                  "https://www.mdcalc.com/calc/10008/systemic-lupus-erythematosus-disease-activity-index-2000-sledai-2k"),
    ),
    formula="Weighted descriptors present in the last 10 days: 8 each for seizure, psychosis, organic brain syndrome, "
    "visual disturbance, cranial nerve disorder, lupus headache, stroke, vasculitis; 4 each for arthritis, myositis, "
    "urinary casts, haematuria, proteinuria, pyuria; 2 each for rash, alopecia, mucosal ulcers, pleurisy, "
    "pericarditis, low complement, increased DNA binding; 1 each for fever, thrombocytopenia, leukopenia. Total "
    "0-105; 3-4 or more suggests active disease.",
    description="Lupus disease activity over the last 10 days; the 2000 version counts persistent (not only new) "
    "rash, alopecia, mucosal ulcers and proteinuria.",
    example={"arthritis": True, "rash": True, "low_complement": True, "increased_dna_binding": True},
)
def sledai_2k(x: SLEDAI2KInputs, w: Working) -> int:  # type: ignore[valid-type]
    total = sum_points(w, [finding(w, what, getattr(x, name), weight) for name, what, weight, _ in ITEMS])
    w.interpretation = ("≥ 4: active disease; the authors suggest 3 or 4 as the threshold to increase therapy"
                        if total >= 4 else "0-3: no or low disease activity (a cut-off of 3 or 4 defines active "
                        "disease)")
    return total
