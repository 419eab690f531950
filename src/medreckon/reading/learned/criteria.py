"""Criteria read from the calculator declarations: every yes/no finding and every choice of every
calculator becomes a `Criterion` (a choice: a `Choice` with one `Option` per value), with the
statement a reader is asked about, the words a note may use for it, and what the declaration says
about its scope — so calculators added later are covered without a list of them anywhere.

From a finding's description ("Abnormal renal function: dialysis, kidney transplant, or creatinine
> 2.26 mg/dL (200 µmol/L) (1 point).") come its statement (points removed), its instances (the
listed things that meet it: "dialysis", "kidney transplant"), its thresholds ("creatinine > 2.26
mg/dL": a value on the wrong side is a near miss), its exclusions ("a single episode does not
count", "a former smoker is not": near misses the declaration names) and, for a recent criterion,
its time window ("in the last month"). Its scope (`fields.Scope`: when, whose, absence) is
declared; "Current ..." descriptions make a criterion about the present.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from ...calculators.describe import InputSpec, describe_inputs
from ...calculators.registry import all_calculators
from ...calculators.spec import Calculator
from .words import OptionPhrases, Words, default_words

When = Literal["any", "past", "recent", "current"]
NOT_READ = ("sex", "race")  # read by the demographic rules, not by criteria
MAX_OPTIONS = 12  # a choice with more options (a procedure group of 21) is a look-up, not a reading


@dataclass(frozen=True)
class Threshold:
    """A measurement the criterion compares ("creatinine > 2.26 mg/dL"): `what` `op` `value` `unit`."""

    what: str
    op: Literal[">", ">=", "<", "<="]
    value: float
    unit: str = ""

    def met(self, x: float) -> bool:
        return {">": x > self.value, ">=": x >= self.value, "<": x < self.value, "<=": x <= self.value}[self.op]


@dataclass(frozen=True)
class Window:
    """How far back a recent criterion reaches ("in the last month": 1 month)."""

    amount: float
    unit: Literal["hour", "day", "week", "month", "year"]

    @property
    def days(self) -> float:
        return self.amount * {"hour": 1 / 24, "day": 1, "week": 7, "month": 30, "year": 365}[self.unit]


@dataclass(frozen=True)
class Criterion:
    """A yes/no finding of one calculator, as a reader is asked about it."""

    id: str  # "caprini:recent_fracture"
    calculator: str
    field: str
    statement: str  # the criterion in words, the first text the model reads
    names: tuple[str, ...]  # what a note calls it
    instances: tuple[str, ...] = ()  # things the declaration lists as meeting it
    exclusions: tuple[str, ...] = ()  # things the declaration says do not meet it
    thresholds: tuple[Threshold, ...] = ()
    when: When = "any"
    window: Window | None = None
    whose: Literal["patient", "relative"] = "patient"
    absence: bool = False  # the criterion is its names' absence (Centor's cough absent)
    relative_age: Threshold | None = None  # a relative's onset age the criterion needs (< 65)
    phrases: OptionPhrases | None = None  # "true"/"false" phrases of a judgement finding


@dataclass(frozen=True)
class Option:
    value: str
    statement: str
    names: tuple[str, ...]


@dataclass(frozen=True)
class Choice:
    """A choice input of one calculator: its options in the declared order."""

    id: str
    calculator: str
    field: str
    head: str  # what is chosen ("Best eye response")
    options: tuple[Option, ...]
    ranked: bool = False  # most severe first: where a note states several, the first wins
    default: str | None = None
    phrases: OptionPhrases | None = None
    current: bool = False


@dataclass(frozen=True)
class Criteria:
    findings: tuple[Criterion, ...]
    choices: tuple[Choice, ...]
    fingerprint: str = ""
    skipped: dict[str, str] = field(default_factory=dict)  # input id -> why it has no criterion


# ---------------------------------------------------------------- the description, cleaned

_POINTS = re.compile(r"\s*\((?:[^()]*\bpoints?\b[^()]*|[+−-]\d[^()]*|\d+(?:\.\d+)?(?:[,;:][^()]*)?|the '[^()]*'[^()]*|"
                     r"part of the[^()]*|a (?:CAD )?(?:low-)?risk factor|one criterion[^()]*|both needed)\)", re.I)
_TAIL = re.compile(r"[;,:]\s*(?:scores|subtracts|adds|one criterion|\d+(?:\.\d+)? points?|doubles|selects|counts as|"
                   r"if so|only then|the clinician|the derivation)(?:[^;.]|\.\d)*", re.I)
_LEADS = re.compile(r"^(?:women only|required|feature \d+):\s*", re.I)
_SENTENCE = re.compile(r"(?<!\be\.g)(?<!\bi\.e)(?<=[a-z0-9)'’])\.\s+(?=[A-Z])")
_DROP = re.compile(r"^(?:Not given|Leave (?:it )?out|Give it|Required|A low-risk factor|Does not add|Pass the|"
                   r"Use when|The derivation|Respiratory \d|For other|'RASS|Voice is tried)", re.I)
_EXCLUDES = re.compile(r"does not count|do not count|is not it|is not\b|are not\b|does not\b|alone\b|except|excluding", re.I)


def sentences(description: str) -> list[str]:
    return [s.strip().rstrip(".") for s in _SENTENCE.split(description.strip()) if s.strip()]


def clean(text: str) -> str:
    """A description without its points and scoring asides."""
    out = _LEADS.sub("", _TAIL.sub("", _POINTS.sub("", text)))
    return re.sub(r"\s+", " ", out).strip(" ;,.")


def statement(spec: InputSpec) -> str:
    """The criterion as the model reads it: the description's first sentence without its points,
    and the sentences that say what does not meet it."""
    parts = sentences(spec.description)
    if not parts:
        return spec.name.replace("_", " ")
    kept = [clean(parts[0])] + [clean(s) for s in parts[1:] if _EXCLUDES.search(s) and not _DROP.match(s)]
    text = ". ".join(k for k in kept if k)
    text = re.sub(r"^True when (?:the patient has |there is )?", "", text, flags=re.I)
    return text[:1].upper() + text[1:] + "."


# ---------------------------------------------------------------- names and instances

_MODIFIERS = re.compile(r"^(?:(?:any|known|prior|previous(?:ly)?|history of|a history of|current(?:ly)?|recent(?:ly)?|"
                        r"positive|diagnosed|documented|objectively diagnosed|definite or probable|other|ongoing|"
                        r"previously documented|on|taking|has|having|(?:the )?patient has|treatment with(?: an?)?)[, ]+)+",
                        re.I)
_WINDOW_WORDS = re.compile(r"\s+(?:in|within|during|over)\s+(?:the\s+)?(?:last|past|previous|prior)\b.*$|"
                           r"\s+(?:at|on) presentation\b.*$|\s+in the previous\b.*$", re.I)
_SPLIT = re.compile(r",\s*(?:or\s+|and/or\s+)?|\s+(?:and/)?or\s+(?!more\b|less\b|greater\b|fewer\b)")
_STARTS_ASIDE = re.compile(r"^(?:e\.g\.|i\.e\.|(?:from|of|in|with|without|including|excluding|except|such as|any|"
                           r"acute|chronic|the|a|an|upper|lower|not|both|measured|documented|on|at|treated|unlike)\b)", re.I)
_NEGATIVE = re.compile(r"\b(?:not|no|excluding|except|without|unlike|e\.g)\b", re.I)


def _words(text: str) -> int:
    return len(text.split())


def _lower(name: str) -> str:
    """Sentence case off ("Stroke" -> "stroke"), abbreviations kept ("ST-segment", "CPAP")."""
    return name if len(name) > 1 and not name[1].islower() else name[:1].lower() + name[1:]


def _or_split(text: str) -> list[str]:
    """"pelvis or leg fracture" -> pelvis fracture, leg fracture; "tonsillar exudate or swelling" ->
    tonsillar exudate, tonsillar swelling; "nausea or vomiting" -> nausea, vomiting."""
    parts = [p.strip() for p in re.split(r"\s+(?:and/)?or\s+(?!more\b|less\b|greater\b|fewer\b)", text) if p.strip()]
    if len(parts) < 2:
        return parts
    if all(_words(p) == 1 for p in parts[:-1]) and _words(parts[-1]) == 2:
        tail = parts[-1].split()[-1]
        return [*(f"{p} {tail}" for p in parts[:-1]), parts[-1]]
    if all(_words(p) == 1 for p in parts[1:]) and _words(parts[0]) == 2:
        lead = parts[0].split()[0]
        return [parts[0], *(f"{lead} {p}" for p in parts[1:])]
    return parts


def _coordinated(text: str) -> list[str]:
    """The names a coordinated phrase stands for: "hip, pelvis or leg fracture" -> hip fracture,
    pelvis fracture, leg fracture; "pharyngeal or tonsillar exudate, purulent tonsils" ->
    pharyngeal exudate, tonsillar exudate, purulent tonsils."""
    items = [i.strip() for i in re.split(r",\s*(?:or\s+|and/or\s+)?", text) if i.strip()]
    split = [_or_split(i) for i in items]
    last = split[-1]
    if len(items) > 1 and all(_words(i) == 1 for i in items[:-1]) and _words(last[-1]) == 2:
        tail = last[-1].split()[-1]
        return [*(f"{i} {tail}" for i in items[:-1]), *last]
    return [n for parts in split for n in parts]


def _name_of(spec: InputSpec, head: str) -> list[str]:
    """The names a description's head gives ("Hemiplegia or paraplegia, from stroke or any other
    cause" -> hemiplegia, paraplegia; "Melena (black, tarry stool)" -> melena, black, tarry stool)."""
    glosses = [g.strip() for g in re.findall(r"\(([^()]+)\)", head)
               if _words(g) <= 4 and not _STARTS_ASIDE.match(g.strip()) and not re.search(r"\d", g)]
    head = re.sub(r"\s*\([^()]*\)", "", head)
    name = _MODIFIERS.sub("", _WINDOW_WORDS.sub("", head)).strip(" ,.")
    pieces = [p.strip() for p in name.split(",")]
    if len(pieces) > 1 and any(_STARTS_ASIDE.match(p) or _words(p) > 4 for p in pieces[1:]):
        name = pieces[0]  # "Leukaemia, acute or chronic", "Lymphoma, including myeloma"
    if not name or _words(name) > 9 or re.search(r"\b(?:on|of|in|to)$", name):
        name = re.sub(r"^(?:no|not)_|_(?:absent|\d+\w*)$", "", spec.name).replace("_", " ")
    name = _lower(name)
    names = [name, *_coordinated(name), *glosses] if _words(name) <= 6 else [*_coordinated(name), *glosses]
    negative = _NEGATIVE.match(name) is not None  # a criterion that is itself a negative state
    return [n for n in dict.fromkeys(names) if (negative or not _NEGATIVE.search(n)) and len(n) > 2]


