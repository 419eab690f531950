"""The reading mechanisms of the `extract` strategy, each behind one of its parameters (see
`extract`'s docstring): findings read for negation and context (`context`), decided by
log-probability (`decide`), quantities chosen among the note's mentions (`candidates`), the
calculator's hints applied (`apply_hints`), per-item lists (`item_lists`) and abstention
(`abstain`). The mechanisms themselves live in `bench.reading`; here they meet the prompts and
schemas of `extract`.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...calculators.describe import InputSpec
from ...calculators.spec import Calculator
from ..models import Meter
from ...reading.choices import chosen, matches, read_choice
from ...reading.context import NoteReader, Reading
from ...reading.decisions import choose, yes_probability
from ...reading.demographics import read_race, read_sex
from ...reading.quantities import QuantityMention, as_input, candidates, ranked_candidates, scan
from ...reading.timepoints import DISTANT, PREVIOUS, clause_at
from ..types import Case

CONTEXT_MODES = ("off", "alone", "with_model", "veto")
CANDIDATE_MODES = ("false", "true", "first")
DECIDE_MODES = ("generate", "logprob")
LETTERS = "ABCDEFGHIJ"
READER = NoteReader()

FINDING_LOGPROB_QUESTION = (
    "One criterion of this score: {criterion}\n"
    "Does the note say that this criterion applies to this patient? Answer only from the note. "
    "Answer with one word: yes or no."
)
# With evidence the question is asked on those sentences alone: on a whole note the 1.5B model's
# P(yes) stays near 0.5 (seen on MedCalc-Bench notes), on a few sentences it is decisive.
EVIDENCE_ONLY = "Sentences from a patient's note about one criterion of a score:\n{sentences}"
CHOICE_LOGPROB_QUESTION = (
    "One input of this score: {input}\n"
    "Which option does the note give for this patient? Answer only from the note. "
    "Answer with the letter only.\n{options}"
)
CANDIDATE_RULE = ("For each input below, reply with the number of the mention that gives its value at "
                  "presentation, copied from its list (null if none of them does):")


def check_choice(name: str, value: str, allowed: Sequence[str]) -> str:
    if value not in allowed:
        raise ValueError(f"extract parameter {name}: got {value!r}; expected one of {', '.join(allowed)}")
    return value


# ---------------------------------------------------------------- what rules settle


@dataclass
class RuleReading:
    """What the rule-based readers settle before the model is asked (`extract`'s `context` and
    `candidates`): inputs decided (a value, or None: left out, the declared default applies), with
    one trace record each; quantities taken from the note's named mention; optional quantities the
    note never mentions; the candidate mentions of the quantities still asked; and the findings'
    readings (for `context=veto`)."""

    settled: dict[str, Any] = field(default_factory=dict)
    records: list[dict[str, Any]] = field(default_factory=list)
    quantities: dict[str, Any] = field(default_factory=dict)
    named: dict[str, QuantityMention] = field(default_factory=dict)
    unmentioned: list[str] = field(default_factory=list)
    mentions: dict[str, list[QuantityMention]] = field(default_factory=dict)
    readings: dict[str, Reading] = field(default_factory=dict)

    def trace(self) -> dict[str, Any]:
        return {**({"quantities_from_note": {n: {"value": self.quantities[n], "words": m.label()}
                                             for n, m in self.named.items()}} if self.named else {}),
                **({"not_in_note": self.unmentioned} if self.unmentioned else {})}


def read_by_rule(case: Case, asked: Sequence[InputSpec], graded: Sequence[InputSpec], grouped: set[str], *,
                 context: str, candidates: str) -> RuleReading:
    """The rule-based reading of the inputs `asked` in the JSON request and the `graded` choices
    (see `RuleReading`); inputs of per-item lists (`grouped`) are left to the model."""
    out = RuleReading()
    if context != "off":
        findings = [s for s in asked if s.kind == "boolean"]
        out.readings = read_findings(case, findings) if findings else {}
        for s in findings:
            reading = out.readings[s.name]
            if settled_by_reader(reading, s, context):
                value = reading_value(reading, s)
                out.settled[s.name] = value
                out.records.append({"field": s.name, "reading": reading.to_dict(),
                                    **({"present": value} if value is not None else {})})
        for name, value in demographics(case, [*asked, *graded]).items():  # the sex and race
            out.settled[name] = value
            out.records.append({"field": name, "read_by": "rules", **({"choice": value} if value is not None else {})})
        phrased, defaulted = phrased_choices(case, [*asked, *graded])
        for name, (value, found) in phrased.items():
            out.settled[name] = value
            out.records.append({"field": name, "read_by": "phrases", "matches": found, "choice": value})
        for name in defaulted:  # left out: the declared default applies
            out.settled[name] = None
            out.records.append({"field": name, "read_by": "phrases", "matches": {}, "default": True})
    if candidates != "false":
        left = [s for s in asked if s.name not in out.settled and s.name not in grouped]
        if candidates == "first":  # the note's first named mention, out of the JSON request
            out.named = first_named_mentions(case, left)
            out.quantities = {n: as_input(m, next(s.units for s in left if s.name == n)) for n, m in out.named.items()}
            left = [s for s in left if s.name not in out.quantities]
        out.mentions = candidate_fields(case, left)
        # an optional quantity the note never mentions is not asked: the model filled an oxygen
        # saturation from a PaO2 (design sample)
        out.unmentioned = [s.name for s in left if s.kind == "quantity" and not (s.required and not s.nullable)
                           and s.name not in out.mentions]
    return out


# ---------------------------------------------------------------- findings


def read_findings(case: Case, specs: Sequence[InputSpec]) -> dict[str, Reading]:
    """Each finding's reading: by the phrases its calculator declares where it has them (a
    judgement such as "PE is the most likely diagnosis": "true"/"false" phrases, else not
    mentioned), else by ConText over its synonyms, counting the mentions its declared scope
    counts (`fields.Scope`): a relative's for a family-history criterion, the past's for a
    previous one, the last weeks' for a recent one."""
    worded = [s for s in specs if not s.phrases]
    readings = READER.read(case.note, {s.name: s.synonyms for s in worded}) if worded else {}
    for s in specs:
        if s.phrases:
            option, found = read_choice(case.note, s.phrases)
            state = {"true": "present", "false": "absent"}.get(option or "", "not_mentioned")
            readings[s.name] = Reading(s.name, state, (found.get(option) or [None])[0] if option else None)
        elif s.scope.whose == "relative":
            readings[s.name] = relatives(readings[s.name])
        elif s.scope.when == "past":
            readings[s.name] = in_the_past(readings[s.name])
        elif s.scope.when == "recent":
            readings[s.name] = lately(readings[s.name], case.note)
    return readings


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
    """A `previous_…` criterion (Wells' previous PE or DVT): only mentions of the past count — in a
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


def reading_value(reading: Reading, spec: InputSpec) -> bool | None:
    """The finding as the reader alone decides it: present -> true, absent -> false, not
    mentioned -> None (left out: the calculator's declared default applies, with a warning).
    A negative criterion is the opposite, and true when its names are not mentioned."""
    if spec.scope.absence:  # not mentioned: left out (MedCalc-Bench reads it as not met)
        return None if reading.state == "not_mentioned" else reading.state == "absent"
    return {"present": True, "absent": False}.get(reading.state)


def settled_by_reader(reading: Reading, spec: InputSpec, mode: str) -> bool:
    """Whether the reader decides the finding without the model: always with `alone`; with
    `with_model` when it finds no mention about the patient (absent or not mentioned) or the
    criterion is a negative one; never with `veto` (the model answers, the reader only vetoes)."""
    if mode == "alone":
        return True
    return mode == "with_model" and (reading.state != "present" or spec.scope.absence)


def veto_findings(reply: Mapping[str, Any], readings: Mapping[str, Reading],
                  specs: Mapping[str, InputSpec]) -> tuple[dict[str, Any], list[str]]:
    """`context=veto`: the model's reply with each finding it says true set false where the
    reader shows it is not so — every mention negated, hypothetical or about a relative ("no
    history of stroke", "her mother had a DVT"), or, for a negative criterion ("cough_absent"),
    the named thing asserted. Returns the reply and the findings changed. The reader never turns
    a false into a true: a name it does not know is no evidence of absence."""
    out, vetoed = dict(reply), []
    for name, reading in readings.items():
        if out.get(name) is not True:
            continue
        absence = specs[name].scope.absence
        if reading.state == "absent" and not absence or absence and reading.state == "present":
            out[name] = False
            vetoed.append(name)
    return out, vetoed


def demographics(case: Case, specs: Sequence[InputSpec]) -> dict[str, str | None]:
    """{input: value} for a `sex` or `race` choice, read by rules (`reading.demographics`): a sex
    the rules cannot read is left to the model; a race the note does not state is left out
    (None: the calculator's default applies, with its warning), never guessed."""
    out: dict[str, str | None] = {}
    for s in specs:
        if s.kind == "choice" and s.name == "sex":
            value = read_sex(case.note)
            if value in s.choices:
                out[s.name] = value
        elif s.kind == "choice" and s.name == "race":
            value = read_race(case.note)
            out[s.name] = value if value in s.choices else None
    return out


def phrased_choices(case: Case, specs: Sequence[InputSpec]) -> tuple[dict[str, tuple[str, dict[str, list[str]]]], list[str]]:
    """The choice inputs their declared phrases settle (`reading.choices`), each phrase matched
    once: ({input: (option, the matches)} for those whose phrases name an option (the others go to
    the model), [the inputs left to their declared default]). A choice with a default (Charlson's
    diabetes 'none', Caprini's mobility 'normal') whose phrases name no option is left out, so the
    default applies as for a finding never mentioned, instead of a model's guess among options the
    note gives no ground for; one whose name the note asserts without a grade ("suspected hepatic
    encephalopathy") stays open."""
    settled, quiet = {}, []
    for s in specs:
        if s.kind == "choice" and s.phrases:
            found = matches(case.note, s.phrases)
            option = chosen(s.phrases, found)
            if option is not None and option in s.choices:
                settled[s.name] = (option, found)
            elif not found and not s.required:
                quiet.append(s)
    named = read_choices(case, quiet) if quiet else {}
    return settled, [s.name for s in quiet if named[s.name].state != "present"]


def logprob_prompt(head: str, spec: InputSpec, reading: Reading | None) -> str:
    """The yes/no question on the note's sentences about the criterion when the reader found
    some (the evidence alone), else on the whole `head` (note, question, calculator)."""
    label = spec.name.replace("_", " ")
    desc = f" — {spec.description.strip()}" if spec.description else ""
    question = FINDING_LOGPROB_QUESTION.format(criterion=label + desc)
    if reading is not None and reading.mentions:
        sentences = "\n".join(f"- {s}" for s in dict.fromkeys(m.sentence for m in reading.mentions))
        return "\n\n".join([EVIDENCE_ONLY.format(sentences=sentences), question])
    return "\n\n".join([head, question])


def logprob_finding(meter: Meter, system: str, head: str, spec: InputSpec, reading: Reading | None,
                    threshold: float) -> tuple[bool | None, float | None]:
    """(decision, P(yes)) for one criterion; None when the model gives yes and no no weight."""
    messages = [{"role": "system", "content": system},
                {"role": "user", "content": logprob_prompt(head, spec, reading)}]
    p = yes_probability(meter, messages)
    return (None if p is None else p >= threshold), p


def graded_choices(specs: Sequence[InputSpec]) -> list[InputSpec]:
    """The inputs decided by `choices=logprob`: choices of more than one option (a grade, a
    category, the sex), asked one at a time; one of more options than there are letters stays
    in the JSON request."""
    return [s for s in specs if s.kind == "choice" and not s.option and 1 < len(s.choices) <= len(LETTERS)]


def read_choices(case: Case, specs: Sequence[InputSpec]) -> dict[str, Reading]:
    """The note's sentences about each choice input, found by its synonyms or, having none, by
    its name's words ("liver disease", "troponin")."""
    return READER.read(case.note, {s.name: s.synonyms or (s.name.replace("_", " "),) for s in specs})


def choice_prompt(head: str, spec: InputSpec, reading: Reading | None) -> str:
    """The multiple-choice question (options lettered A, B, …) on the sentences the reader found
    about the input, else on the whole `head`."""
    desc = f" — {spec.description.strip()}" if spec.description else ""
    options = "\n".join(f"{LETTERS[i]}. {c.replace('_', ' ')}" for i, c in enumerate(spec.choices))
    question = CHOICE_LOGPROB_QUESTION.format(input=spec.name.replace("_", " ") + desc, options=options)
    if reading is not None and reading.mentions:
        sentences = "\n".join(f"- {s}" for s in dict.fromkeys(m.sentence for m in reading.mentions))
        return "\n\n".join([EVIDENCE_ONLY.format(sentences=sentences).replace("criterion", "input"), question])
    return "\n\n".join([head, question])


# Contextual calibration (Zhao et al., ICML 2021): the same question on a content-free input
# ("N/A") gives the model's prior over the letters; each option's probability is divided by it.
# Without it the 1.5B model put most weight on "B" whatever the sentence said.
CONTENT_FREE = EVIDENCE_ONLY.replace("criterion", "input").format(sentences="- N/A")


def logprob_choice(meter: Meter, system: str, head: str, spec: InputSpec, reading: Reading | None,
                   ) -> tuple[str | None, dict[str, float]]:
    """(the most probable option, each option's calibrated probability) for one choice input;
    None when the model gives no option any weight. Two scored requests: the question, and the
    same question on a content-free input (the prior the probabilities are divided by)."""
    letters = list(LETTERS[:len(spec.choices)])
    _, p = choose(meter, [{"role": "system", "content": system},
                          {"role": "user", "content": choice_prompt(head, spec, reading)}], letters)
    blank = choice_prompt(head, spec, None).replace(head, CONTENT_FREE, 1)
    _, prior = choose(meter, [{"role": "system", "content": system}, {"role": "user", "content": blank}], letters)
    ratio = {x: p[x] / prior[x] if prior[x] > 0 else p[x] for x in letters}
    total = sum(ratio.values())
    if total <= 0:
        return None, dict.fromkeys(spec.choices, 0.0)
    calibrated = {c: ratio[letters[i]] / total for i, c in enumerate(spec.choices)}
    return max(calibrated, key=lambda c: calibrated[c]), {c: round(v, 4) for c, v in calibrated.items()}


# ---------------------------------------------------------------- quantities


def candidate_fields(case: Case, specs: Sequence[InputSpec]) -> dict[str, list[QuantityMention]]:
    """{input: its candidate mentions} for the quantity inputs that have any."""
    mentions = scan(case.note)
    out = {}
    for s in specs:
        if s.kind == "quantity":
            found = candidates(mentions, s.name, s.units, unit=s.unit, plausible=s.plausible)
            if found:
                out[s.name] = found
    return out


def first_named_mentions(case: Case, specs: Sequence[InputSpec]) -> dict[str, QuantityMention]:
    """`candidates=first`: {input: its best mention} for the quantity inputs whose best candidate
    the note names (by the words before or after it) and does not place at a later time point:
    the first such mention at presentation, the dataset's convention. Inputs whose best candidate
    is unnamed or later ("after the normalisation of his calcium, 9.44 mg/dL") are left to the
    model."""
    mentions = scan(case.note)
    out = {}
    for s in specs:
        if s.kind == "quantity":
            ranked = ranked_candidates(mentions, s.name, s.units, unit=s.unit, plausible=s.plausible, limit=1)
            if ranked and ranked[0][1] < 2 and not ranked[0][0].later:  # a later time point: the model chooses
                out[s.name] = ranked[0][0]
    return out


# A candidate input is answered with the mention's number, not an id: the 1.5B model often wrote
# the value where an id was asked ("age": 52 for "a 52-year-old"), and a value that happened to
# be another mention's id chose that mention silently.
def candidate_schema(schema: dict[str, Any], fields: Mapping[str, list[QuantityMention]],
                     specs: Mapping[str, InputSpec]) -> dict[str, Any]:
    """The reply schema with each candidate input as one of its mentions' numbers (null allowed)."""
    out = copy.deepcopy(schema)
    for name, found in fields.items():
        if name in out["properties"]:
            values = list(dict.fromkeys(_number(m.value) for m in found))
            out["properties"][name] = {"anyOf": [{"type": "number", "enum": values}, {"type": "null"}],
                                       "description": specs[name].description}
    return out


def _number(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


def candidate_lines(fields: Mapping[str, list[QuantityMention]], specs: Mapping[str, InputSpec]) -> str:
    """The prompt's lines for the inputs answered by a mention's number: the rule, then per input
    its mentions and its description (these inputs are left out of the ordinary input lines)."""
    lines = [CANDIDATE_RULE]
    for name, found in fields.items():
        desc = f" — {specs[name].description.strip()}" if specs[name].description else ""
        mentions = "; ".join(f'{_number(m.value)} ("{(m.before + " " + m.written).strip()}"'
                             f'{", later time point" if m.later else ""})' for m in found)
        lines.append(f"- {name} (a number from: {mentions}, or null){desc}")
    return "\n".join(lines)


def inputs_from_candidates(reply: Mapping[str, Any], fields: Mapping[str, list[QuantityMention]],
                           specs: Mapping[str, InputSpec]) -> tuple[dict[str, Any], list[str]]:
    """The reply with each chosen number as its mention (the first mention of that number in the
    candidates' order); a required input left null takes its first candidate (the value at
    presentation, by the dataset's convention), said in the notes."""
    args, notes = dict(reply), []
    for name, found in fields.items():
        if name not in args:
            continue
        value = args[name]
        chosen = next((m for m in found if isinstance(value, (int, float)) and not isinstance(value, bool)
                       and m.value == float(value)), None)
        if chosen is None and specs[name].required and not specs[name].nullable:
            chosen = found[0]
            notes.append(f"{name}: no mention's number given ({value!r}); took the first, {_number(chosen.value)}")
        args[name] = None if chosen is None else as_input(chosen, specs[name].units)
    return args, notes


# ---------------------------------------------------------------- abstention


def nullable_required(schema: dict[str, Any], specs: Sequence[InputSpec]) -> dict[str, Any]:
    """The schema with required inputs nullable too (null: the note does not give it), so a
    model can say an input is missing instead of inventing one."""
    out = copy.deepcopy(schema)
    for s in specs:
        prop = out["properties"].get(s.name)
        if prop is None or not s.required:
            continue
        if "anyOf" in prop:
            if {"type": "null"} not in prop["anyOf"]:
                prop["anyOf"].append({"type": "null"})
        elif prop.get("type") == "object" or "properties" in prop:  # anyOf: llama.cpp's form
            out["properties"][s.name] = {"anyOf": [prop, {"type": "null"}],
                                         "description": prop.get("description", "")}
        elif isinstance(prop.get("type"), str):
            prop["type"] = [prop["type"], "null"]
    return out


def missing_inputs(error: Mapping[str, Any] | None, case: Case, specs: Mapping[str, InputSpec]) -> list[str] | None:
    """The required inputs the note truly lacks, when those are the calculator's only complaint:
    every issue is a missing input, and no quantity among them has a candidate mention in the
    note. None otherwise (the error is something a model got wrong)."""
    issues = (error or {}).get("issues") or []
    if not issues or any(i.get("kind") != "missing" for i in issues):
        return None
    names = [str(i.get("field")) for i in issues]
    mentions = scan(case.note)
    for name in names:
        spec = specs.get(name)
        if spec is not None and spec.kind == "quantity" and candidates(mentions, name, spec.units, unit=spec.unit,
                                                                        plausible=spec.plausible):
            return None
    return names


def abstention_text(calc: Calculator, missing: Sequence[str]) -> str:
    return f"not computable: the note does not give {', '.join(missing)} ({calc.name})"
