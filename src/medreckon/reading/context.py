"""Is a finding present, absent or not mentioned in a note? medspaCy's ConText (negated,
historical, hypothetical, family) and sectionizer over the finding's names.

    reader = NoteReader()
    got = reader.read(note, {"stroke": ("stroke", "CVA")})
    got["stroke"].state        # "absent" for "No history of stroke."
    got["stroke"].evidence     # "No history of stroke."

A finding is *present* when one mention of it is about this patient as a fact: not negated
("no", "denies", "negative for", "ruled out"), not hypothetical ("if", "return if", "risk of"),
not about a relative (ConText's family cues, or the family-history section). A past mention
("history of stroke") is present: scores count prior conditions; `Mention.historical` keeps
ConText's flag for readers that need the current state. *absent*: mentioned, but only negated,
hypothetical or in family history. *not_mentioned*: no name of it in the note.

Names are matched case-insensitively, except short all-capital abbreviations ("ALL", "PE",
"MI"), matched as written so "all" and "pe" in prose are not leukaemia and embolism.
The pipeline (one per set of findings, cached) loads no model: medspaCy's rules only.
"""

from __future__ import annotations

import functools
import re
import threading
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .lexicon import lexicon

State = Literal["present", "absent", "not_mentioned"]
_LEX = lexicon()
# The sectionizer makes everything after "Family history:" family history, to the next header.
# In prose notes (a header inside a paragraph) that swallows the rest of the note, so there a
# mention past the header's sentence is family history only if its sentence names a relative.
RELATIVE = re.compile(_LEX.cues["family"]["relative"], re.I)


class ReadingUnavailable(ImportError):
    """medspaCy is not installed (an ImportError: a fault of the environment, not of a note)."""


@dataclass(frozen=True)
class Mention:
    text: str  # the words of the note that name the finding
    sentence: str
    start: int  # character offset in the note
    section: str | None  # the sectionizer's category ("past_medical_history", ...)
    negated: bool
    historical: bool
    hypothetical: bool
    family: bool

    @property
    def asserted(self) -> bool:
        """About this patient, as a fact (present now or in the past)."""
        return not (self.negated or self.hypothetical or self.family)


@dataclass(frozen=True)
class Reading:
    finding: str
    state: State
    evidence: str | None  # the sentence that decided; None when not mentioned
    mentions: tuple[Mention, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"finding": self.finding, "state": self.state, "evidence": self.evidence,
                "mentions": [{"text": m.text, "start": m.start, "section": m.section,
                              "negated": m.negated, "historical": m.historical,
                              "hypothetical": m.hypothetical, "family": m.family}
                             for m in self.mentions]}


def decide(finding: str, mentions: Sequence[Mention]) -> Reading:
    """The state of a finding from its mentions (see the module docstring)."""
    if not mentions:
        return Reading(finding, "not_mentioned", None, ())
    asserted = [m for m in mentions if m.asserted]
    first = asserted[0] if asserted else mentions[0]
    return Reading(finding, "present" if asserted else "absent", first.sentence, tuple(mentions))


_ABBREVIATION = re.compile(r"^[A-Z][A-Z0-9]{0,4}$")


def _rule(word: str, finding: str) -> Any:
    from medspacy.target_matcher import TargetRule

    if _ABBREVIATION.match(word) or _ABBREVIATION.match(word[:-1]) and word.endswith("s"):  # "TIA", "TIAs"
        return TargetRule(word, finding, pattern=[{"TEXT": word}])
    return TargetRule(word, finding)


def _extra_context_rules() -> list[Any]:
    """The ConText rules medspaCy's defaults lack (the lexicon's `cues.toml` [[context]], each
    with where it was needed): negations ("a non-smoker", "quit smoking", "surgery was not
    performed"), a test or a plan ("a thrombophilia screen", "plans to start insulin"), a
    possibility only ("any fear of liver disease"), a department rather than a procedure
    ("general surgery was consulted")."""
    from medspacy.context import ConTextRule

    return [ConTextRule(r["literal"], r["category"], direction=r["direction"], max_scope=r.get("max_scope"),
                        pattern=r.get("pattern")) for r in _LEX.cues["context"]]


# Curly apostrophes ("doesn’t") hide a negation from medspaCy's rules; same length, so offsets hold.
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'"})


_LOCK = threading.Lock()
_PIPELINES: dict[tuple[tuple[str, tuple[str, ...]], ...], Any] = {}


def _pipeline(terms: tuple[tuple[str, tuple[str, ...]], ...]) -> Any:
    with _LOCK:
        if terms in _PIPELINES:
            return _PIPELINES[terms]
        try:
            import medspacy
            from loguru import logger
        except ImportError as exc:
            raise ReadingUnavailable(
                "reading a note's findings needs medspaCy: pip install 'medreckon[reading]'") from exc
        logger.disable("PyRuSH")  # one DEBUG line per token otherwise
        nlp = medspacy.load(medspacy_enable=["medspacy_pyrush", "medspacy_target_matcher",
                                             "medspacy_context", "medspacy_sectionizer"])
        nlp.get_pipe("medspacy_target_matcher").add(
            [_rule(w, name) for name, words in terms for w in words])
        nlp.get_pipe("medspacy_context").add(_extra_context_rules())
        if len(_PIPELINES) > 64:  # one per calculator in practice
            _PIPELINES.clear()
        _PIPELINES[terms] = nlp
        return nlp


