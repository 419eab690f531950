import pytest
from pydantic import BaseModel, ValidationError

from medreckon import CalculatorInputError, calculate, from_medcalc_bench
from medreckon.calculators.fields import GCSTotal
from medreckon.calculators.library.gcs import glasgow_coma_score
from medreckon.calculators.spec import Working


def gcs(eye, verbal, motor):
    return calculate("gcs", eye=eye, verbal=verbal, motor=motor)


def test_best_and_worst():
    assert gcs("eyes open spontaneously", "oriented", "obeys commands").value == 4 + 5 + 6
    assert gcs("no eye opening", "no verbal response", "no motor response").value == 1 + 1 + 1


@pytest.mark.parametrize("eye, points", [("eyes open spontaneously", 4), ("eye opening to verbal command", 3),
                                         ("eye opening to pain", 2), ("no eye opening", 1)])
def test_eye_points(eye, points):
    assert gcs(eye, "no verbal response", "no motor response").value == points + 1 + 1


@pytest.mark.parametrize("verbal, points", [("oriented", 5), ("confused", 4), ("inappropriate words", 3),
                                            ("incomprehensible sounds", 2), ("no verbal response", 1)])
def test_verbal_points(verbal, points):
    assert gcs("no eye opening", verbal, "no motor response").value == 1 + points + 1


@pytest.mark.parametrize("motor, points", [("obeys commands", 6), ("localizes pain", 5), ("withdrawal from pain", 4),
                                           ("flexion to pain", 3), ("extension to pain", 2), ("no motor response", 1)])
def test_motor_points(motor, points):
    assert gcs("no eye opening", "no verbal response", motor).value == 1 + 1 + points


def test_synonyms_and_component_notation():
    # E3 V4 M3: 'to voice', 'disoriented', decorticate (abnormal flexion)
    assert gcs("to voice", "Disoriented", "decorticate").value == 3 + 4 + 3
    assert gcs("E2", "V3", "M5").value == 2 + 3 + 5
    assert gcs("Eye Opening To Pain", "inappropriate words", "localises pain").value == 2 + 3 + 5


def test_steps_and_interpretation():
    r = gcs("eye opening to pain", "inappropriate words", "withdrawal from pain")
    assert [s.value for s in r.steps] == [2, 3, 4, 9]
    assert r.steps[-1].what == "total"
    assert r.interpretation.startswith("E2 V3 M4")


@pytest.mark.parametrize(
    "eye, verbal, motor, band",
    [
        ("eye opening to pain", "incomprehensible sounds", "withdrawal from pain", "severe"),  # 2+2+4 = 8
        ("eye opening to pain", "inappropriate words", "withdrawal from pain", "moderate"),  # 2+3+4 = 9
        ("eye opening to verbal command", "confused", "localizes pain", "moderate"),  # 3+4+5 = 12
        ("eye opening to verbal command", "confused", "obeys commands", "mild"),  # 3+4+6 = 13
    ],
)
def test_severity_band_limits(eye, verbal, motor, band):
    assert band in gcs(eye, verbal, motor).interpretation


@pytest.mark.parametrize("verbal", ["not testable", "intubated", "NT"])
def test_not_testable_component_gives_no_total(verbal):
    with pytest.raises(CalculatorInputError) as e:
        gcs("no eye opening", verbal, "no motor response")
    assert e.value.issues[0].field == "verbal"
    assert "cannot be calculated" in str(e.value) and "E1 VNT M1" in str(e.value)


def test_two_untestable_components_are_both_reported():
    with pytest.raises(CalculatorInputError) as e:
        gcs("not testable", "not testable", "obeys commands")
    assert {i.field for i in e.value.issues} == {"eye", "verbal"}


def test_unknown_response_and_missing_component():
    with pytest.raises(CalculatorInputError, match="eye"):
        gcs("blinks", "oriented", "obeys commands")
    with pytest.raises(CalculatorInputError, match="required"):
        calculate("gcs", eye="no eye opening", verbal="oriented")


def test_reusable_helper_and_total_type():
    w = Working()
    assert glasgow_coma_score("eye opening to verbal command", "confused", "localizes pain", w) == 12
    assert [s.value for s in w.steps] == [3, 4, 5, 12]

    class Model(BaseModel):
        gcs: GCSTotal

    assert Model(gcs=14.0).gcs == 14
    for bad in (2, 16):
        with pytest.raises(ValidationError):
            Model(gcs=bad)


def test_medcalc_bench_row():
    r = from_medcalc_bench(21, "{'Best eye response': 'eye opening to pain', 'Best verbal response': "
                               "'inappropriate words', 'Best motor response': 'withdrawal from pain'}")
    assert r.value == 2 + 3 + 4  # the dataset's 12 counts the verbal response twice
