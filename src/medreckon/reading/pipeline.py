"""Reading as a pipeline of small registered stages, composed by name (in the spirit of
inspect_ai's `chain()` of solvers).

A stage is a frozen dataclass whose fields are its parameters, registered with `@stage`:

    @stage
    @dataclass(frozen=True)
    class Demographics(Stage):
        name = "demographics"
        produces = "the patient's sex and race, by rules"
        def run(self, state: ReadState) -> None: ...

It declares what it `needs` of the model (nothing, `MODEL`, `LOGPROBS`) and, in a line, what it
`produces`; `run(state)` settles what it can. A stage may also offer `fix`, a hook on every
calculation the pipeline makes (the calculator's own hints, applied before a repair turn). Swap a
stage for another that settles the same inputs (rules, a model, a learned reader, a person) and the
others do not change.

A `Pipeline` is a name and its stages in order. Its `version` is derived, never written: a hash of
each stage's name and parameters and of the content it reads (the lexicon, the prompts, the
confidence table, the reading code), so any change to those starts new attempts.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from . import prompts
from .lexicon import lexicon

if TYPE_CHECKING:
    from ..bench.calculation import Computed
    from .state import ReadState

MODEL = "model"  # a stage that asks a language model
LOGPROBS = "logprobs"  # ... for the log-probabilities of options (ModelClient.supports_logprobs)


class Stage:
    """One step of a reading; subclasses are frozen dataclasses of their parameters."""

    name: ClassVar[str] = ""
    needs: ClassVar[frozenset[str]] = frozenset()
    produces: ClassVar[str] = ""

    def run(self, state: ReadState) -> None:
        """Settle what this stage can (`state.settle`), or prepare what later stages read."""

    def fix(self, state: ReadState, reply: dict[str, Any], extra: dict[str, Any], got: Computed,
            record: dict[str, Any]) -> Computed:
        """A hook on each calculation (registered by putting the stage in a pipeline): `got`, or a
        better computation. Stages without one return `got`."""
        return got

    def parameters(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)} if dataclasses.is_dataclass(self) else {}

    def identity(self) -> dict[str, Any]:
        return {"stage": self.name, **self.parameters()}

    def describe(self) -> str:
        args = ", ".join(f"{k}={v}" for k, v in self.parameters().items())
        return f"{self.name}({args})" if args else self.name


STAGES: dict[str, type[Stage]] = {}


def stage(cls: type[Stage]) -> type[Stage]:
    """Class decorator: registers a stage under its `name` (found by `make_stage`)."""
    if not cls.name:
        raise TypeError(f"{cls.__name__} has no stage name")
    if STAGES.get(cls.name, cls) is not cls:
        raise RuntimeError(f"stage {cls.name!r} is declared twice ({STAGES[cls.name].__name__}, {cls.__name__})")
    STAGES[cls.name] = cls
    return cls


def make_stage(name: str, **params: Any) -> Stage:
    """A registered stage by name, with its parameters."""
    _load()
    if name not in STAGES:
        raise ValueError(f"unknown reading stage {name!r}; known: {', '.join(sorted(STAGES))}")
    return STAGES[name](**params)


_HERE = Path(__file__).parent


def _code(source: str) -> str:
    """A module's code without its comments and docstrings (what it does, not what it says)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]  # type: ignore[attr-defined]
    return ast.dump(tree)


@functools.cache
def code_fingerprint() -> str:
    """sha256 of the reading code (every module of this package, comments and docstrings left out):
    a change to how a stage reads changes the version of every pipeline, as a change to the lexicon
    or a prompt does; rewording a comment does not."""
    digest = hashlib.sha256()
    for path in sorted(_HERE.rglob("*.py")):
        digest.update(str(path.relative_to(_HERE)).encode() + b"\x1e" + _code(path.read_text()).encode() + b"\x1e")
    return digest.hexdigest()


@dataclass(frozen=True)
class Pipeline:
    name: str
    stages: tuple[Stage, ...]

    @property
    def needs(self) -> frozenset[str]:
        return frozenset().union(*(s.needs for s in self.stages))

    def identity(self) -> dict[str, Any]:
        from .confidence import table_fingerprint

        return {"pipeline": self.name, "stages": [s.identity() for s in self.stages],
                "lexicon": lexicon().fingerprint, "prompts": prompts.fingerprint(),
                "confidence": table_fingerprint(), "code": code_fingerprint()}

    @functools.cached_property
    def version(self) -> str:
        """`<name>@<12 hex>`: derived from the identity (see the module docstring)."""
        material = json.dumps(self.identity(), sort_keys=True, default=str)
        return f"{self.name}@{hashlib.sha256(material.encode()).hexdigest()[:12]}"

    def describe(self) -> str:
        return " -> ".join(s.describe() for s in self.stages)

    def run(self, state: ReadState) -> ReadState:
        """Each stage in turn; a model request that fails (ModelError, after the client's bounded
        retries) ends the reading with status `error`."""
        from ..bench.types import ModelError

        state.fixers = [s for s in self.stages if type(s).fix is not Stage.fix]
        try:
            for s in self.stages:
                s.run(state)
        except ModelError as exc:
            state.status, state.error = "error", str(exc)
        return state


PIPELINES: dict[str, Callable[..., Pipeline]] = {}


def named_pipeline(name: str) -> Callable[[Callable[..., Pipeline]], Callable[..., Pipeline]]:
    """Decorator: registers a function that builds a pipeline (its keyword arguments are the
    pipeline's parameters) under `name`."""
    def register(build: Callable[..., Pipeline]) -> Callable[..., Pipeline]:
        if PIPELINES.get(name, build) is not build:
            raise RuntimeError(f"reading pipeline {name!r} is declared twice")
        PIPELINES[name] = build
        return build
    return register


def get_pipeline(name: str = "default", **params: Any) -> Pipeline:
    """A named pipeline (`PIPELINES`), built with its parameters."""
    _load()
    if name not in PIPELINES:
        raise ValueError(f"unknown reading pipeline {name!r}; known: {', '.join(sorted(PIPELINES))}")
    return PIPELINES[name](**params)


def _load() -> None:
    from . import pipelines, stages  # noqa: F401 - registers the stages and the named pipelines


__all__ = ["LOGPROBS", "MODEL", "PIPELINES", "STAGES", "Pipeline", "Stage", "code_fingerprint", "get_pipeline",
           "make_stage", "named_pipeline", "stage"]
