"""Locating evidence: the note's mentions of each finding (ConText over its synonyms, within its
declared scope) and its sentences about each graded choice, for the stages after it."""

from __future__ import annotations

from dataclasses import dataclass

from ..findings import read_findings, read_sentences
from ..pipeline import Stage, stage
from ..questions import graded_choices
from ..state import ReadState


@stage
@dataclass(frozen=True)
class Locate(Stage):
    """`findings`: read every finding's mentions; `choices`: find the sentences about each graded
    choice (a grade, a category); the choices that have some are the ones a choice question
    decides (asked on the whole note the 1.5B model's letter probabilities were near uniform)."""

    name = "locate"
    produces = "the mentions of each finding and the sentences about each graded choice"
    findings: bool = True
    choices: bool = True

    def run(self, state: ReadState) -> None:
        specs = list(state.inputs.values())
        booleans = [s for s in specs if s.kind == "boolean"]
        if self.findings and booleans:
            state.context = read_findings(state.note, booleans)
        graded = graded_choices(specs) if self.choices else []
        if graded:
            state.sentences = read_sentences(state.note, graded)
            state.graded = [g.name for g in graded if state.sentences[g.name].mentions]
