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


@functools.lru_cache(maxsize=512)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I)


def matches(note: str, phrases: Sequence[tuple[str, Sequence[str]]]) -> dict[str, list[str]]:
    """{option: the note's words that state it} for each option some phrase of which matches."""
    if not isinstance(note, str):
        raise TypeError(f"note must be text, got {type(note).__name__}")
    text = note.replace("\u2019", "'")
    found: dict[str, list[str]] = {}
    for option, patterns in phrases:
        for p in patterns:
            for m in _compiled(p).finditer(text):
                found.setdefault(option, []).append(m.group(0))
    return found


def read_choice(note: str, phrases: Sequence[tuple[str, Sequence[str]]]) -> tuple[str | None, dict[str, list[str]]]:
    """(the one option the note states, the matches); None when no option or several are stated."""
    found = matches(note, phrases)
    return (next(iter(found)) if len(found) == 1 else None), found
