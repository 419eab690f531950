"""Model clients: one `chat(messages, tools=None, response_format=None, **gen) -> Completion`.

Model strings (what `--model` takes):

| string | what runs |
|---|---|
| `openai/<model>` | the OpenAI API (`OPENAI_API_KEY`; `OPENAI_BASE_URL` if set) |
| `openai-api/<name>/<model>` | any OpenAI-compatible endpoint: `<NAME>_BASE_URL`, `<NAME>_API_KEY` (vLLM, SGLang, Ollama, llama.cpp server ...) |
| `llamacpp:/path/to/model.gguf` | a local GGUF in this process through llama-cpp-python |
| `embedded`, `embedded-small` | a small instruct model installed from PyPI (see `embedded.py`), run like `llamacpp:` |

The endpoint clients live in `openai_api`; what each endpoint can do, and the fallbacks for what
it cannot, in `capabilities` (found by `probe`).

Generation parameters (`**gen`): temperature, max_tokens, top_p, seed, stop, tool_choice; any
other key is an error, never silently dropped. Requests to an endpoint share a semaphore (its
concurrency), failed requests are retried at most `max_retries` (≤ 5) times with exponential
backoff, each request has a timeout, and a request that still fails raises `ModelError`, which
the runner stores as an attempt with status `error`.
"""

from __future__ import annotations

import atexit
import os
import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..types import Completion, ModelClient, ModelError, ToolCall, Usage

MAX_RETRIES_LIMIT = 5
GEN_KEYS = frozenset({"temperature", "max_tokens", "top_p", "seed", "stop", "tool_choice"})


class ModelConfigError(ValueError):
    """A model string or its environment is wrong; the message says how to fix it."""


@dataclass(frozen=True)
class ModelSpec:
    string: str  # as the user wrote it
    provider: str  # "openai" | "openai-api" | "llamacpp" | "embedded"
    model: str  # the model name sent to the endpoint, or the GGUF path, or the embedded name
    endpoint: str | None = None  # the <name> of openai-api/<name>/<model>


def parse_model(string: str) -> ModelSpec:
    s = string.strip()
    if s in ("embedded", "embedded-small"):
        return ModelSpec(s, "embedded", s)
    if s.startswith("llamacpp:"):
        path = s[len("llamacpp:"):]
        if not path:
            raise ModelConfigError("llamacpp: needs a path, e.g. llamacpp:/models/qwen.gguf")
        return ModelSpec(s, "llamacpp", path)
    if s.startswith("openai/"):
        model = s[len("openai/"):]
        if not model:
            raise ModelConfigError("openai/ needs a model name, e.g. openai/gpt-4o-mini")
        return ModelSpec(s, "openai", model)
    if s.startswith("openai-api/"):
        name, sep, model = s[len("openai-api/"):].partition("/")
        if not sep or not name or not model:
            raise ModelConfigError(
                f"cannot read {string!r}: write openai-api/<name>/<model>, e.g. "
                "openai-api/vllm/Qwen/Qwen2.5-7B-Instruct with VLLM_BASE_URL set"
            )
        if not re.fullmatch(r"[A-Za-z0-9_-]+", name):
            raise ModelConfigError(f"endpoint name {name!r} may use only letters, digits, - and _")
        return ModelSpec(s, "openai-api", model, endpoint=name)
    raise ModelConfigError(
        f"unknown model string {string!r}; use openai/<model>, openai-api/<name>/<model>, "
        "llamacpp:/path/to/model.gguf, embedded or embedded-small"
    )


def env_prefix(endpoint: str) -> str:
    return endpoint.upper().replace("-", "_")


