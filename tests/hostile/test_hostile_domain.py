"""No clinically impossible answer returned as a success (issue 29): output domains declared once
and enforced by the engine, unit limits exact in every declared unit, a bare 0 < x <= 1 refused
where a percentage is also offered as a fraction, and the unit said where neighbouring
calculators take the same analyte in different units."""

from __future__ import annotations

import pytest
from pydantic_core import PydanticCustomError

import medreckon
from medreckon import CalculatorInputError
from medreckon.calculators import all_calculators
from medreckon.calculators.describe import describe_output
from medreckon.calculators.domain import Domain
from medreckon.calculators.fields import Inputs, Quantity, Weight
from medreckon.calculators.quantity_schema import is_percent_or_fraction, unit_limits
from medreckon.calculators.spec import Output, Reference, calculator


def _quantities():
    """(calculator id, field, Quantity) of every quantity input of every registered calculator."""
    from medreckon.calculators.describe import unwrap

    for calc in all_calculators():
        for name, f in calc.inputs.model_fields.items():
            _, meta, _ = unwrap(f.annotation)
            q = next((m for m in [*meta, *f.metadata] if isinstance(m, Quantity)), None)
            if q is not None:
                yield calc.id, name, q


# ---------------------------------------------------------------- the probes of issue 29


def test_ideal_body_weight_refuses_a_height_where_devine_is_negative():
    with pytest.raises(CalculatorInputError, match="97.2 cm for men") as info:
        medreckon.calculate("ideal-body-weight", sex="male", height=75.7)  # was −23.9 kg with a warning
    assert [i.field for i in info.value.issues] == ["height"]  # a rule of the schema: height by sex
    assert medreckon.calculate("ideal-body-weight", sex="male", height=97.3).value > 0
    with pytest.raises(CalculatorInputError):
        medreckon.calculate("ideal-body-weight", sex="female", height=102.1)
    for weight_rule in ("ideal", "adjusted"):  # the same domain inside Cockcroft-Gault
        with pytest.raises(CalculatorInputError, match="Devine"):
            medreckon.calculate("cockcroft-gault", age=40, sex="male", weight=60, height=80, creatinine=1,
                                weight_rule=weight_rule)
    with pytest.raises(CalculatorInputError, match="Devine"):
        medreckon.calculate("adjusted-body-weight", sex="male", height=80, weight=60)


def test_sodium_deficit_above_the_target_is_no_deficit_with_a_note():
    r = medreckon.calculate("sodium-deficit", sex="male", age=50, weight=70, sodium=146, target_sodium=140)
    assert r.value == 0 and r.rounded == 0  # was −252 mEq
    assert any("no sodium deficit" in w.message for w in r.warnings)
    assert r.steps[-1].value == 0 and "outside" in r.steps[-1].expression
    r = medreckon.calculate("sodium-deficit", sex="male", age=50, weight=70, sodium=139, target_sodium=140)
    assert r.value == pytest.approx(42) and not any("no sodium deficit" in w.message for w in r.warnings)


def test_a_bare_fio2_of_0_4_is_refused_with_the_hint_and_stated_units_are_read():
    with pytest.raises(CalculatorInputError, match=r"did you mean 0.4 1 \(= 40 %\)"):
        medreckon.calculate("pf-ratio", pao2=80, fio2=0.4)  # was read as 0.4 %: P/F 20,000
    for fio2 in ([0.4, "1"], "0.4 fraction", {"value": 0.4, "unit": "1"}, 40, "40 %"):
        assert medreckon.calculate("pf-ratio", pao2=80, fio2=fio2).value == pytest.approx(200)
    with pytest.raises(CalculatorInputError, match="below 760"):
        medreckon.calculate("pf-ratio", pao2=80, fio2="0.4 %")  # said, but no blood gas gives P/F 20,000