def _instances(first: str) -> tuple[list[str], list[str]]:
    """(the things a "Head: a, b or c" list names, the list's pieces that compare a value)."""
    if ":" not in first:
        return [], []
    listed = re.sub(r"\s*\(([^()]*)\)", r", \1,", first.split(":", 1)[1])
    if re.search(r"\b(?:2|two) or more\b|\bboth\b|\ball of\b|\bAND\b", listed):
        return [], []
    items, limits = [], []
    for chunk in re.split(r";", listed):
        chunk = re.sub(r"^\s*(?:e\.g\.|such as|including)\s*", "", chunk.strip(), flags=re.I)
        pieces = [p.strip(" .") for p in _SPLIT.split(chunk) if p.strip(" .")]
        if not all(_words(p) <= 4 for p in pieces):
            pieces = [chunk] if _words(chunk) <= 8 else []
        for p in pieces:
            (limits if re.search(r"[<>≤≥\d%]", p) else items).append(p)
    return [i for i in items if len(i) > 2 and not _NO_INSTANCE.search(i)], limits


# list pieces that are no thing a note asserts: an example marker, a time limit, a verb phrase
_NO_INSTANCE = re.compile(r"\be\.g\b|\betc\b|\bwithin\b|\bin the (?:last|past)\b|^(?:has|is|are|was|were|"
                          r"needs|requires|selects|treatment|any)\b|\bpalliative\b", re.I)


