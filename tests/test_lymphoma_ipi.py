import pytest

from medreckon import CalculatorInputError, calculate

LOW = {"age": 50, "ann_arbor_stage": "II", "ecog": 1, "ldh": 200, "ldh_upper_limit": 240, "extranodal_sites": 1}


def test_ipi_example_with_r_ipi():
    r = calculate("International Prognostic Index for Diffuse Large B-cell Lymphoma (IPI and R-IPI)",
                  age=72, ann_arbor_stage="IV", ecog=1, ldh=780, ldh_upper_limit=240, extranodal_sites=3)
    assert r.value == 4 and r.outputs["ipi_risk_group"]["value"] == "High"
    assert (r.outputs["r_ipi_group"]["value"], r.outputs["r_ipi_4_year_overall_survival"]["value"],
            r.outputs["r_ipi_4_year_progression_free_survival"]["value"]) == ("Poor", 55, 53)


@pytest.mark.parametrize("change, points", [
    ({"age": 60}, 0), ({"age": 60.5}, 1), ({"ann_arbor_stage": "III"}, 1), ({"ann_arbor_stage": "2"}, 0),
    ({"ecog": 2}, 1), ({"ldh": 240}, 0), ({"ldh": 241}, 1), ({"extranodal_sites": 2}, 1),
])
def test_ipi_factors_both_sides(change, points):
    assert calculate("ipi", **{**LOW, **change}).value == points


@pytest.mark.parametrize("total, group, r_group", [(0, "Low", "Very good"), (1, "Low", "Good"),
                                                   (2, "Low-intermediate", "Good"), (3, "High-intermediate", "Poor"),
                                                   (5, "High", "Poor")])
def test_ipi_groups(total, group, r_group):
    factors = [("age", 70), ("ann_arbor_stage", "IV"), ("ecog", 3), ("ldh", 500), ("extranodal_sites", 2)]
    r = calculate("ipi", **{**LOW, **dict(factors[:total])})
    assert r.value == total and r.outputs["ipi_risk_group"]["value"] == group
    assert r.outputs["r_ipi_group"]["value"] == r_group


NCCN_LOW = {"age": 40, "ann_arbor_stage": "I", "ecog": 0, "ldh": 200, "ldh_upper_limit": 250,
            "extranodal_key_site": False}


@pytest.mark.parametrize("change, points", [
    ({"age": 40}, 0), ({"age": 40.1}, 1), ({"age": 60}, 1), ({"age": 60.1}, 2), ({"age": 75}, 2), ({"age": 75.1}, 3),
    ({"ldh": 250}, 0), ({"ldh": 251}, 1), ({"ldh": 750}, 1), ({"ldh": 751}, 2),
    ({"ann_arbor_stage": "III"}, 1), ({"extranodal_key_site": True}, 1), ({"ecog": 2}, 1),
])
def test_nccn_ipi_cut_offs_both_sides(change, points):
    assert calculate("nccn-ipi", **{**NCCN_LOW, **change}).value == points


def test_nccn_ipi_examples():
    r = calculate("nccn-ipi", age=68, ann_arbor_stage="III", ecog=1, ldh=560, ldh_upper_limit=250,
                  extranodal_key_site=False)
    assert r.value == 4 and r.outputs["risk_group"]["value"] == "High-intermediate"
    assert (r.outputs["five_year_overall_survival"]["value"], r.outputs["five_year_progression_free_survival"]["value"]
            ) == (64, 51)
    high = calculate("nccn-ipi", age=72, ann_arbor_stage="IV", ecog=1, ldh=780, ldh_upper_limit=240,
                     extranodal_key_site=True)
    assert high.value == 6 and high.outputs["risk_group"]["value"] == "High"


@pytest.mark.parametrize("kidney, extra, points, group", [(False, {}, 0, "Low"), (True, {}, 1, "Low"),
                                                          (True, {"age": 70}, 2, "Intermediate"),
                                                          (True, {"age": 70, "ecog": 2, "ldh": 500}, 4, "High")])
def test_cns_ipi(kidney, extra, points, group):
    r = calculate("cns-ipi", **{**LOW, **extra}, kidney_or_adrenal=kidney)
    assert r.value == points and r.outputs["risk_group"]["value"] == group


def test_bad_stage_and_ecog():
    with pytest.raises(CalculatorInputError, match="ann_arbor_stage"):
        calculate("ipi", **{**LOW, "ann_arbor_stage": "V"})
    with pytest.raises(CalculatorInputError, match="ecog"):
        calculate("ipi", **{**LOW, "ecog": 5})
