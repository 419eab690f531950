"""The trained criterion reader: an int8 ONNX cross-encoder run by onnxruntime (no torch), loaded
offline from the package's data and checked against the sha256 its manifest pins.

    model = CriterionModel()                       # src/medreckon/data/criterion_reader
    model.classify("Prior stroke.", ["No history of stroke or TIA."])    # (1, 6) probabilities
    model.choose(["Ascites: absent.", "Ascites: slight.", "Ascites: moderate."], "Mild ascites.")
                                                   # probabilities of each option and of "none"

Inputs are (criterion statement, passage) pairs; outputs a 6-way distribution over `LABELS`
(asserted, denied, other person, out of time, hypothetical, not about it) and a choice score per
statement. Probabilities are temperature-scaled with the temperatures fitted at training time on
held-out passages (`manifest.json`). Needs the `[learned]` extra (onnxruntime, tokenizers, numpy).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

ARTIFACT = Path(__file__).resolve().parents[2] / "data" / "criterion_reader"


class ModelUnavailable(RuntimeError):
    """The learned reader cannot run here: an extra is missing or the artifact is not the pinned one."""


def tokenizer(path: Path) -> Any:
    """The encoder's WordPiece tokenizer, with no padding or truncation of its own (set per call)."""
    try:
        from tokenizers import Tokenizer
    except ImportError as exc:
        raise ModelUnavailable("the learned reader needs the [learned] extra: pip install 'medreckon[learned]'") from exc
    tok = Tokenizer.from_file(str(path))
    tok.no_padding()
    tok.no_truncation()
    return tok


def encode_pairs(tok: Any, firsts: Sequence[str], seconds: Sequence[str], max_length: int) -> dict[str, np.ndarray]:
    """Token ids, attention mask and segment ids of (first, second) pairs, padded to the longest,
    cut to `max_length` (the longer text first): the same encoding at training and at run time."""
    tok.enable_truncation(max_length, strategy="longest_first")
    encs = tok.encode_batch(list(zip(firsts, seconds, strict=True)))
    tok.no_truncation()
    width = max(len(e.ids) for e in encs)
    out = {k: np.zeros((len(encs), width), dtype=np.int64) for k in ("input_ids", "attention_mask", "token_type_ids")}
    for i, e in enumerate(encs):
        n = len(e.ids)
        out["input_ids"][i, :n] = e.ids
        out["attention_mask"][i, :n] = 1
        out["token_type_ids"][i, :n] = e.type_ids
    return out


def softmax(z: np.ndarray, axis: int = -1) -> np.ndarray:
    z = z - z.max(axis=axis, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=axis, keepdims=True)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class CriterionModel:
    """The artifact in `folder` (model.onnx, tokenizer.json, manifest.json). `verify`: refuse files
    whose sha256 is not the manifest's. `threads`: onnxruntime's intra-op threads (1: one core)."""

    def __init__(self, folder: Path | str = ARTIFACT, *, verify: bool = True, threads: int = 1):
        folder = Path(folder)
        manifest_path = folder / "manifest.json"
        if not manifest_path.exists():
            raise ModelUnavailable(f"no trained criterion reader at {folder} (manifest.json missing); "
                                   "train one with benchmarks/criterion_reader/train.py")
        self.folder = folder
        self.manifest: dict[str, Any] = json.loads(manifest_path.read_text()) if (folder / "manifest.json").exists() else {}
        if verify:
            for name, digest in self.manifest.get("files", {}).items():
                got = sha256(folder / name)
                if got != digest:
                    raise ModelUnavailable(f"{folder / name} has sha256 {got[:12]}…, the manifest pins {digest[:12]}…: "
                                           "the artifact was changed or damaged")
        try:
            import onnxruntime as ort
        except ImportError as exc:
            raise ModelUnavailable("the learned reader needs the [learned] extra: pip install 'medreckon[learned]'") from exc
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        self._session = ort.InferenceSession(str(folder / "model.onnx"), options, providers=["CPUExecutionProvider"])
        self._tok = tokenizer(folder / "tokenizer.json")
        self._lock = threading.Lock()  # the tokenizer's truncation setting is shared state
        self.labels: tuple[str, ...] = tuple(self.manifest.get("labels", ()))
        self.max_length = int(self.manifest.get("max_length", 128))
        temperature = self.manifest.get("temperature", {})
        self.temperature = (float(temperature.get("findings", 1.0)), float(temperature.get("choices", 1.0)))

    @property
    def version(self) -> str:
        return str(self.manifest.get("version", "unversioned"))

    def run(self, firsts: Sequence[str], seconds: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """Raw outputs of (first, second) pairs: finding logits (N, 6) and choice logits (N,)."""
        if not firsts:
            return np.zeros((0, len(self.labels)), dtype=np.float32), np.zeros((0,), dtype=np.float32)
        with self._lock:
            enc = encode_pairs(self._tok, firsts, seconds, self.max_length)
        logits, choice = self._session.run(None, enc)
        return logits, choice

    def scores(self, statements: Sequence[str], passage: str) -> tuple[np.ndarray, np.ndarray]:
        """Raw outputs of each statement against one passage."""
        return self.run(list(statements), [passage] * len(statements))

    def classify(self, statement: str, passages: Sequence[str]) -> np.ndarray:
        """Calibrated label probabilities (len(passages), 6) of one criterion in each passage."""
        logits, _ = self.run([statement] * len(passages), list(passages))
        return softmax(logits / self.temperature[0])

    def choose(self, statements: Sequence[str], passage: str) -> np.ndarray:
        """Calibrated probabilities of each option's statement and, last, of "none stated"."""
        _, choice = self.scores(statements, passage)
        return softmax(np.append(choice, 0.0) / self.temperature[1])
