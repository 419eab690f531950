import pytest

from medreckon import calculate
from medreckon.calculators.library.hamilton_anxiety import ITEMS


def with_total(total):
    kw, left = {}, total
    for name, _ in ITEMS:
        kw[name] = min(4, left)
        left -= kw[name]
    return kw


def test_worked_example():
    kw = dict(anxious_mood=3, tension=3, fears=1, insomnia=2, intellectual=2, depressed_mood=2, somatic_muscular=2,
              somatic_sensory=1, cardiovascular=2, respiratory=1, gastrointestinal=1, genitourinary=1, autonomic=2,
              behavior_at_interview=2)
    r = calculate("Hamilton Anxiety Scale", kw)
    assert r.value == 25 and r.outputs["severity"]["value"] == "Moderate to severe"


@pytest.mark.parametrize("total, band", [(17, "Mild"), (18, "Mild to moderate"), (24, "Mild to moderate"),
                                         (25, "Moderate to severe"), (30, "Moderate to severe"), (31, "Severe")])
def test_bands(total, band):
    assert calculate("ham-a", with_total(total)).outputs["severity"]["value"] == band
