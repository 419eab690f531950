"""The named reading pipelines.

- `default`: the best configuration measured (issue 17's "new extract"): findings, the sex and race
  and choices with phrases read by rule; graded choices with sentences in the note asked by the
  log-probabilities of their options; named quantities taken from the note; one JSON request for
  the rest (quantities as one of their mentions, per-item lists, required inputs null-able), one
  repair turn, the calculator's hints, abstention, confidence.
- `generate`: `default` without log-probabilities (a graded choice the phrases leave open goes into
  the JSON request): for a model that gives text only (through inspect, most hosted APIs).
- `rules`: the same readers without any model: what no rule settles is left out, so the reading
  abstains or computes with declared defaults. Fast, offline, and the readers' own measure.
"""

from __future__ import annotations

from .pipeline import Pipeline, named_pipeline
from .stages.choices import ChoicePhrases, ChoiceQuestions, Demographics
from .stages.decide import Confidence, Decide
from .stages.findings import RuleFindings
from .stages.fixes import Hints
from .stages.locate import Locate
from .stages.model import AskModel
from .stages.quantities import CandidateMentions, ItemLists, NamedQuantities


def _rules() -> tuple:
    return (Locate(findings=True, choices=True), RuleFindings(mode="alone"), Demographics(), ChoicePhrases(),
            ItemLists(), NamedQuantities(), CandidateMentions())


@named_pipeline("default")
def default(max_repairs: int = 1) -> Pipeline:
    return Pipeline("default", (*_rules(), ChoiceQuestions(), AskModel(max_repairs=max_repairs, nullable=True),
                                Hints(), Decide(abstain=True, fix_units=True), Confidence()))


@named_pipeline("generate")
def generate(max_repairs: int = 1) -> Pipeline:
    rules = (Locate(findings=True, choices=False), *_rules()[1:])
    return Pipeline("generate", (*rules, AskModel(max_repairs=max_repairs, nullable=True), Hints(),
                                 Decide(abstain=True, fix_units=True), Confidence()))


@named_pipeline("rules")
def rules() -> Pipeline:
    return Pipeline("rules", (*_rules(), Hints(), Decide(abstain=True, fix_units=True), Confidence()))
