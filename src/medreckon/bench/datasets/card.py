"""The dataset card of an export (README.md in the Hugging Face card format): licence, provenance,
columns and known issues with their counts in the exported rows. The text is
`card_template.md` beside this module; the columns' descriptions are `export.COLUMNS`."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from string import Template
from typing import Any

from ..types import Case
from .export import COLUMNS, NOT_COMPUTABLE, SPLIT
from .files import CORRECTED, DATASETS, dataset_info

CARD_TEMPLATE = Path(__file__).with_name("card_template.md")

# Hugging Face licence ids of the sources' licences (by how the licence text starts).
_HF_LICENCE = {"CC BY-SA 4.0": "cc-by-sa-4.0", "Apache-2.0": "apache-2.0"}


def _licence_id(licence: str) -> str:
    return next((hf for text, hf in _HF_LICENCE.items() if licence.startswith(text)), "other")


@dataclass(frozen=True)
class Provenance:
    """What the card says about where the rows come from."""

    dataset: str
    title: str
    version: str
    licence: str
    source: str
    selection: dict[str, Any]
    corrected_note: str | None = None


def provenance(dataset: str, cases: Sequence[Case], selection: dict[str, Any],
               corrected_note: str | None = None) -> Provenance:
    from .synthetic import is_synthetic

    versions = sorted({c.dataset_version for c in cases})
    if is_synthetic(dataset):
        return Provenance(dataset, "medreckon synthetic cases (generated from the calculator declarations)",
                          ", ".join(versions), "Apache-2.0",
                          f"medreckon env generator ({dataset}; data file {selection.get('data_file') or 'none'})",
                          selection, corrected_note)
    info = dataset_info(dataset)
    licence = "CC BY-SA 4.0" if info is CORRECTED else info.licence  # the notes are MedCalc-Bench's
    source = info.source if info is not CORRECTED else f"{DATASETS['medcalc-bench'].source}; labels: {info.source}"
    return Provenance(dataset, info.title, ", ".join(versions), licence, source, selection, corrected_note)


def _count(rows: Sequence[dict[str, Any]], column: str, value: Any = True) -> int:
    return sum(r[column] == value for r in rows)


def known_issues(rows: Sequence[dict[str, Any]], note: str | None) -> list[str]:
    """The card's known issues, each with its count in these rows."""
    n = len(rows)
    recomputed = [r for r in rows if r["medreckon_value"] is not None or r["medreckon_error"] is not None]
    issues = [f"medreckon recomputed {len(recomputed)} of {n} rows from their entities; "
              f"{_count(rows, 'medreckon_agrees', False)} disagree with `ground_truth`, "
              f"{sum(r['medreckon_error'] is not None for r in rows)} have entities our calculators refuse "
              "(`medreckon_error`).",
              f"{sum(bool(r['implausible']) for r in rows)} rows have an entity with an implausible value "
              "(a likely unit mix-up; `implausible`)."]
    verdicts = [r["audit_verdict"] for r in rows if r["audit_verdict"]]
    if verdicts:
        counts = {v: verdicts.count(v) for v in ("documented", "stale", "undocumented", "not_implemented")}
        issues.append("Against the v1.0 label, the audit finds " + ", ".join(f"{k} {v}" for k, v in counts.items())
                      + " rows (documented: a reviewed deviation with its reason in `audit_reason`).")
    relabelled = [r for r in rows if r["corrected_ground_truth"] is not None]
    if relabelled:
        issues.append(f"{len(relabelled)} rows have a corrected label; it differs from v1.0's in "
                      f"{_count(relabelled, 'corrected_changed')}, and {_count(relabelled, 'corrected_ground_truth', NOT_COMPUTABLE)} "
                      "are N/A (not computable from the note: the right answer is to abstain).")
    elif note:
        issues.append(f"The corrected labels were not found, so their columns are empty: {note}")
    by_calc = {cid: sum(r["calculator_id"] == cid for r in rows if r["v1_ground_truth"] is not None)
               for cid in (46, 13, 49)}
    known = {46: "Framingham Risk Score (calculator 46): v1.0's labels are fractions, most of them 0",
             13: "Estimated Due Date (calculator 13): v1.0 adds |cycle length - 28| days",
             49: "Morphine Milligram Equivalents (calculator 49): fentanyl buccal µg read as mg, patch x2.4"}
    issues += [f"{known[cid]} ({count} rows here)." for cid, count in by_calc.items() if count]
    return issues


_MEDCALC_LICENCE = (
    "The rows keep the source's licence: patient notes, questions and explanations from MedCalc-Bench "
    "are CC BY-SA 4.0 (attribution: Khandekar et al., \"MedCalc-Bench: Evaluating Large Language Models "
    "for Medical Calculations\", NeurIPS 2024 Datasets and Benchmarks), and anything derived from them "
    "is shared under the same licence. The corrected labels are from Ye et al. 2025, \"Scalable "
    "Stewardship of an LLM-Assisted Clinical Benchmark with Physician Oversight\" "
    "(junzeye/validate-medcalc-labels, MIT). The recomputation columns are medreckon's (Apache-2.0).")
_OWN_LICENCE = "Cases written or generated for medreckon, and medreckon's recomputation: Apache-2.0."


def dataset_card(rows: Sequence[dict[str, Any]], prov: Provenance, fmt: str = "parquet") -> str:
    """README.md in the Hugging Face card format: licence, provenance, columns, known issues. For
    parquet and jsonl the ``configs`` entry points `datasets.load_dataset(folder)` at the rows."""
    n = len(rows)
    size = "n<1K" if n < 1000 else "1K<n<10K" if n < 10000 else "10K<n<100K"
    selection = ", ".join(f"{k}={v}" for k, v in prov.selection.items() if v not in (None, (), [])) or "all rows"
    columns = "\n".join(f"| `{name}` | {kind} | {text} |" for name, kind, text in COLUMNS)
    return Template(CARD_TEMPLATE.read_text(encoding="utf-8")).substitute(
        licence_id=_licence_id(prov.licence), pretty_name=prov.title, size=size,
        title=prov.title, rows=n, calculators=len({r["calculator_name"] for r in rows}), dataset=prov.dataset,
        version=prov.version, licence=prov.licence, source=prov.source, selection=selection,
        licence_text=_MEDCALC_LICENCE if _licence_id(prov.licence) == "cc-by-sa-4.0" else _OWN_LICENCE,
        created=dt.date.today().isoformat(), columns=columns,
        issues="\n".join(f"- {i}" for i in known_issues(rows, prov.corrected_note)), split=SPLIT,
        configs="" if fmt == "hf" else ("configs:\n- config_name: default\n  data_files:\n"
                                         f"  - split: {SPLIT}\n    path: data/{SPLIT}*\n"),
    )
