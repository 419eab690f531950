"""Reading a note deterministically, before or instead of asking a model:

- `context`: whether a finding is present, absent (negated, hypothetical, only in family
  history) or not mentioned, with the sentence that says so — medspaCy's ConText and
  sectionizer over the finding's synonyms (rule-based, no model download; the [reading] extra);
- `quantities`: the candidate mentions of a quantity (number, unit, nearby words, sentence,
  position), so a model chooses among what the note says instead of writing a number;
- `hints`: the calculator's own hints ("did you mean 41 %?", a value plausible in exactly one
  other declared unit) applied without a repair turn;
- `decisions`: yes/no and graded options scored by the model's log-probabilities, with a
  threshold calibrated on labelled examples.

The `extract` strategy uses each as a parameter (see its docstring); none is on by default.
"""