def connect(
    string: str,
    *,
    timeout: float = 300.0,
    max_retries: int = 3,
    concurrency: int = 4,
    backoff_s: float = 1.0,
    n_ctx: int = 8192,
    n_threads: int | None = None,
) -> ModelClient:
    """A ModelClient for a model string; raises ModelConfigError (clear message) when it cannot."""
    if not 0 <= max_retries <= MAX_RETRIES_LIMIT:
        raise ModelConfigError(f"max_retries must be between 0 and {MAX_RETRIES_LIMIT}, got {max_retries}")
    if timeout <= 0:
        raise ModelConfigError(f"timeout must be positive, got {timeout}")
    if concurrency < 1:
        raise ModelConfigError(f"concurrency must be at least 1, got {concurrency}")
    spec = parse_model(string)
    if spec.provider in ("openai", "openai-api"):
        return _endpoint_client(spec, timeout=timeout, max_retries=max_retries, concurrency=concurrency,
                                backoff_s=backoff_s)
    if spec.provider == "embedded":
        from . import embedded

        try:
            path = embedded.ensure_model(spec.model)
        except embedded.EmbeddedModelError as exc:
            raise ModelConfigError(str(exc)) from None
        except OSError as exc:
            raise ModelConfigError(
                f"cannot assemble {string} in {embedded.cache_dir()}: {exc}; set MEDRECKON_CACHE "
                "to a writable folder") from None
        return LlamaCppClient(spec, path, n_ctx=n_ctx, n_threads=n_threads, timeout=timeout)
    path = Path(spec.model).expanduser()
    if not path.is_file():
        raise ModelConfigError(f"{string}: no such file {path}")
    return LlamaCppClient(spec, path, n_ctx=n_ctx, n_threads=n_threads, timeout=timeout)


def _endpoint_client(spec: ModelSpec, **settings: Any) -> ModelClient:
    """An OpenAIChatClient for `openai/...` or `openai-api/<name>/...`, its environment and its
    capability overrides checked (ModelConfigError saying what to set)."""
    from .capabilities import CapabilityError, overrides
    from .openai_api import OpenAIChatClient

    name = spec.endpoint or "openai"
    prefix = env_prefix(name)
    try:
        given = overrides(name, prefix)
    except CapabilityError as exc:
        raise ModelConfigError(str(exc)) from None
    if spec.provider == "openai":
        key = os.environ.get("OPENAI_API_KEY")
        if not key:
            raise ModelConfigError(f"{spec.string} needs OPENAI_API_KEY in the environment")
        return OpenAIChatClient(spec, base_url=os.environ.get("OPENAI_BASE_URL") or None, api_key=key,
                                overrides=given, **settings)
    base_url = os.environ.get(f"{prefix}_BASE_URL")
    if not base_url:
        raise ModelConfigError(
            f"{spec.string} needs {prefix}_BASE_URL (e.g. http://127.0.0.1:8000/v1); "
            f"{prefix}_API_KEY is read too when the endpoint wants a key"
        )
    # Local servers usually accept any key; the SDK insists on a non-empty one.
    key = os.environ.get(f"{prefix}_API_KEY") or "no-key"
    return OpenAIChatClient(spec, base_url=base_url, api_key=key, overrides=given, **settings)


def check_gen(gen: dict[str, Any]) -> None:
    unknown = set(gen) - GEN_KEYS
    if unknown:
        raise ModelConfigError(
            f"unknown generation parameter(s) {', '.join(sorted(unknown))}; "
            f"known: {', '.join(sorted(GEN_KEYS))}"
        )


def machine_threads() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


_LLAMAS: dict[tuple[str, int, int], tuple[Any, threading.Lock]] = {}
_LLAMAS_LOCK = threading.Lock()


def _close_llamas() -> None:
    """Free loaded models before interpreter shutdown (llama-cpp-python's own finaliser fails
    once its module globals are gone and prints a traceback)."""
    with _LLAMAS_LOCK:
        for llm, _ in _LLAMAS.values():
            llm.close()
        _LLAMAS.clear()


def _load_llama(path: Path, n_ctx: int, n_threads: int) -> tuple[Any, threading.Lock]:
    """One loaded model per (file, context, threads) in this process; a Llama is not thread-safe,
    so every call holds its lock."""
    try:
        import llama_cpp
    except ImportError:
        raise ModelConfigError(
            "running a GGUF model needs llama-cpp-python; install it with: "
            "pip install 'medreckon[embedded]' (or pip install llama-cpp-python)"
        ) from None
    key = (str(path.resolve()), n_ctx, n_threads)
    with _LLAMAS_LOCK:
        if key not in _LLAMAS:
            try:
                llm = llama_cpp.Llama(model_path=str(path), n_ctx=n_ctx, n_threads=n_threads,
                                      n_threads_batch=n_threads, verbose=False)
            except (ValueError, RuntimeError) as exc:
                raise ModelConfigError(f"llama.cpp cannot load {path}: {exc}") from None
            if not _LLAMAS:
                atexit.register(_close_llamas)
            _LLAMAS[key] = (llm, threading.Lock())
        return _LLAMAS[key]


