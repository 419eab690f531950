"""Where the criterion generator gets its words: one small adapter, so that the generator reads
synonyms, phrases and spellings from one place: the reading lexicon (`medreckon.reading.lexicon`:
each finding's synonyms, each choice's phrases) and the British spellings the rule reader adds
(`reading.context.spellings`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from ...calculators.describe import InputSpec


@dataclass(frozen=True)
class OptionPhrases:
    """How notes state each option of a choice (or "true"/"false" of a judgement finding): regular
    expressions per option, in the order written; `ranked`: most severe first."""

    patterns: tuple[tuple[str, tuple[str, ...]], ...]
    ranked: bool = False
    current: bool = False  # the patient's state now (a finding's current phrasing), not any time


class Words(Protocol):
    """What the generator asks about words. `fingerprint` changes when any answer would."""

    fingerprint: str

    def synonyms(self, calculator: str, spec: InputSpec) -> tuple[str, ...]: ...

    def phrases(self, calculator: str, spec: InputSpec) -> OptionPhrases | None: ...

    def spellings(self, text: str) -> tuple[str, ...]: ...


class DeclaredWords:
    """The words the reading lexicon holds for each calculator input (synonyms and phrases)."""

    def synonyms(self, calculator: str, spec: InputSpec) -> tuple[str, ...]:
        from ..lexicon import lexicon

        return tuple(dict.fromkeys(w.strip() for w in lexicon().entry(calculator, spec.name).synonyms if w.strip()))

    def phrases(self, calculator: str, spec: InputSpec) -> OptionPhrases | None:
        from ..lexicon import lexicon

        phrases = lexicon().entry(calculator, spec.name).phrases
        if phrases is None:
            return None
        return OptionPhrases(phrases.patterns, phrases.ranked, phrases.current)

    def spellings(self, text: str) -> tuple[str, ...]:
        """The text and its British form where it has one ("oedema" for "edema")."""
        from ..context import spellings

        return spellings(text)

    @property
    def fingerprint(self) -> str:
        return _declared_fingerprint()


@cache
def _declared_fingerprint() -> str:
    from ...calculators.describe import describe_inputs
    from ...calculators.registry import all_calculators

    words = DeclaredWords()
    table = {}
    for calc in all_calculators():
        for spec in describe_inputs(calc):
            phrases = words.phrases(calc.id, spec)
            table[f"{calc.id}:{spec.name}"] = [spec.description, list(words.synonyms(calc.id, spec)),
                                               phrases.patterns if phrases else None, str(spec.scope)]
    table["_spellings"] = words.spellings("edema esophagus ischemia hemorrhage anemia tumor")
    return hashlib.sha256(json.dumps(table, sort_keys=True, default=list).encode()).hexdigest()[:16]


def default_words() -> Words:
    """The words the generator uses unless told otherwise."""
    return DeclaredWords()
