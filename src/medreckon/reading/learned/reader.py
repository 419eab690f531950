"""Reading a note's criteria with the learned model: find each criterion's passages, ask the model
about each, and decide.

    reader = LearnedReader()
    got = reader.read(note, get("has-bled"))
    got["renal_disease"].value         # True / False / None (not mentioned: the default applies)
    got["renal_disease"].probability   # calibrated P(the criterion is met)
    got["renal_disease"].evidence      # the passages, with character offsets into the note

*Passages*: the note's sentences (a header line such as "Family history:" is carried onto the
sentences under it; a long sentence is cut to a window around the mention), ranked by how many of
the criterion's words they hold — a name or instance counts three, a content word of its statement
one — and at most `top_k` of them. No passage: not mentioned.

*Decision* (`decide`): a patient criterion is met with P = the highest P(asserted) of its
passages; a relative's criterion (family history) with the highest P(other person); an absence
criterion (Centor's cough absent) is met with P = 1 − the highest P(asserted) of the thing; a
choice takes the option with the highest probability over its passages (the most severe one above
the threshold, for ranked options) and is left to its default where "none" wins. Every passage
whose most likely label is "not about it" makes a finding not mentioned.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from ...calculators.spec import Calculator
from .criteria import Choice, Criterion, criteria
from .model import CriterionModel

_BRITISH = (("esophag", "oesophag"), ("edema", "oedema"), ("ischemi", "ischaemi"), ("hemorrh", "haemorrh"),
            ("anemi", "anaemi"), ("leukemi", "leukaemi"), ("tumor", "tumour"), ("hema", "haema"),
            ("hemo", "haemo"), ("estrogen", "oestrogen"), ("iza", "isa"), ("ize", "ise"), ("izi", "isi"))
_STOP = set("""a an and or of the in on at to for with without by from as is are was were be been has have had
any other current currently prior previous previously history known new recent recently last past month months week weeks
day days year years patient patients who which that this than more less least most not no nor into per during
within before after over under above below requiring required e g i disease diseases syndrome chronic acute severe
moderate mild treatment treated therapy evidence sign signs symptom symptoms level score positive elevated abnormal
clinical diagnosis diagnosed documented present presence absence count counts criterion one two three both either
examination exam failure function""".split())
_SENTENCE = re.compile(r"(?<!\be\.g)(?<!\bi\.e)(?<!\bDr)(?<!\bvs)(?<!\bMr)(?<!\bMs)(?<!\bMrs)(?<=[.!?])\s+(?=[A-Z0-9(\"'])"
                       r"|\n\s*")
_HEADER = re.compile(r"^\s*([A-Z][A-Za-z /&-]{1,40}):?\s*$")
WINDOW_WORDS = 45  # a sentence longer than this is cut to a window of about this many words
MIN_SCORE = 1  # a passage holds a name, or at least one content word of the criterion


@dataclass(frozen=True)
class Evidence:
    text: str  # the passage as the model read it
    start: int  # character offsets of its sentence in the note
    end: int
    label: str  # the model's most likely label for this passage
    probability: float  # the passage's probability for the decision (met, or the chosen option)


@dataclass(frozen=True)
class Reading:
    field: str
    value: Any  # True/False, an option, or None (not mentioned: the calculator's default applies)
    probability: float  # calibrated probability of `value` (of "met" for a finding left out)
    evidence: tuple[Evidence, ...]
    source: str = "learned"


@dataclass(frozen=True)
class _Sentence:
    text: str  # with its section header, if any
    start: int
    end: int


def sentences(note: str) -> list[_Sentence]:
    """The note's sentences with their offsets; a header line's words ("Family history:") go before
    the sentences under it, up to the next header or blank line."""
    out, header, pos = [], "", 0
    for gap in [*_SENTENCE.finditer(note), None]:
        end = gap.start() if gap else len(note)
        text = note[pos:end].strip()
        if text:
            m = _HEADER.match(text)
            if m and len(text.split()) <= 5:
                header = m.group(1)
            else:
                start = pos + (len(note[pos:end]) - len(note[pos:end].lstrip()))
                out.append(_Sentence(f"{header}: {text}" if header else text, start, start + len(text)))
        if gap is not None and gap.group().count("\n") >= 2:
            header = ""  # a blank line ends a section
        pos = gap.end() if gap else len(note)
    return out


def _forms(word: str) -> set[str]:
    """The word and its British or American twin ("edema", "oedema")."""
    forms = {word}
    for us, uk in _BRITISH:
        forms.add(re.sub(us, uk, word, flags=re.IGNORECASE))
        forms.add(re.sub(uk, us, word, flags=re.IGNORECASE))
    return forms


@cache
def _pattern(name: str) -> re.Pattern[str]:
    """A name as written, its British/American twin and its plural; short capitals as written."""
    alternatives = sorted({re.escape(f) for f in _forms(name)}, key=len, reverse=True)
    flags = 0 if (name.isupper() and len(name) <= 4) else re.IGNORECASE
    return re.compile(rf"(?<![\w-])(?:{'|'.join(alternatives)})(?:e?s)?(?![\w-])", flags)


def _stems(text: str) -> set[str]:
    return {w.lower()[:5] for w in re.findall(r"[A-Za-z][A-Za-z-]{2,}", text) if w.lower() not in _STOP}


@dataclass(frozen=True)
class Terms:
    """The words that find a criterion's passages: its names, instances, measured quantities and
    declared phrases count three; stems of its statement's content words count one."""

    names: tuple[str, ...]
    stems: frozenset[str]
    patterns: tuple[str, ...] = ()  # declared phrases (regular expressions)

    def score(self, sentence: str) -> tuple[int, int]:
        strong = [m.start() for n in self.names for m in _pattern(n).finditer(sentence)]
        strong += [m.start() for p in self.patterns for m in re.finditer(p, sentence, re.IGNORECASE)]
        weak = len(self.stems & _stems(sentence))
        return 3 * len(strong) + weak, (min(strong) if strong else -1)


