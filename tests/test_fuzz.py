"""Property tests over every registered calculator: whatever the input, `calculate` returns a
Result or raises the documented CalculatorInputError — never another exception."""

import datetime as dt
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import medreckon
from medreckon import CalculatorInputError
from medreckon.calculators import all_calculators
from medreckon.calculators.describe import describe_inputs

CALCULATORS = [c.id for c in all_calculators()]

numbers = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.floats(min_value=-1e6, max_value=1e6),
    st.integers(min_value=-(10**6), max_value=10**6),
)


def value_for(spec):
    if spec.kind == "quantity":
        plausible = (
            st.floats(min_value=spec.plausible[0], max_value=spec.plausible[1])
            if spec.plausible
            else st.floats(0.01, 1000)
        )
        return st.one_of(
            plausible,
            plausible,
            numbers,
            st.builds(
                lambda v, u: f"{v:g} {u}", plausible, st.sampled_from(spec.units or (spec.unit,))
            ),
            st.builds(
                lambda v, u: {"value": v, "unit": u},
                numbers,
                st.sampled_from(spec.units or (spec.unit,)),
            ),
            st.builds(
                lambda v, u: {"value": v, "unit": u},
                numbers,
                st.one_of(
                    st.integers(),
                    st.lists(st.none(), max_size=1),
                    st.dictionaries(st.text(max_size=2), st.none(), max_size=1),
                ),
            ),
            st.builds(
                lambda v, u: [v, u],
                numbers,
                st.one_of(st.none(), st.integers(), st.text(max_size=6)),
            ),
            st.text(max_size=12),
            st.booleans(),
            st.none(),
        )
    if spec.kind == "choice":
        return st.one_of(st.sampled_from(spec.choices), st.text(max_size=8), st.integers())
    if spec.kind == "boolean":
        return st.one_of(st.booleans(), st.sampled_from(["yes", "no", "maybe"]), st.integers(-1, 3))
    if spec.kind == "date":
        return st.one_of(st.dates(dt.date(1900, 1, 1), dt.date(2100, 1, 1)), st.text(max_size=10))
    if spec.kind in ("integer", "number"):
        return numbers
    return st.text(max_size=10)


@st.composite
def inputs_for(draw, calc_id):
    specs = describe_inputs(medreckon.get_calculator(calc_id))
    data = {}
    for spec in specs:
        if draw(st.integers(0, 9)) == 0:  # sometimes leave it out
            continue
        data[spec.name] = draw(value_for(spec))
    if draw(st.integers(0, 19)) == 0:
        data["not_an_input"] = 1
    return data


@pytest.mark.parametrize("calc_id", CALCULATORS)
def test_only_documented_errors(calc_id):
    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(inputs_for(calc_id))
    def check(data):
        try:
            r = medreckon.calculate(calc_id, data)
        except CalculatorInputError as exc:
            assert exc.issues and str(exc)
            return
        if isinstance(r.value, float):
            assert not math.isnan(r.value), f"NaN result for {data}"
        r.to_dict()

    check()
