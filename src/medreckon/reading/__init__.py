"""Reading a clinical note for a calculator's inputs: a pipeline of small registered stages
(locate evidence -> findings -> choices -> quantities -> ask the model for what is left ->
structured fixes -> decide or abstain), each input with its source, the words of the note that
say it and a calibrated confidence; the case with a confidence and whether a person should
review it. Usable on its own; the bench's `extract` strategy is a reading pipeline.

    from medreckon.reading import read_note
    reading = read_note("cha2ds2-vasc", note, model="embedded")     # pipeline="default"
    reading.value, reading.confidence, reading.needs_review
    reading.inputs["stroke"].evidence                                # spans of the note
    reading.to_dict()                                                # JSON-ready
    reading.correct({"stroke": False})                               # a person's correction

    read_note("curb-65", note, pipeline="rules")                     # no model at all

The parts: `pipeline` (Stage, Pipeline, the registries and derived versions), `stages/` (the
registered stages), `pipelines` (the named pipelines), `lexicon/` (everything the readers know
about how notes say things, as data), the readers (`context`, `findings`, `choices`,
`demographics`, `quantities`, `timepoints`, `hints`, `items`), the model's side (`request`,
`questions`, `quotes`, `decisions`, `prompts`), `confidence` and `calibration` (the reliability
table fitted on a design sample), `result` (what a reading gives), and `review` (`from_note`: the
review flow behind `medreckon calc from-note`, REST, MCP and the viewer's review page; `cli`).
`learned`: the learned criterion reader (a small cross-encoder run through onnxruntime, trained on
`medreckon.env.criteria`; not yet a stage of any pipeline, docs/learned-reader.md).
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "read_note": "read", "NoteReading": "result", "InputReading": "result", "Source": "result",
    "Span": "result", "Pipeline": "pipeline", "Stage": "pipeline", "stage": "pipeline",
    "named_pipeline": "pipeline", "get_pipeline": "pipeline", "make_stage": "pipeline",
    "PIPELINES": "pipeline", "STAGES": "pipeline", "lexicon": "lexicon", "from_note": "review",
}


def __getattr__(name: str) -> Any:  # imported on first use: the readers load medspaCy lazily anyway
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)
    if name in ("PIPELINES", "STAGES"):
        from .pipeline import _load

        _load()
    return value


__all__ = sorted(_EXPORTS)
