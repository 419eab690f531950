import pytest

import medreckon


@pytest.fixture
def calc():
    """`calc("bmi", weight=70, height=170)` -> Result."""
    return medreckon.calculate


def value(calculator, **inputs):
    return medreckon.calculate(calculator, inputs).value
