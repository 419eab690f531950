"""Deterministic step verdicts: each attempt that carries a calculation trace (`Outcome.calc`, a
`CalcTrace`: `extract`, `tools`, `structured_cot`) checked step by step by our own calculators,
as `verdicts.StepVerdicts` with source ``exact``.

    verdicts = verify(case, outcome, rule="medcalc_bench")
    verifier = Verifier("medcalc_bench")  # the same, with per-case and per-calculator caches
    evaluate(store, StepsEvaluator("medcalc_bench"))  # stored as evaluations (runs/evaluations.py)

The four steps:

1. ``calculator`` — the trace's calculator is the case's (`calculation.calculator_for_case`); a
   trace without one (the model called none that computed) is False.
2. ``values`` — every input of the case's calculator, compared with the case's gold Relevant
   Entities run through `calculators.medcalc_bench.to_inputs` and normalised by the calculator
   (`gold_for`). One `EntityVerdict` per input (rule options only where they differ), the first
   that applies:
   ``wrong_choice`` (a rule option differs), ``missing`` (gold has it, the model left it null),
   ``finding_flipped`` (a yes/no input), ``extra`` (the model gave a value gold does not have),
   then for numbers ``wrong_unit`` (the number written is gold's number, or the value is gold
   read in another declared unit of the field: off by a conversion factor, within 1%),
   ``hallucinated`` (a number written appears nowhere in the note; "1,025.2", "5.0" and number
   words up to ninety-nine are read), ``wrong_value``; dates ``wrong_value``; other categories
   ``wrong_choice``. Numbers agree within a relative 1e-6; a difference that does not change the
   calculator's rounded result when gold's value is put in its place is ``correct`` (conversion
   noise such as 82.2 umol/L against 0.93 mg/dL), unless such differences are all there is and
   together they change the result. The step is True iff every entity is ``correct``; None when
   the calculator is another one (its inputs are not the case's), or no inputs were computed.
3. ``arithmetic`` — ``computed_by == "calculator"``: the traced calculator recomputed on the
   traced inputs gives the traced result (a tampered or stale trace fails); ``"model"``: the
   attempt's answer is the calculator recomputed on the model's own inputs — its value, its
   rounding, or the value rounded to the places the answer shows (`CalcTrace.answer_matches`
   when the trace holds no inputs). None when nothing was computed.
4. ``answer`` — the answer is correct under the rule (`scoring.is_correct`). `answer_by_rule`
   holds the verdict under every rule with its default parameters; `gold_correct` says whether
   our calculator on the gold entities is correct under the rule (False: the dataset's label
   departs from the rule, so a wrong answer is not blamed on the model).

Statuses, first that applies: ``no_answer`` — the attempt's status is not ok: the answer step
is None, steps 1–3 are decided from the trace where it has them; ``no_trace`` — no `CalcTrace`:
steps 1–3 are None, the answer step and the gold check are still decided; ``no_gold`` — the case
names no calculator we have, or its Relevant Entities are absent or cannot be converted: the
values step and `gold_correct` are None (and the calculator step too when the calculator is
unknown); the reason says which; ``ok`` otherwise.

Error types (multi-label, in `ERROR_TYPES` order), from the verdicts:
calculator False -> ``formula_misselection``; an entity ``wrong_value``, ``hallucinated`` or
``extra`` -> ``incorrect_extraction``; ``finding_flipped`` or ``wrong_choice`` ->
``clinical_misinterpretation``; ``missing`` -> ``missing_variables``; any wrong entity of a
demographic input (`DEMOGRAPHIC_FIELDS`: age, sex, race) -> ``demographic_adjustment`` as well;
``wrong_unit`` -> ``unit_conversion``; arithmetic False -> ``arithmetic``; answer False while
calculator, values and arithmetic are True and `gold_correct` is True -> ``rounding`` (a copy
slip or a precision loss).
"""

from __future__ import annotations

