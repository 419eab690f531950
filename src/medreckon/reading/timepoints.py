"""Time in a note's wording: which sentence or clause speaks of a later time point, of the past,
or of months and years back — shared by the quantity scanner (the value at presentation), the
choice phrases (a current-state choice) and the finding criteria (`previous_…`, `recent_…`)."""

from __future__ import annotations

import re

# A later time point than presentation: "on day 3", "after treatment", "at discharge"
LATER = re.compile(r"\b(?:on day \d+|hospital day|day \d+ of|after (?:\w+ ){0,3}(?:treatment|therapy|"
                    r"admission|surgery|resuscitation)|later|subsequently|follow[- ]?up|at discharge|"
                    r"on discharge|repeat(?:ed)?|the next (?:day|morning)|post-?operative(?:ly)?|"
                    r"\d+ (?:hours|days|weeks) later|after (?:\w+ )?\d+ (?:minutes|hours|days|weeks)|most recent|latest)\b", re.I)
# A clause about the past, for a choice that is the patient's state now (NotePhrases.current)
PAST = re.compile(r"\b(?:ago|previous(?:ly)?|prior to (?:this|the)|last (?:year|month|week)|years? (?:earlier|before)|"
                  r"history of|in (?:19|20)\d\d|before (?:the|this) (?:accident|admission|injury|illness))\b", re.I)
# A sentence that speaks of the past at all, for a `previous_…` criterion
PREVIOUS = re.compile(r"\b(?:previous(?:ly)?|prior|history|past|before|ago|earlier|old|in (?:19|20)\d\d)\b", re.I)
# A clause about months or years back: no `recent_…` criterion
DISTANT = re.compile(r"\b(?:(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|several|many) "
                     r"(?:years?|months?) (?:ago|earlier|before|previously|prior)|(?:years?|decades?) ago|last year|"
                     r"in (?:19|20)\d\d|as a (?:child|teenager)|in (?:his|her|their) (?:youth|childhood|teens))\b"
                     # a bare year, as problem lists date things ("L ankle fracture 2008 treated with ORIF")
                     r"|(?<![\d.,/:-])\b(?:19[5-9]\d|20[0-2]\d)\b(?![\d.,/:%-])", re.I)


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

