"""The one exception type for bad calculator input, written for a human or an LLM to repair from.

Every problem is an `InputIssue` naming the field, the value given, what was expected and,
where we can tell, a suggestion. `CalculatorInputError` carries all issues of one call.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .jsonable import clip_text, echo, echo_repr

MAX_ISSUES = 20  # issues an error lists; the rest are counted, so a hostile body cannot amplify
TEXT_LIMIT = 2000  # characters of an expectation or suggestion (a list of allowed inputs fits)


@dataclass(frozen=True, slots=True)
class InputIssue:
    field: str
    value: Any
    expected: str
    suggestion: str | None = None
    kind: str = "invalid"  # missing | unknown_field | unit | range | choice | type | invalid
    suggested: tuple[float, str] | None = None  # the (number, unit) `suggestion` names, as data

    def sentence(self) -> str:
        given = "nothing" if self.kind == "missing" else echo_repr(self.value)
        text = f"{clip_text(self.field)}: got {given}, expected {clip_text(self.expected, TEXT_LIMIT)}"
        if self.suggestion:
            text += f" ({clip_text(self.suggestion, TEXT_LIMIT)})"
        return text


class CalculatorInputError(ValueError):
    """Raised by `calculate` and `from_medcalc_bench` for any input that cannot be computed.

    Attributes: `calculator` (id or the name asked for), `issues` (list of `InputIssue`).
    `str(error)` is one paragraph; `error.to_dict()` is the structured form for tools and APIs.
    """

    def __init__(self, calculator: str | None, issues: list[InputIssue]):
        self.calculator = calculator
        self.issues = issues
        # the message is written when first read: the generator rejects thousands of draws a
        # second on their issues alone, and writing each message was a tenth of its time
        self._message: str | None = None
        super().__init__()

    def __reduce__(self) -> tuple[Any, ...]:  # picklable (generation workers send it back)
        return type(self), (self.calculator, self.issues)

    def __str__(self) -> str:
        if self._message is None:
            where = f"{self.calculator}: " if self.calculator else ""
            text = "; ".join(i.sentence() for i in self.issues[:MAX_ISSUES])
            if len(self.issues) > MAX_ISSUES:
                text += f"; and {len(self.issues) - MAX_ISSUES} more issues"
            self._message = where + text + "."
            BaseException.args.__set__(self, (self._message,))  # type: ignore[attr-defined]
        return self._message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    @property  # type: ignore[override]
    def args(self) -> tuple[Any, ...]:
        """(message,), as a ValueError has it (written on first read, like `str`)."""
        str(self)
        return BaseException.args.__get__(self)  # type: ignore[attr-defined]

    @args.setter
    def args(self, value: tuple[Any, ...]) -> None:
        BaseException.args.__set__(self, value)  # type: ignore[attr-defined]

    def to_dict(self) -> dict[str, Any]:
        return {
            "error": "invalid_input",
            "calculator": self.calculator,
            "message": str(self),
            "issues": [{"field": clip_text(i.field), "value": echo(i.value), "expected": clip_text(i.expected, TEXT_LIMIT),
                        "suggestion": i.suggestion and clip_text(i.suggestion, TEXT_LIMIT), "kind": i.kind,
                        **({"suggested": {"value": i.suggested[0], "unit": i.suggested[1]}} if i.suggested else {})}
                       for i in self.issues[:MAX_ISSUES]],
            **({"issues_omitted": len(self.issues) - MAX_ISSUES} if len(self.issues) > MAX_ISSUES else {}),
        }


def wrong_argument(argument: str, value: Any, expected: str) -> TypeError:
    """The TypeError of a call of the wrong shape (an argument of the wrong type, not a bad
    value): its message names the argument, what it takes and the type it got."""
    return TypeError(f"argument {argument!r} takes {expected}, not {type(value).__name__}")