import re
import typing
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ...calculators.describe import InputSpec, describe_inputs
from ...calculators.fields import Quantity
from ...calculators.medcalc_bench import to_inputs
from ...calculators.registry import get
from ...calculators.spec import Calculator
from ...calculators.units import UnitError, conversion
from ...errors import CalculatorInputError
from ..answers import decimals_of, same_value, typed_answer
from ..calculation import calculator_for_case, result_record
from ..trace import CalcTrace, plain
from ..types import Attempt, Case, Outcome
from .scoring import RULES, check_rule, is_correct, outcome_decimals
from .verdicts import ERROR_TYPES, STEPS, EntityVerdict, StepVerdicts

# Bumped whenever a verdict changes for some attempt (stored verdicts of older versions stay apart).
STEPS_VERSION = "1"
DEMOGRAPHIC_FIELDS = frozenset({"age", "sex", "race", "ethnicity"})
UNIT_TOLERANCE = 0.01  # relative: a value off from gold by a unit factor, notes' rounding allowed
NUMERIC_KINDS = ("quantity", "integer", "number")


def first_line(text: str | None) -> str | None:
    return text.strip().splitlines()[0] if text and text.strip() else None


# ---------------------------------------------------------------- gold


@dataclass(frozen=True)
class Gold:
    """Our calculator on a case's gold entities."""

    given: dict[str, Any] | None  # the calculator inputs the entities stand for
    normalised: dict[str, Any] | None  # as the calculator read them (canonical units)
    rounded: Any = None
    correct: bool | None = None  # correct under the rule; None: no gold
    why_not: str | None = None  # why there is no gold


def _scores(value: Any, case: Case, rule: str, params: Mapping[str, Any]) -> bool:
    """A calculator value scored as an answer to `case` (False when it is not of its type)."""
    try:
        answer = typed_answer(value, case.output_type)
    except ValueError:
        return False
    as_outcome = Outcome(raw="", answer=answer, status="ok",
                         trace={"answer_decimals": decimals_of(answer)})
    return is_correct(as_outcome, case, rule, **params)


def gold_for(case: Case, rule: str = "medcalc_bench", **params: Any) -> Gold:
    """Our calculator on the case's gold entities, scored as an `extract` answer would be."""
    try:
        calc = calculator_for_case(case)
    except CalculatorInputError as exc:
        return Gold(None, None, why_not=f"no calculator: {first_line(str(exc))}")
    return _gold(calc, case, rule, params)


def _gold(calc: Calculator, case: Case, rule: str, params: Mapping[str, Any]) -> Gold:
    if calc.medcalc_bench is None or not case.entities:
        return Gold(None, None, why_not="the case has no gold entities")
    try:
        given = to_inputs(calc, case.entities)
        result = calc.calculate(given)
    except CalculatorInputError as exc:
        return Gold(None, None, why_not=first_line(str(exc)))
    try:
        correct = _scores(result.value, case, rule, params)
    except ValueError as exc:  # e.g. a decimal case without limits under medcalc_bench
        return Gold(plain(given), plain(result_record(result)["inputs"]), result.rounded, None,
                    why_not=first_line(str(exc)))
    return Gold(plain(given), plain(result_record(result)["inputs"]), result.rounded, correct)


# ---------------------------------------------------------------- per-calculator lookups

_SPECS: dict[Calculator, dict[str, InputSpec]] = {}
_UNIT_READINGS: dict[tuple[Calculator, str], tuple[tuple[float, float, float, float], ...]] = {}


def input_specs(calc: Calculator) -> dict[str, InputSpec]:
    if calc not in _SPECS:
        _SPECS[calc] = {s.name: s for s in describe_inputs(calc)}
    return _SPECS[calc]


def _quantity(calc: Calculator, name: str) -> Quantity | None:
    field = calc.inputs.model_fields.get(name)
    if field is None:
        return None
    todo: list[Any] = [*field.metadata, field.annotation]
    while todo:
        item = todo.pop()
        if isinstance(item, Quantity):
            return item
        todo += typing.get_args(item) if not isinstance(item, str | bytes) else []
        todo += list(getattr(item, "__metadata__", ()))
    return None


