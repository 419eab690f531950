"""A graded choice read from the note by the phrases its calculator declares for each option
(`fields.NotePhrases`): "She opens her eyes and withdraws in response to painful stimuli" is
GCS eye opening to pain and withdrawal from pain.

    option, evidence = read_choice(note, spec.phrases)   # (None, [...]) when no option or several

The 1.5B model scored the lettered options of such a sentence almost uniformly (GCS, Child-Pugh,
HEART in the MedCalc-Bench design sample), so a choice the note states in words the calculator
knows is read by rule; one the phrases do not settle (no option or more than one named) is left
to the model.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from .quantities import LATER


@functools.lru_cache(maxsize=512)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I)


# A match right after a negation ("no asterixis", "without localizing", "does not follow commands")
# states the option's absence, unless the phrase itself is the negation ("no eye opening").
_NEGATION = re.compile(r"\b(?:no|not|without|denies|denied|negative for|absence of|free of|never|nor)(?:\s+\w+){0,2}\s*$", re.I)
_NEGATIVE_PHRASE = re.compile(r"^(?:no|not|without|does|did|never|absence|negative|free)\b", re.I)


def _sentence_at(text: str, pos: int) -> str:
    start = max(text.rfind(".", 0, pos), text.rfind(";", 0, pos), text.rfind("\n", 0, pos)) + 1
    ends = [i for i in (text.find(".", pos), text.find(";", pos), text.find("\n", pos)) if i >= 0]
    return text[start:min(ends) if ends else len(text)]


def matches(note: str, phrases: Sequence[tuple[str, Sequence[str]]]) -> dict[str, list[str]]:
    """{option: the note's words that state it} for each option some phrase of which matches,
    leaving out a match after a negation and one in a sentence about a later time point ("after
    2 hours of observation he opens his eyes to voice")."""
    if not isinstance(note, str):
        raise TypeError(f"note must be text, got {type(note).__name__}")
    text = note.replace("\u2019", "'")
    found: dict[str, list[str]] = {}
    for option, patterns in phrases:
        for p in patterns:
            for m in _compiled(p).finditer(text):
                negated = not _NEGATIVE_PHRASE.match(m.group(0)) and _NEGATION.search(text[max(0, m.start() - 40):m.start()])
                if negated or LATER.search(_sentence_at(text, m.start())):
                    continue
                found.setdefault(option, []).append(m.group(0))
    return found


def read_choice(note: str, phrases: Sequence[tuple[str, Sequence[str]]]) -> tuple[str | None, dict[str, list[str]]]:
    """(the one option the note states, the matches); None when no option or several are stated."""
    found = matches(note, phrases)
    return (next(iter(found)) if len(found) == 1 else None), found
