"""Choices: the patient's sex and race by rules; a choice the lexicon's phrases settle (or, with
no phrase matching and a declared default, that default); a graded choice asked by the
log-probabilities of its lettered options on the note's sentences about it."""

from __future__ import annotations

from dataclasses import dataclass

from ..choices import chosen, match_spans
from ..demographics import race_in, sex_in
from ..findings import read_sentences
from ..pipeline import LOGPROBS, MODEL, Stage, stage
from ..questions import logprob_choice
from ..result import Span
from ..state import ReadState
from .findings import mention_spans


def _span(note: str, where: tuple[int, int] | None) -> list[Span]:
    return [] if where is None else [Span(where[0], where[1], note[where[0]:where[1]])]


@stage
@dataclass(frozen=True)
class Demographics(Stage):
    """A `sex` or `race` choice read by rules (`reading.demographics`): a sex the rules cannot read
    is left to the stages after; a race the note does not state is left out (the calculator's
    default applies, with its warning), never guessed. A small model asked for them among a dozen
    other inputs wrote "female" for "a 59-year-old man"."""

    name = "demographics"
    produces = "the patient's sex and race"

    def run(self, state: ReadState) -> None:
        for spec in state.open(["choice"]):
            if spec.name == "sex":
                value, where = sex_in(state.note)
                if value not in spec.choices:
                    continue
            elif spec.name == "race":
                value, where = race_in(state.note)
                value = value if value in spec.choices else None
            else:
                continue
            state.settle(spec.name, value, "demographics", evidence=_span(state.note, where))
            state.record({"field": spec.name, "read_by": "rules", **({"choice": value} if value is not None else {})})


@stage
@dataclass(frozen=True)
class ChoicePhrases(Stage):
    """A choice whose lexicon entry has phrases, read by them (`reading.choices`): the option
    named, or of several the first listed where the options are ranked. A choice with a default
    (Charlson's diabetes 'none', Caprini's mobility 'normal') whose phrases name no option, and
    whose name the note does not assert ("suspected hepatic encephalopathy" stays open), takes its
    default instead of a model's guess among options the note gives no ground for."""

    name = "choice_phrases"
    produces = "choices the lexicon's phrases settle, or their declared defaults"

    def run(self, state: ReadState) -> None:
        quiet = []
        for spec in state.open(["choice"]):
            if not spec.phrases:
                continue
            spans = match_spans(state.note, spec.phrases)
            found = {option: [text for _, _, text in hits] for option, hits in spans.items()}
            option = chosen(spec.phrases, found)
            if option is not None and option in spec.choices:
                evidence = [Span(a, b, state.note[a:b]) for a, b, _ in spans[option][:3]]
                state.settle(spec.name, option, "phrases", evidence=evidence, detail={"matches": found})
                state.record({"field": spec.name, "read_by": "phrases", "matches": found, "choice": option})
            elif not found and not spec.required:
                quiet.append(spec)
        named = read_sentences(state.note, quiet) if quiet else {}
        for spec in quiet:
            if named[spec.name].state != "present":  # left out: the declared default applies
                state.settle(spec.name, None, "declared_default", evidence=mention_spans(state.note, named[spec.name]))
                state.record({"field": spec.name, "read_by": "phrases", "matches": {}, "default": True})


@stage
@dataclass(frozen=True)
class ChoiceQuestions(Stage):
    """Each graded choice still open that the note has sentences about (`locate`) decided by the
    most probable of its lettered options, asked on those sentences, with contextual calibration
    (each option's probability divided by the same question's on the content-free "N/A")."""

    name = "choice_questions"
    needs = frozenset({MODEL, LOGPROBS})
    produces = "graded choices, by the log-probabilities of their options"

    def run(self, state: ReadState) -> None:
        assert state.meter is not None
        asked = [n for n in state.graded if n not in state.readings]
        if asked:
            state.trace["graded_choices"] = asked
        for name in asked:
            spec, reading = state.inputs[name], state.sentences.get(name)
            value, p = logprob_choice(state.meter, state.head, spec, reading)
            state.record({"field": name, "p_options": p, "evidence": bool(reading is not None and reading.mentions),
                          **({"choice": value} if value is not None else {})})
            state.settle(name, value, "logprob", evidence=mention_spans(state.note, reading), detail={"p_options": p})
