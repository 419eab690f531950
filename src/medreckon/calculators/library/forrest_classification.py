"""Forrest classification of peptic ulcer bleeding at endoscopy (Forrest 1974), with rebleeding and mortality
without endoscopic therapy (Laine & Peterson 1994)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs, choice
from ..spec import Output, Reference, Secondary, Working, calculator

# finding -> (class as MDCalc shows it, rebleeding %, mortality %)
FINDINGS = {
    "active_spurting": ("1A", 55, 11),
    "active_oozing": ("1B", 55, 11),
    "non_bleeding_visible_vessel": ("2A", 43, 11),
    "adherent_clot": ("2B", 22, 7),
    "flat_pigmented_spot": ("2C", 10, 3),
    "clean_base": ("3", 5, 2),
}


class ForrestInputs(Inputs):
    finding: choice(*FINDINGS) = Field(description=(
        "Most severe stigma of the ulcer at endoscopy: 'active_spurting' (arterial spurting bleeding, Ia), "
        "'active_oozing' (oozing bleeding, Ib), 'non_bleeding_visible_vessel' (IIa), 'adherent_clot' (IIb), "
        "'flat_pigmented_spot' (haematin-covered flat spot, IIc), 'clean_base' (ulcer without signs of bleeding, III)."))


@calculator(
    id="forrest-classification",
    name="Forrest Classification of Upper GI Bleeding",
    aliases=("forrest", "forrest-class"),
    kind="score",
    specialty="gastroenterology",
    output=Output(None, "category", categories=tuple(v[0] for v in FINDINGS.values()), secondary=(
        Secondary("rebleeding_risk", "rebleeding rate without endoscopic therapy (Laine & Peterson 1994)", "%",
                  "integer"),
        Secondary("mortality", "mortality (Laine & Peterson 1994)", "%", "integer"),
    )),
    inputs=ForrestInputs,
    references=(
        Reference("Forrest JA, Finlayson ND, Shearman DJ. Endoscopy in gastrointestinal bleeding. Lancet. "
                  "1974;2(7877):394-397.", "https://doi.org/10.1016/S0140-6736(74)91770-X"),
        Reference("Laine L, Peterson WL. Bleeding peptic ulcer. N Engl J Med. 1994;331(11):717-727.",
                  "https://doi.org/10.1056/NEJM199409153311107"),
        Reference("MDCalc. Forrest Classification of Upper GI Bleeding.",
                  "https://www.mdcalc.com/calc/4030/forrest-classification-upper-gi-bleeding"),
    ),
    formula="1A spurting; 1B oozing; 2A non-bleeding visible vessel; 2B adherent clot; 2C flat pigmented spot; "
    "3 clean base. Rebleeding/mortality: 1A-1B 55%/11%; 2A 43%/11%; 2B 22%/7%; 2C 10%/3%; 3 5%/2%",
    description="Endoscopic stigmata of recent haemorrhage in peptic ulcer bleeding, ordered by the risk of "
    "rebleeding; classes 1A-2A (and 2B after clot removal) call for endoscopic haemostasis. Classes are written as "
    "MDCalc shows them (1A = Forrest Ia).",
    example={"finding": "non_bleeding_visible_vessel"},
)
def forrest_classification(x: ForrestInputs, w: Working) -> str:
    cls, rebleed, mortality = FINDINGS[x.finding]
    w.step("Forrest class", x.finding.replace("_", " "), cls)
    w.output("rebleeding_risk", rebleed)
    w.output("mortality", mortality)
    high = cls in ("1A", "1B", "2A")
    w.interpretation = (f"Forrest {cls}: rebleeding about {rebleed}% and mortality about {mortality}% without "
                        "endoscopic therapy; " + ("high-risk stigma: endoscopic haemostasis indicated" if high else
                                                  "consider clot removal and treatment of the underlying stigma"
                                                  if cls == "2B" else "low-risk stigma: no endoscopic therapy needed"))
    return cls
