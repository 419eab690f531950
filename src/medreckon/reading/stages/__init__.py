"""The registered reading stages, in the order a pipeline usually runs them:

- `locate`: the note's mentions of each finding (ConText) and sentences about each graded choice;
- `rule_findings`: findings settled by those mentions; `finding_questions`: the others asked one
  at a time (generated JSON or log-probabilities);
- `demographics`, `choice_phrases`: the sex and race, and choices the lexicon's phrases settle;
  `choice_questions`: graded choices asked by the log-probabilities of their lettered options;
- `named_quantities`, `candidate_mentions`: quantities the note names, and the candidate mentions
  of the others;
- `person`: a person's values, over everything else;
- `ask_model`: one JSON request for what is left, with repair turns;
- `hints`: the calculator's structured hints applied at every calculation;
- `decide`: the answer, or an honest abstention; `confidence`: each input's and the case's.
"""

from . import choices, decide, findings, fixes, locate, model, quantities  # noqa: F401 - registration

__all__: list[str] = []
