import pytest

from medreckon import CalculatorInputError, calculate


@pytest.mark.parametrize("score, words", [(100, "fully active"), (50, "lies around"), (0, "unresponsive")])
def test_levels(score, words):
    r = calculate("Lansky Play-Performance Scale for Pediatric Functional Status", score=score)
    assert r.value == score and words in r.outputs["description"]["value"]


@pytest.mark.parametrize("score", [55, 110, -10])
def test_only_steps_of_ten(score):
    with pytest.raises(CalculatorInputError, match="score"):
        calculate("lansky", score=score)
