"""What flows through a reading pipeline: the note and the calculator, the inputs settled so far
(each an `InputReading`: value, source, evidence), what the rule readers found for the stages after
them (findings' mentions, choices' sentences, quantities' candidate mentions), the model and its
requests, and the calculation. Each stage reads what it needs and settles what it can; an input
settled is never asked again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..bench.calculation import Computed, compute
from ..bench.models import Meter
from ..bench.types import Completion
from ..calculators.describe import InputSpec
from ..calculators.spec import Calculator, Result
from .context import Reading
from .inputs import ReadInput
from .quantities import QuantityMention
from .result import METHODS, InputReading, Source, Span

if TYPE_CHECKING:
    from .pipeline import Stage


@dataclass
class ReadState:
    calc: Calculator
    note: str
    question: str
    options: dict[str, Any]  # rule options (a dataset's convention), given to the calculator as they are
    inputs: dict[str, ReadInput]  # the inputs to read, in declaration order
    head: str  # what every model request starts with (note, question, calculator)
    meter: Meter | None = None  # the model, metered; None: rules only
    gen: dict[str, Any] = field(default_factory=dict)
    readings: dict[str, InputReading] = field(default_factory=dict)  # settled, in the order settled
    fixed: dict[str, Any] = field(default_factory=dict)  # settled findings and choices: over any reply
    noted: dict[str, Any] = field(default_factory=dict)  # quantities read from the note: part of the reply
    context: dict[str, Reading] = field(default_factory=dict)  # each finding's mentions (ConText)
    sentences: dict[str, Reading] = field(default_factory=dict)  # each graded choice's sentences
    graded: list[str] = field(default_factory=list)  # choices a question decides (they have sentences)
    mentions: dict[str, list[QuantityMention]] = field(default_factory=dict)  # open quantities' candidates
    groups: dict[str, tuple[InputSpec, InputSpec]] = field(default_factory=dict)  # per-item input pairs
    fixers: list[Stage] = field(default_factory=list)  # stages with a calculation hook (`Stage.fix`)
    # the calculation
    result: Result | None = None  # the last result computed (possibly with warnings)
    written: dict[str, Any] = field(default_factory=dict)  # the inputs it was computed from, as written
    raw: str = ""  # the model reply it came from ("" where none)
    last: Completion | None = None  # the model's last reply
    error: str | None = None  # the calculator's (or a parser's) last complaint
    issues: dict[str, Any] | None = None  # the calculator's last error object
    status: str = "ok"
    missing: tuple[str, ...] = ()
    sent: list[str] = field(default_factory=list)  # repair messages sent
    fixes: list[str] = field(default_factory=list)  # unit fixes made after the repairs
    trace: dict[str, Any] = field(default_factory=dict)  # the dialogue and every stage's record

    # ------------------------------------------------------------ inputs

    def open(self, kinds: Iterable[str] | None = None) -> list[ReadInput]:
        """The inputs nobody has settled yet, in declaration order (only of `kinds` when given)."""
        wanted = None if kinds is None else set(kinds)
        return [s for n, s in self.inputs.items() if n not in self.readings and (wanted is None or s.kind in wanted)]

    def settle(self, name: str, value: Any, method: str, *, evidence: Iterable[Span] = (),
               detail: Mapping[str, Any] | None = None, argument: bool = False) -> None:
        """Settle input `name` (value None: left out, its declared default applies). `argument`:
        it goes to the calculator with the model's reply (a quantity read from the note, which the
        calculator's hints may fix), else over it."""
        spec = self.inputs[name]
        source = Source.DEFAULT if value is None else METHODS[method]  # left out: the default applies
        self.readings[name] = InputReading(name, str(spec.kind), value, source, method, tuple(evidence),
                                           detail=dict(detail or {}))
        if value is not None:
            (self.noted if argument else self.fixed)[name] = value

    def record(self, entry: dict[str, Any]) -> None:
        """One stage record about one input, in the trace's `findings` (kept from `extract`)."""
        self.trace.setdefault("findings", []).append(entry)

    # ------------------------------------------------------------ the calculation

    def calculate(self, reply: Mapping[str, Any] | None, record: dict[str, Any], *, fix: bool = True) -> Computed:
        """The calculator on `reply` (the model's arguments and the quantities from the note) with
        the settled findings, choices and rule options over it; then each fixer's hook (`fix`)."""
        extra = {**self.fixed, **self.options}
        got = compute(self.calc, dict(reply) if reply else None, extra)
        if fix:
            for stage in self.fixers:
                got = stage.fix(self, dict(reply or {}), extra, got, record)
        return got

    def kept(self, got: Computed, raw: str = "") -> None:
        """Keep a computation: its result (or error) becomes the reading's."""
        if got.result is None:
            self.error, self.issues = got.message, got.error
        else:
            self.result, self.written, self.raw = got.result, dict(got.inputs or {}), raw
