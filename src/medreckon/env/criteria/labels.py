"""What a passage says about a criterion, decided from the parts it was made of.

A passage is built from a phrasing family (assert, deny, a relative's, hypothetical, a clause), what
fills it (one of the criterion's names, an instance, a near miss, a value on either side of its
threshold, or nothing of it) and, for a dated or relative's mention, the time and the relative's
age. `label_of` is the one definition of the label: the generator calls it, and the tests call it
again on every passage's stored parts.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from ...reading.learned.criteria import Criterion

LABELS = ("asserted", "denied", "other_person", "out_of_time", "hypothetical", "not_about_it")
Label = Literal["asserted", "denied", "other_person", "out_of_time", "hypothetical", "not_about_it"]
# what fills the passage: a name of the criterion, an instance the declaration lists, a near miss,
# a value that meets or misses its threshold, a judgement's "true"/"false" phrase, or nothing of it
Said = Literal["name", "instance", "near", "value_met", "value_unmet", "true", "false", "none"]


@dataclass(frozen=True)
class Parts:
    family: str  # the phrasing family's id ("filler" when the passage says nothing of the criterion)
    kind: str  # assert | deny | relative | hypothetical | clause_true | clause_false | value | none
    time: str  # now | history | timed | none
    said: Said
    text: str  # what fills the slot, as written in the passage
    days: float | None = None  # a timed mention: how many days before presentation
    age: int | None = None  # a relative's mention: their age at onset

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def label_of(c: Criterion, p: Parts) -> Label | None:
    """The passage's label for criterion `c`, or None where the parts leave it open (a dated
    mention near the edge of the criterion's window, "a history of" for a criterion about the
    last month): such passages are not generated."""
    if p.said in ("none", "near", "value_unmet"):
        return "not_about_it"
    if p.kind == "deny" or p.said == "false":
        return "denied"
    if p.kind == "hypothetical":
        return "hypothetical"
    if p.kind == "relative":
        if c.relative_age is not None and (p.age is None or not c.relative_age.met(p.age)):
            return "not_about_it"  # a relative's disease past the age the criterion needs
        return "other_person"
    return _in_scope(c, p.time, p.days)


def _in_scope(c: Criterion, time: str, days: float | None) -> Label | None:
    """An assertion about the patient: asserted, or out of the criterion's time scope."""
    if c.when == "any" or time == "none":
        return "asserted"
    if c.when == "past":  # a previous one: the present episode is not it
        if time == "now":
            return "out_of_time"
        if time == "timed" and days is not None and days < 28:
            return None  # "a DVT two weeks ago" in a note about a DVT: the same episode?
        return "asserted"
    if time == "history":
        return None  # "history of pneumonia": when?
    if time == "now":
        return "asserted"
    assert days is not None
    if c.when == "current":
        return "out_of_time" if days >= 180 else ("asserted" if days <= 1 else None)
    limit = c.window.days if c.window else 28.0
    if days <= 0.75 * limit:
        return "asserted"
    if days >= 2 * limit:
        return "out_of_time"
    return None
