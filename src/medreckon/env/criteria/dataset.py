"""The criterion reader's training and validation data as rows, and their fingerprint.

    rows = dataset(seed=0, scale=3.0)
    rows.train_findings[0]   # {"criterion", "statement", "text", "label", "parts", "split"}
    rows.train_choices[0]    # {"choice", "statements", "text", "target", "stated", "parts", "split"}
    rows.fingerprint         # sha256 of every row, the generator version and the words it read

The fingerprint changes when any passage, label, statement or the words behind them change: it is
stored with the trained model, so a model says exactly what data it was trained on.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from . import near_misses
from .labels import LABELS
from .passages import GENERATOR_VERSION, ChoicePassage, Passage, PassageGenerator


def _row(p: Passage | ChoicePassage) -> dict[str, Any]:
    row = asdict(p)
    row["parts"] = p.parts.to_dict()
    return row


@dataclass
class Rows:
    train_findings: list[dict[str, Any]] = field(default_factory=list)
    train_choices: list[dict[str, Any]] = field(default_factory=list)
    validation_findings: list[dict[str, Any]] = field(default_factory=list)
    validation_choices: list[dict[str, Any]] = field(default_factory=list)
    fingerprint: str = ""
    meta: dict[str, Any] = field(default_factory=dict)

    def counts(self) -> dict[str, int]:
        return {k: len(v) for k, v in vars(self).items() if isinstance(v, list)}

    def write(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        for name, rows in vars(self).items():
            if isinstance(rows, list):
                with (folder / f"{name}.jsonl").open("w", encoding="utf-8") as fh:
                    fh.writelines(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows)
        (folder / "meta.json").write_text(json.dumps({**self.meta, "fingerprint": self.fingerprint,
                                                      "counts": self.counts()}, indent=2) + "\n")


def dataset(seed: int = 0, scale: float = 1.0, generator: PassageGenerator | None = None) -> Rows:
    """Every passage of the generator, split into train and validation, with the fingerprint."""
    gen = generator or PassageGenerator(seed=seed, scale=scale)
    rows = Rows()
    for p in gen.findings():
        (rows.train_findings if p.split == "train" else rows.validation_findings).append(_row(p))
    for c in gen.choices():
        (rows.train_choices if c.split == "train" else rows.validation_choices).append(_row(c))
    rows.meta = {"generator_version": GENERATOR_VERSION, "seed": gen.seed, "scale": gen.scale, "labels": list(LABELS),
                 "words": gen.words.fingerprint, "near_misses": near_misses.fingerprint(),
                 "criteria": len(gen.criteria.findings), "choices": len(gen.criteria.choices)}
    digest = hashlib.sha256(json.dumps(rows.meta, sort_keys=True).encode())
    for name in ("train_findings", "train_choices", "validation_findings", "validation_choices"):
        for r in getattr(rows, name):
            digest.update(json.dumps(r, sort_keys=True, ensure_ascii=False).encode())
    rows.fingerprint = digest.hexdigest()
    return rows