class LlamaCppClient(ModelClient):
    """A GGUF model in this process. JSON-schema-constrained output: pass
    response_format={"type": "json_schema", "json_schema": {"schema": S}} (OpenAI style) or
    {"type": "json_object", "schema": S}; both reach llama.cpp as the latter, the only form it
    honours. The timeout is checked before every generated token (reading the prompt cannot be
    interrupted: up to ~30 s for the longest MedCalc-Bench note on 2 cores); a request stopped
    by it raises ModelError."""

    max_concurrency = 1  # one model, both cores: parallel requests would only queue
    supports_logprobs = True  # the exact next-token distribution, from the logits

    def __init__(self, spec: ModelSpec, path: Path, *, n_ctx: int = 8192,
                 n_threads: int | None = None, timeout: float = 300.0):
        self.name = spec.string
        self.spec = spec
        self.path = Path(path)
        self.n_ctx = n_ctx
        self.n_threads = n_threads or machine_threads()
        self.timeout = timeout
        self._llm, self._lock = _load_llama(self.path, n_ctx, self.n_threads)

    @property
    def info(self) -> dict[str, Any]:
        return {"provider": self.spec.provider, "model": self.spec.model, "path": str(self.path),
                "n_ctx": self.n_ctx, "n_threads": self.n_threads}

    @property
    def capabilities(self) -> Any:
        """Declared: JSON Schema (sent in llama.cpp's form), no native tool calls (llama-cpp-python
        returns none for tool_choice auto or required), the exact log-probabilities, n_ctx."""
        from .capabilities import Capabilities

        return Capabilities(structured="json_schema", tools=False, logprobs=True, context_length=self.n_ctx,
                            source="declared")

    def context_length(self) -> int | None:
        return self.n_ctx

    def option_logprobs(self, messages, options, **gen) -> tuple[dict[str, float], Usage, float]:
        """For each option, the log-probability that the reply starts with it (the exact
        next-token distribution; see _llama_option_logprobs). Returns (logprobs, usage, latency)."""
        return _llama_option_logprobs(self, messages, options)

    def chat(self, messages, tools=None, response_format=None, **gen) -> Completion:
        check_gen(gen)
        import llama_cpp

        kwargs: dict[str, Any] = {"messages": messages}
        for key, value in gen.items():
            if value is not None:
                kwargs[key] = value
        if tools:
            kwargs["tools"] = tools
        if response_format is not None:
            kwargs["response_format"] = llama_response_format(response_format)
        deadline = float("inf")  # set once the lock is held: waiting for the model is no generation time
        timed_out = False

        def past_deadline(_input_ids, _logits) -> bool:
            nonlocal timed_out
            timed_out = timed_out or time.monotonic() > deadline
            return timed_out

        llm = self._llm
        completion_of = type(llm).create_completion

        def create_completion(*args, stopping_criteria=None, **kw):
            # create_chat_completion takes no stopping criteria; its chat handler calls
            # llm.create_completion, so the deadline goes in there (checked every token).
            criteria = llama_cpp.StoppingCriteriaList([past_deadline, *(stopping_criteria or [])])
            return completion_of(llm, *args, stopping_criteria=criteria, **kw)

        with self._lock:  # the Llama is ours alone while the lock is held
            deadline = time.monotonic() + self.timeout
            llm.create_completion = create_completion
            start = time.perf_counter()
            try:
                response = llm.create_chat_completion(**kwargs)
            except ValueError as exc:  # e.g. the prompt does not fit the context window
                raise ModelError(f"{self.name}: {exc}") from None
            finally:
                del llm.create_completion
            latency = time.perf_counter() - start
        if timed_out:
            raise ModelError(f"{self.name}: generation stopped after the {self.timeout:g} s timeout")
        choice = response["choices"][0]
        message = choice.get("message") or {}
        calls = tuple(
            ToolCall(id=c.get("id", ""), name=c["function"]["name"],
                     arguments=c["function"].get("arguments") or "")
            for c in message.get("tool_calls") or []
        )
        usage = response.get("usage") or {}
        return Completion(
            text=message.get("content") or "",
            reasoning=None,
            tool_calls=calls,
            finish_reason=choice.get("finish_reason"),
            usage=Usage(prompt_tokens=usage.get("prompt_tokens", 0),
                        completion_tokens=usage.get("completion_tokens", 0)),
            latency_s=latency,
            model=self.spec.string,
        )


