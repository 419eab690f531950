"""A calculator's inputs as the readers see them: each input's declaration (`InputSpec`: kind,
units, choices, required, its clinical scope) with what the lexicon says about how notes state it
(a finding's synonyms, a choice's phrases)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..calculators.describe import InputSpec, describe_inputs
from ..calculators.spec import Calculator
from .lexicon import Phrases, lexicon


@dataclass(frozen=True)
class ReadInput(InputSpec):
    synonyms: tuple[str, ...] = ()  # a finding's names in notes (the lexicon's; none: its name in words)
    phrases: Phrases | None = None  # how notes state a choice's options, or a judgement's true and false


def read_inputs(calc: Calculator) -> list[ReadInput]:
    """The inputs a note is read for: every input but the rule options, with their lexicon entries."""
    lex = lexicon()
    out = []
    for spec in describe_inputs(calc):
        if spec.option:
            continue
        entry = lex.entry(calc.id, spec.name)
        fields = {f.name: getattr(spec, f.name) for f in dataclasses.fields(InputSpec)}
        out.append(ReadInput(**fields, synonyms=entry.synonyms, phrases=entry.phrases))
    return out
