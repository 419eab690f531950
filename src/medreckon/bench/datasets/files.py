"""Where the MedCalc-Bench files come from: the published datasets (`DATASETS`, `ONE_SHOT`),
finding a dataset's file, checking it against its pinned sha256, and downloading it (`fetch`).

Datasets:
- ``medcalc-bench`` — MedCalc-Bench v1.0 test set (1,047 rows, 55 calculators). The file's
  sha256 is pinned; another file under this name is refused (it would be a different dataset).
- ``medcalc-bench-v1.2`` and ``medcalc-bench-verified`` — later releases with corrected ground
  truth (1,100 rows, 20 per calculator), same columns. Their files are not pinned (the
  published files have changed over time), so the version recorded in every Case, and so in
  every attempt key, carries the file's sha256 prefix: ``v1.2@3f2a…``.

Files are looked up, in order: `path` if given; ``$MEDRECKON_DATA/medcalc_bench/<file>``
(`medreckon.paths.data_dir()`); the download cache (`cache_dir()`, filled by `fetch`).
"""

from __future__ import annotations

import datetime as dt
import difflib
import hashlib
import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ... import paths
from ...paths import data_dir


class DatasetError(ValueError):
    """A dataset that cannot be loaded as asked: the message says what to do."""


class DatasetNotFound(DatasetError, FileNotFoundError):
    """The dataset file is not where it was looked for."""


@dataclass(frozen=True)
class DatasetInfo:
    name: str
    version: str
    title: str
    filename: str  # in <data dir or cache>/medcalc_bench/
    sha256: str | None  # pinned content; None: not pinned, the version gets the file's hash
    rows: int | None
    urls: tuple[str, ...]  # published copies, tried in order by `fetch`
    licence: str
    source: str


DATASETS: dict[str, DatasetInfo] = {
    "medcalc-bench": DatasetInfo(
        name="medcalc-bench",
        version="v1.0",
        title="MedCalc-Bench v1.0 test set (Khandekar et al., NeurIPS 2024 Datasets and Benchmarks)",
        filename="test_v1.0.csv",
        sha256="c2d23097f8bdb7ae4a77dbf4a5a767335df7303998d7c7664a73a29fd8e2b31a",
        rows=1047,
        urls=(
            "https://raw.githubusercontent.com/ncbi-nlp/MedCalc-Bench/main/dataset/test_data.csv",
            "https://huggingface.co/datasets/ncbi/MedCalc-Bench-v1.0/resolve/main/test_data.csv",
        ),
        licence="CC BY-SA 4.0",
        source="ncbi-nlp/MedCalc-Bench dataset/test_data.csv (2024-06-26 version)",
    ),
    "medcalc-bench-v1.2": DatasetInfo(
        name="medcalc-bench-v1.2",
        version="v1.2",
        title="MedCalc-Bench v1.2 test set (corrected ground truth, 20 rows per calculator)",
        filename="test_v1.2.csv",
        sha256=None,
        rows=1100,
        urls=(
            "https://huggingface.co/datasets/ncbi/MedCalc-Bench-v1.2/resolve/main/test_data_11_18_final.csv",
            "https://huggingface.co/datasets/ncbi/MedCalc-Bench/resolve/main/test_data_11_18_final.csv",
        ),
        licence="CC BY-SA 4.0",
        source="Hugging Face ncbi/MedCalc-Bench-v1.2",
    ),
    "medcalc-bench-verified": DatasetInfo(
        name="medcalc-bench-verified",
        version="verified",
        title="MedCalc-Bench Verified test set (re-verified ground truth, 20 rows per calculator)",
        filename="test_verified.csv",
        sha256=None,
        rows=1100,
        urls=(
            "https://raw.githubusercontent.com/nikhilk7153/MedCalc-Bench-Verified/main/datasets/test_data.csv",
        ),
        licence="CC BY-SA 4.0",
        source="nikhilk7153/MedCalc-Bench-Verified datasets/test_data.csv",
    ),
}

ONE_SHOT = DatasetInfo(
    name="medcalc-bench-one-shot",
    version="verified-one-shot",
    title="MedCalc-Bench Verified one-shot exemplars (one worked case per calculator)",
    filename="one_shot_verified.csv",
    sha256=None,
    rows=55,
    urls=(
        "https://raw.githubusercontent.com/nikhilk7153/MedCalc-Bench-Verified/main/datasets/one_shot_data.csv",
    ),
    licence="CC BY-SA 4.0",
    source="nikhilk7153/MedCalc-Bench-Verified datasets/one_shot_data.csv",
)

