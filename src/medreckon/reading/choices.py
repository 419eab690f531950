"""A graded choice read from the note by the lexicon's phrases for each of its options
(`lexicon.Phrases`): "She opens her eyes and withdraws in response to painful stimuli" is
GCS eye opening to pain and withdrawal from pain.

    option, evidence = read_choice(note, spec.phrases)   # (None, [...]) when no option or several
                                                         # (the first listed where they are ranked)

The 1.5B model scored the lettered options of such a sentence almost uniformly (GCS, Child-Pugh,
HEART in the MedCalc-Bench design sample), so a choice the note states in words the calculator
knows is read by rule; one the phrases do not settle (no option or more than one named) is left
to the model.
"""

from __future__ import annotations

import functools
import re

from .context import RELATIVE
from .lexicon import Phrases, lexicon
from .timepoints import LATER, PAST, clause_at, sentence_at


@functools.lru_cache(maxsize=512)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I)


_NEG = lexicon().cues["negation"]
# A match right after a negation ("no asterixis", "without localizing", "does not follow commands")
# states the option's absence, unless the phrase itself is the negation ("no eye opening") ...
_NEGATION = re.compile(rf"\b(?:{'|'.join([*_NEG['words'], *_NEG['before_phrase']])})(?:\s+\w+){{0,2}}\s*$", re.I)
# ... or inside a list a negation opens ("denies heart disease, diabetes and kidney disease")
_AND = r"(?:\s*,\s*|\s+(?:or|and|nor)\s+|\s*,\s*(?:or|and)\s+)"  # between the items of a list
_LIST_NEGATION = re.compile(rf"\b(?:{'|'.join([*_NEG['words'], *_NEG['list_openers']])})(?:\s+[\w'-]+){{1,6}}"
                            rf"(?:{_AND}(?:[\w'-]+\s+){{0,2}}[\w'-]+)*{_AND}(?:(?:{'|'.join(_NEG['list_fillers'])})\s+){{0,3}}$", re.I)
_NEGATIVE_PHRASE = re.compile(rf"^(?:{'|'.join(_NEG['phrase_starts'])})\b", re.I)


def matches(note: str, phrases: Phrases) -> dict[str, list[str]]:
    """{option: the note's words that state it} for each option some phrase of which matches,
    leaving out a match after a negation (or in a list a negation opens), one in a sentence about
    a later time point ("after 2 hours of observation he opens his eyes to voice"), one in a
    clause about a relative ("her mother had breast cancer") and, for a `current` choice, one in
    a clause about the past."""
    return {option: [text for _, _, text in found] for option, found in match_spans(note, phrases).items()}


def match_spans(note: str, phrases: Phrases) -> dict[str, list[tuple[int, int, str]]]:
    """`matches` with where each match is: {option: [(start, end, words), ...]}."""
    if not isinstance(note, str):
        raise TypeError(f"note must be text, got {type(note).__name__}")
    text = note.replace("\u2019", "'")  # same length: offsets hold
    found: dict[str, list[tuple[int, int, str]]] = {}
    for option, patterns in phrases.patterns:
        for p in patterns:
            for m in _compiled(p).finditer(text):
                lead = text[max(0, m.start() - 200):m.start()]
                negated = not _NEGATIVE_PHRASE.match(m.group(0)) and (
                    _NEGATION.search(lead[-40:]) or _LIST_NEGATION.search(lead[lead.rfind(".") + 1:]))
                clause = clause_at(text, m.start(), m.end())
                if negated or LATER.search(sentence_at(text, m.start())) or RELATIVE.search(clause) or (
                        phrases.current and PAST.search(clause)):
                    continue
                found.setdefault(option, []).append((m.start(), m.end(), m.group(0)))
    return found


def read_choice(note: str, phrases: Phrases) -> tuple[str | None, dict[str, list[str]]]:
    """(the option the note states, the matches): the one named, or where several are named, the
    first listed if the phrases are `ranked`, else None; None when none is named."""
    found = matches(note, phrases)
    return chosen(phrases, found), found


def chosen(phrases: Phrases, found: dict[str, list[str]]) -> str | None:
    """The option `found` (`matches`) settles: the one named; of several, the first listed where
    the phrases are `ranked`, else None."""
    if phrases.ranked and found:
        return next(option for option, _ in phrases.patterns if option in found)
    return next(iter(found)) if len(found) == 1 else None
