from medreckon import calculate


def test_girls_chart():
    girl = calculate("CDC Weight for Age Percentiles for Girls (2 - 20 years)", age=10, weight=32)
    boy = calculate("cdc-weight-for-age-boys", age=10, weight=32)
    assert 0 < girl.value < 100 and girl.value != boy.value