# Labels, not a test set: read with `corrected.corrected_labels()` against v1.0's rows.
CORRECTED = DatasetInfo(
    name="medcalc-bench-corrected",
    version="v1.0-corrected@b6f0416",
    title="MedCalc-Bench v1.0 labels corrected under physician oversight (Ye et al. 2025)",
    filename="medcalc_v1_corrected.csv",
    sha256="f6db9ab8b7bba365f7a0c30127aea0284446fe0269e8f72a7f34e8c52506ce97",
    rows=887,
    urls=(
        "https://raw.githubusercontent.com/junzeye/validate-medcalc-labels/b6f0416/data/"
        "medcalc_v1_corrected.csv",
    ),
    licence="MIT (repository); the notes are MedCalc-Bench's, CC BY-SA 4.0",
    source="junzeye/validate-medcalc-labels data/medcalc_v1_corrected.csv @ b6f0416",
)

SUBDIR = "medcalc_bench"  # the datasets' folder under the data directory and the cache


def cache_dir() -> Path:
    """Where `fetch` puts downloads go (see `paths.cache_dir`)."""
    return paths.cache_dir("datasets")


_default_cache_dir = cache_dir  # `fetch` has a parameter of the same name


# Vignettes written for medreckon from the published criteria of the rule-based scores (every
# criterion stated plainly, negated, historical or in family history; the expected score worked
# by hand in "Ground Truth Explanation"), in MedCalc-Bench's columns. The files are in the
# repository (tests/data/vignettes/rule_based_v1.csv rows 1-40, rule_based_v2.csv rows 41-95:
# together every rule-based MedCalc-Bench calculator); pass one with --data-file / path=.
VIGNETTES = DatasetInfo(
    name="medreckon-vignettes",
    version="v1",
    title="medreckon vignettes for the rule-based scores (written from the published criteria)",
    filename="rule_based_v1.csv",
    sha256=None,
    rows=None,
    urls=(),
    licence="Apache-2.0 (written for medreckon)",
    source="tests/data/vignettes/rule_based_v*.csv in the medreckon repository",
)


def dataset_info(name: str) -> DatasetInfo:
    """A dataset (or the one-shot set) by name; DatasetError naming the close and the known ones."""
    if name in (ONE_SHOT.name, CORRECTED.name, VIGNETTES.name):
        return {ONE_SHOT.name: ONE_SHOT, CORRECTED.name: CORRECTED, VIGNETTES.name: VIGNETTES}[name]
    info = DATASETS.get(name)
    if info is None:
        close = difflib.get_close_matches(name, [*DATASETS, ONE_SHOT.name, CORRECTED.name, VIGNETTES.name], n=1)
        hint = f" — did you mean {close[0]!r}?" if close else ""
        raise DatasetError(f"unknown dataset {name!r}{hint}; known datasets: {', '.join(DATASETS)}")
    return info


def _candidates(info: DatasetInfo) -> list[Path]:
    return [data_dir() / SUBDIR / info.filename, cache_dir() / SUBDIR / info.filename]


def locate(name: str = "medcalc-bench", path: str | os.PathLike[str] | None = None) -> Path:
    """The file a dataset is read from; DatasetNotFound saying where it looked and what to do."""
    info = dataset_info(name)
    if path is not None:
        p = Path(path).expanduser()
        if not p.is_file():
            raise DatasetNotFound(f"{info.title}: no file at {p}")
        return p
    for p in _candidates(info):
        if p.is_file():
            return p
    where = " or ".join(str(p) for p in _candidates(info))
    raise DatasetNotFound(
        f"{info.title} not found (looked in {where}). Set MEDRECKON_DATA to the folder that holds "
        f"{SUBDIR}/{info.filename}, run `medreckon data fetch {info.name}` where a network is "
        "available, or pass the file's path."
    )


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def checked_version(path: Path, info: DatasetInfo) -> str:
    """The version a file of this dataset gets: the pinned version where its sha256 matches the
    pin, else ``<version>@<sha256 prefix>``. DatasetError where the file is another dataset's."""
    digest = sha256_of(path)
    if info.sha256 is not None and digest != info.sha256:
        raise DatasetError(
            f"{path} is not the {info.title}: its sha256 is {digest}, the pinned file's is "
            f"{info.sha256}. For a later release use --dataset "
            "medcalc-bench-v1.2 or medcalc-bench-verified."
        )
    pinned_elsewhere = {i.sha256: i for i in DATASETS.values() if i.sha256 and i is not info}
    if digest in pinned_elsewhere:
        other = pinned_elsewhere[digest]
        raise DatasetError(f"{path} is the {other.title}; load it as --dataset {other.name}")
    return info.version if info.sha256 else f"{info.version}@{digest[:12]}"


