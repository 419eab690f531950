import pytest

from medreckon import calculate

NONE = dict(multilocular=False, solid_areas=False, bilateral=False, ascites=False, metastases=False)


def test_worked_example():
    r = calculate("Risk of Malignancy Index (RMI) for Ovarian Cancer", NONE, multilocular=True, solid_areas=True,
                  ascites=True, menopausal_status="postmenopausal", ca125=260)
    assert r.value == 2340 and r.interpretation.startswith("≥ 200")


@pytest.mark.parametrize("features, u", [(0, 0), (1, 1), (2, 3), (5, 3)])
def test_ultrasound_score(features, u):
    kw = {name: i < features for i, name in enumerate(NONE)}
    assert calculate("rmi", kw, menopausal_status="premenopausal", ca125=100).value == u * 100


@pytest.mark.parametrize("ca125, high", [(199, False), (200, True)])
def test_cut_off_200(ca125, high):
    r = calculate("rmi", NONE, multilocular=True, menopausal_status="premenopausal", ca125=ca125)
    assert r.interpretation.startswith("≥ 200" if high else "< 200")


def test_postmenopausal_triples():
    assert calculate("rmi", NONE, ascites=True, menopausal_status="postmenopausal", ca125=50).value == 150


def test_ca125_units():
    # CA-125 in U/mL, or in kU/L (the same number)
    args = {**NONE, "multilocular": True, "menopausal_status": "postmenopausal"}
    assert calculate("rmi", {**args, "ca125": "35 kU/L"}).value == calculate("rmi", {**args, "ca125": "35 U/mL"}).value \
        == 105
