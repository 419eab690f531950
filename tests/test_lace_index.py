import pytest

from medreckon import CalculatorInputError, calculate

BASE = dict(length_of_stay=0.5, acute_admission=False, charlson=0, ed_visits=0)


def lace(**kw):
    return calculate("lace-index", {**BASE, **kw})


def test_worked_example():
    r = lace(length_of_stay=5, acute_admission=True, charlson=4, ed_visits=2)
    assert r.value == 14 and "high risk" in r.interpretation


@pytest.mark.parametrize(("los", "points"), [(0.9, 0), (1, 1), (2, 2), (3, 3), (4, 4), (6, 4), (7, 5), (13, 5), (14, 7)])
def test_length_of_stay_bands(los, points):
    assert lace(length_of_stay=los).value == points


@pytest.mark.parametrize(("charlson", "points"), [(3, 3), (4, 5)])
def test_charlson_4_scores_5(charlson, points):
    assert lace(charlson=charlson).value == points


@pytest.mark.parametrize(("visits", "points"), [(3, 3), (4, 4), (9, 4)])
def test_ed_visits_cap_at_4(visits, points):
    assert lace(ed_visits=visits).value == points


@pytest.mark.parametrize(("kw", "high"), [(dict(length_of_stay=14, acute_admission=False, charlson=2), False),  # 9
                                          (dict(length_of_stay=14, acute_admission=True), True)])  # 10
def test_high_risk_from_10(kw, high):
    assert ("high risk" in lace(**kw).interpretation) is high


def test_units_and_errors():
    assert lace(length_of_stay="72 h").value == 3
    with pytest.raises(CalculatorInputError, match="charlson"):
        lace(charlson=-1)
