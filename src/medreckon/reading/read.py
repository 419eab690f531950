"""`read_note`: a clinical note read for one calculator's inputs by a named pipeline, with the
evidence and a calibrated confidence for every input (see `result`)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace
from typing import Any

from ..bench.models import Meter
from ..bench.models.capabilities import logprobs_missing
from ..bench.types import ModelClient
from ..calculators.registry import get
from ..calculators.spec import Calculator
from ..errors import CalculatorInputError
from . import confidence as C
from .inputs import read_inputs
from .pipeline import LOGPROBS, MODEL, Pipeline, get_pipeline
from .request import head_text
from .result import NoteReading
from .stages.fixes import Person
from .state import ReadState

DEFAULT_GEN = {"temperature": 0.0, "max_tokens": 1024, "seed": 0}


def check_model(pipeline: Pipeline, model: ModelClient | None) -> None:
    """ValueError when the pipeline needs what the model (or its absence) cannot give."""
    if MODEL in pipeline.needs and model is None:
        raise ValueError(f"reading pipeline {pipeline.name!r} asks a model ({pipeline.describe()}); pass model= "
                         "(a ModelClient or a model string such as 'embedded'), or use pipeline='rules'")
    if LOGPROBS in pipeline.needs and model is not None and not model.supports_logprobs:
        provider = model.info.get("provider", "")
        raise ValueError(logprobs_missing(f"reading pipeline {pipeline.name!r}", model.name, provider)
                         + "; or use pipeline='generate', which asks no log-probabilities")


def new_state(calc: Calculator, note: str, question: str, options: Mapping[str, Any],
              model: ModelClient | None, gen: Mapping[str, Any]) -> ReadState:
    if not isinstance(note, str) or not note.strip():
        raise ValueError("note: got an empty note; expected the text of a clinical note")
    return ReadState(calc=calc, note=note, question=question, options=dict(options),
                     inputs={s.name: s for s in read_inputs(calc)}, head=head_text(note, question, calc),
                     meter=None if model is None else Meter(model), gen=dict(gen))


def reading_of(state: ReadState, pipeline: Pipeline) -> NoteReading:
    """The state after a pipeline as the public reading."""
    scored = state.trace.get("confidence") or {}
    inputs = {n: state.readings[n] for n in state.inputs if n in state.readings}
    return NoteReading(
        calculator=state.calc.id, calculator_version=state.calc.version, pipeline=pipeline.name,
        version=pipeline.version, note=state.note, inputs=inputs, arguments=dict(state.written),
        options=dict(state.options), result=state.result if state.status == "ok" else None,
        status=state.status, missing=state.missing, error=state.error if state.status != "ok" else None,
        confidence=scored.get("case"), drivers=tuple(scored.get("drivers", ())),
        threshold=C.threshold() if scored else None, fixes=tuple(state.fixes))


def read_note(calculator: str | Calculator, note: str, *, pipeline: str | Pipeline = "default",
              model: ModelClient | str | None = None, question: str | None = None,
              options: Mapping[str, Any] | None = None, corrections: Mapping[str, Any] | None = None,
              gen: Mapping[str, Any] | None = None) -> NoteReading:
    """Read `note` for the inputs of `calculator` (an id, alias or Calculator) with a named pipeline
    (`reading.PIPELINES`: "default", "rules") or a Pipeline, and compute the result.

    `model`: a ModelClient or a model string (`bench.models.connect`: "embedded", "openai/gpt-4o",
    ...) for the pipelines that ask one; `question`: the question the note is read for (default:
    the calculator's name); `options`: rule options given to the calculator as they are;
    `corrections`: a person's values for some inputs, settled before any reader runs (source
    person); `gen`: generation settings (default: greedy, 1024 tokens).

    Raises CalculatorInputError for an unknown calculator, ValueError for an unknown pipeline, an
    empty note, or a pipeline that needs a model (or log-probabilities) it was not given."""
    calc = calculator if isinstance(calculator, Calculator) else get(calculator)
    pipe = pipeline if isinstance(pipeline, Pipeline) else get_pipeline(pipeline)
    if corrections:
        pipe = Pipeline(pipe.name, (Person(values=dict(corrections)), *pipe.stages))
    if isinstance(model, str):
        from ..bench.models import connect

        model = connect(model)
    check_model(pipe, model)
    state = new_state(calc, note, question or f"What is the patient's {calc.name}?", options or {}, model,
                      {**DEFAULT_GEN, **(gen or {})})
    return reading_of(pipe.run(state), pipe)


def settle(reading: NoteReading, strict: bool | Collection[str] = False) -> NoteReading:
    """A reading computed again from its inputs' values (after a person's corrections), with its
    confidence. `strict`: True, CalculatorInputError when the calculator rejects them; a set of
    input names, only when an issue names one of them (a person's own values: theirs to fix).
    Otherwise the status says why nothing was computed: abstained when only required inputs are
    missing (named in `missing`), else unparsed with the error."""
    calc = get(reading.calculator)
    arguments = {**{n: r.value for n, r in reading.inputs.items() if r.value is not None}, **reading.options}
    try:
        result = calc.calculate(arguments)
    except CalculatorInputError as exc:
        if strict is True:
            raise
        theirs = [i for i in exc.issues if i.field.split(".")[0] in set(strict or ())]
        if theirs:  # only the issues of the values named: the rest is the reading's to say
            raise CalculatorInputError(exc.calculator, theirs) from None
        missing = tuple(i.field for i in exc.issues if i.kind == "missing")
        status = "abstained" if len(missing) == len(exc.issues) else "unparsed"
        return replace(reading, result=None, status=status, missing=missing, error=str(exc), confidence=None,
                       drivers=())
    inputs, case, drivers = C.case_confidence(calc, reading.inputs, arguments, result)
    return replace(reading, inputs=inputs, arguments=arguments, result=result, status="ok", missing=(),
                   error=None, confidence=case, drivers=drivers, threshold=C.threshold())


__all__ = ["DEFAULT_GEN", "check_model", "new_state", "read_note", "reading_of", "settle"]
