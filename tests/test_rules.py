"""Rules between inputs (calculators/rules.py): declared once on an inputs model, checked by the
engine and stated in the request schema. The schema and the engine agree on every combination of
the inputs a rule reads: given, left out, sent as null, and each condition true or false."""

from __future__ import annotations

import itertools
import random

import jsonschema
import pytest

import medreckon
from medreckon.calculators import all_calculators
from medreckon.calculators.rules import (
    AllOrNone,
    AtLeastOne,
    Between,
    Is,
    NotWhen,
    RangeWhen,
    Relation,
    RequiredWhen,
    _fields,
)
from medreckon.errors import CalculatorInputError
from medreckon.interfaces import tools
from medreckon.interfaces.docs import example_inputs

WITH_RULES = [c for c in all_calculators() if any(not isinstance(r, Relation) for r in c.inputs.rules)]


def _values_for(calc, name: str, base: dict) -> list:
    """What an input may be set to: left out, null, its example value, and for a condition's
    input the values that make it hold or not."""
    options: list = ["<absent>", None]
    if name in base:
        options.append(base[name])
    for rule in calc.inputs.rules:
        conditions = [*getattr(rule, "when", ()), *([rule.within] if isinstance(rule, RangeWhen) else [])]
        for c in conditions:
            if c.field == name and isinstance(c, Is):
                options += [True, False] if c.values == (True,) else list(c.values)
            elif c.field == name and isinstance(c, Between):
                options += _around_thresholds(calc, c)
            elif c.field == name:
                options += [c.bound + 1, c.bound]
    spec = calc.inputs.model_fields[name]
    if name not in base and spec.annotation is not None:
        options.append(1)  # a plain value (a count, a dose, a percent) where the example has none
    return list({(type(v), repr(v)): v for v in options}.values())  # once each (1 and True apart)


def _around_thresholds(calc, c: Between) -> list:
    """A quantity condition's thresholds and the values next to them, in every offered unit and
    form: canonical numbers, {value, unit} and "<number> <unit>" text."""
    import math

    from medreckon.calculators.quantity_schema import threshold
    from medreckon.calculators.rules import _quantity

    q = _quantity(calc.inputs, c.field)
    out: list = []
    for t in (x for x in (c.ge, c.lt) if x is not None):
        for unit in dict.fromkeys((q.unit, *q.units)):
            y = threshold(q, unit, t)
            below = math.nextafter(y, -math.inf)
            out += [{"value": y, "unit": unit}, {"value": below, "unit": unit}]  # ([v, u] is beyond the schema)
            out += [f"{y:g} {unit}", f"{y * 0.999:g} {unit}", f"{y * 1.001:g} {unit}"]
        out += [float(t), math.nextafter(t, -math.inf)]
    return out


def _combinations(calc, base: dict, limit: int = 400):
    names = sorted({n for r in calc.inputs.rules if not isinstance(r, Relation) for n in _fields(r)})
    grids = [_values_for(calc, n, base) for n in names]
    every = itertools.product(*grids)
    size = 1
    for g in grids:
        size *= len(g)
    picked = every if size <= limit else (tuple(random.Random(n).choice(g) for g in grids) for n in range(limit))
    for values in picked:
        body = dict(base)
        for n, v in zip(names, values, strict=True):
            body.pop(n, None)
            if v != "<absent>":
                body[n] = v
        yield body


def _engine_verdict(calc, body: dict) -> bool | None:
    """True: the inputs are read and every rule holds; False: a rule is broken; None: a field
    itself is invalid (not a question for the rules). A null is "not given", as every surface
    (REST, tools, MCP) reads it."""
    try:
        x = calc.parse(tools.parse_arguments(calc, body), [])
    except CalculatorInputError:
        return None
    try:
        medreckon.calculators.rules.check_rules(calc.id, x)
    except CalculatorInputError:
        return False
    return True


@pytest.mark.parametrize("calc", WITH_RULES, ids=lambda c: c.id)
def test_the_schema_and_the_engine_agree_on_every_rule(calc):
    validator = jsonschema.Draft202012Validator(calc.inputs.model_json_schema())
    example = example_inputs(calc)
    parsed = calc.parse(example, [])  # canonical values: spellings such as "5 ft 9 in" are beyond the pattern
    base = {k: getattr(parsed, k) for k in example}
    compared = 0
    for body in _combinations(calc, base):
        verdict = _engine_verdict(calc, body)
        if verdict is None:
            continue
        compared += 1
        assert validator.is_valid(body) is verdict, (body, verdict)
    assert compared >= 2  # the example and at least one body the rule decides (a rule on one choice: 2)


def test_each_kind_of_rule_says_what_is_missing_and_how_to_repair():
    with pytest.raises(CalculatorInputError) as e:
        medreckon.calculate("sofa", {**example_inputs(medreckon.calculators.get("sofa")),
                                     "creatinine": None, "urine_output": None})
    issue = e.value.issues[0]
    assert issue.field == "creatinine" and "urine output" in issue.expected and issue.suggestion

    ranson = {**example_inputs(medreckon.calculators.get("ranson")), "bun_48h": None, "pao2_48h": None}
    with pytest.raises(CalculatorInputError, match=r"bun_48h, pao2_48h missing") as e:
        medreckon.calculate("ranson", ranson)
    assert e.value.issues[0].field == "bun_48h"

    caprini = {**example_inputs(medreckon.calculators.get("caprini")), "sex": "male", "hormonal_therapy": "yes"}
    with pytest.raises(CalculatorInputError, match="women only") as e:
        medreckon.calculate("caprini", caprini)
    assert e.value.issues[0].field == "hormonal_therapy"

    saps = {**example_inputs(medreckon.calculators.get("saps-ii")), "mechanical_ventilation_or_cpap": 1}
    saps.pop("fio2")
    with pytest.raises(CalculatorInputError, match="mechanical_ventilation_or_cpap is true") as e:
        medreckon.calculate("saps-ii", saps)
    assert e.value.issues[0].field == "fio2"


def test_all_broken_rules_are_reported_together():
    """Two opioids each missing half their dose: one error, both issues."""
    with pytest.raises(CalculatorInputError) as e:
        medreckon.calculate("mme", {"codeine_dose": 30, "tramadol_doses_per_day": 2})
    assert [i.field for i in e.value.issues] == ["codeine_doses_per_day", "tramadol_dose"]


def test_rule_kinds_state_themselves_in_json_schema_and_words():
    assert AtLeastOne(("a", ("b", "c")), "a", "x").words() == "at least one of a, b with c is given"
    assert AllOrNone(("a", "b"), "x").words() == "a, b: all given or none"
    assert RequiredWhen(("a",), (Is("b", True),), "x").words() == "a needed when b is true"
    assert NotWhen("a", (Is("sex", "male"),), "x").words() == "a may not be true when sex is 'male'"
    schema = medreckon.calculators.get("mean-arterial-pressure").inputs.model_json_schema()
    assert "allOf" not in schema  # a relation between values: in words only
    assert schema["x-medreckon-rules"] == [{"rule": "diastolic ≤ systolic", "fields": ["diastolic", "systolic"],
                                            "in_schema": False, "status": 422, "error": "invalid_input"}]
    assert "diastolic ≤ systolic" in schema["description"]
