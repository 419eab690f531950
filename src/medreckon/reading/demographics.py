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

from .quantities import AGE_UNITS

_NOUN = re.compile(r"\b(man|woman|male|female|boy|girl|gentleman|lady|men|women)\b", re.I)
_FEMALE_NOUNS = {"woman", "female", "girl", "lady", "women"}
_HE = re.compile(r"\b(he|his|him|himself|mr)\b", re.I)
_SHE = re.compile(r"\b(she|her|hers|herself|mrs|ms|pregnant|gravida)\b", re.I)
# "71 y/o M", "45 yo F", "58 y.o. male": an age with its unit and the sex
_SHORTHAND = re.compile(rf"\b\d{{1,3}}\s*-?(?:{'|'.join(map(re.escape, AGE_UNITS))})\s*(m|f|male|female)\b", re.I)
# "67M", "Pt 72F": a bare age and a capital M or F, opening the note, a line or a sentence (a
# "101F" elsewhere is a temperature, "1.63 m" a height)
_BARE = re.compile(r"(?:^|(?<=[.:;])\s+|\n\s*|\b[Pp]t\.?\s+)\d{1,3}([MF])\b")
_BLACK = re.compile(r"\b(african[- ]american|black)\b(?!\s+(?:stool|tarry|eschar|lesion|urine))", re.I)


def read_sex(note: str) -> str | None:
    """"male", "female" or None (see the module docstring)."""
    if not isinstance(note, str):
        raise TypeError(f"note must be text, got {type(note).__name__}")
    short = _SHORTHAND.search(note) or _BARE.search(note)
    if short:
        return "female" if short.group(1).lower().startswith("f") else "male"
    for m in _NOUN.finditer(note):
        before = note[max(0, m.start() - 30):m.start()]
        if re.search(r"\b(?:his|her|their)\s+(?:\w+\s+)?$", before, re.I):
            continue  # "her male partner"
        return "female" if m.group(1).lower() in _FEMALE_NOUNS else "male"
    he, she = len(_HE.findall(note)), len(_SHE.findall(note))
    if he >= 3 * max(she, 1) or (he and not she):
        return "male"
    if she >= 3 * max(he, 1) or (she and not he):
        return "female"
    return None


def read_race(note: str) -> str | None:
    """"black" when the note says Black or African American, else None."""
    if not isinstance(note, str):
        raise TypeError(f"note must be text, got {type(note).__name__}")
    return "black" if _BLACK.search(note) else None
