"""Time in a note's wording: which sentence or clause speaks of a later time point, of the past,
or of months and years back — shared by the quantity scanner (the value at presentation), the
choice phrases (a current-state choice) and the finding criteria (`previous_…`, `recent_…`)."""

from __future__ import annotations

import re

from .lexicon import lexicon

_TIME = lexicon().cues["time"]
# A later time point than presentation: "on day 3", "after treatment", "at discharge"
LATER = re.compile(_TIME["later"], re.I)
# A clause about the past, for a choice that is the patient's state now (Phrases.current)
PAST = re.compile(_TIME["past"], re.I)
# A sentence that speaks of the past at all, for a criterion of the past (Scope when="past")
PREVIOUS = re.compile(_TIME["previous"], re.I)
# A clause about months or years back: no recent criterion (Scope when="recent")
DISTANT = re.compile(_TIME["distant"], re.I)


def sentence_at(text: str, pos: int) -> str:
    """The sentence around a position: to the full stop, semicolon or line break on either side."""
    start = max(text.rfind(".", 0, pos), text.rfind(";", 0, pos), text.rfind("\n", 0, pos)) + 1
    ends = [i for i in (text.find(".", pos), text.find(";", pos), text.find("\n", pos)) if i >= 0]
    return text[start:min(ends) if ends else len(text)]


def clause_at(text: str, start: int, end: int) -> str:
    """The clause around a match: to the punctuation on either side ("fully ambulatory, has
    had no surgery in the past month" -> "fully ambulatory")."""
    before = max(text.rfind(c, 0, start) for c in ".;,\n") + 1
    ends = [i for i in (text.find(c, end) for c in ".;,\n") if i >= 0]
    return text[before:min(ends) if ends else len(text)]

