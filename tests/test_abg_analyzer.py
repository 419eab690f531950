import pytest

from medreckon import CalculatorInputError, calculate

# a normal gap, normal albumin: gap 140 − (104 + HCO3-)
BASE = dict(sodium=140, chloride=104, albumin=4.0)


def abg(ph, paco2, hco3, **kw):
    return calculate("abg-analyzer", {**BASE, "ph": ph, "paco2": paco2, "bicarbonate": hco3, **kw})


def test_worked_example_anion_gap_acidosis_with_a_non_gap_acidosis():
    # gap 140 − (110 + 10) = 20; corrected 20 + 2.5 × (4 − 3) = 22.5 > 14; Winters 1.5 × 10 + 8 = 23 ± 2
    # holds PaCO2 24; HCO3- + (22.5 − 12) = 20.5 < 24: an additional non-gap acidosis
    r = calculate("abg-analyzer", ph=7.20, paco2=24, bicarbonate=10, sodium=140, chloride=110, albumin=3.0)
    assert r.value == "Primary Metabolic Acidosis"
    assert r.outputs["anion_gap"]["value"] == 20
    assert r.outputs["corrected_anion_gap"]["value"] == pytest.approx(22.5)
    assert r.outputs["expected_paco2"]["value"] == pytest.approx(23)
    assert r.outputs["gap"]["value"] == "Anion Gap Metabolic Acidosis"
    assert r.outputs["additional"]["value"] == "Additional Non-Gap Metabolic Acidosis"
    assert r.outputs["summary"]["value"] == (
        "This is an Anion Gap Metabolic Acidosis. Primary Metabolic Acidosis, with: Appropriately Compensated by "
        "Respiratory Alkalosis and Additional Non-Gap Metabolic Acidosis")
    assert r.outputs["expected_ph"]["value"] is None  # not a respiratory disorder


@pytest.mark.parametrize(("ph", "primary"), [(7.39, "Primary Respiratory Acidosis"), (7.41, "Primary Respiratory Alkalosis")])
def test_side_of_740(ph, primary):
    paco2 = 45 if ph < 7.4 else 35
    assert abg(ph, paco2, 24, chronicity="acute").value == primary


def test_ph_740_is_normal():
    r = abg(7.40, 40, 24)
    assert r.value == "Normal pH" and r.outputs["compensation"]["value"] is None


@pytest.mark.parametrize(("paco2", "hco3", "primary"), [
    (41, 24, "Primary Respiratory Acidosis"),  # PaCO2 > 40 moved it
    (40, 23, "Primary Metabolic Acidosis"),  # HCO3- < 24 moved it
])
def test_which_value_moved_the_ph(paco2, hco3, primary):
    assert abg(7.35, paco2, hco3, chronicity="acute").value == primary


def test_values_that_cannot_give_the_ph_are_refused():
    with pytest.raises(CalculatorInputError, match="ph"):
        abg(7.30, 40, 24)  # an acidaemia with neither PaCO2 above 40 nor HCO3- below 24


@pytest.mark.parametrize(("paco2", "hco3", "primary"), [
    (37, 25, "Primary Respiratory Alkalosis"),  # 3/40 = 0.075 > 1/24 = 0.042
    (39, 27, "Primary Metabolic Alkalosis"),  # 1/40 = 0.025 < 3/24 = 0.125
    (30, 30, "Mixed Respiratory and Metabolic Alkalosis"),  # 10/40 = 6/24 = 0.25
])
def test_both_moving_the_ph_the_larger_relative_change_is_primary(paco2, hco3, primary):
    assert abg(7.50, paco2, hco3, chronicity="acute").value == primary


@pytest.mark.parametrize(("ph", "compensation"), [
    (7.269, "Secondary Metabolic Acidosis"),  # expected 7.40 − 0.008 × 15 = 7.28; below by 0.011
    (7.27, "Appropriately Compensated by Metabolic Alkalosis"),  # below by exactly 0.01
    (7.29, "Appropriately Compensated by Metabolic Alkalosis"),
    (7.291, "Secondary Metabolic Alkalosis"),
])
def test_acute_respiratory_acidosis_expected_ph_within_001(ph, compensation):
    r = abg(ph, 55, 26, chronicity="acute")
    assert r.outputs["expected_ph"]["value"] == pytest.approx(7.28)
    assert r.outputs["compensation"]["value"] == compensation
    assert r.outputs["summary"]["value"] == f"Primary Respiratory Acidosis, Acute, with: {compensation}"


