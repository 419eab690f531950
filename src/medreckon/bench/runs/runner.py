"""Run a strategy with a model over cases, committing each attempt to the run store as it ends.

    store = Store(run_dir, create=True)
    settings = RunSettings(model="embedded", strategy="direct", gen={"max_tokens": 64})
    progress = run(store, cases, get_strategy("direct"), connect("embedded"), settings)

A run directory holds one configuration (model, strategy and its version, generation
parameters, seed, epochs); cases may be added to it later. Rerunning skips every attempt whose
key is already stored, so an interrupted run resumes without losing or repeating work;
`retry_errors=True` also redoes attempts stored with status `error`. An exception inside a
strategy never stops the run: the attempt is stored with status `error` and the message.
A run holds the run directory's lock (`Store.lock`) while it runs, so a second process on the
same directory stops with a clear error instead of repeating attempts.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
import uuid
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..environment import environment_fault, is_environment_fault
from ..types import STATUSES, Attempt, Case, ModelClient, Outcome
from .store import Store, StoreError, StoreNotWritable, now

if TYPE_CHECKING:
    from ..strategies.base import Strategy


@dataclass(frozen=True)
class RunSettings:
    model: str
    strategy: str
    gen: dict[str, Any] = field(default_factory=dict)  # merged with the strategy's defaults
    seed: int = 0
    epochs: int = 1


def effective_gen(strategy: Strategy, gen: dict[str, Any], seed: int) -> dict[str, Any]:
    """The strategy's default generation parameters, overridden by the user's, plus the seed."""
    merged = dict(strategy.default_gen)
    merged.update({k: v for k, v in gen.items() if v is not None})
    merged["seed"] = seed
    return merged


def case_fingerprint(case: Case) -> str:
    return hashlib.sha256(f"{case.note}\x1e{case.question}".encode()).hexdigest()[:16]


def attempt_key(case: Case, strategy: Strategy, model: str, gen: dict[str, Any], epoch: int) -> str:
    """sha256 of everything that makes an attempt what it is (gen includes the seed)."""
    material = {
        "dataset": case.dataset, "dataset_version": case.dataset_version, "case": case.id,
        "case_text": case_fingerprint(case), "strategy": strategy.name,
        "strategy_version": strategy.version, "model": model, "gen": gen, "epoch": epoch,
    }
    return hashlib.sha256(json.dumps(material, sort_keys=True, default=str).encode()).hexdigest()


@dataclass
class Progress:
    total: int  # attempts this invocation has to make
    already: int  # attempts found in the store and skipped
    done: int = 0
    statuses: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STATUSES, 0))
    started: float = field(default_factory=time.monotonic)

    @property
    def elapsed_s(self) -> float:
        return time.monotonic() - self.started

    @property
    def per_minute(self) -> float:
        return 60.0 * self.done / self.elapsed_s if self.elapsed_s > 0 else 0.0

    def line(self) -> str:
        s = self.statuses
        return (f"{self.done}/{self.total} done · errors {s['error']} · unparsed {s['unparsed']} · "
                f"truncated {s['truncated']} · refused {s['refused']} · abstained {s['abstained']} · "
                f"{self.per_minute:.1f}/min" + (f" · {self.already} already stored" if self.already else ""))


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-")[:60] or "run"


def default_run_dir(settings: RunSettings, selection: dict[str, Any], root: Path = Path("runs")) -> Path:
    """runs/<model>_<strategy>_<dataset>_<hash of the whole command>: the same command gives the
    same directory, so rerunning it resumes."""
    material = json.dumps({"settings": asdict(settings), "selection": selection}, sort_keys=True,
                          default=str)
    digest = hashlib.sha256(material.encode()).hexdigest()[:8]
    name = "_".join([slug(settings.model.split("/")[-1]), settings.strategy,
                     slug(str(selection.get("dataset", "data"))), digest])
    return root / name


_FIXED = ("model", "strategy", "strategy_version", "gen", "epochs")  # what a run directory pins


def wanted_config(settings: RunSettings, strategy: Strategy) -> dict[str, Any]:
    return {"model": settings.model, "strategy": strategy.name,
            "strategy_version": strategy.version,
            "gen": effective_gen(strategy, settings.gen, settings.seed), "epochs": settings.epochs}


def check_compatible(store: Store, wanted: dict[str, Any]) -> None:
    """Raise StoreError when the run directory already holds a run with other settings."""
    config = store.config()
    if "run_id" not in config:
        return
    wanted = json.loads(json.dumps(wanted, sort_keys=True))
    diff = [f"{k}: stored {config.get(k)!r}, asked {wanted.get(k)!r}"
            for k in _FIXED if wanted.get(k) != config.get(k)]
    if diff:
        raise StoreError(
            f"{store.run_dir} holds a different run ({'; '.join(diff)}); "
            "use another --run-dir, or the same settings to resume it"
        )


def check_model(*strategies: Strategy, client: ModelClient) -> None:
    """ValueError before a run starts when a strategy needs what the model cannot give (its
    `check_model`, e.g. extract's log-probability stages on an endpoint without logprobs)."""
    for strategy in strategies:
        check = getattr(strategy, "check_model", None)
        if check is not None:
            check(client)


def capabilities_of(client: ModelClient) -> dict[str, Any]:
    """What the run records of how the model was asked (probing an endpoint the first time); a
    client that is not a ModelClient subclass declares nothing."""
    caps = getattr(client, "capabilities", None)
    return caps.record() if caps is not None else {}


def prepare(store: Store, wanted: dict[str, Any], info: dict[str, Any] | None = None,
            selection: dict[str, Any] | None = None, capabilities: dict[str, Any] | None = None) -> str:
    """Record the run's configuration (with the model's capabilities: how it was asked), or check
    it against the stored one; returns the run id."""
    check_compatible(store, wanted)
    config = store.config()
    if "run_id" in config:
        run_id = config["run_id"]
    else:
        run_id = uuid.uuid4().hex[:12]
        store.set_config({**wanted, "run_id": run_id, "created_at": now(),
                          "model_info": info or {}, "capabilities": capabilities or {},
                          "medreckon_version": _version()})
    if selection is not None:
        store.set_config({"selection": selection})
    return run_id


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("medreckon")
    except PackageNotFoundError:
        return "unknown"


def run(
    store: Store,
    cases: list[Case],
    strategy: Strategy,
    client: ModelClient,
    settings: RunSettings,
    *,
    concurrency: int = 1,
    retry_errors: bool = False,
    selection: dict[str, Any] | None = None,
    on_progress: Callable[[Progress, Attempt | None], None] | None = None,
) -> Progress:
    if settings.epochs < 1:
        raise ValueError(f"epochs must be at least 1, got {settings.epochs}")
    if concurrency < 1:
        raise ValueError(f"concurrency must be at least 1, got {concurrency}")
    strategy.check(cases)
    check_model(strategy, client=client)
    wanted = wanted_config(settings, strategy)
    store.lock()  # one process per run directory: two would make the same attempts twice
    run_id = prepare(store, wanted, client.info, selection, capabilities_of(client))
    store.add_cases(cases)
    gen = wanted["gen"]

    stored = store.statuses()
    todo: list[tuple[Case, int, str]] = []
    already = 0
    for case in cases:
        for epoch in range(settings.epochs):
            key = attempt_key(case, strategy, settings.model, gen, epoch)
            status = stored.get(key)
            if status is None or (retry_errors and status == "error"):
                todo.append((case, epoch, key))
            else:
                already += 1
    progress = Progress(total=len(todo), already=already)
    if on_progress:
        on_progress(progress, None)
    if not todo:
        return progress

    workers = min(concurrency, client.max_concurrency or concurrency, len(todo))

    def attempt(case: Case, epoch: int, key: str) -> Attempt:
        try:
            outcome = strategy.run(case, client, dict(gen))
        except Exception as exc:  # a bug or an unexpected failure must not stop the run
            if is_environment_fault(exc):  # ... but an environment that cannot run it must
                raise environment_fault(f"strategy {strategy.name!r}", None, exc) from exc
            outcome = Outcome(raw="", answer=None, status="error",
                              error=f"{type(exc).__name__}: {exc}")
        return Attempt(key=key, run_id=run_id, case_id=case.id, strategy=strategy.name,
                       strategy_version=strategy.version, model=settings.model, epoch=epoch,
                       outcome=outcome, created_at=now())

    def commit(result: Attempt) -> None:
        store.put_attempt(result, replace_error=retry_errors)
        progress.done += 1
        status = result.outcome.status
        progress.statuses[status] = progress.statuses.get(status, 0) + 1
        if on_progress:
            on_progress(progress, result)

    pending = iter(todo)
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="medreckon-bench") as pool:
        running: set[Future[Attempt]] = set()
        try:
            for item in pending:  # keep at most 2 x workers submitted, so an interrupt is quick
                running.add(pool.submit(attempt, *item))
                if len(running) >= 2 * workers:
                    break
            while running:
                finished, running = wait(running, return_when=FIRST_COMPLETED)
                interrupt: BaseException | None = None
                for fut in finished:
                    exc = fut.exception()  # only BaseException (an interrupt) gets here
                    if exc is not None:
                        interrupt = interrupt or exc
                        continue
                    commit(fut.result())
                    if interrupt is None and (nxt := next(pending, None)) is not None:
                        running.add(pool.submit(attempt, *nxt))
                if interrupt is not None:
                    raise interrupt
        except BaseException as stop:
            for fut in running:
                fut.cancel()
            # what finished beside the interrupt is kept: nothing done is lost (unless the store
            # cannot be written: a full disk, a read-only directory; the attempts are made again)
            for fut in running:
                if not isinstance(stop, StoreNotWritable) and fut.done() and not fut.cancelled() \
                        and fut.exception() is None:
                    commit(fut.result())
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    return progress