@pytest.mark.parametrize("calc_id,inputs,field", [
    ("pf-ratio", {"pao2": 80}, "fio2"),
    ("aa-gradient", {"pao2": 80, "paco2": 40}, "fio2"),
    ("sf-ratio", {"spo2": 92}, "fio2"),
    ("absolute-neutrophil-count", {"wbc": 8}, "neutrophils"),
    ("corrected-reticulocyte-count", {"hematocrit": 30}, "reticulocytes"),
])
def test_the_top_of_a_percentage_given_as_a_fraction_is_taken(calc_id, inputs, field):
    """Issue 29: `fio2=[1.0, "1"]` was refused ('expected a value from 1e-11 to 1 1')."""
    at_top = medreckon.calculate(calc_id, {**inputs, field: [1.0, "1"]})
    assert at_top.inputs[field] == 100
    with pytest.raises(CalculatorInputError, match="as a fraction"):
        medreckon.calculate(calc_id, {**inputs, field: [1.0000001, "1"]})


def test_every_unit_limit_is_exact_in_every_declared_unit():
    """For every quantity of every calculator: the bound in each offered unit is one the field takes
    (given in that unit), and the next value outside it is refused."""
    import math

    checked = 0
    for _calc_id, name, q in _quantities():
        for unit in q.units:
            lo, lo_in, hi, hi_in = unit_limits(q, unit)
            for bound, inclusive, outward in ((lo, lo_in, -math.inf), (hi, hi_in, math.inf)):
                if abs(bound) >= 1e8 * (1 if unit == q.unit else 0.1):  # the magnitude limit, not a clinical one
                    continue
                inside = bound if inclusive else math.nextafter(bound, -outward)
                if is_percent_or_fraction(q) and 0 < inside <= 1:
                    continue  # said in its unit below; bare, it needs one
                q.read([inside, unit], name, None)  # raises if refused
                with pytest.raises(PydanticCustomError):
                    q.read([math.nextafter(bound, outward) if inclusive else bound, unit], name, None)
                checked += 1
    assert checked > 300


def test_a_bare_fraction_is_refused_exactly_where_a_percentage_is_also_a_fraction():
    either = {(c, n) for c, n, q in _quantities() if is_percent_or_fraction(q)}
    assert {("pf-ratio", "fio2"), ("perc", "oxygen_saturation"), ("apache-ii", "hematocrit"),
            ("absolute-neutrophil-count", "bands")} <= either
    for _calc, name, q in _quantities():
        if is_percent_or_fraction(q):
            for bare in (0.5, 1, 1.0, "0.5", {"value": 0.5}, [1, None]):
                with pytest.raises(Exception, match="could be"):
                    q.read(bare, name, None)
            if q.gt != 0:
                assert q.read(0, name, None) == 0
            assert q.read(1.5, name, None) == 1.5 and q.read([0.5, "%"], name, None) == 0.5


# ---------------------------------------------------------------- the output domain, for every calculator


def _toy(domain: Domain):
    class ToyInputs(Inputs):
        weight: Weight

    @calculator(id="toy", name="Toy", inputs=ToyInputs, output=Output("kg", domain=domain), kind="equation",
                specialty="test", references=(Reference("none"),))
    def toy(x, w):
        return w.step("weight − 100", "x", x.weight - 100, "kg")

    return toy


def test_the_engine_refuses_a_result_outside_the_domain_naming_the_inputs_and_the_validity():
    toy = _toy(Domain(gt=0, inputs=("weight",), validity="a weight above 100 kg (the toy's validity)"))
    assert toy(weight=101).value == 1
    with pytest.raises(CalculatorInputError) as info:
        toy(weight=100)  # 0 is not > 0: the bound itself, on the right side
    issue = info.value.issues[0]
    assert issue.field == "weight" and issue.expected == "a weight above 100 kg (the toy's validity)"
    assert "0 kg, outside > 0 kg" in issue.suggestion


def test_the_engine_clamps_with_a_note_where_the_bound_is_the_meaningful_answer():
    toy = _toy(Domain(ge=0, clamp="nothing to give"))
    r = toy(weight=60)
    assert r.value == 0.0 and r.rounded == 0.0 and r.warnings[-1].message == "nothing to give"
    assert toy(weight=100).value == 0 and not toy(weight=100).warnings


def test_every_declared_domain_is_said_in_the_output_description():
    declared = [c for c in all_calculators() if c.output.domain is not None]
    assert len(declared) >= 15
    for c in declared:
        assert "refused" in describe_output(c.output) or "nearest bound" in describe_output(c.output), c.id
        assert c.output.domain.clamp or c.output.domain.validity, c.id  # a refusal states the validity


