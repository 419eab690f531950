import pytest

from medreckon import calculate

LOW = dict(aceto_uptake="zero or transparent", margins="diffuse", vessels="fine, regular", lesion_size="< 5 mm",
           iodine_staining="brown")
HIGH = dict(aceto_uptake="distinct, opaque white", margins="sharp and even, difference in surface level (cuffing)",
            vessels="coarse or atypical", lesion_size="> 15 mm, 3-4 quadrants or endocervically undefined",
            iodine_staining="distinct yellow")


def test_worked_example():
    assert calculate("Swede Score", HIGH).value == 10


@pytest.mark.parametrize("n_high, total, band", [(2, 4, "0-4"), (0, 0, "0-4")])
def test_low(n_high, total, band):
    kw = {k: HIGH[k] if i < n_high else LOW[k] for i, k in enumerate(LOW)}
    r = calculate("swede-score", kw)
    assert r.value == total and r.interpretation.startswith(band)


@pytest.mark.parametrize("kw, total, band", [
    (dict(vessels="absent"), 5, "5-7"), (dict(vessels="absent", iodine_staining="faintly or patchy yellow"), 6, "5-7"),
])
def test_middle(kw, total, band):
    base = {k: HIGH[k] if k in ("aceto_uptake", "margins") else LOW[k] for k in LOW}
    r = calculate("swede-score", {**base, **kw})
    assert r.value == total and r.interpretation.startswith(band)


@pytest.mark.parametrize("low_key, total, band", [("vessels", 8, "≥ 8"), (None, 10, "≥ 8")])
def test_high(low_key, total, band):
    kw = dict(HIGH)
    if low_key:
        kw[low_key] = LOW[low_key]
    r = calculate("swede-score", kw)
    assert r.value == total and r.interpretation.startswith(band)


def test_seven_is_biopsy():
    kw = dict(HIGH, vessels="absent", iodine_staining="faintly or patchy yellow", lesion_size="5-15 mm or 2 quadrants")
    assert calculate("swede-score", kw).value == 7
