"""The calculator engine: registry, input forms, errors, warnings, results, rounding."""

import subprocess
import sys

import pytest

import medreckon
from medreckon import CalculatorInputError
from medreckon.calculators import all_calculators, get
from medreckon.calculators.rounding import round_half_away


def test_lookup_by_id_alias_name_and_medcalc_bench_id():
    c = get("cockcroft-gault")
    assert get("CrCl") is c and get(2) is c and get("2") is c
    assert get("Creatinine Clearance (Cockcroft-Gault Equation)") is c


def test_unknown_calculator_suggests():
    with pytest.raises(CalculatorInputError, match=r"did you mean [^?]*\bbmi\b"):
        medreckon.calculate("bmy", {})


def test_every_calculator_is_fully_declared():
    for c in all_calculators():
        assert c.references, c.id
        assert c.formula and c.name and c.specialty, c.id
        assert c.kind in ("equation", "score")
        assert c.output.type in ("decimal", "integer", "date", "gestational_age", "category")
        for name, f in c.inputs.model_fields.items():
            assert f.description, f"{c.id}.{name} has no description"


@pytest.mark.parametrize(
    "height",
    [175.26, "175.26 cm", "1.7526 m", "5 ft 9 in", {"value": 69, "unit": "in"}, [69, "inches"], "69 in"],
)
def test_quantity_forms(height):
    r = medreckon.calculate("bmi", weight=70, height=height)
    assert r.inputs["height"] == pytest.approx(175.26)
    assert r.value == pytest.approx(22.789, abs=1e-3)


@pytest.mark.parametrize(
    "inputs, field, words",
    [
        ({"weight": 70}, "height", "required"),
        ({"weight": -1, "height": 170}, "weight", "> 0"),
        ({"weight": 0, "height": 170}, "weight", "> 0"),
        ({"weight": "70 kgg", "height": 170}, "weight", "kgg"),
        ({"weight": "seventy", "height": 170}, "weight", "string with a unit"),
        ({"weight": True, "height": 170}, "weight", "number"),
        ({"weight": 70, "height": 170, "wieght": 70}, "wieght", "did you mean 'weight'"),
        ({"weight": {"value": 70, "units": "kg"}, "height": 170}, "weight", "value"),
        ({"weight": "70 mg/dL", "height": 170}, "weight", "mass unit"),
        ({"weight": float("nan"), "height": 170}, "weight", "finite"),
    ],
)
def test_bad_input_names_field_value_and_expectation(inputs, field, words):
    with pytest.raises(CalculatorInputError) as e:
        medreckon.calculate("bmi", inputs)
    assert any(i.field == field for i in e.value.issues)
    assert words in str(e.value)
    d = e.value.to_dict()
    assert d["error"] == "invalid_input" and d["issues"]


def test_all_problems_reported_at_once():
    with pytest.raises(CalculatorInputError) as e:
        medreckon.calculate("bmi", {"weight": -3, "height": "tall"})
    assert {i.field for i in e.value.issues} == {"weight", "height"}


def test_implausible_value_warns_with_unit_hint():
    r = medreckon.calculate("crcl", age=60, sex="female", weight=70, height=170, creatinine=88)
    (w,) = r.warnings
    assert w.field == "creatinine" and w.code == "implausible"
    assert "did you mean 88 umol/L" in w.message


def test_plausible_value_has_no_warning():
    r = medreckon.calculate("crcl", age=60, sex="female", weight=70, height=170, creatinine="88 umol/L")
    assert r.warnings == []


def test_choices_are_case_insensitive_with_synonyms():
    a = medreckon.calculate("ibw", sex="Male", height=180).value
    b = medreckon.calculate("ibw", sex="M", height=180).value
    assert a == b
    with pytest.raises(CalculatorInputError, match="'male' or 'female'"):
        medreckon.calculate("ibw", sex="x", height=180)


def test_result_steps_are_the_numbers_of_the_result():
    r = medreckon.calculate("bmi", weight=70, height=175)
    assert r.steps[-1].value == r.value
    assert "70 kg / (1.75 m)²" in r.steps[-1].expression
    d = r.to_dict()
    assert d["rounded"] == 22.9 and d["calculator"] == "bmi" and d["references"]


@pytest.mark.parametrize(
    "x, d, expected",
    [(2.675, 2, 2.68), (2.5, 0, 3.0), (-2.5, 0, -3.0), (0.125, 2, 0.13), (1.05, 1, 1.1), (14.45, 1, 14.5)],
)
def test_round_half_away_from_zero(x, d, expected):
    assert round_half_away(x, d) == expected


def test_import_is_lazy():
    code = "import sys, medreckon; print('pydantic' in sys.modules, 'pint' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_calculations_do_not_load_pint():
    code = (
        "import sys, medreckon; medreckon.calculate('bmi', weight='150 lb', height='5 ft 7 in');"
        "print('pint' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
