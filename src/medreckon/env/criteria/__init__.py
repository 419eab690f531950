"""Criterion passages: training and validation data for the learned criterion reader
(`medreckon.reading.learned`), generated from the calculator declarations, labelled by
construction (see docs/environment.md, "Criterion passages").

- `passages`: the generator (`PassageGenerator`), with whole phrasing families and calculators
  held out for validation;
- `labels`: the one definition of a passage's label from its parts (`label_of`);
- `templates`: the phrasing families, registers, time expressions and filler;
- `near_misses` (with near_misses.toml): what comes close to a criterion and does not meet it,
  and which of its names assert it by themselves;
- `phrases`: texts sampled from a choice's declared phrases (regular expressions);
- `dataset`: the rows and their fingerprint; `paraphrase`: optional model rewording, kept only
  when the label survives.
"""