def _llama_option_logprobs(client: LlamaCppClient, messages, options) -> tuple[dict[str, float], Usage, float]:
    """The next-token distribution after the chat-formatted prompt (the model's own template,
    as create_chat_completion applies it), read from llama.cpp's logits: no token is sampled.
    The prompt's common prefix with the last request is reused (as generation does)."""
    import numpy as np
    from llama_cpp import llama_chat_format

    llm = client._llm
    with client._lock:
        start = time.perf_counter()
        template = llm.metadata.get("tokenizer.chat_template")
        if not template:
            raise ModelError(f"{client.name}: the model file has no chat template")
        eos = llm.detokenize([llm.token_eos()]).decode("utf-8", "ignore")
        bos = llm.detokenize([llm.token_bos()]).decode("utf-8", "ignore") if llm.token_bos() >= 0 else ""
        formatted = llama_chat_format.Jinja2ChatFormatter(template=template, eos_token=eos, bos_token=bos)(
            messages=messages)
        ids = llm.tokenize(formatted.prompt.encode("utf-8"), add_bos=not formatted.added_special, special=True)
        if len(ids) >= client.n_ctx:
            raise ModelError(f"{client.name}: the prompt ({len(ids)} tokens) does not fit n_ctx {client.n_ctx}")
        same = 0
        for a, b in zip(llm.input_ids[:llm.n_tokens], ids[:-1], strict=False):
            if a != b:
                break
            same += 1
        llm.n_tokens = same
        llm.eval(ids[same:])
        logits = np.ctypeslib.as_array(llm._ctx.get_logits(), shape=(llm.n_vocab(),)).astype(np.float64)
        shift = logits.max()
        logprobs = logits - shift - np.log(np.exp(logits - shift).sum())
        tokens = {}
        for option in options:
            for spelling in {option, " " + option, option.capitalize(), " " + option.capitalize(),
                             option.upper(), " " + option.upper()}:
                first = llm.tokenize(spelling.encode("utf-8"), add_bos=False, special=False)[:1]
                if first:
                    tokens[first[0]] = llm.detokenize(first).decode("utf-8", "ignore")
        scores = option_scores([(text, float(logprobs[i])) for i, text in tokens.items()], options)
        return scores, Usage(len(ids) - same, 0), time.perf_counter() - start


def option_scores(tokens: list[tuple[str, float]], options) -> dict[str, float]:
    """log P(reply starts with option) from (token text, logprob) pairs: the probabilities of
    the tokens that begin the option (case and a leading space ignored; a token must be at
    least the option's first letter and a prefix of it) summed; -inf when none."""
    import math

    out = {}
    for option in options:
        want = option.strip().lower()
        total = sum(math.exp(lp) for text, lp in dict(tokens).items()
                    if (t := text.strip().lower()) and want.startswith(t) and (t == want or len(want) > 1))
        out[option] = math.log(total) if total > 0 else float("-inf")
    return out


def llama_response_format(response_format: dict[str, Any]) -> dict[str, Any]:
    """llama-cpp-python honours {"type": "json_object", "schema": S} and silently ignores the
    OpenAI {"type": "json_schema", ...} form: translate the latter into the former."""
    kind = response_format.get("type")
    if kind == "json_schema":
        spec = response_format.get("json_schema") or {}
        schema = spec.get("schema") if isinstance(spec, dict) else None
        if not isinstance(schema, dict):
            raise ModelConfigError('response_format json_schema needs {"json_schema": {"schema": {...}}}')
        return {"type": "json_object", "schema": schema}
    if kind in ("json_object", "text"):
        return response_format
    raise ModelConfigError(f"unsupported response_format type {kind!r}")
