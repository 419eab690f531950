"""The precompiled input reader (calculators/plan.py) against pydantic: on every calculator with a
reader, for generated inputs and hostile variants of them, the reader either declines (None) or
returns exactly what pydantic returns (values, their order, the fields given, the warnings).
Also the lazily built steps and the quantity fast paths, on both sides of each bound."""

from __future__ import annotations

import math
import random

import pytest

import medreckon
from medreckon.calculators.fields import Age, Creatinine, Quantity, Temperature
from medreckon.calculators.registry import all_calculators, get
from medreckon.calculators.spec import Lines, Step, Working
from medreckon.env import generate

HOSTILE = (True, False, None, "abc", -5, 0, 0.0, 1e308, float("nan"), float("inf"), [1, "furlong"], {"value": 3},
           {"value": 3, "unit": "kg", "x": 1}, "12 kg", "1e999", 2**1100, "yes", 1, "MALE", [60, "years"],
           {"value": True, "unit": "kg"}, {"value": 1, "unit": ["kg"]}, (2, "mmol/L"), "2024-01-01")


def _pydantic(calc, data):
    warnings: list = []
    try:
        x = calc.inputs.model_validate(data, context={"warnings": warnings})
    except Exception as exc:  # noqa: BLE001 - compared by type only
        return type(exc), None
    return x, warnings


def _agree(calc, data) -> bool:
    """True when the reader read `data` itself (False: it declined, pydantic reads it)."""
    warnings: list = ["before"]
    x = calc._reader(data, warnings)
    if x is None:
        assert warnings == ["before"], "a declined read leaves no warning behind"
        return False
    expected, expected_warnings = _pydantic(calc, data)
    assert expected_warnings is not None, f"{calc.id}: reader took {data!r}, pydantic refused it ({expected})"
    assert list(x.__dict__.items()) == list(expected.__dict__.items())
    assert x.model_fields_set == expected.model_fields_set and x == expected
    assert warnings[1:] == expected_warnings
    assert x.__pydantic_extra__ is None and x.__pydantic_private__ is None
    return True


def test_nearly_every_calculator_has_a_reader():
    without = sorted(c.id for c in all_calculators() if c._reader is None)
    # these have a validator of their own (a drink count, a CAM-ICU rule …): pydantic reads them
    assert len(without) <= 8, without


def test_the_reader_agrees_with_pydantic_on_generated_and_hostile_inputs():
    rng = random.Random(5)
    read = declined = 0
    for case in generate(600, seed=11, level="hard"):
        calc = get(case["calculator"])
        if calc._reader is None:
            continue
        inputs = dict(case["inputs"])
        read += _agree(calc, inputs)
        variants = []
        for key in rng.sample(list(inputs), k=min(3, len(inputs))):
            variants += [{**inputs, key: bad} for bad in rng.sample(HOSTILE, k=6)]
            variants.append({k: v for k, v in inputs.items() if k != key})
        variants.append({**inputs, "not_an_input": 1})
        for v in variants:
            declined += not _agree(calc, v)
    assert read >= 500 and declined > 1000  # both sides were exercised


def test_a_declined_read_gives_pydantics_error_unchanged():
    calc = get("cockcroft-gault")
    good = {"age": 60, "sex": "male", "weight": 70.0, "creatinine": 1.0, "height": 170}
    for key, bad in (("age", -1), ("sex", "x"), ("weight", True), ("creatinine", "1 furlong"), ("heigth", 170)):
        data = {**good, key: bad}
        assert calc._reader(data, []) is None
        with pytest.raises(medreckon.CalculatorInputError) as fast:
            calc.calculate(data)
        with pytest.raises(medreckon.CalculatorInputError) as slow:
            calc.calculate(_Mapping(data))  # not a plain dict: pydantic reads it
        assert str(fast.value) == str(slow.value)


class _Mapping(dict):
    """A dict subclass: `calculate` reads it with pydantic only."""


def _quantity(annotated) -> Quantity:
    return next(m for m in annotated.__metadata__ if isinstance(m, Quantity))


@pytest.mark.parametrize(("quantity", "name", "inside", "outside"), [
    (_quantity(Age), "age", (0, 0.0, 120, 130), (-1e-12, 130.0000001, math.nan, math.inf)),
    (_quantity(Creatinine), "creatinine", (1e-9, 0.1, 25, 26), (0, 0.0, 9e-10, -1, 1e9)),
    (_quantity(Temperature), "temperature", (-273.14, 25, 45, 46), (-273.15, -300, math.nan, -math.inf)),
])
def test_quantity_fast_path_keeps_every_bound_and_warning(quantity, name, inside, outside):
    for x in inside:
        fast: list = []
        assert quantity.read(x, name, fast) == float(x)
        lo, hi = quantity.plausible
        assert bool(fast) == (not lo <= x <= hi)  # implausible: warned, still read
    for x in outside:
        with pytest.raises(Exception, match="impossible|finite"):
            quantity.read(x, name, [])


def test_unit_spellings_remembered_read_as_the_first_time():
    q = _quantity(Creatinine)
    first = [q.read({"value": 88.4, "unit": "umol/L"}, "creatinine", []) for _ in range(3)]
    assert first[0] == first[1] == first[2] == pytest.approx(1.0, rel=1e-4)
    with pytest.raises(Exception, match="impossible"):  # an offered unit's bounds still apply from the cache
        q.read({"value": -5, "unit": "umol/L"}, "creatinine", [])
    years = _quantity(Age)
    assert years.read({"value": 87, "unit": "years"}, "age", []) == years.read({"value": 87, "unit": "years"}, "age", [])


def test_steps_are_built_when_read_and_kept():
    r = medreckon.calculate("cockcroft-gault", age=60, sex="female", weight=70, height=165, creatinine=1.1)
    steps = r.steps
    assert all(type(s) is Step for s in steps) and r.steps is steps  # built once, then kept
    assert [s["what"] for s in r.to_dict()["steps"]] == [s.what for s in steps]
    w = Working()
    w.step("sum", lambda: "1 + 1", 2, "x")
    assert type(w.lines) is Lines and w.steps == [Step("sum", "1 + 1", 2, "x")]
    same = medreckon.calculate("cockcroft-gault", age=60, sex="female", weight=70, height=165, creatinine=1.1)
    assert same == r and same.steps == steps
