"""The one exception type for bad calculator input, written for a human or an LLM to repair from.

Every problem is an `InputIssue` naming the field, the value given, what was expected and,
where we can tell, a suggestion. `CalculatorInputError` carries all issues of one call.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from .jsonable import jsonable


@dataclass(frozen=True, slots=True)
class InputIssue:
    field: str
    value: Any
    expected: str
    suggestion: str | None = None
    kind: str = "invalid"  # missing | unknown_field | unit | range | choice | type | invalid

    def sentence(self) -> str:
        given = "nothing" if self.kind == "missing" else repr(self.value)
        text = f"{self.field}: got {given}, expected {self.expected}"
        if self.suggestion:
            text += f" ({self.suggestion})"
        return text


class CalculatorInputError(ValueError):
    """Raised by `calculate` and `from_medcalc_bench` for any input that cannot be computed.

    Attributes: `calculator` (id or the name asked for), `issues` (list of `InputIssue`).
    `str(error)` is one paragraph; `error.to_dict()` is the structured form for tools and APIs.
    """

    def __init__(self, calculator: str | None, issues: list[InputIssue]):
        self.calculator = calculator
        self.issues = issues
        where = f"{calculator}: " if calculator else ""
        super().__init__(where + "; ".join(i.sentence() for i in issues) + ".")

    def to_dict(self) -> dict[str, Any]:
        return {
            "error": "invalid_input",
            "calculator": self.calculator,
            "message": str(self),
            "issues": [{**asdict(i), "value": jsonable(i.value, convert=False)} for i in self.issues],
        }