_EXCLUSION = re.compile(
    r"(?:^|[;,(]\s*|\.\s*)(?:an?\s+|the\s+)?(?P<a>[A-Za-z][^;,.()]{2,60}?)\s+(?:alone\s+)?(?:does|do) not(?: count)?\b"
    r"|(?:^|[;,(]\s*)(?:an?\s+)?(?P<b>[A-Za-z][^;,.()]{2,60}?)\s+(?:is|are) not(?: it)?\b"
    r"|\bnot (?P<c>[A-Za-z][^;,.()]{2,40}?) alone\b"
    r"|\b(?:except(?! for)|excluding) (?P<d>[^;.()]{3,60})"
    r"|\(not: (?P<e>[^)]+)\)", re.I)


def _exclusions(description: str) -> list[str]:
    out = []
    for m in _EXCLUSION.finditer(description):
        text = next(g for g in m.groups() if g)
        for piece in (_SPLIT.split(text) if m.group("e") else [text]):
            piece = re.sub(r"\balone\b|^(?:an?|the)\s+", "", piece).strip(" ,.")
            if _words(piece) >= 1 and not re.match(r"(?:smaller|larger|lower|higher|it|this|that|well)\b", piece, re.I):
                out.append(piece)
    return list(dict.fromkeys(out))


