import pytest

from medreckon.calculators import units as u


@pytest.mark.parametrize(
    "text, parts",
    [
        ("106 umol/L", [(106.0, "umol/L")]),
        ("1,025.2 mg", [(1025.2, "mg")]),
        ("5 ft 7 in", [(5.0, "ft"), (7.0, "in")]),
        ("5'7\"", [(5.0, "'"), (7.0, '"')]),
        ("250 x10^9/L", [(250.0, "x10^9/L")]),
        ("-3.5e2 mL", [(-350.0, "mL")]),
        ("72", [(72.0, None)]),
        (".5 g", [(0.5, "g")]),
    ],
)
def test_parse_amount(text, parts):
    assert u.parse_amount(text) == parts


@pytest.mark.parametrize("text", ["", "abc", "kg 70"])
def test_parse_amount_rejects(text):
    with pytest.raises(u.UnitError):
        u.parse_amount(text)


@pytest.mark.parametrize(
    "value, src, dst, analyte, expected",
    [
        (1.0, "mg/dL", "umol/L", "creatinine", 88.4),
        (88.4, "µmol/L", "mg/dL", "creatinine", 1.0),
        (10.0, "mmol/L", "mg/dL", "bun", 28.0134),
        (1.0, "mmol/L", "mg/dL", "glucose", 18.016),
        (2.5, "mmol/L", "mg/dL", "calcium", 10.02),
        (5.0, "mEq/L", "mg/dL", "calcium", 10.02),
        (140.0, "mmol/L", "mEq/L", "sodium", 140.0),
        (1.0, "mg/dL", "umol/L", "bilirubin", 17.1),
        (1.0, "mmol/L", "mg/dL", "cholesterol", 38.665),
        (1.0, "mmol/L", "mg/dL", "triglycerides", 88.57),
        (35.0, "g/L", "g/dL", "albumin", 3.5),
        (10.0, "uIU/mL", "pmol/L", "insulin", 60.0),
        (212.0, "degrees fahreinheit", "degC", None, 100.0),
        (37.0, "degrees celsisus", "degF", None, 98.6),
        (310.15, "K", "degC", None, 37.0),
        (150000.0, "µL", "10^9/L", None, 150.0),
        (8000.0, "m^3", "10^9/L", None, 8.0),
        (2.5e11, "L", "10^9/L", None, 250.0),
        (154.0, "lbs", "kg", None, 69.853),
        (6.0, "months", "yr", None, 0.5),
        (0.42, "s", "ms", None, 420.0),
        (41.0, "%", "1", None, 0.41),
        (120.0, "mm hg", "mmHg", None, 120.0),
        (16.0, "kPa", "mmHg", None, 120.01),
        (1.0, "stone", "kg", None, 6.35),  # pint fallback
    ],
)
def test_convert(value, src, dst, analyte, expected):
    assert u.convert(value, src, dst, analyte) == pytest.approx(expected, rel=1e-3)


def test_mass_to_molar_needs_an_analyte():
    with pytest.raises(u.UnitError, match="analyte"):
        u.convert(1.0, "mg/dL", "mmol/L")


def test_same_spelling_differs_by_dimension():
    assert u.resolve("L", "volume") == "L"
    assert u.resolve("L", "count_concentration") == "/L"


def test_unknown_unit_suggests_known_ones():
    with pytest.raises(u.UnitError) as e:
        u.convert(1.0, "furlongs/L", "mg/dL", "glucose")
    assert "mg/dL" in e.value.suggestion
