"""How long the embedded model may take here, for the timeouts of the tests that run it.

On an idle 2-core machine Qwen2.5-Coder-1.5B (Q4_K_M) loads in ~4 s, reads ~89 prompt tokens/s
and writes ~12.7 tokens/s (../shared/notes/embedded-model.md). With another model job beside the
tests it ran ~10x slower (issue 34: 300 s were not enough for 200 tokens after a two-card
prompt); under `nice` on a machine loaded ~7 times over it wrote 40 tokens in 310 s. A timeout
here allows SLOWDOWN times the idle time of the work, and never less than FLOOR_S (the bench's
default request timeout: a first request also pages the 1.1 GB of weights in from disk), so it
stops a hang, not a busy machine.
Test modules import it as `from pace import model_seconds` (pytest puts tests/ on sys.path).
"""

from __future__ import annotations

LOAD_S = 4.0
PROMPT_TOKENS_PER_S = 89.0
TOKENS_PER_S = 12.7
SLOWDOWN = 60.0
FLOOR_S = 300.0
CHARS_PER_TOKEN = 3.5  # English clinical prose in Qwen's tokenizer, roughly


def model_seconds(max_tokens: int, *, requests: int = 1, prompt_tokens: int = 1500,
                  load: bool = False) -> float:
    """Seconds `requests` requests of up to `prompt_tokens` in and `max_tokens` out may take on a
    loaded machine (plus loading the model, for a new process)."""
    idle = requests * (prompt_tokens / PROMPT_TOKENS_PER_S + max_tokens / TOKENS_PER_S)
    return max(FLOOR_S * requests, SLOWDOWN * (idle + (LOAD_S if load else 0.0)))


def prompt_tokens_of(messages: list[dict]) -> int:
    """A generous estimate of a chat request's prompt tokens (its text, plus the template)."""
    chars = sum(len(str(m.get("content") or "")) for m in messages)
    return int(chars / CHARS_PER_TOKEN) + 50 * len(messages)