_OPS = {">": ">", "≥": ">=", "<": "<", "≤": "<=", "more than": ">", "greater than": ">", "above": ">",
        "over": ">", "below": "<", "less than": "<", "under": "<", "before age": "<", "at least": ">="}
_LIMIT = re.compile(r"(?P<what>[A-Za-z][A-Za-z0-9 /₂-]{0,40}?)\s*(?P<op>≥|≤|>|<|more than|greater than|above|below|"
                    r"less than)\s*(?P<num>\d+(?:\.\d+)?)\s*(?P<unit>mg/dL|mmHg|mm Hg|kg/m²|cm|mm|%|/min|°C|g/dL)?"
                    r"(?![\w/])")
_SCORES = re.compile(r"^(?:GCS|Glasgow Coma Scale|INR|BMI|MAP|SBP|heart rate|respiratory rate)$", re.I)


def _thresholds(texts: list[str]) -> list[Threshold]:
    out = []
    for text in texts:
        m = _LIMIT.search(text)
        if not m:
            continue
        what = re.sub(r"^(?:with|of|and|or|a|an|the)\s+", "", m.group("what").strip(), flags=re.I)
        what = what.split(" with ")[-1].strip()
        if not what or _words(what) > 4 or not (m.group("unit") or _SCORES.match(what)):
            continue
        out.append(Threshold(what, _OPS[m.group("op")], float(m.group("num")), (m.group("unit") or "").replace("mm Hg", "mmHg")))
    return out


_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "six": 6, "twelve": 12, "a": 1}
_WINDOW = re.compile(r"\b(?:in|within|during)\s+(?:the\s+)?(?:last|past|previous|prior)\s+(?:(?P<n>\d+|one|two|three|"
                     r"four|six|twelve)\s+)?(?P<unit>hour|day|week|month|year)s?", re.I)


def window(description: str, when: str) -> Window | None:
    m = _WINDOW.search(description)
    if m:
        n = m.group("n")
        amount = float(_NUMBERS.get(n.lower(), 0) if n and not n.isdigit() else (n or 1))
        return Window(amount, m.group("unit").lower())  # type: ignore[arg-type]
    return Window(4, "week") if when == "recent" else None


_RELATIVE_AGE = re.compile(r"\b(?:before|under|below|younger than|<)\s*(?:the\s+)?(?:age\s+(?:of\s+)?)?(\d{2})\b", re.I)
_CURRENT = re.compile(r"^(?:current(?:ly)?|ongoing|on (?!the)|at presentation|breathing)\b", re.I)


_ABSENCE = re.compile(r"^True when (?:the patient has |there is )?(?:NO|NEITHER)\s+", re.I)
_KIN_PREFIX = re.compile(r"^(?:positive )?family history of (?:premature )?", re.I)