def test_a_fuzz_sample_answers_inside_every_domain():
    """Across all registered calculators (benchmarks/fuzz_calls.py, 20 calls each): every answer is
    inside its declared domain, and every score inside its points range."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parents[2] / "benchmarks" / "fuzz_calls.py"
    spec = importlib.util.spec_from_file_location("fuzz_calls", path)
    fuzz_calls = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fuzz_calls)
    out = fuzz_calls.fuzz(len(all_calculators()) * 20, seed=11)
    assert out["outside_domain"] == 0, out["outside_domain_examples"]
    assert out["foreign_exceptions"] == 0, out["foreign_examples"]


# ---------------------------------------------------------------- one analyte, different units


def _spellings(unit: str) -> tuple[str, ...]:
    return (unit, unit.replace("umol", "µmol"), unit.replace("u", "µ"))


def test_an_analyte_taken_in_different_units_says_its_unit_wherever_it_is_the_exception():
    """Where neighbouring calculators default to different units for one analyte (bilirubin: MELD
    mg/dL, GAHS µmol/L), each field in the less common unit names it in its description, offers
    the common one, and the schema states it (`x-unit`)."""
    from collections import defaultdict

    units: dict[str, dict[str, list[tuple[str, str, Quantity]]]] = defaultdict(lambda: defaultdict(list))
    for calc_id, name, q in _quantities():
        if q.analyte:
            units[q.analyte][q.unit].append((calc_id, name, q))
    mixed = {a: by for a, by in units.items() if len(by) > 1}
    assert {"bilirubin", "bun"} <= set(mixed)
    for by_unit in mixed.values():
        common = max(by_unit, key=lambda unit: len(by_unit[unit]))
        for unit, fields in by_unit.items():
            if unit == common:
                continue
            for calc_id, name, q in fields:
                calc = medreckon.get_calculator(calc_id)
                text = calc.inputs.model_fields[name].description or ""
                assert any(s in text for s in _spellings(unit)) and "by default" in text, (calc_id, name, text)
                assert common in q.units, (calc_id, name)
                schema = calc.inputs.model_json_schema()["properties"][name]
                assert schema.get("x-unit") == unit or any(f.get("x-unit") == unit for f in schema.get("anyOf", ()))


@pytest.mark.parametrize("calc_id,inputs,field", [
    ("glasgow-alcoholic-hepatitis", {"age": 47, "white_cells": 16.2, "urea": 4.1, "inr": 1.9}, "bilirubin"),
    ("lille-model", {"age": 52, "albumin": 2.7, "bilirubin_day7": 200, "creatinine": 1.1, "prothrombin_time": 16},
     "bilirubin_day0"),
])
def test_a_bare_bilirubin_far_more_plausible_in_mg_dl_is_warned(calc_id, inputs, field):
    warned = medreckon.calculate(calc_id, {**inputs, field: 12}).warnings  # 12 µmol/L: a normal bilirubin
    assert any(w.field == field and "did you mean 12 mg/dL" in w.message for w in warned)
    for clear in (20, 300, "12 mg/dL", [12, "mg/dL"]):  # plausible as read, or the unit said
        assert not any(w.field == field for w in medreckon.calculate(calc_id, {**inputs, field: clear}).warnings)


def test_a_refused_domain_is_in_the_schema_or_stated_as_a_relation():
    """A result outside its domain is a 422 to a body the schema may allow: where the domain is a
    threshold on one input per case (Devine's heights by sex, an HbA1c), the schema states it
    (RangeWhen); where it is a relation between values (P/F), the inputs model says so as a
    `Relation`, and schemathesis.toml lists the calculator."""
    from medreckon.calculators.rules import RangeWhen, Relation

    for calc in all_calculators():
        domain = calc.output.domain
        if domain is None or domain.clamp:
            continue
        rules = calc.inputs.rules
        stated = any(isinstance(r, RangeWhen) and r.within.field in domain.inputs for r in rules)
        related = any(isinstance(r, Relation) and "domain" in r.statement and set(r.fields) <= set(domain.inputs)
                      for r in rules)
        assert stated or related, calc.id
