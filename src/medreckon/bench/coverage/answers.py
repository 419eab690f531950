"""Our calculators on MedMCP-Calc's published inputs, against its final answers
(`medreckon calc verify --dataset medmcp-calc`).

Each use whose MDCalc name resolves to one of our calculators (`registry.get`) and whose
calculator has a mapping file (`mapping.py`) is computed from MedMCP-Calc's inputs and compared:
a label after the mapping's label table; a number within half a unit of the last decimal their
answer shows (MDCalc displays rounded values), or the mapping's wider stated `tolerance`. A
disagreement is fine only when the mapping documents it with a reason and a clinical source; an
undocumented one, a use the mapping cannot read, or a documented one that now agrees (or whose
value changed) fails the check.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...calculators import units as u
from ...calculators.registry import get
from ...calculators.spec import Calculator, Result
from ...errors import CalculatorInputError
from ..datasets.medmcp_calc import CalculatorUse, Task
from .mapping import (
    REFUSED,
    Mapping,
    Unmapped,
    inputs_for,
    label_key,
    leading_amount,
    load_mapping,
    value_key,
)

_RANGE = re.compile(r"^\s*(-?\d[\d,]*(?:\.\d+)?)\s*[-–—]\s*(\d[\d,]*(?:\.\d+)?)\s*(.*)$", re.S)


@dataclass(frozen=True)
class UseCheck:
    key: str  # <task id>#<order>
    name: str  # MedMCP-Calc's calculator name
    status: str  # agree | documented | undocumented | stale | unmapped
    ours: str  # our answer as text ("error" when our calculator refused the inputs; `detail` says why)
    detail: str = ""  # the documented reason, or what is wrong


@dataclass
class CalculatorCheck:
    calculator: str
    checks: list[UseCheck] = field(default_factory=list)

    def count(self, status: str) -> int:
        return sum(c.status == status for c in self.checks)

    @property
    def problems(self) -> list[UseCheck]:
        return [c for c in self.checks if c.status in ("undocumented", "stale", "unmapped")]

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass
class AnswersReport:
    calculators: list[CalculatorCheck]
    unchecked: dict[str, int]  # calculator id -> uses of it with no mapping file yet

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.calculators)


def check_answers(tasks: Iterable[Task], calculator_ids: Iterable[str] | None = None,
                  folder: Path | None = None) -> AnswersReport:
    """Every use of the tasks that resolves to a calculator with a mapping (in `folder`, default
    the package's mappings), checked."""
    wanted = set(calculator_ids) if calculator_ids else None
    by_calc: dict[str, CalculatorCheck] = {}
    unchecked: dict[str, int] = {}
    mappings: dict[str, Mapping | None] = {}
    for task in tasks:
        for use in task.answers:
            try:
                calc = get(use.name)
            except CalculatorInputError:
                continue  # not covered: the coverage map says so
            if wanted is not None and calc.id not in wanted:
                continue
            if calc.id not in mappings:
                mappings[calc.id] = load_mapping(calc.id, folder)
            mapping = mappings[calc.id]
            if mapping is None:
                unchecked[calc.id] = unchecked.get(calc.id, 0) + 1
                continue
            by_calc.setdefault(calc.id, CalculatorCheck(calc.id)).checks.append(check_use(mapping, calc, use))
    return AnswersReport([by_calc[k] for k in sorted(by_calc)], dict(sorted(unchecked.items())))


def check_use(mapping: Mapping, calc: Calculator, use: CalculatorUse) -> UseCheck:
    doc = mapping.deviations.get(use.key)
    try:
        target, inputs = inputs_for(mapping, calc, use)
        try:
            result: Result | CalculatorInputError = target.calculate(inputs)
        except CalculatorInputError as exc:
            result = exc
        agrees, ours = compare(mapping, target, use, result)
    except Unmapped as exc:
        return UseCheck(use.key, use.name, "unmapped", "", str(exc))
    if agrees:
        stale = "documented as a disagreement but now agrees" if doc else ""
        return UseCheck(use.key, use.name, "stale" if doc else "agree", ours, stale)
    if doc is None:
        refusal = f" (ours refused: {result})" if isinstance(result, CalculatorInputError) else ""
        return UseCheck(use.key, use.name, "undocumented", ours, "disagrees, with no documented reason" + refusal)
    if not same_as_documented(str(doc["ours"]), ours):
        return UseCheck(use.key, use.name, "stale", ours, f"documented ours={doc['ours']!r}, now {ours!r}")
    return UseCheck(use.key, use.name, "documented", ours, f"{doc['reason']} Source: {doc['source']}")


def answer_label(labels: dict[str, Any], answer: Any) -> Any:
    """Our label for their answer text: an exact entry, else the first `re:` pattern that matches."""
    key = value_key(answer)
    if key in labels:
        return labels[key]
    return next((v for k, v in labels.items() if k.startswith("re:") and re.fullmatch(k[3:], key)), None)


def same_as_documented(documented: str, ours: str) -> bool:
    if documented.startswith("error"):  # a documented refusal: its wording may change
        return ours.startswith("error")
    try:
        a, b = float(documented), float(ours)
    except ValueError:
        return documented == ours
    return abs(a - b) <= max(1e-6, 0.001 * abs(b))


def compare(mapping: Mapping, calc: Calculator, use: CalculatorUse, result: Result | CalculatorInputError) -> tuple[bool, str]:
    """Whether our result agrees with their final answer, and ours as text."""
    spec = {**mapping.answer, **mapping.uses.get(use.key, {})}
    theirs = answer_label(spec["labels"], use.final_answer)
    if isinstance(result, CalculatorInputError):
        return theirs == REFUSED, "error"
    name = spec.get("output")
    value, unit = (result.value, calc.output.unit) if name is None else (
        result.outputs[name]["value"], result.outputs[name]["unit"])
    if theirs is not None:
        return theirs == value, str(value)
    if spec.get("match") == "text":
        return label_key(str(value)) == label_key(use.final_answer), str(value)
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise Unmapped(f"answer {use.final_answer!r} is not in the answer labels of {mapping.path.name}")
    lo, hi, decimals, their_unit = their_number(use.final_answer, unit)
    x = in_unit(value, unit, their_unit or spec.get("unit"))
    tolerance = max(float(spec.get("tolerance", 0.0)), 0.5 * 10.0 ** -decimals) + 1e-9 * max(1.0, abs(x))
    return lo - tolerance <= x <= hi + tolerance, f"{x:.6g}"


def their_number(answer: Any, our_unit: str | None) -> tuple[float, float, int, str | None]:
    """Their final answer as (low, high, decimals shown, unit written): one number, or a range
    such as "313-315 mOsm/kg"; Unmapped when it holds no number."""
    if isinstance(answer, int | float) and not isinstance(answer, bool):
        return float(answer), float(answer), _decimals(repr(answer)), None
    text = unicodedata.normalize("NFKC", str(answer))
    m = _RANGE.match(text)
    if m:
        lo, hi = (float(g.replace(",", "")) for g in m.group(1, 2))
        _, unit = leading_amount(f"0 {m.group(3)}", our_unit) if our_unit else (None, None)
        return lo, hi, max(_decimals(m.group(1)), _decimals(m.group(2))), unit
    number, unit = leading_amount(text, our_unit if our_unit and _is_unit(our_unit) else None)
    if number is None:
        raise Unmapped(f"answer {answer!r} is neither a number nor in the mapping's answer labels")
    digits = re.match(r"\s*[-+]?([\d,]*\.?\d*)", text)
    return number, number, _decimals(digits.group(1) if digits else ""), unit


def _decimals(number_text: str) -> int:
    return len(number_text.split(".", 1)[1]) if "." in number_text else 0


def _is_unit(symbol: str) -> bool:
    try:
        u.dimension_of(symbol)
    except KeyError:
        return False
    return True


def in_unit(value: float, our_unit: str | None, their_unit: str | None) -> float:
    """Our value in the unit their answer is written in (unchanged when it is ours or unknown)."""
    if not their_unit or not our_unit or their_unit == our_unit or not _is_unit(our_unit):
        return float(value)
    try:
        factor, offset = u.conversion(their_unit, our_unit)
    except u.UnitError:
        return float(value)
    return (float(value) - offset) / factor
