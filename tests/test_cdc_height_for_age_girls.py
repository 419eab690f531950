from medreckon import calculate


def test_girls_chart_differs_from_boys():
    girl = calculate("CDC Height for Age Percentiles for Girls (2 - 20 years)", age=14, height=160)
    boy = calculate("cdc-height-for-age-boys", age=14, height=160)
    assert girl.value > boy.value and girl.outputs["category"]["value"] == "Normal stature"