def _unit_readings(calc: Calculator, name: str) -> tuple[tuple[float, float, float, float], ...]:
    """For each ordered pair of the field's declared units (U, V): U's and V's (factor, offset)
    to the canonical unit, so that a canonical value g written in V and read as U becomes
    fU * (g - oV) / fV + oU."""
    key = (calc, name)
    if key not in _UNIT_READINGS:
        spec, qty = input_specs(calc).get(name), _quantity(calc, name)
        factors = []
        for unit in spec.units if spec is not None and qty is not None else ():
            try:
                factors.append(conversion(unit, qty.unit, qty.analyte))
            except (UnitError, KeyError):
                continue
        _UNIT_READINGS[key] = tuple((fu, ou, fv, ov) for i, (fu, ou) in enumerate(factors)
                                    for j, (fv, ov) in enumerate(factors) if i != j and fv)
    return _UNIT_READINGS[key]


def off_by_unit(calc: Calculator, name: str, model: Any, gold: Any) -> bool:
    """`model` is `gold` written in one declared unit of the field and read in another."""
    if not (_is_number(model) and _is_number(gold)) or gold == 0:
        return False
    for fu, ou, fv, ov in _unit_readings(calc, name):
        misread = fu * (gold - ov) / fv + ou
        if misread != gold and abs(model - misread) <= UNIT_TOLERANCE * abs(misread):
            return True
    return False


# ---------------------------------------------------------------- numbers in the note

_NOTE_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+")
_UNITS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen " \
         "fifteen sixteen seventeen eighteen nineteen".split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_TENS_RE, _DIGIT_RE, _SMALL_RE = "|".join(_TENS), "|".join(_UNITS[1:10]), "|".join(_UNITS)
_WORD_NUMBER = re.compile(rf"\b(?:({_TENS_RE})(?:[\s-]({_DIGIT_RE}))?|({_SMALL_RE}))\b", re.I)


def note_numbers(note: str) -> frozenset[float]:
    """Every number the note writes: digits (comma thousands read both ways: "1,025.2" is
    1025.2, and 1 and 25.2 in a list), and number words up to ninety-nine."""
    found: set[float] = set()
    for m in _NOTE_NUMBER.finditer(note):
        text = m.group()
        found.add(float(text.replace(",", "")))
        if "," in text:
            found.update(float(part) for part in text.split(",") if part)
    for m in _WORD_NUMBER.finditer(note):
        tens, unit, single = m.groups()
        if single:
            found.add(float(_UNITS.index(single.lower())))
        else:
            found.add(float(20 + 10 * _TENS.index(tens.lower()) + (_UNITS.index(unit.lower()) if unit else 0)))
    return frozenset(found)


