"""Texts that a choice option's declared phrases match: the phrases are regular expressions
(`with_phrases`, or the reading lexicon's per-calculator phrases), and a sample of what each
matches is a way a note states that option ("opens her eyes to voice", "grade 2 encephalopathy").

A sample is kept only when its own phrase matches it and the option it would be read as is the
option it was drawn for (for ranked options: the first listed that matches; otherwise: no other
option matches), so a sample's label is the phrases' own reading of it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from re import _constants as C  # noqa: N812 - the regex parser's opcodes
from re import _parser

from ...reading.learned.words import OptionPhrases

_MAX_REPEAT = 2  # an unbounded repeat is drawn as at most this many copies
# words a bare `\w+` or `\w*` after a stem may complete to (the stem's own completions are tried
# first, from the vocabulary the caller passes)
_FILLER = ("the", "her", "his", "a")


class _Unsampleable(Exception):
    """A construct no text sample stands for (a back reference, a negated class that must match)."""


def _item(op: object, av: object, rng: random.Random, vocab: Sequence[str], out: list[str]) -> None:
    if op is C.LITERAL:
        out.append(chr(av))  # type: ignore[arg-type]
    elif op is C.NOT_LITERAL or op is C.ANY or op is C.GROUPREF:
        raise _Unsampleable
    elif op is C.IN:
        out.append(_class(av, rng))  # type: ignore[arg-type]
    elif op is C.BRANCH:
        _walk(rng.choice(av[1]), rng, vocab, out)  # type: ignore[index]
    elif op is C.SUBPATTERN:
        _walk(av[-1], rng, vocab, out)  # type: ignore[index]
    elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
        _repeat(av, rng, vocab, out)  # type: ignore[arg-type]
    elif op is C.CATEGORY:
        out.append({C.CATEGORY_DIGIT: rng.choice("23456789"), C.CATEGORY_SPACE: " "}.get(av, "a"))  # type: ignore[call-overload]
    elif op in (C.AT, C.ASSERT, C.ASSERT_NOT):
        return  # anchors and lookarounds: checked by matching the whole sample afterwards
    else:
        raise _Unsampleable


def _class(items: list[tuple[object, object]], rng: random.Random) -> str:
    if items and items[0][0] is C.NEGATE:
        raise _Unsampleable
    choices: list[str] = []
    for op, av in items:
        if op is C.LITERAL:
            choices.append(chr(av))  # type: ignore[arg-type]
        elif op is C.RANGE:
            lo, hi = av  # type: ignore[misc]
            choices += [chr(c) for c in range(lo, min(hi, lo + 9) + 1)]
        elif op is C.CATEGORY:
            choices.append({C.CATEGORY_DIGIT: "4", C.CATEGORY_SPACE: " "}.get(av, "a"))  # type: ignore[call-overload]
    if not choices:
        raise _Unsampleable
    return rng.choice(choices)


def _is_word_class(sub: _parser.SubPattern) -> bool:
    return len(sub) == 1 and sub[0][0] is C.IN and sub[0][1] == [(C.CATEGORY, C.CATEGORY_WORD)]


def _repeat(av: tuple[int, int, _parser.SubPattern], rng: random.Random, vocab: Sequence[str], out: list[str]) -> None:
    low, high, sub = av
    if _is_word_class(sub):  # \w+ or \w*: complete the stem before it to a word, or a filler word
        stem = re.search(r"[A-Za-z]+$", "".join(out))
        if stem:
            grown = [w[len(stem.group()):] for w in vocab if w.lower().startswith(stem.group().lower()) and len(w) > len(stem.group())]
            if grown:
                out.append(rng.choice(grown))
                return
        if low == 0:
            return
        if not stem:
            out.append(rng.choice(_FILLER))
            return
        raise _Unsampleable
    try:
        contains_open_class = any(op is C.IN and av2 and av2[0][0] is C.NEGATE for op, av2 in sub)
    except TypeError:
        contains_open_class = False
    if contains_open_class:  # [^.;]{0,40}: any words between two phrase parts -> a space
        if low > 1:
            raise _Unsampleable
        out.append(" ")
        return
    if any(op in (C.MAX_REPEAT, C.MIN_REPEAT) and _is_word_class(av2[2]) for op, av2 in sub):
        count = low  # (?:\w+ ){0,2}: optional filler words -> as few as allowed
        for _ in range(count):
            _walk(sub, rng, vocab, out)
        return
    top = min(high, low + _MAX_REPEAT)
    count = low if low == top else rng.choice([low, low, *range(low + 1, top + 1)])
    for _ in range(count):
        _walk(sub, rng, vocab, out)


def _walk(sub: _parser.SubPattern, rng: random.Random, vocab: Sequence[str], out: list[str]) -> None:
    for op, av in sub:
        _item(op, av, rng, vocab, out)


def sample(pattern: str, rng: random.Random, vocab: Sequence[str] = ()) -> str | None:
    """One text the pattern matches (case-insensitively), or None where it has no plain sample."""
    try:
        parsed = _parser.parse(pattern, re.IGNORECASE)
        out: list[str] = []
        _walk(parsed, rng, vocab, out)
    except (_Unsampleable, re.error, RecursionError):
        return None
    text = re.sub(r"\s+", " ", "".join(out)).strip(" ,;")
    if len(text) < 2 or not re.search(pattern, text, re.IGNORECASE):
        return None
    return _whole_words(text, pattern, vocab)


def _whole_words(text: str, pattern: str, vocab: Sequence[str]) -> str:
    """A sample's cut-off words completed from the vocabulary ("diet-controlled diabet" ->
    "... diabetes"), where the pattern still matches."""
    known = {w.lower() for w in vocab}
    for token in set(re.findall(r"[A-Za-z]{4,}", text)):
        if token.lower() in known:
            continue
        longer = sorted((w for w in vocab if w.lower().startswith(token.lower()) and len(w) > len(token)), key=len)
        if longer:
            grown = re.sub(rf"\b{token}\b", longer[0], text)
            if re.search(pattern, grown, re.IGNORECASE):
                text = grown
    return text


def read_as(phrases: OptionPhrases, text: str) -> str | None:
    """The option a text states by the phrases alone: ranked, the first listed that matches;
    otherwise the one that matches, or None where none or several do."""
    hits = [option for option, patterns in phrases.patterns if any(re.search(p, text, re.IGNORECASE) for p in patterns)]
    if phrases.ranked:
        return hits[0] if hits else None
    return hits[0] if len(hits) == 1 else None


def option_samples(phrases: OptionPhrases, option: str, rng: random.Random, vocab: Sequence[str] = (),
                   tries: int = 40) -> list[str]:
    """Distinct texts that state `option` by its phrases (see the module docstring)."""
    patterns = dict(phrases.patterns).get(option, ())
    found: dict[str, None] = {}
    for i in range(tries):
        text = sample(patterns[i % len(patterns)], rng, vocab) if patterns else None
        if text and read_as(phrases, text) == option:
            found[text] = None
    return list(found)