def test_chronic_respiratory_acidosis_uses_003_per_10():
    r = abg(7.35, 55, 30, chronicity="chronic")  # expected 7.40 − 0.003 × 15 = 7.355
    assert r.outputs["expected_ph"]["value"] == pytest.approx(7.355)
    assert r.outputs["compensation"]["value"] == "Appropriately Compensated by Metabolic Alkalosis"
    assert abg(7.35, 55, 30, chronicity="acute").outputs["compensation"]["value"] == "Secondary Metabolic Alkalosis"


def test_respiratory_alkalosis_compensation_is_a_metabolic_acidosis():
    r = abg(7.46, 33, 24, chronicity="acute")  # expected 7.40 + 0.008 × 7 = 7.456
    assert r.outputs["summary"]["value"] == ("Primary Respiratory Alkalosis, Acute, with: Appropriately Compensated by "
                                            "Metabolic Acidosis")


def test_a_respiratory_disorder_needs_its_chronicity():
    with pytest.raises(CalculatorInputError, match="chronicity"):
        abg(7.30, 55, 26)


@pytest.mark.parametrize(("paco2", "compensation"), [
    (26.9, "Secondary Respiratory Alkalosis"),  # Winters 1.5 × 14 + 8 = 29 ± 2: 27-31
    (27, "Appropriately Compensated by Respiratory Alkalosis"),
    (31, "Appropriately Compensated by Respiratory Alkalosis"),
    (31.1, "Secondary Respiratory Acidosis"),
])
def test_winters_range_both_sides(paco2, compensation):
    assert abg(7.25, paco2, 14).outputs["compensation"]["value"] == compensation


@pytest.mark.parametrize(("paco2", "compensation"), [
    (39.9, "Secondary Respiratory Alkalosis"),  # 0.7 × 30 + 21 = 42 ± 2: 40-44
    (40, "Appropriately Compensated by Respiratory Acidosis"),
    (44, "Appropriately Compensated by Respiratory Acidosis"),
    (44.1, "Secondary Respiratory Acidosis"),
])
def test_metabolic_alkalosis_expected_paco2_both_sides(paco2, compensation):
    r = abg(7.48, paco2, 30)  # PaCO2 39.9 moves the pH too, but 0.1/40 < 6/24: metabolic is primary
    assert r.value == "Primary Metabolic Alkalosis"
    assert r.outputs["compensation"]["value"] == compensation


@pytest.mark.parametrize(("chloride", "gap_type"), [
    (106, "Non-Gap Metabolic Acidosis"),  # gap 140 − (106 + 20) = 14: not above 14
    (105.9, "Anion Gap Metabolic Acidosis"),  # 14.1
])
def test_corrected_gap_above_14(chloride, gap_type):
    r = abg(7.33, 38, 20, chloride=chloride)
    assert r.outputs["gap"]["value"] == gap_type
    assert r.outputs["summary"]["value"].startswith(f"This is {'an' if gap_type[0] == 'A' else 'a'} {gap_type}")


def test_low_albumin_raises_the_corrected_gap():
    r = abg(7.33, 38, 20, chloride=108, albumin=2.0)  # gap 12, corrected 12 + 5 = 17
    assert r.outputs["corrected_anion_gap"]["value"] == pytest.approx(17)
    assert r.outputs["gap"]["value"] == "Anion Gap Metabolic Acidosis"
    assert abg(7.33, 38, 20, chloride=108, albumin="20 g/L").outputs["corrected_anion_gap"]["value"] == pytest.approx(17)


@pytest.mark.parametrize(("chloride", "additional"), [
    (104.1, "Additional Non-Gap Metabolic Acidosis"),  # gap 21.9: 14 + 9.9 = 23.9 < 24
    (104, None),  # gap 22: 14 + 10 = 24
    (103.9, "Additional Metabolic Alkalosis"),  # gap 22.1: 24.1 > 24
])
def test_delta_gap_against_24(chloride, additional):
    r = abg(7.25, 29, 14, chloride=chloride)
    assert r.outputs["gap"]["value"] == "Anion Gap Metabolic Acidosis"
    assert r.outputs["additional"]["value"] == additional
    summary = r.outputs["summary"]["value"]
    assert summary.endswith(f"and {additional}") if additional else summary.endswith("Respiratory Alkalosis")


def test_units_and_input_errors():
    assert abg(7.20, "3.2 kPa", 10, chloride=110).outputs["expected_paco2"]["value"] == pytest.approx(23)
    with pytest.raises(CalculatorInputError, match="ph"):
        abg(15, 40, 24)
    with pytest.raises(CalculatorInputError, match="chronicity"):
        abg(7.30, 55, 26, chronicity="subacute")
