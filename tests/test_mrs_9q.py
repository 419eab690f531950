import pytest

from medreckon import calculate


@pytest.mark.parametrize("kw, grade", [
    ({}, 0), (dict(symptoms=True), 1), (dict(symptoms=True, hobbies=False), 2), (dict(social_ties=False), 2),
    (dict(same_work=False), 2), (dict(help_shopping_travel=True), 3), (dict(help_meals_chores=True), 3),
    (dict(help_walking=True), 4), (dict(help_bodily_needs=True, help_meals_chores=True), 4),
    (dict(bedbound=True, help_walking=True), 5),
])
def test_most_disabled_answer_decides(kw, grade):
    assert calculate("mrs-9q", {"symptoms": False, **kw}).value == grade
