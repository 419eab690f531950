import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench

CRITERIA = ["fever_past_24h", "purulence", "attend_rapidly", "severely_inflamed_tonsils", "no_cough_or_coryza"]


def feverpain(**kw):
    return calculate("feverpain", {c: False for c in CRITERIA} | kw)


@pytest.mark.parametrize("criterion", CRITERIA)
def test_each_criterion_is_one_point(criterion):
    assert feverpain(**{criterion: True}).value == 1


def test_all_and_none():
    assert feverpain().value == 0
    assert feverpain(**{c: True for c in CRITERIA}).value == 5


@pytest.mark.parametrize("n, words", [(0, "13-18%"), (1, "13-18%"), (2, "34-40%"), (3, "34-40%"), (4, "62-65%"),
                                      (5, "62-65%")])
def test_interpretation_band_limits(n, words):
    r = feverpain(**{c: True for c in CRITERIA[:n]})
    assert r.value == n and words in r.interpretation


def test_missing_criteria_are_absent_with_warnings():
    r = calculate("feverpain", purulence=True)
    assert r.value == 1
    assert {w.field for w in r.warnings if w.code == "assumed_default"} == set(CRITERIA) - {"purulence"}


def test_steps():
    r = feverpain(fever_past_24h=True, no_cough_or_coryza=True)
    assert [s.value for s in r.steps] == [1, 0, 0, 0, 1, 2]
    assert r.steps[-1].expression == "1 + 0 + 0 + 0 + 1"


def test_errors():
    with pytest.raises(CalculatorInputError, match="did you mean 'purulence'"):
        calculate("feverpain", purulance=True)
    with pytest.raises(CalculatorInputError, match="true or false"):
        feverpain(fever_past_24h="maybe")


def test_medcalc_bench_row_ignores_pecarn_entities():
    # row 457: onset ≤ 3 days (+1), severe tonsil inflammation (+1); the PECARN head-injury entities are ignored
    r = from_medcalc_bench(33, {
        "Purulent tonsils": False,
        "Occipital, parietal or temporal scalp hematoma; history of level of conciousness (LOC) ≥5 sec; "
        "not acting normally per parent or severe mechanism of injury?": True,
        "Altered mental status for PECARN head injury criteria": True,
        "Symptom onset ≤3 days": True,
        "Severe tonsil inflammation": True,
    })
    assert r.value == 2
