"""Step verdicts: how one attempt fared at each step of a calculation (MedRaC's four steps), as
decided exactly from a calculation trace (`steps`) or by an LLM judge (`judge`), and the error
types those verdicts point to.

The four steps, in order (a later step is judged even when an earlier one failed, so that
Conditional Correctness and First-Error rates can both be computed):

1. ``calculator`` — the attempt used the case's calculator (formula selection);
2. ``values`` — every input the calculator needs was taken from the note correctly (per entity,
   after unit normalisation; see `ENTITY_VERDICTS`);
3. ``arithmetic`` — the result follows from the attempt's own inputs (the calculator recomputed
   on them gives the traced result; for free text, the model's stated result);
4. ``answer`` — the final answer is correct under the scoring rule.

A step verdict is True (right), False (wrong) or None (cannot be decided: e.g. no inputs were
ever computed, or the case has no gold entities). `StepVerdicts.status` says why a whole record
is missing: ``ok``, ``no_trace`` (a free-text attempt with no trace and no judge), ``no_gold``
(the case has no usable Relevant Entities: steps 2 and the gold check are None), ``no_answer``
(the attempt's status is not ok), ``judge_error`` (the judge's reply could not be read after
its retries; never counted right or wrong).

Error types (multi-label) follow MedRaC's taxonomy (`ERROR_TYPES`); `OPENMEDCALC_CLASS` maps each
to the error classes OpenMedCalc used.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

STEPS: tuple[str, ...] = ("calculator", "values", "arithmetic", "answer")

# Per-entity verdicts of step 2 (values).
ENTITY_VERDICTS: tuple[str, ...] = (
    "correct",          # equal to gold within tolerance after unit normalisation
    "wrong_value",      # another number (often another time point or analyte)
    "wrong_unit",       # off from gold by a unit-conversion factor (mg/dL read as umol/L, ...)
    "missing",          # gold has it; the attempt gave none (the calculator's default applied)
    "hallucinated",     # the attempt gave a number that appears nowhere in the note
    "finding_flipped",  # a yes/no criterion read the wrong way round
    "wrong_choice",     # another category (a grade, a sex, a drug)
    "extra",            # the attempt gave a value gold does not have, and it changed the result
)

# MedRaC's eight error types ("From Scores to Steps", Wang et al. 2025).
ERROR_TYPES: tuple[str, ...] = (
    "formula_misselection",       # wrong or hallucinated calculator/formula
    "incorrect_extraction",       # a value read wrong from the note
    "clinical_misinterpretation", # a finding or grade judged wrong (criteria misread)
    "missing_variables",          # a needed input not given
    "demographic_adjustment",     # a sex, race or age coefficient applied wrong
    "unit_conversion",            # a value in the wrong unit
    "arithmetic",                 # the result does not follow from the inputs
    "rounding",                   # right working, answer off by rounding or precision
)

# OpenMedCalc's error classes (Goodell et al. 2025) for each MedRaC type (our mapping).
OPENMEDCALC_CLASS: dict[str, str] = {
    "formula_misselection": "incorrect_formula",
    "incorrect_extraction": "assignment",
    "clinical_misinterpretation": "interpretation",
    "missing_variables": "incorrect_criteria",
    "demographic_adjustment": "incorrect_criteria",
    "unit_conversion": "calculation",
    "arithmetic": "calculation",
    "rounding": "calculation",
}

VerdictStatus = Literal["ok", "no_trace", "no_gold", "no_answer", "judge_error"]
Source = Literal["exact", "judge", "human"]


@dataclass(frozen=True)
class EntityVerdict:
    """One input of step 2: what gold says, what the attempt wrote and read, and the verdict."""

    field: str
    verdict: str  # one of ENTITY_VERDICTS
    gold: Any = None  # normalised (canonical unit), JSON-plain
    model: Any = None  # normalised, JSON-plain
    written: Any = None  # as the model wrote it ({"value": 5.1, "unit": "mg/dL"}, True, "male")

    def to_dict(self) -> dict[str, Any]:
        return {"field": self.field, "verdict": self.verdict, "gold": self.gold,
                "model": self.model, "written": self.written}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> EntityVerdict:
        return cls(d["field"], d["verdict"], d.get("gold"), d.get("model"), d.get("written"))


@dataclass(frozen=True)
class StepVerdicts:
    """The verdicts of one attempt. `steps` maps each of STEPS to True/False/None; `reasons`
    holds a short reason per step where one was given (the judge's, or the check's);
    `gold_correct` says whether our calculator on the case's gold entities is itself correct
    under the rule (False: the dataset's label departs from the published rule, so a wrong
    answer is not the model's fault)."""

    source: Source
    status: VerdictStatus
    steps: dict[str, bool | None] = field(default_factory=dict)
    entities: tuple[EntityVerdict, ...] = ()
    errors: tuple[str, ...] = ()  # ERROR_TYPES, in taxonomy order
    reasons: dict[str, str] = field(default_factory=dict)
    gold_correct: bool | None = None
    answer_by_rule: dict[str, bool] = field(default_factory=dict)

    def first_error(self) -> str | None:
        """The first step that is False (None when every decided step is right)."""
        return next((s for s in STEPS if self.steps.get(s) is False), None)

    def all_right(self) -> bool:
        return all(self.steps.get(s) is True for s in STEPS)

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "status": self.status,
                "steps": {s: self.steps.get(s) for s in STEPS},
                "entities": [e.to_dict() for e in self.entities], "errors": list(self.errors),
                "reasons": dict(self.reasons), "gold_correct": self.gold_correct,
                "answer_by_rule": dict(self.answer_by_rule)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> StepVerdicts:
        return cls(source=d["source"], status=d["status"],
                   steps={s: d.get("steps", {}).get(s) for s in STEPS},
                   entities=tuple(EntityVerdict.from_dict(e) for e in d.get("entities", ())),
                   errors=tuple(d.get("errors", ())), reasons=dict(d.get("reasons", {})),
                   gold_correct=d.get("gold_correct"),
                   answer_by_rule=dict(d.get("answer_by_rule", {})))


__all__ = ["STEPS", "ENTITY_VERDICTS", "ERROR_TYPES", "OPENMEDCALC_CLASS", "EntityVerdict",
           "StepVerdicts", "VerdictStatus", "Source"]