def record_imported(store: Store, pairs: list[tuple[str, Outcome]], cases: dict[str, Case], *,
                    label: str, source_sha256: str) -> int:
    """Store outcomes read from another harness's output file as attempts of an `imported` run.
    Returns how many were new (importing the same file twice adds nothing)."""
    wanted = {"model": label, "strategy": "imported", "strategy_version": source_sha256[:16],
              "gen": {}, "epochs": 1}
    run_id = prepare(store, wanted, {"provider": "imported", "source_sha256": source_sha256})
    unknown = sorted({cid for cid, _ in pairs if cid not in cases})
    if unknown:
        raise ValueError(f"{len(unknown)} imported rows name cases the dataset lacks: "
                         f"{', '.join(unknown[:5])}")
    store.add_cases([cases[cid] for cid, _ in pairs])
    seen: dict[str, int] = {}
    new = 0
    for cid, outcome in pairs:
        epoch = seen.get(cid, 0)  # a file may hold several outputs for one row
        seen[cid] = epoch + 1
        key = hashlib.sha256(f"imported\x1e{source_sha256}\x1e{cid}\x1e{epoch}".encode()).hexdigest()
        attempt = Attempt(key=key, run_id=run_id, case_id=cid, strategy="imported",
                          strategy_version=wanted["strategy_version"], model=label, epoch=epoch,
                          outcome=outcome, created_at=now())
        new += store.put_attempt(attempt)
    return new
