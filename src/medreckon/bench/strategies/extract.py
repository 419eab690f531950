"""The `extract` strategy: the case's note read for its calculator's inputs by a reading pipeline
(`medreckon.reading`); the calculator computes the answer, the model never does.

    extract                          the default pipeline (reading.pipelines: the best measured)
    extract:pipeline=rules           another named pipeline (`medreckon bench strategies` lists them)
    extract:context=alone,...        an old configuration (issue 17's flags; `extract_legacy`), or by
    extract:configuration=issue17    name: it keeps the attempt keys of the runs made with it

The case names its calculator (MedCalc-Bench: the Calculator ID; other datasets: its name); rule
options follow the dataset's declared convention (`MedCalcBench.options`). The answer is the
calculator's value typed by the case's output type. Statuses: a ModelError -> `error`; the note
lacks a required input (pipelines that abstain) -> `abstained`; no computable inputs -> `unparsed`
(`truncated` when the last reply hit the token limit); never a default answer.

`Outcome.calc` is the typed record of the calculation; `Outcome.trace` keeps the dialogue (each
stage's records, the messages, one record per turn) and `reading`: the public reading (every input
with its source, evidence spans and confidence; the case's confidence and `needs_review`).
"""

from __future__ import annotations

import inspect
from typing import Any

from ...errors import CalculatorInputError
from ...reading.pipeline import Pipeline, get_pipeline
from ...reading.read import check_model, new_state, reading_of
from ...reading.stages.decide import abstention_text
from ...reading.state import ReadState
from ..answers import decimals_of, format_answer, typed_answer
from ..calculation import (
    MEDCALC_BENCH_IDS,
    calc_trace,
    calculator_for_case,
    case_options,
    explanation_of,
    result_record,
)
from ..trace import Repairs
from ..types import Case, ModelClient, Outcome
from . import register
from .base import Strategy
from .extract_legacy import CONFIGURATIONS, FLAGS, check_flags, legacy_pipeline, legacy_version


@register
class Extract(Strategy):
    """A reading pipeline and the calculator; see the module docstring. The parameters a spec may
    set are `pipeline`, `configuration` and the old flags; `__init__` is given only those the spec
    sets, so `extract` (today's default pipeline) and `extract:max_repairs=2` (an old
    configuration, with its old key) are told apart."""

    name = "extract"
    description = "The note read for the calculator's inputs by a reading pipeline (rules, then the model); the calculator computes."
    default_gen: dict[str, Any] = {"temperature": 0.0, "max_tokens": 1024}

    def __init__(self, **given: Any):
        unknown = sorted(set(given) - set(_PARAMETERS))
        if unknown:
            raise TypeError(f"extract has no parameter {', '.join(unknown)}")
        name, configuration = given.pop("pipeline", None), given.pop("configuration", None)
        if configuration is not None:
            if configuration not in CONFIGURATIONS:
                raise ValueError(f"extract configuration: got {configuration!r}; expected one of "
                                 f"{', '.join(CONFIGURATIONS)}")
            given = {**CONFIGURATIONS[configuration][0], **given}
        if name is not None and (given or configuration is not None):
            raise ValueError("extract takes a pipeline or an old configuration (its flags), not both")
        self.legacy = bool(given) or configuration is not None
        self.flags = check_flags(given) if self.legacy else {}
        self.pipeline: Pipeline = legacy_pipeline(self.flags) if self.legacy else get_pipeline(name or "default")

    @property
    def version(self) -> str:
        return legacy_version(self.flags) if self.legacy else self.pipeline.version

    @property
    def needs(self) -> frozenset[str]:
        """What the pipeline needs of the model (`reading.pipeline.MODEL`, `LOGPROBS`)."""
        return self.pipeline.needs

    def check_model(self, model: ModelClient) -> None:
        """ValueError before a run when the pipeline needs what the model cannot give (e.g.
        log-probabilities from an endpoint without them; the message names how to enable them)."""
        check_model(self.pipeline, model)

    def check(self, cases: list[Case]) -> None:
        """Every case has a calculator, and the note reader loads here (an environment that cannot
        run medspaCy's ConText stops the run before its first case, with the fix)."""
        from ...reading.findings import READER
        from ..environment import probe

        named = "extract" + (" " + ", ".join(f"{k}={v!r}" for k, v in self.flags.items()) if self.flags else "")
        probe(f"{named} (reading a note's findings with medspaCy's ConText)", "reading",
              lambda: READER.read("No fever.", {"fever": ("fever",)}))
        unknown = set()
        for c in cases:
            try:
                calculator_for_case(c)
            except CalculatorInputError:
                unknown.add(f"{c.calculator_id} ({c.calculator_name})")
        if unknown:
            raise ValueError(f"extract has no calculator for: {', '.join(sorted(unknown))}")

    def run(self, case: Case, model: ModelClient, gen: dict[str, Any]) -> Outcome:
        try:
            calc = calculator_for_case(case)
        except CalculatorInputError as exc:
            return Outcome(raw="", answer=None, status="error", error=f"no calculator for this case: {exc}")
        try:
            check_model(self.pipeline, model)
        except ValueError as exc:  # e.g. log-probabilities from a model that gives text only
            return Outcome(raw="", answer=None, status="error", error=str(exc))
        state = new_state(calc, case.note, case.question, case_options(calc, case), model, gen)
        named = case.dataset.startswith(MEDCALC_BENCH_IDS) and case.calculator_id is not None
        state.trace.update(calculator=calc.id, calculator_version=calc.version,
                           calculator_from="medcalc_bench_id" if named else "name", options=state.options)
        self.pipeline.run(state)
        state.trace["reading"] = reading_of(state, self.pipeline).to_dict()
        return outcome_of(state, case)


_PARAMETERS = {"pipeline": "default", "configuration": "issue17", **FLAGS}
# the parameters a spec may set, with the type of each (strategies.strategy_parameters reads the signature)
Extract.__init__.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
    [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    + [inspect.Parameter(k, inspect.Parameter.KEYWORD_ONLY, default=v) for k, v in _PARAMETERS.items()])


def outcome_of(state: ReadState, case: Case) -> Outcome:
    """The attempt's Outcome from the reading's state."""
    turns = state.trace.get("turns", [])
    repairs = Repairs(max(0, len(turns) - 1), tuple(state.sent), tuple(state.fixes))
    meter, calc, trace = state.meter, state.calc, state.trace

    def done(answer: Any = None, **fields: Any) -> Outcome:
        record = calc_trace(calc, "case", state.result, state.written, answer, None if answer is None else True, repairs)
        if meter is None:
            return Outcome(answer=answer, trace=trace, calc=record, **fields)
        return meter.outcome(answer=answer, trace=trace, calc=record, **fields)

    last = state.last.text if state.last else ""
    if state.status == "error":
        return done(raw=last, status="error", error=state.error)
    if state.status == "abstained":
        return done(raw=abstention_text(calc.name, state.missing), status="abstained",
                    explanation=f"missing: {', '.join(state.missing)}")
    if state.result is None:
        return done(raw=last, status=state.status, error=state.error)
    trace["normalised_inputs"] = result_record(state.result)["inputs"]
    trace["result"] = result_record(state.result)
    try:
        answer = typed_answer(state.result.value, case.output_type)
    except ValueError as exc:
        return done(raw=state.raw, status="unparsed", error=str(exc))
    trace["answer_decimals"] = decimals_of(answer)
    return done(answer, raw=state.raw or format_answer(answer, case.output_type, "prompt"), status="ok",
                explanation=explanation_of(state.result))


__all__ = ["Extract", "outcome_of"]
