import pytest

from medreckon import CalculatorInputError, calculate

ROBUST = dict(clock_test="no errors", hospital_admissions=0, general_health="good", iadl_help=0,
              social_support="always", five_or_more_medications=False, forgets_medications=False, weight_loss=False,
              feels_sad=False, incontinence=False, timed_up_and_go=8, unable_to_do_tug=False)
YES = ("five_or_more_medications", "forgets_medications", "weight_loss", "feels_sad", "incontinence")


def efs(**kw):
    return calculate("edmonton-frail-scale", {**ROBUST, **kw})


def test_worked_example():
    r = calculate("Edmonton Frail Scale", clock_test="minor spacing errors", hospital_admissions=1,
                  general_health="fair", iadl_help=2, social_support="always", five_or_more_medications=True,
                  forgets_medications=True, weight_loss=True, feels_sad=True, incontinence=True, timed_up_and_go=16.8)
    assert r.value == 10 and r.outputs["category"]["value"] == "Moderate frailty"


@pytest.mark.parametrize("admissions, points", [(0, 0), (1, 1), (2, 1), (3, 2)])
def test_admissions(admissions, points):
    assert efs(hospital_admissions=admissions).value == points


@pytest.mark.parametrize("iadl, points", [(1, 0), (2, 1), (4, 1), (5, 2), (8, 2)])
def test_iadl_bands(iadl, points):
    assert efs(iadl_help=iadl).value == points


@pytest.mark.parametrize("tug, points", [(10, 0), (10.5, 1), (20, 1), (20.1, 2), ("0.25 min", 1), ("0.5 min", 2)])
def test_timed_up_and_go_bands(tug, points):
    assert efs(timed_up_and_go=tug).value == points


def test_unable_to_do_tug_scores_2_and_a_missing_time_is_an_error():
    assert efs(timed_up_and_go=None, unable_to_do_tug=True).value == 2
    with pytest.raises(CalculatorInputError, match="timed_up_and_go"):
        efs(timed_up_and_go=None)


@pytest.mark.parametrize("extra, total, label", [
    (5, 5, "Not frail"), (6, 6, "Vulnerable"), (7, 7, "Vulnerable"), (8, 8, "Mild frailty"), (9, 9, "Mild frailty"),
    (10, 10, "Moderate frailty"), (11, 11, "Moderate frailty"), (12, 12, "Severe frailty"),
])
def test_category_edges(extra, total, label):
    kw = {name: True for name in YES}  # 5
    more = extra - 5
    kw.update(clock_test="other errors" if more >= 2 else "minor spacing errors" if more == 1 else "no errors")
    more -= min(more, 2)
    kw.update(general_health="poor" if more >= 2 else "fair" if more == 1 else "good")
    more -= min(more, 2)
    kw.update(social_support="never" if more >= 2 else "sometimes" if more == 1 else "always")
    more -= min(more, 2)
    kw.update(hospital_admissions=3 if more >= 2 else more)
    r = efs(**kw)
    assert r.value == total and r.outputs["category"]["value"] == label
