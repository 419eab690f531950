import pytest

from medreckon import calculate

ALL = dict(breathing=True, movement=True, tone=True, amniotic_fluid=True)


def test_worked_example_without_nst():
    r = calculate("Fetal Biophysical Profile (BPP) Score", ALL)
    assert r.value == 8 and r.interpretation.startswith("8/8: normal")


@pytest.mark.parametrize("kw, total, band", [
    (dict(nonstress_test=True), 10, "normal"), (dict(nonstress_test=False), 8, "normal"),
    (dict(breathing=False), 6, "equivocal"), (dict(breathing=False, tone=False), 4, "abnormal"),
])
def test_bands(kw, total, band):
    r = calculate("bpp", {**ALL, **kw})
    assert r.value == total and band in r.interpretation


def test_oligohydramnios_is_flagged_whatever_the_total():
    r = calculate("bpp", {**ALL, "amniotic_fluid": False, "nonstress_test": True})
    assert r.value == 8 and "oligohydramnios" in r.interpretation
