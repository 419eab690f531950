import pytest

from medreckon import CalculatorInputError, calculate
from medreckon.calculators.library.modified_mallampati import CLASSES


@pytest.mark.parametrize("view, label", list(CLASSES.items()))
def test_classes(view, label):
    r = calculate("modified-mallampati", view=view)
    assert r.value == label and ("difficult airway predicted" in r.interpretation) is (label in ("Class III",
                                                                                               "Class IV"))


def test_unknown_view():
    with pytest.raises(CalculatorInputError, match="view"):
        calculate("modified-mallampati", view="tonsils visible")
