"""How every HTTP surface is run: `medreckon serve` (REST), `medreckon mcp --transport http` and
`medreckon view`, each on uvicorn with the same protections below the app (the app itself sits
behind `http_guard.Guard`).

- **Slow clients**: uvicorn has a keep-alive timeout but no read timeout, so a client sending its
  headers or body a byte at a time would hold a connection for ever. `GuardedProtocol` (a
  subclass of uvicorn's httptools protocol) closes a connection whose request is not complete
  within the read timeout (`--read-timeout`, 5 s).
- **A connection cap that means what it says**: `--max-connections` (256, per worker process)
  counts open connections, nothing else (uvicorn's `limit_concurrency` counts connections plus
  requests in flight, and answers 503 to every request once idle sockets reach it). At the cap,
  a new connection closes the connection that has been idle longest (no request in progress:
  never sent one, or between keep-alive requests), so idle sockets cannot starve clients being
  served; only when every open connection is in the middle of a request is the new one answered
  503 and closed.
- **Logging that never blocks the event loop**: the access log and every log record (uvicorn's
  and ours) go through `LogPipe`. To a file, a line is written at once (a file never blocks); to
  a pipe, through a non-blocking descriptor of it, so with stderr a pipe nobody reads a line is
  dropped and counted instead of stopping the server; to anything else, by a writer thread
  through a bounded queue. The count of dropped lines is written once lines flow again.
"""

from __future__ import annotations

import atexit
import logging
import os
import queue
import stat
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

READ_TIMEOUT_ENV = "MEDRECKON_SERVE_READ_TIMEOUT"
MAX_CONNECTIONS_ENV = "MEDRECKON_SERVE_MAX_CONNECTIONS"
DEFAULT_READ_TIMEOUT = 5.0  # seconds for a whole request (headers and body) to arrive
DEFAULT_KEEP_ALIVE = 5  # seconds an idle keep-alive connection is kept
DEFAULT_MAX_CONNECTIONS = 256  # open connections per worker process
LOG_QUEUE = 10_000  # lines waiting for the writer thread; beyond, lines are dropped and counted


@dataclass(frozen=True)
class ServerSettings:
    """What every HTTP surface lets its operator set (the CLI's shared options)."""

    read_timeout: float = DEFAULT_READ_TIMEOUT
    keep_alive: int = DEFAULT_KEEP_ALIVE
    max_connections: int = DEFAULT_MAX_CONNECTIONS
    log_level: str = "warning"


# ---------------------------------------------------------------- logging that never blocks


class LogPipe:
    """Lines written to a file descriptor without ever making the caller wait on it.

    How depends on what the descriptor is: a regular file never blocks, so lines are written
    to it at once (as cheap as before); a pipe is written through a second, non-blocking
    descriptor of the same pipe (`/proc/self/fd/N` opened anew), so a full pipe answers at once
    and the line is dropped and counted; anything else (a terminal, a socket) is written by a
    writer thread through a bounded queue, a full queue dropping the line and counting it. A
    count of dropped lines is written once lines flow again."""

    def __init__(self, fd: int = 2, capacity: int = LOG_QUEUE):
        self.fd = fd
        self.dropped = 0
        self.lines: queue.Queue[bytes] = queue.Queue(capacity)
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.mode = "thread"
        try:
            kind = os.fstat(fd).st_mode
            if stat.S_ISREG(kind):
                self.mode = "direct"
            elif stat.S_ISFIFO(kind):
                self.fd = os.open(f"/proc/self/fd/{fd}", os.O_WRONLY | os.O_NONBLOCK)
                self.mode = "nonblocking"
        except OSError:  # no /proc (not Linux), a closed descriptor: the writer thread
            pass

    def put(self, line: bytes) -> None:
        if self.mode == "thread":
            self._enqueue(line)
            return
        if self.dropped:
            line, self.dropped = b'{"log": "dropped", "lines": %d}\n' % self.dropped + line, 0
        try:
            os.write(self.fd, line)
        except BlockingIOError:  # the pipe is full: nobody reads it
            self.dropped += 1
        except OSError:  # a closed stderr: the lines go nowhere, the server goes on
            pass

    def _enqueue(self, line: bytes) -> None:
        if self._thread is None:
            with self._lock:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._write, name="medreckon-log", daemon=True)
                    self._thread.start()
        try:
            self.lines.put_nowait(line)
        except queue.Full:
            self.dropped += 1

    def _write(self) -> None:
        while True:
            batch = [self.lines.get()]
            while len(batch) < 256:  # what piled up while the last write waited: one write
                try:
                    batch.append(self.lines.get_nowait())
                except queue.Empty:
                    break
            taken = len(batch)
            if self.dropped:
                dropped, self.dropped = self.dropped, 0
                batch.insert(0, b'{"log": "dropped", "lines": %d}\n' % dropped)
            try:
                os.write(self.fd, b"".join(batch))  # may block: only this thread waits
            except OSError:
                pass
            finally:
                for _ in range(taken):
                    self.lines.task_done()

    def flush(self, seconds: float = 1.0) -> None:
        """Wait (at most `seconds`) for the queued lines to be written: at exit."""
        if self._thread is None:
            return
        done = threading.Event()
        threading.Thread(target=lambda: (self.lines.join(), done.set()), daemon=True).start()
        done.wait(seconds)


