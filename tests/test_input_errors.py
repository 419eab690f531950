"""Every problem of a request in one CalculatorInputError, for every registered calculator: the
inputs it misses, the values it cannot read, the unknown keys, and the rules between inputs that
it breaks, all named at once (a request missing creatinine and the height its weight rule needs
names both), whether the fields validate or not."""

from __future__ import annotations

import pytest

import medreckon
from medreckon.calculators import all_calculators
from medreckon.calculators.rules import (
    Above,
    AllOrNone,
    AtLeastOne,
    Between,
    Is,
    NotWhen,
    RequiredWhen,
    _fields,
)
from medreckon.errors import CalculatorInputError
from medreckon.interfaces.docs import example_inputs

CALCULATORS = list(all_calculators())


def named(calc, inputs: dict) -> set[str]:
    with pytest.raises(CalculatorInputError) as info:
        medreckon.calculate(calc.id, inputs)
    return {i.field for i in info.value.issues}


def required(calc) -> list[str]:
    return [n for n, f in calc.inputs.model_fields.items() if f.is_required()]


@pytest.mark.parametrize("calc", CALCULATORS, ids=lambda c: c.id)
def test_every_missing_input_and_unknown_key_is_named_at_once(calc):
    got = named(calc, {"not_an_input": 1})
    assert {*required(calc), "not_an_input"} <= got  # and any input a rule needs besides
    assert got <= {*calc.inputs.model_fields, "not_an_input", "inputs"}  # "inputs": at least one of


def test_cockcroft_gault_missing_creatinine_and_height_names_both():
    inputs = {"age": 60, "sex": "female", "weight": "154 lb"}
    assert named(medreckon.get_calculator("crcl"), inputs) == {"creatinine", "height"}
    inputs["creatinine"] = "high"  # a value it cannot read, and the rule still checked
    assert named(medreckon.get_calculator("crcl"), inputs) == {"creatinine", "height"}
    # the rule's condition decides: weight_rule='actual' needs no height
    assert named(medreckon.get_calculator("crcl"), {**inputs, "weight_rule": "actual"}) == {"creatinine"}


def _holding(condition) -> object:
    if isinstance(condition, Is):
        return condition.values[0]
    if isinstance(condition, Between):
        return condition.ge if condition.ge is not None else condition.lt - 1
    assert isinstance(condition, Above)
    return condition.bound + 1


def broken(calc, rule, base: dict) -> tuple[dict, set[str]] | None:
    """`base` changed to break `rule`, and the inputs the error must name; None when the rule
    cannot be broken from this base (an all-or-none group the example does not touch)."""
    inputs = dict(base)
    if isinstance(rule, RequiredWhen):
        inputs.update({c.field: _holding(c) for c in rule.when})
        for n in rule.fields:
            inputs.pop(n, None)
        return inputs, set(rule.fields)
    if isinstance(rule, AllOrNone):
        given = [n for n in rule.fields if n in base]
        if not given:
            return None
        for n in rule.fields[1:] if rule.fields[0] in base else [n for n in rule.fields if n != given[0]]:
            inputs.pop(n, None)
        return inputs, {n for n in rule.fields if n not in inputs}
    if isinstance(rule, AtLeastOne):
        for n in _fields(rule):
            inputs.pop(n, None)
        inputs.update({c.field: _holding(c) for c in rule.when})  # _fields counts these too
        return inputs, {rule.field}
    if isinstance(rule, NotWhen):
        inputs.update({c.field: _holding(c) for c in rule.when} | {rule.field: True})
        return inputs, {rule.field}
    return None  # a Relation: checked by compute, on valid inputs


RULES = [(c, r) for c in CALCULATORS for r in c.inputs.rules
         if isinstance(r, RequiredWhen | AllOrNone | AtLeastOne | NotWhen)]


@pytest.mark.parametrize(("calc", "rule"), RULES, ids=lambda x: getattr(x, "id", type(x).__name__))
def test_a_broken_rule_is_named_beside_a_field_error(calc, rule):
    base = example_inputs(calc)
    assert base is not None, f"{calc.id} has no example"
    made = broken(calc, rule, base)
    if made is None:
        pytest.skip(f"the example of {calc.id} gives none of {rule.fields}")
    inputs, expected = made
    assert expected <= named(calc, inputs)  # the rule alone (fields valid)
    others = [n for n in required(calc) if n not in _fields(rule) and n in inputs]
    if others:  # and with another input missing: both named
        inputs.pop(others[0])
        expected.add(others[0])
    else:
        inputs["not_an_input"] = 1
        expected.add("not_an_input")
    assert expected <= named(calc, inputs)


def test_a_rule_that_reads_a_bad_value_is_not_guessed():
    """weight_rule unreadable: whether the height is needed is not known, so only the bad value
    is named (not a height the rule might not need)."""
    calc = medreckon.get_calculator("crcl")
    inputs = {"age": 60, "sex": "female", "weight": "154 lb", "creatinine": 1.0, "weight_rule": "whatever"}
    assert named(calc, inputs) == {"weight_rule"}
