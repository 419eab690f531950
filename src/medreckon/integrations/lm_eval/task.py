"""What the lm-evaluation-harness tasks call (the YAMLs in ``tasks/`` name these functions with
``!function``): the test split from our dataset loaders, with our prompts as columns, and the
scoring of one reply.

- `zero_shot_dataset` / `one_shot_dataset` (the YAMLs' ``custom_dataset``): the rows `medreckon
  data export` writes for the selection, plus ``system_prompt`` (the YAMLs' ``description``,
  the system message under ``--apply_chat_template``) and ``prompt`` (``doc_to_text``). The
  harness calls them with the task's metadata: our keys are ``dataset``, ``data_file``,
  ``subset``, ``calculators``, ``per_calculator``, ``seed`` and ``limit`` (as `medreckon bench run` takes
  them; ``--metadata '{"dataset": "medcalc-bench-corrected", "subset": "medrac_clean_940"}'``);
  the harness's own keys (its version, the model's arguments) are not ours and are left alone.
  One-shot rows also say which exemplar they got (``exemplar_id``, the one-shot set's row).
- `process_results`: the reply read by `answers.parse_answer` and judged by
  `analysis.scoring.is_correct` under the published ``medcalc_bench`` rule: ``acc`` (1 when
  correct; an abstention is correct against an N/A label) and ``answered`` (1 when an answer or
  an abstention was read, 0 when the reply was unparsed, refused or cut off).

Zero-shot asks for step-by-step working and the answer as JSON, as the bench's `zero_shot_cot`
does. One-shot puts one worked exemplar of the same calculator (the MedCalc-Bench one-shot set)
into the system prompt, as the published one-shot setting does; the bench's `one_shot_cot` gives
it as a user/assistant exchange instead, which a plain-text harness prompt cannot.
"""

from __future__ import annotations

from typing import Any

from ...bench.analysis.scoring import is_correct
from ...bench.answers import parse_answer
from ...bench.datasets.export import case_from_row, dataset_rows, hf_split
from ...bench.strategies import prompts
from ...bench.types import Case, Outcome

RULE = "medcalc_bench"  # the published rule; `acc` is accuracy under it
SELECTION_KEYS = ("dataset", "data_file", "subset", "calculators", "per_calculator", "seed", "limit")
EXEMPLAR_INTRO = "A worked example of the same calculation, and the reply it takes:"


def _cases(metadata: dict[str, Any]) -> tuple[list[Case], str, str | None]:
    """(the selected cases, the dataset, its file)."""
    from ...bench.datasets import load_cases

    selection = {k: metadata[k] for k in SELECTION_KEYS if metadata.get(k) is not None}
    dataset = selection.pop("dataset", "medcalc-bench")
    path = selection.pop("data_file", None)
    try:
        cases = load_cases(dataset, path=path, **selection)
    except (ValueError, FileNotFoundError) as exc:  # say which setting to change
        raise ValueError(f"medcalc_bench task: cannot load dataset {dataset!r} ({exc}); set the "
                         "selection with --metadata '{\"dataset\": ..., \"data_file\": ...}' "
                         f"(keys: {', '.join(SELECTION_KEYS)})") from exc
    if not cases:
        raise ValueError(f"medcalc_bench task: the selection {selection or dataset!r} holds no cases")
    return cases, dataset, path


PROMPT_COLUMNS = ("system_prompt", "prompt", "exemplar_id")


def _split(selected: tuple[list[Case], str, str | None], system: dict[str, str],
           exemplar: dict[str, str] | None = None) -> dict[str, Any]:
    cases, dataset, path = selected
    rows, _ = dataset_rows(dataset, cases, path)
    for row, case in zip(rows, cases, strict=True):
        row["system_prompt"] = system[case.id]
        row["prompt"] = prompts.user_message(case, prompts.STEP_BY_STEP_INSTRUCTION)["content"]
        row["exemplar_id"] = (exemplar or {}).get(case.id)
    return {"test": hf_split(rows, extra=PROMPT_COLUMNS)}


def zero_shot_dataset(**metadata: Any) -> dict[str, Any]:
    """The zero-shot task's test split (see the module docstring)."""
    selected = _cases(metadata)
    return _split(selected, {c.id: prompts.SYSTEM for c in selected[0]})


def one_shot_system(case: Case, exemplars: dict[int, Case]) -> str:
    """The system prompt with the exemplar of the case's calculator; ValueError when the one-shot
    set has none for it."""
    exemplar = exemplars.get(case.calculator_id) if case.calculator_id is not None else None
    if exemplar is None:
        raise ValueError(f"medcalc_bench_one_shot: no one-shot exemplar for calculator {case.calculator_id} "
                         f"({case.calculator_name}); the set covers calculators "
                         f"{', '.join(map(str, sorted(exemplars)))}. Select other calculators or use "
                         "medcalc_bench_zero_shot.")
    shown = prompts.user_message(exemplar, prompts.STEP_BY_STEP_INSTRUCTION)["content"]
    return f"{prompts.SYSTEM}\n\n{EXEMPLAR_INTRO}\n\n{shown}\n\n{prompts.exemplar_reply(exemplar)}"


def one_shot_dataset(**metadata: Any) -> dict[str, Any]:
    """The one-shot task's test split: each case's system prompt carries its calculator's
    exemplar."""
    from ...bench.datasets import load_one_shot

    selected = _cases(metadata)
    cases, exemplars = selected[0], load_one_shot()
    system = {c.id: one_shot_system(c, exemplars) for c in cases}
    # which exemplar each row got, in the logged samples (the one-shot set reuses v1.0 row 191's note)
    return _split(selected, system, {c.id: exemplars[c.calculator_id].id for c in cases})


def score_reply(reply: str, case: Case) -> dict[str, float]:
    """`acc` and `answered` of one reply (what `process_results` returns)."""
    parsed = parse_answer(reply, case.output_type)
    outcome = Outcome(raw=reply, answer=parsed.answer, status=parsed.status,
                      explanation=parsed.explanation)
    return {"acc": float(is_correct(outcome, case, RULE)),
            "answered": float(parsed.status in ("ok", "abstained"))}


def process_results(doc: dict[str, Any], results: list[str]) -> dict[str, float]:
    """The harness's hook: one generated reply for one row."""
    if len(results) != 1 or not isinstance(results[0], str):
        raise ValueError(f"medcalc_bench task: expected one generated reply for row {doc.get('id')}, "
                         f"got {results!r}; the task's output_type must be generate_until")
    return score_reply(results[0], case_from_row(doc))