_PIPE: LogPipe | None = None


def log_pipe() -> LogPipe:
    """The process's pipe to stderr (made on first use, in each worker process)."""
    global _PIPE
    if _PIPE is None:
        try:
            import sys

            fd = sys.stderr.fileno()
        except (AttributeError, OSError, ValueError):
            fd = 2
        _PIPE = LogPipe(fd)
        atexit.register(_PIPE.flush)
    return _PIPE


class PipeHandler(logging.Handler):
    """A logging handler writing through `log_pipe()`: uvicorn's records and ours."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            log_pipe().put((self.format(record) + "\n").encode("utf-8", "replace"))
        except Exception:  # never let logging fail a request
            pass


def log_config(level: str = "warning") -> dict[str, Any]:
    """uvicorn's `log_config`: every logger through `PipeHandler` (by import path, so each spawned
    worker process builds its own)."""
    return {
        "version": 1, "disable_existing_loggers": False,
        "formatters": {"plain": {"format": "%(levelname)s %(name)s: %(message)s"}},
        "handlers": {"pipe": {"()": f"{__name__}.PipeHandler", "formatter": "plain"}},
        "loggers": {"uvicorn": {"handlers": ["pipe"], "level": level.upper(), "propagate": False},
                    "uvicorn.access": {"handlers": [], "level": "WARNING", "propagate": False}},
        "root": {"handlers": ["pipe"], "level": "WARNING"},
    }


# ---------------------------------------------------------------- the protocol: read deadline, connection cap


def _setting(name: str, default: float) -> float:
    try:
        return max(0.1, float(os.environ.get(name, default)))
    except ValueError:
        return default


_REFUSED = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nconnection: close\r\n"
            b"content-length: %d\r\n\r\n")


def guarded_protocol() -> type:
    """uvicorn's httptools protocol with a deadline on each request and the connection cap."""
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    from .json_wire import error_bytes

    seconds = _setting(READ_TIMEOUT_ENV, DEFAULT_READ_TIMEOUT)
    cap = int(_setting(MAX_CONNECTIONS_ENV, DEFAULT_MAX_CONNECTIONS))
    body = error_bytes("service_unavailable", f"every one of the server's {cap} connections is in the middle of "
                                              "a request; retry shortly")
    refused = _REFUSED % len(body) + body
    open_: OrderedDict[Any, None] = OrderedDict()  # this process's connections, least recently active first

    class GuardedProtocol(HttpToolsProtocol):
        _deadline: Any = None
        _counted = False

        def connection_made(self, transport: Any) -> None:  # type: ignore[override]
            if len(open_) >= cap and not _evict_idle():
                transport.write(refused)
                transport.close()
                return
            super().connection_made(transport)
            self._counted = True
            open_[self] = None
            self._arm()

        def data_received(self, data: bytes) -> None:
            if self._counted:
                open_.move_to_end(self)
                super().data_received(data)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._arm()

        def on_message_complete(self) -> None:
            self._disarm()
            super().on_message_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            if not self._counted:
                return
            open_.pop(self, None)
            self._disarm()
            super().connection_lost(exc)

        def pause_writing(self) -> None:
            if self._counted:
                super().pause_writing()

        def resume_writing(self) -> None:
            if self._counted:
                super().resume_writing()

        def busy(self) -> bool:
            """In the middle of a request: its headers are in and its answer is not yet sent."""
            return self.cycle is not None and not self.cycle.response_complete

        def _arm(self) -> None:
            if self._deadline is None:
                self._deadline = self.loop.call_later(seconds, self._drop)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _drop(self) -> None:
            self._deadline = None
            if not self.transport.is_closing():
                self.transport.close()

    def _evict_idle() -> bool:
        for protocol in open_:  # least recently active first
            if not protocol.busy():
                open_.pop(protocol)
                protocol.transport.close()
                return True
        return False

    return GuardedProtocol


def __getattr__(name: str) -> Any:  # uvicorn imports the protocol by name, in each worker
    if name == "GuardedProtocol":
        return guarded_protocol()
    raise AttributeError(name)


# ---------------------------------------------------------------- running a surface


def run(app: Any, host: str, port: int, settings: ServerSettings, *, factory: bool = False,
        workers: int = 1, env: Mapping[str, str] | None = None) -> None:
    """Serve `app` (an ASGI app, or the import path of one, a factory with `factory=True`) with
    uvicorn and the protections above. `env`: settings for worker processes, set beforehand."""
    import uvicorn

    os.environ.update({READ_TIMEOUT_ENV: str(settings.read_timeout),
                       MAX_CONNECTIONS_ENV: str(settings.max_connections), **(env or {})})
    try:  # the read deadline and the cap live in a subclass of uvicorn's httptools protocol
        import httptools  # noqa: F401

        http = f"{__name__}:GuardedProtocol"
    except ImportError:  # pragma: no cover - the serve extra installs httptools
        logging.getLogger("medreckon.serve").warning("httptools is not installed: no read timeout or connection cap")
        http = "auto"
    uvicorn.run(app, host=host, port=port, factory=factory, workers=workers, http=http,
                timeout_keep_alive=settings.keep_alive, limit_concurrency=None, access_log=False,
                log_config=log_config(settings.log_level), log_level=settings.log_level,
                server_header=False, proxy_headers=False)