def _is_number(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


def _number(value: Any) -> float | None:
    """The number of a value as written: 5.1, {"value": 5.1, "unit": ...}, [5.1, "mg/dL"]."""
    if isinstance(value, Mapping):
        value = value.get("value")
    elif isinstance(value, list | tuple) and len(value) == 2:
        value = value[0]
    return float(value) if _is_number(value) else None


def written_numbers(value: Any) -> list[float]:
    """The numbers in a value as the model wrote it (a number, a {value, unit} mapping, a
    [value, unit] pair or text such as "5 ft 7 in")."""
    if isinstance(value, Mapping):
        value = value.get("value")
    elif isinstance(value, list | tuple) and len(value) == 2:
        value = value[0]
    if _is_number(value):
        return [abs(float(value))]
    if isinstance(value, str):
        return [float(t.replace(",", "")) for t in _NOTE_NUMBER.findall(value)]
    return []


# ---------------------------------------------------------------- step 2: the values


def _rounded(calc: Calculator, inputs: Mapping[str, Any]) -> Any:
    try:
        return plain(calc.calculate(dict(inputs)).rounded)
    except CalculatorInputError:
        return None


def entity_verdict(calc: Calculator, name: str, model: Any, gold: Gold,
                   written: Mapping[str, Any] | None, numbers: frozenset[float]) -> str:
    """The verdict of one input whose model value differs from gold's (module docstring)."""
    assert gold.given is not None and gold.normalised is not None
    spec = input_specs(calc).get(name)
    given = written is None or written.get(name) is not None
    gold_has = gold.given.get(name) is not None
    kind = spec.kind if spec else "text"
    if spec is not None and spec.option:
        return "wrong_choice"
    if not given and gold_has:
        return "missing"
    if kind == "boolean":
        return "finding_flipped"
    if given and not gold_has:
        return "extra"
    if kind in NUMERIC_KINDS:
        wrote = written.get(name) if written is not None else None
        number, entity = _number(wrote), _number(gold.given.get(name))
        if number is not None and entity is not None and same_value(number, entity):
            return "wrong_unit"  # gold's number under another unit
        if off_by_unit(calc, name, model, gold.normalised.get(name)):
            return "wrong_unit"
        if written is not None and any(x not in numbers for x in written_numbers(wrote)):
            return "hallucinated"
        return "wrong_value"
    return "wrong_value" if kind == "date" else "wrong_choice"


def compare_entities(calc: Calculator, model: Mapping[str, Any], gold: Gold,
                     written: Mapping[str, Any] | None, numbers: frozenset[float] = frozenset()
                     ) -> tuple[EntityVerdict, ...]:
    """One verdict per input of `calc` (rule options only where they differ), in declaration
    order: the model's normalised inputs against gold's (module docstring, step 2)."""
    assert gold.normalised is not None and gold.given is not None
    specs = input_specs(calc)
    model_rounded = _rounded(calc, model)
    out: list[EntityVerdict] = []
    within: list[int] = []  # differences that do not change the result on their own
    for name in dict.fromkeys([*gold.normalised, *model]):
        m, g = model.get(name), gold.normalised.get(name)
        spec = specs.get(name)
        w = None if written is None else plain(written.get(name))
        if same_value(m, g):
            if spec is None or not spec.option:
                out.append(EntityVerdict(name, "correct", g, m, w))
            continue
        verdict = entity_verdict(calc, name, m, gold, written, numbers)
        numeric = spec is not None and spec.kind in NUMERIC_KINDS
        if (numeric or verdict == "extra") and model_rounded is not None \
                and _rounded(calc, {**model, name: g}) == model_rounded:
            within.append(len(out))
        out.append(EntityVerdict(name, verdict, g, m, w))
    wrong = sum(e.verdict != "correct" for e in out) - len(within)
    if not (wrong == 0 and within and model_rounded != plain(gold.rounded)):
        for i in within:  # inside the tolerance, unless together they change the result
            out[i] = replace(out[i], verdict="correct")
    return tuple(out)


# ---------------------------------------------------------------- step 3: the arithmetic


def _same_result(a: Any, b: Any) -> bool:
    a, b = plain(a), plain(b)
    if _is_number(a) and _is_number(b):
        return same_value(a, b)
    return a == b


def _model_answer_agrees(answer: Any, value: Any, rounded: Any, case: Case, outcome: Outcome) -> bool:
    """The model's answer is the value, its rounding, or the value rounded to the places the
    answer shows."""
    try:
        expected = typed_answer(value, case.output_type)
        shown = typed_answer(rounded, case.output_type)
    except ValueError:
        return False
    if same_value(answer, expected) or same_value(answer, shown):
        return True
    if not (_is_number(answer) and _is_number(expected)):
        return False
    places = outcome_decimals(outcome, case)
    places = decimals_of(answer) if places is None else places
    return places is not None and abs(answer - expected) <= 0.5 * 10.0 ** -places * (1 + 1e-9)


def arithmetic(case: Case, outcome: Outcome, trace: CalcTrace) -> tuple[bool | None, str]:
    """Step 3 of one trace, with its reason."""
    if trace.calculator is None:
        return None, "no calculator computed"
    try:
        calc = get(trace.calculator)
    except CalculatorInputError:
        return None, f"the trace names calculator {trace.calculator!r}, which is not in the registry"
    if trace.inputs is None:
        if trace.computed_by == "model" and trace.answer_matches is not None:
            return trace.answer_matches, "as the trace records (it holds no inputs)"
        return None, "no inputs were computed"
    try:
        again = calc.calculate(dict(trace.inputs))
    except CalculatorInputError as exc:
        return False, f"the traced inputs do not compute: {first_line(str(exc))}"
    if trace.computed_by == "model":
        if outcome.answer is None:
            return None, "the attempt gave no answer"
        ok = _model_answer_agrees(outcome.answer, again.value, again.rounded, case, outcome)
        return ok, f"the model's answer {plain(outcome.answer)} {'is' if ok else 'is not'} " \
                   f"{calc.id} on its own inputs ({plain(again.rounded)})"
    if trace.result is None:
        return None, "no result was recorded"
    ok = _same_result(again.value, trace.result.value) and _same_result(again.rounded, trace.result.rounded)
    if ok:
        return True, f"{calc.id} recomputed on the traced inputs gives the traced {plain(trace.result.rounded)}"
    stale = "" if trace.calculator_version in (None, calc.version) else \
        f" (traced with version {trace.calculator_version}, now {calc.version})"
    return False, f"{calc.id} recomputed gives {plain(again.rounded)}, the trace says " \
                  f"{plain(trace.result.rounded)}{stale}"


# ---------------------------------------------------------------- the error types


def error_types(steps: Mapping[str, bool | None], entities: tuple[EntityVerdict, ...],
                gold_correct: bool | None) -> tuple[str, ...]:
    """The error types the verdicts point to (module docstring), in `ERROR_TYPES` order."""
    found: set[str] = set()
    if steps.get("calculator") is False:
        found.add("formula_misselection")
    for e in entities:
        if e.verdict in ("wrong_value", "hallucinated", "extra"):
            found.add("incorrect_extraction")
        elif e.verdict in ("finding_flipped", "wrong_choice"):
            found.add("clinical_misinterpretation")
        elif e.verdict == "missing":
            found.add("missing_variables")
        elif e.verdict == "wrong_unit":
            found.add("unit_conversion")
        if e.verdict != "correct" and e.field in DEMOGRAPHIC_FIELDS:
            found.add("demographic_adjustment")
    if steps.get("arithmetic") is False:
        found.add("arithmetic")
    if steps.get("answer") is False and gold_correct is True and all(
            steps.get(s) is True for s in ("calculator", "values", "arithmetic")):
        found.add("rounding")
    return tuple(t for t in ERROR_TYPES if t in found)


# ---------------------------------------------------------------- one attempt


class Verifier:
    """Step verdicts under one scoring rule, with the gold of each case, the numbers of each
    note and the case's calculator computed once (cases keyed by dataset, version and id)."""

    def __init__(self, rule: str = "medcalc_bench", **params: Any):
        check_rule(rule, params)
        self.rule, self.params = rule, dict(params)
        self._golds: dict[tuple[str, str, str], Gold] = {}
        self._numbers: dict[tuple[str, str, str], frozenset[float]] = {}
        self._calcs: dict[tuple[str, int | None, str], Calculator | str] = {}

    @staticmethod
    def _key(case: Case) -> tuple[str, str, str]:
        return case.dataset, case.dataset_version, case.id

    def case_calculator(self, case: Case) -> Calculator | str:
        """The case's calculator, or why there is none."""
        key = (case.dataset, case.calculator_id, case.calculator_name)
        if key not in self._calcs:
            try:
                self._calcs[key] = calculator_for_case(case)
            except CalculatorInputError as exc:
                self._calcs[key] = f"no calculator: {first_line(str(exc))}"
        return self._calcs[key]

    def gold(self, case: Case) -> Gold:
        key = self._key(case)
        if key not in self._golds:
            calc = self.case_calculator(case)
            self._golds[key] = Gold(None, None, why_not=calc) if isinstance(calc, str) else \
                _gold(calc, case, self.rule, self.params)
        return self._golds[key]

    def _note_numbers(self, case: Case) -> frozenset[float]:
        key = self._key(case)
        if key not in self._numbers:
            self._numbers[key] = note_numbers(case.note)
        return self._numbers[key]

    def _answer(self, case: Case, outcome: Outcome) -> tuple[bool | None, str, dict[str, bool]]:
        by_rule: dict[str, bool] = {}
        if outcome.status != "ok":
            return None, f"the attempt's status is {outcome.status}", by_rule
        for rule in RULES:
            try:
                by_rule[rule] = is_correct(outcome, case, rule)
            except ValueError:
                continue  # the rule cannot judge this case (no limits); said for the main rule
        try:
            ok = is_correct(outcome, case, self.rule, **self.params)
        except ValueError as exc:
            return None, first_line(str(exc)) or "the rule cannot judge this case", by_rule
        return ok, f"the answer {plain(outcome.answer)} is {'right' if ok else 'wrong'} under " \
                   f"{self.rule} (ground truth {plain(case.ground_truth)})", by_rule

    def verify(self, case: Case, outcome: Outcome) -> StepVerdicts:
        """The step verdicts of one attempt (module docstring)."""
        steps: dict[str, bool | None] = dict.fromkeys(STEPS)
        reasons: dict[str, str] = {}
        steps["answer"], reasons["answer"], by_rule = self._answer(case, outcome)
        gold, calc, trace = self.gold(case), self.case_calculator(case), outcome.calc
        status = "no_answer" if outcome.status != "ok" else "no_trace" if trace is None else \
            "no_gold" if gold.normalised is None else "ok"
        entities: tuple[EntityVerdict, ...] = ()
        if trace is None:
            reasons["calculator"] = "the attempt has no calculation trace"
        else:
            if isinstance(calc, str):
                reasons["calculator"] = calc
            else:
                steps["calculator"] = trace.calculator == calc.id
                reasons["calculator"] = f"used {trace.calculator}, the case's calculator" \
                    if steps["calculator"] else f"used {trace.calculator or 'no calculator'}; the case's is {calc.id}"
            if isinstance(calc, str) or gold.normalised is None:
                reasons["values"] = f"no gold: {gold.why_not}"
            elif steps["calculator"] is False:
                reasons["values"] = "another calculator's inputs; not comparable with the case's entities"
            elif trace.inputs is None:
                reasons["values"] = "no inputs were computed"
            else:
                entities = compare_entities(calc, trace.inputs, gold, trace.written_inputs,
                                            self._note_numbers(case))
                wrong = [e for e in entities if e.verdict != "correct"]
                steps["values"] = not wrong
                reasons["values"] = f"all {len(entities)} inputs agree with gold" if not wrong else \
                    f"{len(wrong)} of {len(entities)} inputs differ: " + \
                    ", ".join(f"{e.field} {e.verdict}" for e in wrong)
            steps["arithmetic"], reasons["arithmetic"] = arithmetic(case, outcome, trace)
        return StepVerdicts(source="exact", status=status, steps=steps, entities=entities,
                            errors=error_types(steps, entities, gold.correct), reasons=reasons,
                            gold_correct=gold.correct, answer_by_rule=by_rule)


def verify(case: Case, outcome: Outcome, rule: str = "medcalc_bench", **params: Any) -> StepVerdicts:
    """The step verdicts of one attempt under `rule` (module docstring); `Verifier` caches
    across many."""
    return Verifier(rule, **params).verify(case, outcome)


class StepsEvaluator:
    """Step verdicts as an evaluator of stored attempts (runs/evaluations.py): named
    ``steps:<rule>`` (with its parameters), versioned by `STEPS_VERSION` and the rule's version,
    payload `StepVerdicts.to_dict()`."""

    def __init__(self, rule: str = "medcalc_bench", **params: Any):
        from .scoring import RULE_VERSIONS

        self.verifier = Verifier(rule, **params)
        shown = ",".join(f"{k}={v:g}" for k, v in sorted(params.items()))
        self.name = f"steps:{rule}" + (f"({shown})" if shown else "")
        self.version = f"{STEPS_VERSION}.{RULE_VERSIONS[rule]}"

    def evaluate(self, case: Case, attempt: Attempt) -> dict[str, Any]:
        return self.verifier.verify(case, attempt.outcome).to_dict()


__all__ = ["verify", "Verifier", "StepsEvaluator", "STEPS_VERSION", "Gold", "gold_for",
           "compare_entities", "entity_verdict", "error_types", "arithmetic", "note_numbers",
           "written_numbers", "off_by_unit", "input_specs", "DEMOGRAPHIC_FIELDS", "first_line"]
