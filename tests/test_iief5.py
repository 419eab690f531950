import pytest

from medreckon import calculate

NAMES = ("confidence", "hard_enough", "maintain_after_penetration", "maintain_to_completion", "satisfactory")


def with_total(total):
    kw, left = {}, total
    for name in NAMES:
        kw[name] = min(5, left)
        left -= kw[name]
    return kw


def test_worked_example():
    r = calculate("International Index of Erectile Function (IIEF-5)", dict.fromkeys(NAMES, 2))
    assert r.value == 10 and r.outputs["severity"]["value"] == "Moderate erectile dysfunction"


@pytest.mark.parametrize("total, words", [(7, "Severe"), (8, "Moderate"), (11, "Moderate"), (12, "Mild to moderate"),
                                          (16, "Mild to moderate"), (17, "Mild erectile"), (21, "Mild erectile"),
                                          (22, "No erectile"), (25, "No erectile")])
def test_bands(total, words):
    assert calculate("shim", with_total(total)).outputs["severity"]["value"].startswith(words)
