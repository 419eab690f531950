"""A yes/no finding read from the note: by the lexicon's phrases where it has them (a judgement such
as "PE is the most likely diagnosis"), else by ConText over its synonyms, counting the mentions its
declared clinical scope counts (`fields.Scope`): a relative's for a family-history criterion, the
past's for a previous one, the last weeks' for a recent one.

    readings = read_findings(note, specs)       # {name: context.Reading}
    reading_value(readings[name], spec)         # True, False or None (left out)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .choices import read_choice
from .context import NoteReader, Reading
from .inputs import ReadInput
from .timepoints import DISTANT, PREVIOUS, clause_at

READER = NoteReader()


def read_findings(note: str, specs: Sequence[ReadInput]) -> dict[str, Reading]:
    """Each finding's reading (see the module docstring)."""
    worded = [s for s in specs if not s.phrases]
    readings = READER.read(note, {s.name: s.synonyms for s in worded}) if worded else {}
    for s in specs:
        if s.phrases:
            option, found = read_choice(note, s.phrases)
            state = {"true": "present", "false": "absent"}.get(option or "", "not_mentioned")
            readings[s.name] = Reading(s.name, state, (found.get(option) or [None])[0] if option else None)
        elif s.scope.whose == "relative":
            readings[s.name] = relatives(readings[s.name])
        elif s.scope.when == "past":
            readings[s.name] = in_the_past(readings[s.name])
        elif s.scope.when == "recent":
            readings[s.name] = lately(readings[s.name], note)
    return readings


def read_sentences(note: str, specs: Sequence[ReadInput]) -> dict[str, Reading]:
    """The note's sentences about each choice input, found by its synonyms or, having none, by
    its name's words ("liver disease", "troponin")."""
    return READER.read(note, {s.name: s.synonyms or (s.name.replace("_", " "),) for s in specs})


def lately(reading: Reading, note: str) -> Reading:
    """A recent criterion's reading: a mention in a clause about months or years back ("three
    years ago she spent six weeks in a plaster cast") does not count."""
    if reading.state != "present":
        return reading
    now = [m for m in reading.mentions if m.asserted and not DISTANT.search(clause_at(note, m.start, m.start + len(m.text)))]
    if now:
        return Reading(reading.finding, "present", now[0].sentence, reading.mentions)
    return Reading(reading.finding, "absent", reading.mentions[0].sentence, reading.mentions)


def in_the_past(reading: Reading) -> Reading:
    """A criterion of the past (Wells' previous PE or DVT): only mentions of the past count — in a
    note about a suspected PE, "pulmonary embolism is the most likely diagnosis" is no previous one."""
    if reading.state != "present":
        return reading
    past = [m for m in reading.mentions if m.asserted and (m.historical or PREVIOUS.search(m.sentence))]
    if past:
        return Reading(reading.finding, "present", past[0].sentence, reading.mentions)
    return Reading(reading.finding, "not_mentioned", None, reading.mentions)


def relatives(reading: Reading) -> Reading:
    """A family-history criterion's reading: present when a mention is about a relative (or
    says "family history of …"), not negated; absent when mentioned otherwise only."""
    if not reading.mentions:
        return reading
    kin = [m for m in reading.mentions if not m.negated and not m.hypothetical
           and (m.family or "famil" in m.text.lower())]
    first = kin[0] if kin else reading.mentions[0]
    return Reading(reading.finding, "present" if kin else "absent", first.sentence, reading.mentions)


def reading_value(reading: Reading, spec: ReadInput) -> bool | None:
    """The finding as the reader alone decides it: present -> true, absent -> false, not
    mentioned -> None (left out: the calculator's declared default applies, with a warning).
    A negative criterion is the opposite, and true when its names are not mentioned."""
    if spec.scope.absence:  # not mentioned: left out (MedCalc-Bench reads it as not met)
        return None if reading.state == "not_mentioned" else reading.state == "absent"
    return {"present": True, "absent": False}.get(reading.state)


MODES = ("alone", "with_model", "veto")


def settled_by_reader(reading: Reading, spec: ReadInput, mode: str) -> bool:
    """Whether the reader decides the finding without the model: always with `alone`; with
    `with_model` when it finds no mention about the patient (absent or not mentioned) or the
    criterion is a negative one; never with `veto` (the model answers, the reader only vetoes)."""
    if mode == "alone":
        return True
    return mode == "with_model" and (reading.state != "present" or spec.scope.absence)


def veto_findings(reply: Mapping[str, Any], readings: Mapping[str, Reading],
                  specs: Mapping[str, ReadInput]) -> tuple[dict[str, Any], list[str]]:
    """The model's reply with each finding it says true set false where the reader shows it is not
    so — every mention negated, hypothetical or about a relative ("no history of stroke", "her
    mother had a DVT"), or, for a negative criterion ("cough_absent"), the named thing asserted.
    Returns the reply and the findings changed. The reader never turns a false into a true: a name
    it does not know is no evidence of absence."""
    out, vetoed = dict(reply), []
    for name, reading in readings.items():
        if out.get(name) is not True:
            continue
        absence = specs[name].scope.absence
        if reading.state == "absent" and not absence or absence and reading.state == "present":
            out[name] = False
            vetoed.append(name)
    return out, vetoed
