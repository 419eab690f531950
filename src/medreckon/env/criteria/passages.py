"""Criterion passages, labelled by construction, for training and validating a criterion reader.

For each finding of every calculator (`reading.learned.criteria`), passages that assert it (by a name, a
listed instance, a value past its threshold, a judgement phrase), deny it, give it to a relative,
date it outside its window, hedge it, state a near miss, or say nothing of it; for each choice,
passages that state one option (or two, for ranked options: the first listed wins) or none. A
passage is one or two sentences of a phrasing family (`templates.FAMILIES`) among filler sentences,
in one of several registers, with British spellings and shorthand at random. Its label is
`labels.label_of(criterion, parts)`.

Passage k of a criterion depends only on (seed, criterion, k). Whole phrasing families
(`Family.held_out`) and whole calculators (`held_out_calculator`) are kept for validation: no
training passage uses them.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ...calculators.registry import get
from ...reading.learned.criteria import Choice, Criteria, Criterion, Threshold, criteria
from ...reading.learned.words import Words, default_words
from .labels import Parts, label_of
from .near_misses import assertions, near_misses
from .phrases import option_samples
from .templates import (
    AGO,
    FAMILIES,
    FILLER,
    NEIGHBOURS,
    PATIENTS,
    PRONOUNS,
    RELATIVES,
    WORDS,
    Family,
)

GENERATOR_VERSION = "1"
HELD_OUT_SHARE = 10  # one calculator in this many (of those MedCalc-Bench does not map) is kept for validation


def held_out_calculator(calculator: str) -> bool:
    """Whether a calculator's passages are kept for validation: decided by its id alone (so a
    calculator added later is assigned without a list), never one MedCalc-Bench maps."""
    if get(calculator).medcalc_bench is not None:
        return False
    return int(hashlib.sha256(calculator.encode()).hexdigest()[:8], 16) % HELD_OUT_SHARE == 0


@dataclass(frozen=True)
class Passage:
    criterion: str
    statement: str
    text: str
    label: str
    parts: Parts
    split: str  # train | validation


@dataclass(frozen=True)
class ChoicePassage:
    choice: str
    statements: tuple[str, ...]  # one per option, in the declared order
    text: str
    target: int  # the option stated; len(statements) when the passage states none
    stated: tuple[int, ...]  # the options whose realisations the passage holds
    parts: Parts
    split: str


# how a passage's findings are counted per criterion (scaled by `scale`)
PLAN = (("name", 6), ("instance", 2), ("out_of_time", 5), ("deny", 6), ("relative", 3), ("hypothetical", 3),
        ("near", 4), ("value", 4), ("clause", 6), ("none", 3))
_SHORTHAND = ((r"\bhistory of\b", "h/o"), (r"\bwith\b", "w/"), (r"\bthe patient\b", "pt"), (r"\bdiagnosed\b", "dx"),
              (r"\byears\b", "yrs"), (r"\bpatient\b", "pt"))


def _overlaps(a: str, b: str) -> bool:
    a, b = a.lower(), b.lower()
    return a in b or b in a


class PassageGenerator:
    def __init__(self, seed: int = 0, scale: float = 1.0, found: Criteria | None = None, words: Words | None = None):
        self.seed, self.scale = seed, scale
        self.words = words or default_words()
        self.criteria = found or criteria(words=self.words)

    # ---------------------------------------------------------------- shared pieces

    def _pool(self, calculator: str) -> list[str]:
        """List neighbours ({o1}, {o2}): common conditions and the calculator's other findings (never
        another calculator's, so adding a calculator changes no other calculator's passages)."""
        own = [n for c in self.criteria.findings if c.calculator == calculator for n in c.names[:3] if len(n) > 3]
        return list(dict.fromkeys([*NEIGHBOURS, *own]))

    def vocabulary(self, calculator: str) -> list[str]:
        """Words a phrase sample's cut-off word may complete to ("diabet" -> "diabetes"): the
        calculator's own words and the common words of WORDS."""
        texts = [n for c in self.criteria.findings if c.calculator == calculator for n in (*c.names, *c.instances, c.statement)]
        texts += [o.statement for ch in self.criteria.choices if ch.calculator == calculator for o in ch.options]
        return sorted({w for t in (*texts, *WORDS) for w in re.findall(r"[A-Za-z][A-Za-z-]+", t)})

    def _neighbours(self, calculator: str, avoid: Sequence[str]) -> list[str]:
        return [n for n in self._pool(calculator) if not any(_overlaps(n, a) for a in avoid)]

    def _split(self, calculator: str, family: Family | None) -> str:
        return "validation" if held_out_calculator(calculator) or (family is not None and family.held_out) else "train"

    def _fill(self, template: str, x: str, rng: random.Random, neighbours: Sequence[str], **slots: str) -> str:
        sex = rng.choice(("female", "male"))
        pro, pos = PRONOUNS[sex]
        pt = rng.choice(PATIENTS[sex])
        others = rng.sample(list(neighbours), 2) if len(neighbours) >= 2 else ["asthma", "gout"]
        values = {"x": x, "X": x[:1].upper() + x[1:], "pro": pro, "Pro": pro.capitalize(), "pos": pos, "Pos": pos.capitalize(),
                  "pt": pt, "Pt": pt[:1].upper() + pt[1:], "o1": others[0], "o2": others[1],
                  "O1": others[0][:1].upper() + others[0][1:],
                  "rel": rng.choice(RELATIVES), "rel2": rng.choice(RELATIVES), **slots}
        return template.format(**values)

    def _template(self, family: Family, rng: random.Random) -> str:
        """One of the family's templates, sometimes in shorthand ("h/o", "w/", "pt")."""
        template = rng.choice(family.templates)
        if rng.random() < 0.2:
            for pattern, short in _SHORTHAND:
                template = re.sub(pattern, short, template)
        return template

    def _dress(self, sentence: str, rng: random.Random, extra: Sequence[str] = ()) -> str:
        """The target sentence among filler sentences."""
        around = rng.sample(FILLER, rng.choice((0, 1, 1, 2))) + list(extra)
        sentences = [*around]
        sentences.insert(rng.randrange(len(sentences) + 1), sentence)
        return " ".join(sentences)

    def _spelt(self, text: str, rng: random.Random) -> str:
        forms = self.words.spellings(text)
        return rng.choice(forms) if len(forms) > 1 and rng.random() < 0.5 else text

    # ---------------------------------------------------------------- findings

    def findings(self) -> Iterator[Passage]:
        for c in self.criteria.findings:
            yield from self.finding_passages(c)

    def finding_passages(self, c: Criterion) -> list[Passage]:
        rng = random.Random(f"{self.seed}:{c.id}")
        names = assertions(c)
        if not names:  # no words to assert it by (MRS-9Q's questions, ASPECTS' regions): nothing to write
            return []
        near = near_misses(c)
        neighbours = self._neighbours(c.calculator, [*c.names, *c.instances, *near])
        out: dict[str, Passage] = {}
        for what, count in PLAN:
            for _ in range(max(1, round(count * self.scale))):
                made = self._one(c, what, rng, names, near, neighbours)
                if made is not None and made.text not in out:
                    out[made.text] = made
        return list(out.values())

    def _families(self, kind: str, time: str | None = None) -> list[Family]:
        return [f for f in FAMILIES if f.kind == kind and (time is None or f.time == time)]

    def _one(self, c: Criterion, what: str, rng: random.Random, names: list[str], near: list[str],
             neighbours: list[str]) -> Passage | None:
        said, days, age, slots = "name", None, None, {}
        x = self._spelt(rng.choice(names), rng)
        if what == "name":
            family = rng.choice(self._families("assert"))
        elif what == "instance":
            if not c.instances:
                return None
            family, said, x = rng.choice(self._families("assert")), "instance", rng.choice(c.instances)
        elif what == "out_of_time":
            if c.when == "any":
                return None
            family = rng.choice(self._families("assert", "now" if c.when == "past" else "timed"))
        elif what in ("deny", "hypothetical"):
            family = rng.choice(self._families(what))
        elif what == "relative":
            family = rng.choice(self._families("relative"))
            age = rng.choice((38, 45, 52, 58, 61, 68, 72, 79, 84))
            slots["age"] = str(age)
        elif what == "near":
            if not near:
                return None
            family, said, x = rng.choice(self._families("assert", "now")), "near", rng.choice(near)
        elif what == "value":
            return self._value(c, rng, neighbours)
        elif what == "clause":
            return self._clause(c, rng, neighbours)
        else:
            return self._nothing(c, rng, neighbours)
        if family.time == "timed":
            days, slots["t"] = self._time(c, rng, what == "out_of_time")
        parts = Parts(family.id, family.kind, family.time, said, x, days, age)  # type: ignore[arg-type]
        label = label_of(c, parts)
        if label is None:
            return None
        text = self._dress(self._fill(self._template(family, rng), x, rng, neighbours, **slots), rng)
        return Passage(c.id, c.statement, text, label, parts, self._split(c.calculator, family))

    def _time(self, c: Criterion, rng: random.Random, outside: bool) -> tuple[float, str]:
        limit = c.window.days if c.window else 28.0
        if outside or c.when in ("any", "past"):
            choices = [(d, t) for d, t in AGO if d >= 2 * limit and d >= 180] if outside else list(AGO)
        else:
            choices = [(d, t) for d, t in AGO if d <= 0.75 * limit]
        return rng.choice(choices or [AGO[-1]])

    def _value(self, c: Criterion, rng: random.Random, neighbours: list[str]) -> Passage | None:
        if not c.thresholds:
            return None
        limit: Threshold = rng.choice(c.thresholds)
        met = rng.random() < 0.5
        step = max(abs(limit.value) * rng.uniform(0.1, 0.6), 1.0 if limit.value >= 10 else 0.2)
        above = (limit.op in (">", ">=")) == met
        value = limit.value + step if above else max(limit.value - step, 0.0)
        shown = f"{value:.0f}" if limit.value >= 10 else f"{value:.1f}"
        if limit.met(float(shown)) != met:
            return None
        text = f"{limit.what} {shown}{(' ' + limit.unit) if limit.unit else ''}"
        if "systolic" in limit.what.lower():  # as notes write a blood pressure
            text = f"{rng.choice(('BP', 'blood pressure', 'BP today'))} {shown}/{rng.randrange(62, 104)} mmHg"
        template = rng.choice(("{X}.", "{X} on admission.", "Labs: {o1} normal; {x}.", "Measured {x} today."))
        parts = Parts("value", "value", "none", "value_met" if met else "value_unmet", text)
        label = label_of(c, parts)
        if label is None:
            return None
        sentence = self._dress(self._fill(template, text, rng, neighbours), rng)
        return Passage(c.id, c.statement, sentence, label, parts, self._split(c.calculator, None))

    def _clause(self, c: Criterion, rng: random.Random, neighbours: list[str]) -> Passage | None:
        """A judgement finding stated by its own "true"/"false" phrases."""
        if c.phrases is None:
            return None
        value = rng.choice(("true", "true", "false"))
        samples = option_samples(c.phrases, value, rng, self.vocabulary(c.calculator), tries=12)
        if not samples:
            return None
        family = rng.choice(self._families("clause_true"))
        x = rng.choice(samples)
        parts = Parts(family.id, "clause_true" if value == "true" else "clause_false", "none", value, x)  # type: ignore[arg-type]
        label = label_of(c, parts)
        if label is None:
            return None
        text = self._dress(self._fill(self._template(family, rng), x, rng, neighbours), rng)
        return Passage(c.id, c.statement, text, label, parts, self._split(c.calculator, family))

    def _nothing(self, c: Criterion, rng: random.Random, neighbours: list[str]) -> Passage:
        """Filler and another finding asserted: nothing of this criterion."""
        other = rng.choice(neighbours) if neighbours else "gout"
        family = rng.choice(self._families("assert"))
        slots = {"t": "in 2012"}
        sentence = self._fill(rng.choice(family.templates), other, rng, neighbours, **slots)
        parts = Parts("filler", "none", "none", "none", other)
        return Passage(c.id, c.statement, self._dress(sentence, rng), "not_about_it", parts,
                       self._split(c.calculator, family))

    # ---------------------------------------------------------------- choices

    def choices(self) -> Iterator[ChoicePassage]:
        for ch in self.criteria.choices:
            yield from self.choice_passages(ch)

    def realisations(self, ch: Choice, rng: random.Random) -> list[list[str]]:
        """For each option, texts that state it: its phrases' samples, its glosses, its name with
        the choice's noun ("mild ascites", "ECG: normal")."""
        noun = re.split(r"\s+(?:on|by|as|at|for|in|needed)\b|,", re.sub(r"^Type of (?:the )?", "", ch.head), maxsplit=1)[0]
        noun = noun if len(noun) > 1 and noun[1].isupper() else noun[:1].lower() + noun[1:]
        out = []
        for option in ch.options:
            texts = option_samples(ch.phrases, option.value, rng, self.vocabulary(ch.calculator)) if ch.phrases else []
            text = option.names[0]
            texts += list(option.names[1:]) + [f"{noun}: {text}"]
            if option.value in ("none", "absent", "normal") or option.value == ch.default:
                texts.append(f"no {noun}" if option.value != "normal" else f"normal {noun}")
            elif len(text.split()) <= 3:
                texts.append(f"{text} {noun}")
            out.append(list(dict.fromkeys(t for t in texts if t)))
        return out

    def choice_passages(self, ch: Choice) -> list[ChoicePassage]:
        rng = random.Random(f"{self.seed}:{ch.id}")
        said = self.realisations(ch, rng)
        neighbours = self._neighbours(ch.calculator, [n for texts in said for n in texts])
        statements = tuple(o.statement for o in ch.options)
        out: dict[str, ChoicePassage] = {}
        n = max(1, round(4 * self.scale))
        for i, texts in enumerate(said):
            for _ in range(n if texts else 0):
                made = self._choice_one(ch, rng, statements, said, neighbours, [i])
                out.setdefault(made.text, made)
        for _ in range(max(1, round(3 * self.scale))):
            made = self._choice_none(ch, rng, statements, said, neighbours)
            out.setdefault(made.text, made)
            graded = [i for i, o in enumerate(ch.options) if o.value != ch.default and o.value not in ("none", "absent")]
            if ch.ranked and len(graded) > 1:
                pair = rng.sample(graded, 2)
                if said[pair[0]] and said[pair[1]]:
                    made = self._choice_one(ch, rng, statements, said, neighbours, pair)
                    out.setdefault(made.text, made)
        return list(out.values())

    def _choice_one(self, ch: Choice, rng: random.Random, statements: tuple[str, ...], said: list[list[str]],
                    neighbours: list[str], stated: list[int]) -> ChoicePassage:
        family = rng.choice(self._families("clause_true"))
        texts = [rng.choice(said[i]) for i in stated]
        x = texts[0] if len(texts) == 1 else f"{texts[1]}, and {texts[0]}"
        sentence = self._fill(rng.choice(family.templates), x, rng, neighbours)
        parts = Parts(family.id, "clause_true", "none", "name", x)
        return ChoicePassage(ch.id, statements, self._dress(sentence, rng), choice_target(ch, stated), tuple(stated),
                             parts, self._split(ch.calculator, family))

    def _choice_none(self, ch: Choice, rng: random.Random, statements: tuple[str, ...], said: list[list[str]],
                     neighbours: list[str]) -> ChoicePassage:
        """A passage that states no option: nothing of the choice, or an option's words about a
        relative or as a hypothesis."""
        kind = rng.choice(("none", "relative", "hypothetical"))
        pool = [t for texts in said for t in texts if len(t.split()) > 1]
        if kind == "none" or not pool:
            other = rng.choice(neighbours) if neighbours else "gout"
            sentence = self._fill("{Pro} has {x}.", other, rng, neighbours)
            parts, family = Parts("filler", "none", "none", "none", other), None
        else:
            family = rng.choice(self._families(kind))
            x = rng.choice(pool)
            sentence = self._fill(rng.choice(family.templates), x, rng, neighbours, age="60")
            parts = Parts(family.id, family.kind, "none", "name", x)
        return ChoicePassage(ch.id, statements, self._dress(sentence, rng), len(statements), (), parts,
                             self._split(ch.calculator, family))


def choice_target(ch: Choice, stated: Sequence[int]) -> int:
    """The option a passage stating these options means: for ranked options the one whose phrases
    come first (the most severe), otherwise the one stated."""
    if not stated:
        return len(ch.options)
    if ch.ranked and ch.phrases is not None:
        order = [option for option, _ in ch.phrases.patterns]
        return min(stated, key=lambda i: order.index(ch.options[i].value) if ch.options[i].value in order else len(order))
    return stated[0]