def _declared(phrases: Any) -> tuple[str, ...]:
    return tuple(p for _, patterns in phrases.patterns for p in patterns) if phrases is not None else ()


def finding_terms(c: Criterion) -> Terms:
    names = [*c.names, *c.instances, *(t.what for t in c.thresholds)]
    return Terms(tuple(dict.fromkeys(names)), frozenset(_stems(" ".join((c.statement, *c.names)))), _declared(c.phrases))


def choice_terms(ch: Choice) -> Terms:
    names = [ch.head] + [n for o in ch.options for n in o.names if len(n) > 3]
    return Terms(tuple(dict.fromkeys(names)), frozenset(_stems(" ".join((ch.head, *names)))), _declared(ch.phrases))


def _window(s: _Sentence, at: int) -> str:
    words = s.text.split()
    if len(words) <= WINDOW_WORDS:
        return s.text
    before = len(s.text[:max(at, 0)].split())
    lo = max(0, before - WINDOW_WORDS // 3)
    return " ".join(words[lo:lo + WINDOW_WORDS])


def passages(note_sentences: Sequence[_Sentence], terms: Terms, top_k: int) -> list[tuple[_Sentence, str]]:
    """The sentences most about these terms (a name, or two content words), best first."""
    scored = []
    for i, s in enumerate(note_sentences):
        score, at = terms.score(s.text)
        if score >= MIN_SCORE:
            scored.append((-score, i, s, at))
    scored.sort(key=lambda t: (t[0], t[1]))
    return [(s, _window(s, at)) for _, _, s, at in scored[:top_k]]


class LearnedReader:
    """Reads a calculator's findings and choices in a note with the trained model."""

    def __init__(self, model: CriterionModel | None = None, *, threshold: float = 0.5, top_k: int = 3):
        self.model = model or CriterionModel()
        self.threshold, self.top_k = threshold, top_k
        self.labels = list(self.model.labels)

    def read(self, note: str, calc: Calculator, fields: Sequence[str] | None = None) -> dict[str, Reading]:
        found = criteria([calc])
        split = sentences(note)
        out: dict[str, Reading] = {}
        for c in found.findings:
            if fields is None or c.field in fields:
                out[c.field] = self.finding(split, c)
        for ch in found.choices:
            if fields is None or ch.field in fields:
                out[ch.field] = self.choice(split, ch)
        return out

    def finding(self, note_sentences: Sequence[_Sentence], c: Criterion) -> Reading:
        found = passages(note_sentences, finding_terms(c), self.top_k)
        if not found:
            return Reading(c.field, None, 0.0, ())
        probs = self.model.classify(c.statement, [p for _, p in found])
        return decide(c, probs, found, self.labels, self.threshold)

    def choice(self, note_sentences: Sequence[_Sentence], ch: Choice) -> Reading:
        found = passages(note_sentences, choice_terms(ch), self.top_k)
        if not found:
            return Reading(ch.field, None, 0.0, ())
        statements = [o.statement for o in ch.options]
        probs = np.stack([self.model.choose(statements, p) for _, p in found])
        return decide_choice(ch, probs, found, self.threshold)


def decide(c: Criterion, probs: np.ndarray, found: Sequence[tuple[_Sentence, str]], labels: list[str],
           threshold: float) -> Reading:
    """A finding's value from its passages' label probabilities (see the module docstring)."""
    which = labels.index("other_person" if c.whose == "relative" else "asserted")
    best = int(np.argmax(probs[:, which]))
    p_met = float(probs[best, which])
    evidence = tuple(Evidence(text, s.start, s.end, labels[int(np.argmax(row))], float(row[which]))
                     for (s, text), row in zip(found, probs, strict=True))
    if all(e.label == "not_about_it" for e in evidence) and p_met < threshold:
        return Reading(c.field, None, p_met, evidence)
    if c.absence:
        return Reading(c.field, p_met < threshold, 1.0 - p_met, evidence)
    return Reading(c.field, p_met >= threshold, p_met, evidence)


def decide_choice(ch: Choice, probs: np.ndarray, found: Sequence[tuple[_Sentence, str]], threshold: float) -> Reading:
    """A choice's option from its passages' option probabilities (last column: none stated)."""
    per_option = probs[:, :-1].max(axis=0)
    evidence = tuple(Evidence(text, s.start, s.end, ch.options[int(np.argmax(row[:-1]))].value
                              if np.argmax(row) < len(ch.options) else "none", float(row[:-1].max()))
                     for (s, text), row in zip(found, probs, strict=True))
    above = [i for i, p in enumerate(per_option) if p >= threshold]
    if not above:
        return Reading(ch.field, None, float(per_option.max()), evidence)
    if ch.ranked and ch.phrases is not None and len(above) > 1:
        order = [option for option, _ in ch.phrases.patterns]
        above.sort(key=lambda i: order.index(ch.options[i].value) if ch.options[i].value in order else len(order))
        pick = above[0]
    else:
        pick = max(above, key=lambda i: per_option[i])
    return Reading(ch.field, ch.options[pick].value, float(per_option[pick]), evidence)
