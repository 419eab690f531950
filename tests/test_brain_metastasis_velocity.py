import pytest

from medreckon import CalculatorInputError, calculate


def bmv(n, years):
    return calculate("brain-metastasis-velocity", new_metastases=n, interval=years)


def test_rate():
    r = bmv(4, 0.75)
    assert r.value == pytest.approx(5.333, rel=1e-3) and r.outputs["risk_group"]["value"] == "intermediate"
    assert r.outputs["median_survival"]["value"] == 8.2


@pytest.mark.parametrize("n, group", [(3, "low"), (4, "intermediate"), (13, "intermediate"), (14, "high")])
def test_groups(n, group):  # over one year: BMV = n
    assert bmv(n, 1).outputs["risk_group"]["value"] == group


def test_months():
    assert bmv(4, "9 mo").value == pytest.approx(4 / 0.75)


def test_zero_interval():
    with pytest.raises(CalculatorInputError, match="interval"):
        bmv(4, 0)
