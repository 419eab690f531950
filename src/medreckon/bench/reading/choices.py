"""A graded choice read from the note by the phrases its calculator declares for each option
(`fields.NotePhrases`): "She opens her eyes and withdraws in response to painful stimuli" is
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
from collections.abc import Sequence

from ...calculators.fields import NotePhrases
from .context import RELATIVE
from .quantities import LATER


@functools.lru_cache(maxsize=512)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I)


# A match right after a negation ("no asterixis", "without localizing", "does not follow commands")
# states the option's absence, unless the phrase itself is the negation ("no eye opening").
_NEGATION = re.compile(r"\b(?:no|not|\w+n't|without|denies|denied|negative for|absence of|absent|free of|never|nor)(?:\s+\w+){0,2}\s*$", re.I)
# ... or inside a list a negation opens ("denies heart disease, diabetes and kidney disease"); not
# after "not", which negates a clause rather than a list ("not oriented, opens eyes to voice")
_LIST_NEGATION = re.compile(r"\b(?:no|without|denies|denied|negative for|free of)(?:\s+[\w'-]+){1,3}"
                            r"(?:(?:\s*,\s*|\s+(?:or|and|nor)\s+|\s*,\s*(?:or|and)\s+)(?:[\w'-]+\s+){0,2}[\w'-]+)*"
                            r"(?:\s*,\s*|\s+(?:or|and|nor)\s+|\s*,\s*(?:or|and)\s+)$", re.I)
_NEGATIVE_PHRASE = re.compile(r"^(?:no|not|without|does|did|never|absence|negative|free)\b", re.I)


def _sentence_at(text: str, pos: int) -> str:
    start = max(text.rfind(".", 0, pos), text.rfind(";", 0, pos), text.rfind("\n", 0, pos)) + 1
    ends = [i for i in (text.find(".", pos), text.find(";", pos), text.find("\n", pos)) if i >= 0]
    return text[start:min(ends) if ends else len(text)]


def clause_at(text: str, start: int, end: int) -> str:
    """The clause around a match: to the punctuation on either side ("fully ambulatory, has
    had no surgery in the past month" -> "fully ambulatory")."""
    before = max(text.rfind(c, 0, start) for c in ".;,\n") + 1
    ends = [i for i in (text.find(c, end) for c in ".;,\n") if i >= 0]
    return text[before:min(ends) if ends else len(text)]


# A clause about the past, for a choice that is the patient's state now (NotePhrases.current).
PAST = re.compile(r"\b(?:ago|previous(?:ly)?|prior to (?:this|the)|last (?:year|month|week)|years? (?:earlier|before)|"
                  r"history of|in (?:19|20)\d\d|before (?:the|this) (?:accident|admission|injury|illness))\b", re.I)

Phrases = NotePhrases | Sequence[tuple[str, Sequence[str]]]


def matches(note: str, phrases: Phrases) -> dict[str, list[str]]:
    """{option: the note's words that state it} for each option some phrase of which matches,
    leaving out a match after a negation (or in a list a negation opens), one in a sentence about
    a later time point ("after 2 hours of observation he opens his eyes to voice"), one in a
    clause about a relative ("her mother had breast cancer") and, for a `current` choice, one in
    a clause about the past."""
    if not isinstance(note, str):
        raise TypeError(f"note must be text, got {type(note).__name__}")
    text = note.replace("\u2019", "'")
    current = isinstance(phrases, NotePhrases) and phrases.current
    found: dict[str, list[str]] = {}
    for option, patterns in phrases:
        for p in patterns:
            for m in _compiled(p).finditer(text):
                lead = text[max(0, m.start() - 80):m.start()]
                negated = not _NEGATIVE_PHRASE.match(m.group(0)) and (
                    _NEGATION.search(lead[-40:]) or _LIST_NEGATION.search(lead[lead.rfind(".") + 1:]))
                clause = clause_at(text, m.start(), m.end())
                if negated or LATER.search(_sentence_at(text, m.start())) or RELATIVE.search(clause) or (
                        current and PAST.search(clause)):
                    continue
                found.setdefault(option, []).append(m.group(0))
    return found


def read_choice(note: str, phrases: Phrases) -> tuple[str | None, dict[str, list[str]]]:
    """(the one option the note states, the matches); None when no option is stated, or several
    are and the phrases are not `ranked` (then the first listed of them)."""
    found = matches(note, phrases)
    if isinstance(phrases, NotePhrases) and phrases.ranked and found:
        return next(option for option, _ in phrases if option in found), found
    return (next(iter(found)) if len(found) == 1 else None), found
