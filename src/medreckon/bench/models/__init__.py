"""Models: a model string in, a `ModelClient` out, and what one attempt's requests cost.

    from medreckon.bench import models
    client = models.connect("openai-api/vllm/Qwen/Qwen2.5-7B-Instruct", concurrency=8)

`clients` reads model strings and runs a GGUF in this process; `openai_api` talks to
OpenAI-compatible endpoints; `capabilities` says what a client honours (declared, probed by
`probe`, overridden per endpoint) and how a request falls back; `embedded` assembles the offline
models from their PyPI parts (import it by name); `meter` counts an attempt's requests, tokens and
time.
"""

from .clients import ModelConfigError, ModelSpec, connect, parse_model
from .meter import Meter

__all__ = ["Meter", "ModelConfigError", "ModelSpec", "connect", "parse_model"]
