"""Questions about one input at a time: a yes/no criterion asked as generated JSON (with a quote
of the note first, or without) or scored by the log-probability of "yes", and a graded choice
scored by the log-probability of its lettered options with contextual calibration.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..bench.models import Meter
from ..calculators.describe import InputSpec
from . import prompts as P
from .context import Reading
from .decisions import choose, yes_probability

LETTERS = "ABCDEFGHIJ"

FINDING_SCHEMA: dict[str, Any] = {
    "type": "object", "properties": {"present": {"type": "boolean"}}, "required": ["present"],
    "additionalProperties": False}
# No maxLength on the quote: llama.cpp expands it into a deep repetition grammar; the
# request's max_tokens bounds the reply instead (a cut-off reply leaves the finding out).
FINDING_EVIDENCE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"quote": {"type": "string"}, "present": {"type": "boolean"}},
    "required": ["quote", "present"], "additionalProperties": False}


def _label(spec: InputSpec) -> str:
    desc = f" — {spec.description.strip()}" if spec.description else ""
    return spec.name.replace("_", " ") + desc


def finding_prompt(head: str, spec: InputSpec, quote: bool) -> str:
    """One yes/no criterion asked on its own (after the same head as every request), with a
    quote of the note first when `quote`."""
    question = P.FINDING_EVIDENCE_QUESTION if quote else P.FINDING_QUESTION
    return "\n\n".join([head, question.format(criterion=_label(spec))])


def _sentences(reading: Reading) -> str:
    return "\n".join(f"- {s}" for s in dict.fromkeys(m.sentence for m in reading.mentions))


def logprob_prompt(head: str, spec: InputSpec, reading: Reading | None) -> str:
    """The yes/no question on the note's sentences about the criterion when the reader found
    some (the evidence alone), else on the whole `head` (note, question, calculator)."""
    question = P.FINDING_LOGPROB_QUESTION.format(criterion=_label(spec))
    if reading is not None and reading.mentions:
        return "\n\n".join([P.EVIDENCE_ONLY.format(sentences=_sentences(reading)), question])
    return "\n\n".join([head, question])


def logprob_finding(meter: Meter, head: str, spec: InputSpec, reading: Reading | None,
                    threshold: float) -> tuple[bool | None, float | None]:
    """(decision, P(yes)) for one criterion; None when the model gives yes and no no weight."""
    messages = [{"role": "system", "content": P.SYSTEM}, {"role": "user", "content": logprob_prompt(head, spec, reading)}]
    p = yes_probability(meter, messages)
    return (None if p is None else p >= threshold), p


def graded_choices(specs: Sequence[InputSpec]) -> list[InputSpec]:
    """The inputs a choice question decides: choices of more than one option (a grade, a category,
    the sex); one of more options than there are letters stays in the JSON request."""
    return [s for s in specs if s.kind == "choice" and not s.option and 1 < len(s.choices) <= len(LETTERS)]


def choice_prompt(head: str, spec: InputSpec, reading: Reading | None) -> str:
    """The multiple-choice question (options lettered A, B, …) on the sentences the reader found
    about the input, else on the whole `head`."""
    options = "\n".join(f"{LETTERS[i]}. {c.replace('_', ' ')}" for i, c in enumerate(spec.choices))
    question = P.CHOICE_LOGPROB_QUESTION.format(input=_label(spec), options=options)
    if reading is not None and reading.mentions:
        sentences = P.EVIDENCE_ONLY.format(sentences=_sentences(reading)).replace("criterion", "input")
        return "\n\n".join([sentences, question])
    return "\n\n".join([head, question])


# Contextual calibration (Zhao et al., ICML 2021): the same question on a content-free input
# ("N/A") gives the model's prior over the letters; each option's probability is divided by it.
# Without it the 1.5B model put most weight on "B" whatever the sentence said.
CONTENT_FREE = P.EVIDENCE_ONLY.replace("criterion", "input").format(sentences="- N/A")


def logprob_choice(meter: Meter, head: str, spec: InputSpec, reading: Reading | None,
                   ) -> tuple[str | None, dict[str, float]]:
    """(the most probable option, each option's calibrated probability) for one choice input;
    None when the model gives no option any weight. Two scored requests: the question, and the
    same question on a content-free input (the prior the probabilities are divided by)."""
    letters = list(LETTERS[:len(spec.choices)])
    _, p = choose(meter, [{"role": "system", "content": P.SYSTEM},
                          {"role": "user", "content": choice_prompt(head, spec, reading)}], letters)
    blank = choice_prompt(head, spec, None).replace(head, CONTENT_FREE, 1)
    _, prior = choose(meter, [{"role": "system", "content": P.SYSTEM}, {"role": "user", "content": blank}], letters)
    ratio = {x: p[x] / prior[x] if prior[x] > 0 else p[x] for x in letters}
    total = sum(ratio.values())
    if total <= 0:
        return None, dict.fromkeys(spec.choices, 0.0)
    calibrated = {c: ratio[letters[i]] / total for i, c in enumerate(spec.choices)}
    return max(calibrated, key=lambda c: calibrated[c]), {c: round(v, 4) for c, v in calibrated.items()}
