"""Strategies: a Case and a ModelClient in, an Outcome out; one module per strategy, named after
it (`cot` holds direct, zero_shot_cot and one_shot_cot). A strategy class registers itself with
`@register` and is found by its `name`:

    get_strategy("extract:max_repairs=1,split_findings=false")

The registry imports every module of this package on first use (none imports anything heavy at
load time: the sandbox, bm25s and torch load when a strategy runs). Every strategy subclasses
`base.Strategy` (name, one-line description, version, default generation settings, `check`,
`run`), so `bench run`, `bench arms` and the runner use each the same way; `base.PromptStrategy`
is the one-request base the simple strategies share; `prompts` holds their texts.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from typing import Any

from .base import Strategy

STRATEGIES: dict[str, type[Strategy]] = {}
_HELPERS = {"base", "prompts", "extract_legacy"}  # modules that declare no strategy
_ORDER = ("cot",)  # listed first: the published baselines


def register(cls: type[Strategy]) -> type[Strategy]:
    """Class decorator: adds a strategy class to STRATEGIES under its `name`. It must subclass
    `Strategy` and say what it does in one line (`description`)."""
    if not (isinstance(cls, type) and issubclass(cls, Strategy)):
        raise TypeError(f"{getattr(cls, '__name__', cls)!r} is not a subclass of strategies.base.Strategy")
    name = cls.name
    if not name:
        raise TypeError(f"{cls.__name__} has no strategy name")
    if not cls.description.strip() or "\n" in cls.description:
        raise TypeError(f"strategy {name!r} needs a one-line description")
    if STRATEGIES.get(name, cls) is not cls:
        raise RuntimeError(f"strategy {name!r} is declared twice ({STRATEGIES[name].__name__}, {cls.__name__})")
    STRATEGIES[name] = cls
    return cls


# Strategies declared above the bench, in rooms of their own that build on it (scenarios: an
# agent over a patient record); registered the same way, imported last.
_ABOVE = ("medreckon.scenarios.agent",)


def _discover() -> None:
    names = [m.name for m in pkgutil.iter_modules(__path__) if m.name not in _HELPERS]
    for name in sorted(names, key=lambda n: (n not in _ORDER, n)):
        importlib.import_module(f"{__name__}.{name}")
    for module in _ABOVE:
        importlib.import_module(module)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """"extract:max_repairs=1,split_findings=false" -> ("extract", {"max_repairs": "1", ...})."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"strategy parameter {item!r} in {spec!r} must be key=value")
        params[key.strip()] = value.strip()
    return name.strip(), params


def _coerce(strategy: str, key: str, text: str, default: Any) -> Any:
    """A parameter's text as the type of its default (bool, int, float or str)."""
    if isinstance(default, bool):
        words = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}
        if text.lower() in words:
            return words[text.lower()]
        raise ValueError(f"{strategy} parameter {key}: got {text!r}; expected true or false")
    for kind, expected in ((int, "a whole number"), (float, "a number")):
        if isinstance(default, kind):
            try:
                return kind(text)
            except ValueError:
                raise ValueError(f"{strategy} parameter {key}: got {text!r}; expected {expected}") from None
    return text


def strategy_parameters(cls: type) -> dict[str, Any]:
    """The constructor parameters a spec may set: those with a bool, number or string default."""
    sig = inspect.signature(cls.__init__)
    return {p.name: p.default for p in sig.parameters.values()
            if isinstance(p.default, bool | int | float | str)}


def get_strategy(spec: str) -> Strategy:
    """A strategy from its name, optionally with constructor parameters:
    ``extract:max_repairs=1,split_findings=false``. The parameters show in the version, so runs
    of different settings never share attempts."""
    name, params = parse_spec(spec)
    if name not in STRATEGIES:
        raise ValueError(f"unknown strategy {name!r}; known: {', '.join(STRATEGIES)}")
    cls = STRATEGIES[name]
    allowed = strategy_parameters(cls)
    unknown = sorted(set(params) - set(allowed))
    if unknown:
        raise ValueError(f"{name} has no parameter {', '.join(unknown)}; its parameters: "
                         f"{', '.join(f'{k} (default {v})' for k, v in allowed.items()) or 'none'}")
    return cls(**{k: _coerce(name, k, v, allowed[k]) for k, v in params.items()})


_discover()
