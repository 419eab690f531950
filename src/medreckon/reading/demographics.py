"""The patient's sex and race as a note states them, read by rules: a small model asked for them
among a dozen other inputs wrote "female" for "a 59-year-old man" (MedCalc-Bench design
sample), while the words that say it are few and plain.

    read_sex("A 59-year-old man ...")          # "male"
    read_race("A 60-year-old African American woman ...")  # "black"

Sex: the age-and-sex shorthand of clinical notes ("71 y/o M", "a 45 yo F", "67M"), else the
first noun that names the patient's sex ("man", "woman", "male", "female", "boy",
"girl", "gentleman", "lady"), else the pronouns when one side outnumbers the other at least
three to one; None when the note does not say. Words about relatives ("his mother", "her
husband") are not the patient's. Race: "black" for "Black" or "African American", else None
(the calculator's own default applies, with its warning).
"""

from __future__ import annotations

import re

from .lexicon import lexicon
from .quantities import AGE_UNITS

_SEX = lexicon().cues["demographics"]
_NOUN = re.compile(_SEX["nouns"], re.I)
_FEMALE_NOUNS = frozenset(_SEX["female_nouns"])
_HE = re.compile(_SEX["he"], re.I)
_SHE = re.compile(_SEX["she"], re.I)
# "71 y/o M", "45 yo F", "58 y.o. male": an age with its unit and the sex
_SHORTHAND = re.compile(rf"\b\d{{1,3}}\s*-?(?:{'|'.join(map(re.escape, AGE_UNITS))})\s*(m|f|male|female)\b", re.I)
# "67M", "Pt 72F": a bare age and a capital M or F (case sensitive; see the lexicon)
_BARE = re.compile(_SEX["bare_age_sex"])
_BLACK = re.compile(_SEX["black"], re.I)


def read_sex(note: str) -> str | None:
    """"male", "female" or None (see the module docstring)."""
    return sex_in(note)[0]


def sex_in(note: str) -> tuple[str | None, tuple[int, int] | None]:
    """`read_sex` with where the note says it ((start, end); None when read from the pronouns)."""
    if not isinstance(note, str):
        raise TypeError(f"note must be text, got {type(note).__name__}")
    short = _SHORTHAND.search(note) or _BARE.search(note)
    if short:
        return ("female" if short.group(1).lower().startswith("f") else "male"), short.span()
    for m in _NOUN.finditer(note):
        before = note[max(0, m.start() - 30):m.start()]
        if re.search(r"\b(?:his|her|their)\s+(?:\w+\s+)?$", before, re.I):
            continue  # "her male partner"
        return ("female" if m.group(1).lower() in _FEMALE_NOUNS else "male"), m.span()
    he, she = len(_HE.findall(note)), len(_SHE.findall(note))
    if he >= 3 * max(she, 1) or (he and not she):
        return "male", None
    if she >= 3 * max(he, 1) or (she and not he):
        return "female", None
    return None, None


def read_race(note: str) -> str | None:
    """"black" when the note says Black or African American, else None."""
    return race_in(note)[0]


def race_in(note: str) -> tuple[str | None, tuple[int, int] | None]:
    """`read_race` with where the note says it."""
    if not isinstance(note, str):
        raise TypeError(f"note must be text, got {type(note).__name__}")
    m = _BLACK.search(note)
    return ("black", m.span()) if m else (None, None)
