import pytest

from medreckon import CalculatorInputError, calculate, from_medcalc_bench

# no criterion met: total 0
BASE = dict(temperature=37.0, heart_rate=80, respiratory_rate=16, wbc=8)


def sirs(**kw):
    return calculate("sirs", {**BASE, **kw})


def test_no_criterion():
    r = sirs()
    assert r.value == 0 and "not met" in r.interpretation


@pytest.mark.parametrize("t, met", [(38.0, 0), (38.1, 1), (36.0, 0), (35.9, 1), ("100.4 degF", 0),
                                    ("100.5 degF", 1), ("96.8 degF", 0), ("96.7 degF", 1)])
def test_temperature_above_38_or_below_36(t, met):
    # 100.4 °F = 38.0 °C, 96.8 °F = 36.0 °C, 96.7 °F = 35.94 °C
    assert sirs(temperature=t).value == met


@pytest.mark.parametrize("hr, met", [(90, 0), (91, 1)])
def test_heart_rate_above_90(hr, met):
    assert sirs(heart_rate=hr).value == met


@pytest.mark.parametrize("kw, met", [
    (dict(respiratory_rate=20), 0), (dict(respiratory_rate=21), 1),
    (dict(paco2=32), 0), (dict(paco2=31.9), 1), (dict(paco2="4.2 kPa"), 1),  # 4.2 kPa = 31.5 mmHg
    (dict(respiratory_rate=24, paco2=28), 1),  # one criterion, not two
])
def test_respiratory_criterion(kw, met):
    assert sirs(**kw).value == met


@pytest.mark.parametrize("kw, met", [
    (dict(wbc=12), 0), (dict(wbc=12.1), 1), (dict(wbc=4), 0), (dict(wbc=3.9), 1),
    (dict(wbc="13200 /uL"), 1), (dict(wbc="11000 /uL"), 0), (dict(wbc="3.5 10^3/uL"), 1),
    (dict(bands=10), 0), (dict(bands=10.5), 1), (dict(wbc=15, bands=12), 1),
])
def test_white_cell_criterion(kw, met):
    assert sirs(**kw).value == met


def test_all_four_and_steps():
    r = sirs(temperature=39, heart_rate=120, respiratory_rate=28, wbc=18)
    assert r.value == 4
    assert [s.value for s in r.steps] == [1, 1, 1, 1, 4]
    assert r.interpretation.startswith("4 of 4 SIRS criteria met: SIRS")


def test_two_criteria_is_sirs():
    assert "SIRS (≥ 2)" in sirs(heart_rate=100, respiratory_rate=22).interpretation
    assert "not met" in sirs(heart_rate=100).interpretation


def test_optional_labs_not_given_warn():
    r = sirs()
    assert {w.field for w in r.warnings if w.code == "assumed_default"} == {"paco2", "bands"}
    assert not [w for w in sirs(paco2=40, bands=2).warnings if w.code == "assumed_default"]


def test_no_sepsis_wording_without_sepsis_inputs():
    assert "sepsis" not in sirs(heart_rate=100, respiratory_rate=22).interpretation


@pytest.mark.parametrize("kw, words", [
    (dict(suspected_infection=True), "sepsis (SIRS with suspected infection)"),
    (dict(suspected_infection=True, organ_dysfunction=True), "severe sepsis"),
    (dict(suspected_infection=True, organ_dysfunction=True, refractory_hypotension=True), "septic shock"),
    (dict(suspected_infection=True, multiple_organ_dysfunction=True), "multiple organ dysfunction"),
    (dict(suspected_infection=False), "not sepsis"),
])
def test_sepsis_categories(kw, words):
    r = sirs(heart_rate=100, respiratory_rate=22, **kw)
    assert r.value == 2 and words in r.interpretation


def test_infection_without_sirs_is_not_sepsis():
    assert "without SIRS" in sirs(heart_rate=100, suspected_infection=True).interpretation


def test_sepsis_facts_without_infection_warn():
    r = sirs(heart_rate=100, respiratory_rate=22, organ_dysfunction=True)
    assert "sepsis" not in r.interpretation
    assert any(w.field == "suspected_infection" for w in r.warnings)


def test_errors():
    with pytest.raises(CalculatorInputError, match="wbc"):
        calculate("sirs", temperature=37, heart_rate=80, respiratory_rate=16)
    with pytest.raises(CalculatorInputError, match="bands"):
        sirs(bands=120)


def test_implausible_wbc_unit_warns():
    r = sirs(wbc=13200)  # a per-µL count passed without its unit
    assert any(w.field == "wbc" and w.code == "implausible" for w in r.warnings)


def test_medcalc_bench_row():
    # row 590: 39.4 °C (1), HR 100 (1), RR 22 / PaCO2 31 (1), WBC 6370/mm³ = 6.37 ×10⁹/L (0)
    r = from_medcalc_bench(51, "{'Temperature': [39.4, 'degrees celsius'], 'Heart Rate or Pulse': [100.0, "
                               "'beats per minute'], 'PaCO₂': [31.0, 'mm hg'], 'respiratory rate': [22.0, "
                               "'breaths per minute'], 'White blood cell count': [6370.0, 'm^3']}")
    assert r.value == 3
