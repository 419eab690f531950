"""Category outputs (`Output(type="category", categories=...)`) and secondary outputs (`Output.secondary`, `Working.output`): a calculator that returns several
values, as MDCalc's multi-output tools do, returns each typed and rounded in `Result.outputs`."""

import pytest
from pydantic import Field

from medreckon.calculators.describe import describe_output
from medreckon.calculators.fields import Inputs
from medreckon.calculators.spec import Output, Reference, Secondary, Working, calculator
from medreckon.errors import CalculatorInputError


class _In(Inputs):
    a: float = Field(description="a number")


@calculator(
    id="test-two-outputs", name="Two outputs", kind="equation", specialty="general", inputs=_In,
    output=Output("kg", "decimal", 1, secondary=(
        Secondary("half", "half of a", "kg", "decimal", 2),
        Secondary("count", "a rounded to a whole number", None, "integer"),
        Secondary("label", "a word", None, "text"),
        Secondary("big", "a is over 10", None, "boolean"),
    )),
    references=(Reference("test"),),
)
def _two(x: _In, w: Working) -> float:
    w.output("half", x.a / 2)
    w.output("count", x.a)
    w.output("label", "big" if x.a > 10 else None)  # None: not applicable
    w.output("big", x.a > 10)
    return w.step("a", "a", x.a, "kg")


def test_secondary_outputs_are_typed_rounded_and_in_the_json():
    r = _two(a=7.255)
    assert r.outputs["half"] == {"value": pytest.approx(3.6275), "rounded": 3.63, "unit": "kg"}
    assert r.outputs["count"]["value"] == 7 and isinstance(r.outputs["count"]["value"], int)
    assert r.outputs["label"]["value"] is None  # not applicable is said, not dropped
    assert r.outputs["big"]["value"] is False
    assert list(r.to_dict()["outputs"]) == ["half", "count", "label", "big"]


def test_an_undeclared_output_is_a_bug_in_the_calculator():
    @calculator(id="test-undeclared", name="Undeclared", kind="equation", specialty="general", inputs=_In,
                output=Output(None), references=(Reference("test"),))
    def bad(x: _In, w: Working) -> float:
        w.output("surprise", 1.0)
        return x.a

    with pytest.raises(RuntimeError, match="surprise"):
        bad(a=1)


def test_a_non_finite_secondary_output_is_an_input_error():
    @calculator(id="test-overflow", name="Overflow", kind="equation", specialty="general", inputs=_In,
                output=Output(None, secondary=(Secondary("huge", "a times 1e308"),)), references=(Reference("t"),))
    def overflow(x: _In, w: Working) -> float:
        w.output("huge", x.a * 1e308)
        return x.a

    assert overflow(a=1).outputs["huge"]["rounded"] == pytest.approx(1e308)
    with pytest.raises(CalculatorInputError):
        overflow(a=10)  # the main value is fine; the secondary one is not finite


def test_the_description_names_the_secondary_outputs_and_plain_calculators_have_none():
    assert "half (half of a, kg)" in describe_output(_two.output)
    from medreckon.calculators.registry import get

    assert get("shock-index")(heart_rate=70, systolic_bp=120).outputs == {}


class _Ph(Inputs):
    ph: float = Field(description="arterial pH", gt=0)


@calculator(id="test-category", name="Category", kind="score", specialty="general", inputs=_Ph,
            output=Output(None, "category", categories=("acidaemia", "normal", "alkalaemia")),
            references=(Reference("test"),))
def _category(x: _Ph, w: Working) -> str:
    return "acidaemia" if x.ph < 7.35 else "alkalaemia" if x.ph > 7.45 else "normal"


def test_a_category_output_is_one_of_its_declared_labels():
    assert _category(ph=7.30).value == _category(ph=7.30).rounded == "acidaemia"
    assert _category(ph=7.40).to_dict()["value"] == "normal"
    assert describe_output(_category.output) == "one of: acidaemia; normal; alkalaemia"


def test_category_declarations_are_checked():
    with pytest.raises(ValueError):
        Output(None, "category")  # no labels
    with pytest.raises(ValueError):
        Output(None, "decimal", categories=("a",))

    @calculator(id="test-bad-label", name="Bad label", kind="score", specialty="general", inputs=_Ph,
                output=Output(None, "category", categories=("a", "b")), references=(Reference("t"),))
    def bad(x: _Ph, w: Working) -> str:
        return "c"

    with pytest.raises(RuntimeError, match="not one of its declared categories"):
        bad(ph=7.4)