# American spellings and their British forms: synonyms are declared once, notes use either.
_BRITISH = tuple((us, uk) for us, uk in _LEX.names["spellings"]["british"])


def spellings(word: str) -> tuple[str, ...]:
    """The word and its British form where it has one ("pulmonary edema" -> + "pulmonary oedema")."""
    out = [word]
    for us, uk in _BRITISH:
        if us in word.lower() and us != uk:
            out.append(re.sub(re.escape(us), uk, word, flags=re.I))
    return tuple(out)


def plural(word: str) -> str | None:
    """The plural of a name's last word ("tonsillar exudate" -> "tonsillar exudates", "TIA" ->
    "TIAs"), or None where it has none to add (already plural, a number, a short word)."""
    last = word.rsplit(" ", 1)[-1]
    if _ABBREVIATION.match(last):
        return word + "s" if len(last) >= 2 and last[-1].isalpha() else None
    if len(last) < 4 or not last.isalpha() or last.endswith(("s", "ed", "ing", "ic", "al", "ous", "ive", "ent", "ant")):
        return None
    if last.endswith(("x", "z", "ch", "sh")):
        return word + "es"
    if last.endswith("y") and last[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def finding_terms(name: str, synonyms: Sequence[str] = ()) -> tuple[str, ...]:
    """A finding's names: its synonyms with their British spellings and plurals, else its field
    name in words ("prior_stroke" -> "prior stroke")."""
    words = [w.strip() for w in synonyms if w and w.strip()] or [name.replace("_", " ")]
    forms = (v for w in words for v in spellings(w))
    return tuple(dict.fromkeys(f for v in forms for f in (v, plural(v)) if f))


class NoteReader:
    """Reads findings in notes; see the module docstring. Thread-safe (one lock per call)."""

    def read(self, note: str, findings: Mapping[str, Sequence[str]]) -> dict[str, Reading]:
        """{finding: Reading} for each finding, given by its names (`finding_terms`)."""
        if not isinstance(note, str):
            raise TypeError(f"note must be text, got {type(note).__name__}")
        terms = tuple(sorted((name, finding_terms(name, words)) for name, words in findings.items()))
        if not terms:
            return {}
        found: dict[str, list[Mention]] = {name: [] for name, _ in terms}
        for layer in _layers(terms):
            self._read(note, layer, found)
        return {name: decide(name, found.get(name, [])) for name, _ in terms}

    def _read(self, note: str, terms: tuple[tuple[str, tuple[str, ...]], ...], found: dict[str, list[Mention]]) -> None:
        nlp = _pipeline(terms)
        with _LOCK, warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=r"\[W036\]")  # a matcher with no patterns: fine
            doc = nlp(note.translate(_QUOTES))
        for ent in doc.ents:
            section = getattr(ent._, "section_category", None)
            family = bool(ent._.is_family)
            title = getattr(ent._, "section_title", None)
            if family and title is not None and title.start_char > 0 and note[title.start_char - 1] != "\n" \
                    and ent.sent.start_char != title.sent.start_char:  # an inline header (see RELATIVE)
                family = bool(RELATIVE.search(ent.sent.text))
            found.setdefault(ent.label_, []).append(Mention(
                text=ent.text, sentence=ent.sent.text.strip(), start=ent.start_char, section=section,
                negated=bool(ent._.is_negated) or bool(_NO_BEFORE.search(note[max(0, ent.start_char - 20):ent.start_char])),
                historical=bool(ent._.is_historical),
                hypothetical=bool(ent._.is_hypothetical), family=family))


# "no" right before a name: ConText's cue "no signs of" swallows the words of "signs of DVT",
# which then read as asserted
_NO_BEFORE = re.compile(rf"\b(?:{'|'.join(_LEX.cues['negation']['words'])})\s+$", re.I)


def _overlap(a: str, b: str) -> bool:
    a, b = f" {a.lower()} ", f" {b.lower()} "
    return a in b or b in a


@functools.lru_cache(maxsize=64)  # one per calculator in practice, as the pipelines
def _layers(terms: tuple[tuple[str, tuple[str, ...]], ...]) -> tuple[tuple[tuple[str, tuple[str, ...]], ...], ...]:
    """The findings in groups none of whose names overlap: a note's words are one entity each, so
    two findings that share a name ("DVT": Caprini's history of DVT and family history of
    thrombosis; "myocardial infarction": HEART's atherosclerotic disease and family history) are
    read in separate passes, or one of them would never see its mentions."""
    layers: list[list[tuple[str, tuple[str, ...]]]] = []
    for name, words in terms:
        for layer in layers:
            if not any(_overlap(w, v) for _, vs in layer for v in vs for w in words):
                layer.append((name, words))
                break
        else:
            layers.append([(name, words)])
    return tuple(tuple(layer) for layer in layers)
