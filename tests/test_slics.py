import pytest

from medreckon import calculate


def slics(**kw):
    return calculate("slics", {"morphology": "no abnormality", "discoligamentous_complex": "intact",
                               "neurological_status": "intact", **kw})


def test_maximum():
    r = slics(morphology="rotation or translation", discoligamentous_complex="disrupted",
              neurological_status="incomplete cord injury", continuous_cord_compression=True)
    assert r.value == 10 and "operative" in r.interpretation


@pytest.mark.parametrize("kw, total, words", [
    (dict(morphology="burst", discoligamentous_complex="indeterminate"), 3, "≤ 3"),
    (dict(morphology="burst", discoligamentous_complex="disrupted"), 4, "4:"),
    (dict(morphology="distraction", discoligamentous_complex="disrupted"), 5, "≥ 5"),
    (dict(morphology="compression", neurological_status="root injury"), 2, "≤ 3"),
    (dict(neurological_status="complete cord injury"), 2, "≤ 3"),
])
def test_bands(kw, total, words):
    r = slics(**kw)
    assert r.value == total and r.interpretation.startswith(words)
