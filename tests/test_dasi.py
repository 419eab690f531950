import pytest

from medreckon import calculate
from medreckon.calculators.library.dasi import ACTIVITIES


def test_all_activities_is_58_2():
    r = calculate("dasi", {name: True for name, _, _ in ACTIVITIES})
    assert r.value == pytest.approx(58.2)
    assert r.outputs["vo2_peak"]["value"] == pytest.approx(0.43 * 58.2 + 9.6)


def test_none_gives_the_intercept():
    r = calculate("dasi", {})
    assert r.value == 0 and r.outputs["mets"]["value"] == pytest.approx(9.6 / 3.5)


def test_example():
    r = calculate("dasi", dict(self_care=True, walk_indoors=True, walk_blocks=True, climb_stairs=True,
                               light_housework=True, moderate_housework=True, sexual_relations=True,
                               moderate_recreation=True))
    assert r.value == pytest.approx(30.2) and r.outputs["mets"]["rounded"] == 6.45


@pytest.mark.parametrize("activities, above", [(("run_short", "heavy_housework", "strenuous_sports", "moderate_recreation",
                                                 "sexual_relations"), True),  # 34.75
                                               (("run_short", "heavy_housework", "strenuous_sports", "moderate_recreation",
                                                 "walk_indoors"), False)])  # 31.25
def test_34_threshold(activities, above):
    assert ("> 34" in calculate("dasi", {a: True for a in activities}).interpretation) is above
