"""Quantities: those the note names ("sodium 134 mmol/L", "at 2.3 mg/dL, his bilirubin") taken
from their mention at presentation; the candidate mentions of the others, for the model to choose
among; and per-item inputs (MME's drugs) set apart to be asked as one list."""

from __future__ import annotations

from dataclasses import dataclass

from ..items import item_groups
from ..pipeline import Stage, stage
from ..quantities import as_input, candidate_fields, first_named_mentions
from ..result import span_of
from ..state import ReadState


@stage
@dataclass(frozen=True)
class ItemLists(Stage):
    """A calculator whose inputs come in pairs `<item>_dose`, `<item>_doses_per_day` (MME) is
    asked for a list of the items the note names, not 25 flat nullable fields: the pairs are set
    apart here (no other stage reads them) and asked as a list by `ask_model`."""

    name = "item_lists"
    produces = "the per-item inputs, set apart to be asked as one list"

    def run(self, state: ReadState) -> None:
        state.groups = item_groups(state.calc)


def _grouped(state: ReadState) -> set[str]:
    return {s.name for pair in state.groups.values() for s in pair}


@stage
@dataclass(frozen=True)
class NamedQuantities(Stage):
    """A quantity input whose best candidate mention the note names, at presentation, takes that
    mention without a request."""

    name = "named_quantities"
    produces = "quantities the note names"

    def run(self, state: ReadState) -> None:
        grouped = _grouped(state)
        left = [s for s in state.open(["quantity"]) if s.name not in grouped]
        named = first_named_mentions(state.note, left)
        for name, (m, rank) in named.items():
            value = as_input(m, state.inputs[name].units)
            state.settle(name, value, "named_mention", evidence=[span_of(state.note, m.start, m.written)],
                         detail={"rank": rank, "words": m.label()}, argument=True)
        if named:
            state.trace["quantities_from_note"] = {n: {"value": state.noted[n], "words": m.label()}
                                                   for n, (m, _) in named.items()}


@stage
@dataclass(frozen=True)
class CandidateMentions(Stage):
    """The candidate mentions of each quantity still open (the model answers with one of their
    numbers); an optional quantity the note never mentions is left out, not asked (the model filled
    an oxygen saturation from "PaO2 70 mm Hg")."""

    name = "candidate_mentions"
    produces = "each open quantity's candidate mentions; optional ones never mentioned left out"

    def run(self, state: ReadState) -> None:
        grouped = _grouped(state)
        left = [s for s in state.open(["quantity"]) if s.name not in grouped]
        state.mentions = candidate_fields(state.note, left)
        unmentioned = [s.name for s in left if not (s.required and not s.nullable) and s.name not in state.mentions]
        for name in unmentioned:
            state.settle(name, None, "not_in_note")
        if unmentioned:
            state.trace["not_in_note"] = unmentioned
