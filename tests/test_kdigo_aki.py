import pytest

from medreckon import CalculatorInputError, calculate


def aki(baseline=1.0, current=1.0, **kw):
    return calculate("kdigo-aki", baseline_creatinine=baseline, creatinine=current, **kw)


def test_worked_example():
    # creatinine 2.3 / 0.9 = 2.56 (stage 2); urine 360 mL / 80 kg / 12 h = 0.375 < 0.5 (stage 2)
    r = aki(0.9, 2.3, weight=80, urine_output_6h=200, urine_output_12h=360, urine_output_24h=760)
    assert r.value == "Stage 2"
    assert r.outputs["creatinine_stage"]["value"] == "Stage 2"
    assert r.outputs["urine_output_stage"]["value"] == "Stage 2"
    assert r.outputs["creatinine_ratio"]["value"] == pytest.approx(2.3 / 0.9)


@pytest.mark.parametrize(("current", "stage"), [
    (1.49, "No AKI"), (1.5, "Stage 1"), (1.99, "Stage 1"), (2.0, "Stage 2"), (2.99, "Stage 2"), (3.0, "Stage 3"),
])
def test_creatinine_ratio_bands(current, stage):
    assert aki(1.0, current, hours_since_baseline=100).value == stage


@pytest.mark.parametrize(("current", "hours", "stage"), [
    (1.29, 24, "No AKI"), (1.3, 48, "Stage 1"), (1.3, 48.1, "No AKI"),
])
def test_absolute_rise_of_03_within_48_h(current, hours, stage):
    assert aki(1.0, current, hours_since_baseline=hours).value == stage


def test_absolute_rise_without_its_time_is_assumed_within_48_h_with_a_warning():
    r = aki(1.0, 1.3)
    assert r.value == "Stage 1" and any(w.field == "hours_since_baseline" for w in r.warnings)


@pytest.mark.parametrize(("baseline", "current", "stage"), [(3.0, 4.0, "Stage 3"), (3.0, 3.99, "No AKI"),
                                                            (4.2, 4.2, "No AKI")])
def test_creatinine_of_4_with_an_acute_rise_is_stage_3(baseline, current, stage):
    assert aki(baseline, current, hours_since_baseline=72).value == stage


@pytest.mark.parametrize(("kw", "stage"), [
    (dict(urine_output_6h=240), "No AKI"), (dict(urine_output_6h=239), "Stage 1"),  # 80 kg × 0.5 × 6 = 240
    (dict(urine_output_12h=480), "No AKI"), (dict(urine_output_12h=479), "Stage 2"),
    (dict(urine_output_24h=960), "No AKI"), (dict(urine_output_24h=959), "Stage 2"),
    (dict(urine_output_24h=576), "Stage 2"), (dict(urine_output_24h=575), "Stage 3"),  # 80 × 0.3 × 24
    (dict(urine_output_12h=0), "Stage 3"),  # anuria for 12 h
])
def test_urine_output_criteria_both_sides(kw, stage):
    assert aki(weight=80, **kw).value == stage


def test_dialysis_is_stage_3_and_units():
    assert aki(renal_replacement_therapy=True).value == "Stage 3"
    assert aki("88.4 umol/L", "2.0 mg/dL").value == "Stage 2"
    assert aki(weight="176 lb", urine_output_24h="0.5 L").value == "Stage 3"  # 500 / 79.8 / 24 = 0.26


def test_urine_volumes_need_the_weight():
    with pytest.raises(CalculatorInputError, match="weight"):
        aki(urine_output_24h=500)
