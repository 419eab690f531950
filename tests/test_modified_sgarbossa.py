import pytest

from medreckon import calculate


@pytest.mark.parametrize("kw, label", [
    ({}, "Negative"), (dict(concordant_ste=True), "Positive"), (dict(concordant_std_v1_v3=True), "Positive"),
    (dict(excessively_discordant_ste=True), "Positive"),
    (dict(concordant_ste=True, excessively_discordant_ste=True), "Positive"),
])
def test_any_criterion(kw, label):
    assert calculate("modified-sgarbossa", kw).value == label