def _download(url: str, dest: Path, timeout: float) -> str:
    """Download to a temporary file beside `dest`; returns its sha256 (file left as dest.part)."""
    import urllib.request

    part = dest.with_name(dest.name + ".part")
    h = hashlib.sha256()
    request = urllib.request.Request(url, headers={"User-Agent": "medreckon"})
    with urllib.request.urlopen(request, timeout=timeout) as response, part.open("wb") as out:
        for block in iter(lambda: response.read(1 << 20), b""):
            h.update(block)
            out.write(block)
    return h.hexdigest()


def _why(exc: BaseException) -> str:
    import socket
    import urllib.error

    reason = getattr(exc, "reason", exc)
    if isinstance(reason, socket.gaierror):
        return "no network (the host name cannot be resolved)"
    if isinstance(reason, TimeoutError | socket.timeout):
        return "timed out"
    if isinstance(exc, urllib.error.HTTPError):
        return f"HTTP {exc.code}"
    return str(reason) or type(reason).__name__


def fetch(name: str, cache_dir: str | os.PathLike[str] | None = None, *,
          urls: Sequence[str] | None = None, timeout: float = 60.0) -> Path:
    """Download a dataset's published file into the cache and return its path.

    A file already in the cache (and, for pinned datasets, with the right sha256) is not
    downloaded again. Pinned datasets are checked against their sha256; the others get a
    ``<file>.source.json`` beside them recording the URL, sha256, size, time and licence.
    Fetching a test set also fetches the one-shot exemplars. `urls` replaces the published
    addresses (a mirror). Without a network, DatasetError says so and where to put the file.
    """
    info = dataset_info(name)
    root = Path(cache_dir).expanduser() if cache_dir is not None else _default_cache_dir()
    folder = root / SUBDIR
    dest = folder / info.filename
    if dest.is_file() and (info.sha256 is None or sha256_of(dest) == info.sha256):
        if info is not ONE_SHOT and urls is None:
            fetch(ONE_SHOT.name, root, timeout=timeout)
        return dest
    folder.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    for url in urls or info.urls:
        try:
            digest = _download(url, dest, timeout)
        except (OSError, ValueError) as exc:  # URLError and HTTPError are OSErrors
            problems.append(f"{url}: {_why(exc)}")
            dest.with_name(dest.name + ".part").unlink(missing_ok=True)
            continue
        part = dest.with_name(dest.name + ".part")
        if info.sha256 is not None and digest != info.sha256:
            part.unlink(missing_ok=True)
            problems.append(f"{url}: content differs from the pinned {info.version} file (sha256 {digest[:12]}…)")
            continue
        size = part.stat().st_size
        os.replace(part, dest)
        if info.sha256 is None:
            record = {
                "dataset": info.name, "url": url, "sha256": digest, "bytes": size,
                "fetched_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
                "licence": info.licence, "source": info.source,
            }
            tmp = tempfile.NamedTemporaryFile("w", dir=folder, delete=False, suffix=".tmp", encoding="utf-8")
            with tmp:
                json.dump(record, tmp, indent=2)
            os.replace(tmp.name, dest.with_name(dest.name + ".source.json"))
        if info is not ONE_SHOT and urls is None:
            fetch(ONE_SHOT.name, root, timeout=timeout)
        return dest
    raise DatasetError(
        f"could not download the {info.title}:\n  " + "\n  ".join(problems)
        + f"\nCopy the file by hand to {dest} (or set MEDRECKON_DATA to a folder holding "
        f"{SUBDIR}/{info.filename})."
    )