def finding(calc: Calculator, spec: InputSpec, words: Words) -> Criterion:
    parts = sentences(spec.description)
    first = clean(parts[0]) if parts else spec.name.replace("_", " ")
    said = statement(spec)
    if spec.scope.absence:  # the reader is asked about the thing whose absence is the criterion
        first = re.sub(r"\s+NOR\s+", " or ", _ABSENCE.sub("", first))
        first = re.split(r"\s*\(", first, maxsplit=1)[0]
        said = first[:1].upper() + first[1:] + "."
    head = re.split(r"[:;]", re.sub(r"\s*\([^()]*\)", "", first), maxsplit=1)[0]
    names = [*words.synonyms(calc.id, spec), *_name_of(spec, head)]
    if spec.scope.whose == "relative":
        names = [_KIN_PREFIX.sub("", n) for n in names]
    names = list(dict.fromkeys(n for n in names if n and n.lower() not in {"true", "false"}))
    instances, limits = _instances(first)
    when: When = spec.scope.when
    if when == "any" and _CURRENT.match(spec.description):
        when = "current"
    age = _RELATIVE_AGE.search(spec.description) if spec.scope.whose == "relative" else None
    premature = spec.scope.whose == "relative" and re.search(r"\bpremature\b", spec.description, re.I)
    known = {n.lower() for n in names}
    return Criterion(
        id=f"{calc.id}:{spec.name}", calculator=calc.id, field=spec.name, statement=said,
        names=tuple(names), instances=tuple(i for i in instances if i.lower() not in known),
        exclusions=tuple(_exclusions(spec.description)), thresholds=tuple(_thresholds([*limits, first])),
        when=when, window=window(spec.description, when), whose=spec.scope.whose, absence=spec.scope.absence,
        relative_age=Threshold("age", "<", float(age.group(1))) if age else
        (Threshold("age", "<", 55.0) if premature else None),
        phrases=words.phrases(calc.id, spec))


# ---------------------------------------------------------------- choices

_GLOSS = re.compile(r"'(?P<opt>[^']+)'\s*\((?P<gloss>[^()]*(?:\([^()]*\)[^()]*)*)\)")


def _gloss(description: str, option: str) -> list[str]:
    """What the description says an option means: "'slight' (mild)" -> mild; "II rales or
    crackles, S3 or raised JVP" -> rales or crackles, S3 or raised JVP."""
    out = []
    for m in _GLOSS.finditer(description):
        if m.group("opt") != option:
            continue
        gloss = m.group("gloss")
        gloss = gloss.split(":", 1)[1] if ":" in gloss else gloss
        gloss = re.sub(r"(?:^|,\s*)[+−-]?\d+(?:\.\d+)?\s*(?:points?)?(?=,|$)|^\s*[IVX]+\s*$", "", gloss).strip(" ,;")
        if gloss and not re.fullmatch(r"[+−-]?\d+(?:\.\d+)?", gloss):
            out.append(gloss)
    m = re.search(rf"(?:^|[:;]\s*){re.escape(option)}\s+(?P<g>[a-z][^;.]+)", description)
    if m and not out:
        out.append(m.group("g").strip())
    return out


def choice(calc: Calculator, spec: InputSpec, words: Words) -> Choice:
    parts = sentences(spec.description)
    head = re.split(r"[:(]", clean(parts[0]), maxsplit=1)[0].strip() if parts else spec.name.replace("_", " ")
    if head.startswith("'") or _words(head) > 10:
        head = spec.name.replace("_", " ")
    options = []
    for value in spec.choices:
        text = value.replace("_", " ")
        glosses = _gloss(spec.description, value)
        said = f"{head}: {text}" + (f" ({glosses[0]})" if glosses else "")
        options.append(Option(value, said + ".", tuple(dict.fromkeys([text, *glosses]))))
    phrases = words.phrases(calc.id, spec)
    return Choice(id=f"{calc.id}:{spec.name}", calculator=calc.id, field=spec.name, head=head, options=tuple(options),
                  ranked=bool(phrases and phrases.ranked), default=spec.default if isinstance(spec.default, str) else None,
                  phrases=phrases, current=bool(phrases and phrases.current))


def criteria(calculators: list[Calculator] | None = None, words: Words | None = None) -> Criteria:
    """Every finding and choice of these calculators (all of them by default)."""
    words = words or default_words()
    findings, choices, skipped = [], [], {}
    for calc in calculators or all_calculators():
        for spec in describe_inputs(calc):
            key = f"{calc.id}:{spec.name}"
            if spec.option:
                continue
            if spec.kind == "boolean":
                findings.append(finding(calc, spec, words))
            elif spec.kind == "choice" and spec.name in NOT_READ:
                skipped[key] = "read by the demographic rules"
            elif spec.kind == "choice" and len(spec.choices) > MAX_OPTIONS:
                skipped[key] = f"{len(spec.choices)} options: a look-up, not a reading (at most {MAX_OPTIONS})"
            elif spec.kind == "choice":
                choices.append(choice(calc, spec, words))
    return Criteria(tuple(findings), tuple(choices), words.fingerprint, skipped)
