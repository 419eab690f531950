import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench

# every criterion in its 1-point band: total 5
BASE = dict(bilirubin=1.0, albumin=4.0, inr=1.0, ascites="absent", encephalopathy="none")


def cp(**kw):
    return calculate("child-pugh", {**BASE, **kw})


def test_minimum_is_five_class_a():
    r = cp()
    assert r.value == 5 and "class A" in r.interpretation
    assert r.warnings == []


@pytest.mark.parametrize("bilirubin, points", [(1.99, 1), (2.0, 2), (3.0, 2), (3.01, 3)])
def test_bilirubin_band_limits(bilirubin, points):
    assert cp(bilirubin=bilirubin).value == 4 + points


@pytest.mark.parametrize(
    "bilirubin, points",
    [("20 umol/L", 1), ("34.2 umol/L", 2), ("51.3 umol/L", 2), ("52 umol/L", 3)],  # 17.1 umol/L = 1 mg/dL
)
def test_bilirubin_in_umol_per_litre(bilirubin, points):
    assert cp(bilirubin=bilirubin).value == 4 + points


@pytest.mark.parametrize("albumin, points", [(3.51, 1), (3.5, 2), (2.8, 2), (2.79, 3)])
def test_albumin_band_limits(albumin, points):
    assert cp(albumin=albumin).value == 4 + points


@pytest.mark.parametrize("albumin, points", [("36 g/L", 1), ("35 g/L", 2), ("28 g/L", 2), ("27 g/L", 3)])
def test_albumin_in_grams_per_litre(albumin, points):
    assert cp(albumin=albumin).value == 4 + points


@pytest.mark.parametrize("inr, points", [(1.69, 1), (1.7, 2), (2.3, 2), (2.31, 3)])
def test_inr_band_limits(inr, points):
    assert cp(inr=inr).value == 4 + points


@pytest.mark.parametrize("ascites, points", [("absent", 1), ("slight", 2), ("mild", 2), ("moderate", 3), ("tense", 3)])
def test_ascites(ascites, points):
    assert cp(ascites=ascites).value == 4 + points


@pytest.mark.parametrize(
    "encephalopathy, points",
    [("none", 1), ("No Encephalopathy", 1), ("Grade 0", 1), ("Grade 1-2", 2), ("grade 2", 2), ("Grade 3-4", 3)],
)
def test_encephalopathy(encephalopathy, points):
    assert cp(encephalopathy=encephalopathy).value == 4 + points


@pytest.mark.parametrize("ascites, total, cls", [("absent", 6, "class A"), ("slight", 7, "class B")])
def test_class_a_b_limit(ascites, total, cls):
    r = cp(inr=2.0, ascites=ascites)  # 1 + 1 + 2 + ascites + 1
    assert r.value == total and cls in r.interpretation


def test_class_b_c_limit():
    nine = cp(bilirubin=2.5, albumin=3.0, inr=2.0, ascites="slight", encephalopathy="none")  # 2+2+2+2+1
    ten = cp(bilirubin=2.5, albumin=3.0, inr=2.0, ascites="slight", encephalopathy="grade 1-2")  # 2+2+2+2+2
    assert (nine.value, ten.value) == (9, 10)
    assert "class B" in nine.interpretation and "class C" in ten.interpretation


def test_maximum_is_fifteen():
    assert cp(bilirubin=5, albumin=2.0, inr=3.0, ascites="moderate", encephalopathy="grade 3-4").value == 15


def test_missing_findings_default_to_absent_with_warnings():
    r = calculate("child-pugh", bilirubin=1.0, albumin=4.0, inr=1.0)
    assert r.value == 5
    assert {w.field for w in r.warnings if w.code == "assumed_default"} == {"ascites", "encephalopathy"}


def test_steps_one_per_criterion_then_total():
    r = cp(bilirubin=2.5, ascites="moderate")
    assert [s.what for s in r.steps] == ["bilirubin", "albumin", "INR", "ascites", "encephalopathy", "total"]
    assert r.steps[-1].value == r.value == 2 + 1 + 1 + 3 + 1


def test_errors():
    with pytest.raises(CalculatorInputError, match="inr"):
        calculate("child-pugh", bilirubin=1.0, albumin=4.0)
    with pytest.raises(CalculatorInputError, match="ascites"):
        cp(ascites="lots")
    with pytest.raises(CalculatorInputError, match="albumin: got 0, expected a value > 0"):
        cp(albumin=0)


def test_medcalc_bench_row():
    # row 201: INR 2.2 (2) + bilirubin 13.3 (3) + albumin 3.33 (2) + moderate ascites (3) + grade 1-2 (2)
    r = from_medcalc_bench(15, "{'international normalized ratio': 2.2, 'Ascites': 'moderate', "
                               "'Albumin': [3.33, 'g/dL'], 'Encephalopathy': 'Grade 1-2', 'Bilirubin': [13.3, 'mg/dL']}")
    assert r.value == 12  # the dataset's 9 ignores the ascites


@pytest.mark.parametrize("kw, cls", [
    (dict(bilirubin=1, albumin=4, inr=1.0, ascites="absent", encephalopathy="none"), "A"),  # 5
    (dict(bilirubin=2.5, albumin=4, inr=1.0, ascites="absent", encephalopathy="none"), "A"),  # 6
    (dict(bilirubin=2.5, albumin=3, inr=1.0, ascites="absent", encephalopathy="none"), "B"),  # 7
    (dict(bilirubin=2.5, albumin=3, inr=2.0, ascites="slight", encephalopathy="none"), "B"),  # 9
    (dict(bilirubin=2.5, albumin=3, inr=2.0, ascites="slight", encephalopathy="grade 1-2"), "C"),  # 10
])
def test_class_is_a_secondary_output(kw, cls):
    assert calculate("child-pugh", kw).outputs["child_pugh_class"]["value"] == cls
