"""The trained criterion reader: an int8 ONNX cross-encoder run by onnxruntime (no torch), loaded
offline and checked against the sha256 its manifest pins.

    model = CriterionModel()                       # the pinned model, built into medreckon's cache
    model.classify("Prior stroke.", ["No history of stroke or TIA."])    # (1, 6) probabilities
    model.choose(["Ascites: absent.", "Ascites: slight.", "Ascites: moderate."], "Mild ascites.")
                                                   # probabilities of each option and of "none"

Inputs are (criterion statement, passage) pairs; outputs a 6-way distribution over `LABELS`
(asserted, denied, other person, out of time, hypothetical, not about it) and a choice score per
statement. Probabilities are temperature-scaled with the temperatures fitted at training time on
held-out passages (`manifest.json`). Needs the `[learned]` extra (onnxruntime, tokenizers, numpy).

Where the artifact lives: the model (about 23 MB) is not in the repository. The package pins one
trained model by its manifest (`PINNED`: version, sha256 of model.onnx and tokenizer.json, data
fingerprint, probe outputs), and `CriterionModel()` loads that model from `default_folder()`
(`$MEDRECKON_CACHE/criterion_reader/<version>-<sha256 prefix>`, by default under ~/.cache/medreckon), refusing any
other files. `benchmarks/criterion_reader/train.py --install` builds it there. A folder given
explicitly (or `$MEDRECKON_CRITERION_READER`) is checked against its own manifest instead.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ... import paths

PINNED = paths.package_data("criterion_reader", "manifest.json")  # the frozen model's manifest
FOLDER_ENV = "MEDRECKON_CRITERION_READER"
BUILD = "nice -n 10 python benchmarks/criterion_reader/train.py --out build/criterion_reader --install"


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


def pinned() -> dict[str, Any]:
    """The pinned model's manifest (committed with the package), or {} where none is pinned."""
    return json.loads(PINNED.read_text()) if PINNED.exists() else {}


def cache_folder(manifest: dict[str, Any]) -> Path:
    """A built model's folder in medreckon's cache: its version and its model's sha256, so that two
    models trained on the same data (another machine, other settings) never share one."""
    files = manifest.get("files", {})
    return paths.cache_dir("criterion_reader") / f"{manifest.get('version', 'unpinned')}-{files.get('model.onnx', '')[:12]}"


def default_folder() -> Path:
    """`$MEDRECKON_CRITERION_READER`, else the pinned model's folder in medreckon's cache."""
    if env := os.environ.get(FOLDER_ENV):
        return Path(env).expanduser()
    return cache_folder(pinned())


def _verify(folder: Path, manifest: dict[str, Any], pin: dict[str, Any] | None) -> None:
    """Every file the manifest names has its sha256; the pinned model's folder has the pin's files."""
    if pin is not None and manifest.get("files") != pin.get("files"):
        raise ModelUnavailable(f"{folder} holds {manifest.get('version')}, not the pinned model {pin.get('version')} "
                               f"(its files differ from {PINNED.name}'s sha256); rebuild it: {BUILD}, or name the "
                               f"folder explicitly (CriterionModel(folder) or ${FOLDER_ENV}) to use it as it is")
    for name, digest in manifest.get("files", {}).items():
        if not (folder / name).exists():
            raise ModelUnavailable(f"{folder / name} is missing; rebuild the artifact: {BUILD}")
        got = sha256(folder / name)
        if got != digest:
            raise ModelUnavailable(f"{folder / name} has sha256 {got[:12]}…, the manifest pins {digest[:12]}…: "
                                   "the artifact was changed or damaged")


class CriterionModel:
    """The artifact in `folder` (model.onnx, tokenizer.json, manifest.json); by default the pinned
    model in `default_folder()`. `verify`: refuse files whose sha256 is not the manifest's (and,
    for the default folder, not the pinned manifest's). `threads`: onnxruntime's intra-op threads
    (1: one core)."""

    def __init__(self, folder: Path | str | None = None, *, verify: bool = True, threads: int = 1):
        pin = pinned() if folder is None and not os.environ.get(FOLDER_ENV) else None
        folder = Path(folder) if folder is not None else default_folder()
        manifest_path = folder / "manifest.json"
        if not manifest_path.exists():
            raise ModelUnavailable(f"no trained criterion reader at {folder} (manifest.json missing); "
                                   f"build the pinned one: {BUILD}")
        self.folder = folder
        self.manifest: dict[str, Any] = json.loads(manifest_path.read_text())
        if verify:
            _verify(folder, self.manifest, pin)
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
