"""The lexicon: everything the readers know about how notes say things, as data.

    from medreckon.reading.lexicon import lexicon
    lex = lexicon()
    lex.entry("cha2ds2-vasc", "stroke").synonyms     # the words for a finding
    lex.entry("glasgow-coma-scale", "eye").phrases   # how notes state each option of a choice
    lex.fingerprint                                  # sha256 of the files: part of a pipeline's version

Files (TOML, in this folder):
- `concepts.toml`: clinical concepts several scores share and their words ("@NAME" is another
  concept's words, in place);
- `calculators/<calculator id>.toml`: each calculator's inputs by name: `synonyms` of a finding
  (words and @concepts), `phrases` of a choice's options (regular expressions, option by option
  in the order written; `ranked`: most severe first, `current`: the patient's state now), with
  `[fragments]` shared by its phrases (`<NAME>` in a phrase);
- `cues.toml`: negation, family, time and demographic cues, and the ConText rules medspaCy lacks;
- `units.toml`: unit spellings notes use; `names.toml`: names of quantities, abbreviations,
  British spellings.

The calculators hold clinical definitions only (what a criterion is, its time window); the words
for them are here. `load` checks the files' shape, every reference and every regular expression,
and says which file and key is wrong; tests check every entry against the calculators.
"""

from __future__ import annotations

import functools
import hashlib
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
_FRAGMENT = re.compile(r"<([A-Z][A-Z0-9_]*)>")
_FIELD_KEYS = {"synonyms", "phrases", "ranked", "current"}
_SECTIONS = {  # file -> the top-level tables it holds
    "concepts.toml": {"concepts"},
    "cues.toml": {"negation", "family", "time", "quantities", "demographics", "context"},
    "units.toml": {"units"},
    "names.toml": {"quantity_names", "quantity_words", "abbreviations", "spellings"},
}
_CONTEXT_KEYS = {"seen", "literal", "category", "direction", "max_scope", "pattern"}
_REGEXES = {  # (file, table): keys holding one regular expression
    ("cues.toml", "family"): {"relative"},
    ("cues.toml", "time"): {"later", "past", "previous", "distant"},
    ("cues.toml", "quantities"): {"pressure"},
    ("cues.toml", "demographics"): {"nouns", "he", "she", "bare_age_sex", "black"},
}


class LexiconError(ValueError):
    """A lexicon file that cannot be read as the readers need it; the message names the file and key."""


@dataclass(frozen=True)
class Phrases:
    """How notes state each option of a choice (or "true"/"false" of a judgement finding): regular
    expressions per option, in the order written. `ranked`: the options are listed most severe
    first, and when a note states several the first listed wins; otherwise several leave the choice
    open. `current`: the choice is the patient's state now, so a statement in a clause about the past
    ("a hip replacement in 2015") is no option."""

    patterns: tuple[tuple[str, tuple[str, ...]], ...]
    ranked: bool = False
    current: bool = False

    @property
    def options(self) -> tuple[str, ...]:
        return tuple(option for option, _ in self.patterns)


@dataclass(frozen=True)
class Entry:
    """What the lexicon says about one input of one calculator: the words for a finding, the
    phrases of a choice's options (or of a judgement finding's "true" and "false")."""

    synonyms: tuple[str, ...] = ()
    phrases: Phrases | None = None


@dataclass(frozen=True)
class Lexicon:
    concepts: Mapping[str, tuple[str, ...]]
    calculators: Mapping[str, Mapping[str, Entry]]
    cues: Mapping[str, Any]
    units: Mapping[str, Any]
    names: Mapping[str, Any]
    fingerprint: str
    files: tuple[str, ...] = field(default=())

    def entry(self, calculator: str, name: str) -> Entry:
        """The entry of input `name` of calculator `calculator` (an empty one where there is none:
        a finding is then read by its name in words)."""
        return self.calculators.get(calculator, {}).get(name, Entry())


def _fail(where: str, message: str) -> LexiconError:
    return LexiconError(f"lexicon {where}: {message}")


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(x, str) and x.strip() for x in value):
        raise _fail(where, f"expected a list of non-empty strings, got {value!r}")
    return tuple(value)


def _regex(pattern: Any, where: str, flags: int = re.IGNORECASE) -> str:
    if not isinstance(pattern, str):
        raise _fail(where, f"expected a regular expression (a string), got {pattern!r}")
    try:
        re.compile(pattern, flags)
    except re.error as exc:
        raise _fail(where, f"{pattern!r} is not a regular expression: {exc}") from None
    return pattern


def _expand(items: tuple[str, ...], concepts: Mapping[str, tuple[str, ...]], where: str,
            seen: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Words with each "@NAME" replaced by that concept's words, in place."""
    out: list[str] = []
    for item in items:
        if not item.startswith("@"):
            out.append(item)
            continue
        name = item[1:]
        if name not in concepts:
            raise _fail(where, f"{item} names no concept (concepts.toml has {', '.join(sorted(concepts))})")
        if name in seen:
            raise _fail(where, f"{item} refers to itself through {' -> '.join(seen)}")
        out += _expand(concepts[name], concepts, f"concepts.{name}", (*seen, name))
    return tuple(out)


def _phrases(raw: Any, fragments: Mapping[str, str], where: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if not isinstance(raw, dict) or not raw:
        raise _fail(where, "expected a table of options, each with a list of regular expressions")
    out = []
    for option, patterns in raw.items():
        expanded = []
        for i, p in enumerate(_strings(patterns, f"{where}.{option}")):
            for name in _FRAGMENT.findall(p):
                if name not in fragments:
                    raise _fail(f"{where}.{option}[{i}]", f"<{name}> is no fragment of this file")
            expanded.append(_regex(_FRAGMENT.sub(lambda m: fragments[m.group(1)], p), f"{where}.{option}[{i}]"))
        out.append((option, tuple(expanded)))
    return tuple(out)


def _entry(raw: Any, concepts: Mapping[str, tuple[str, ...]], fragments: Mapping[str, str], where: str) -> Entry:
    if not isinstance(raw, dict):
        raise _fail(where, f"expected a table (synonyms, phrases, ranked, current), got {raw!r}")
    unknown = set(raw) - _FIELD_KEYS
    if unknown:
        raise _fail(where, f"unknown key {', '.join(sorted(unknown))}; expected {', '.join(sorted(_FIELD_KEYS))}")
    for flag in ("ranked", "current"):
        if not isinstance(raw.get(flag, False), bool):
            raise _fail(f"{where}.{flag}", "expected true or false")
        if flag in raw and "phrases" not in raw:
            raise _fail(f"{where}.{flag}", "says how phrases are read, but the entry has none")
    synonyms = _expand(_strings(raw["synonyms"], f"{where}.synonyms"), concepts, f"{where}.synonyms") \
        if "synonyms" in raw else ()
    phrases = Phrases(_phrases(raw["phrases"], fragments, f"{where}.phrases"), raw.get("ranked", False),
                      raw.get("current", False)) if "phrases" in raw else None
    return Entry(synonyms, phrases)


def _calculator(path: Path, concepts: Mapping[str, tuple[str, ...]]) -> dict[str, Entry]:
    where = f"calculators/{path.name}"
    data = _read(path, where)
    fragments = data.pop("fragments", {})
    if not isinstance(fragments, dict) or not all(isinstance(v, str) for v in fragments.values()):
        raise _fail(f"{where}.fragments", "expected a table of strings")
    return {name: _entry(raw, concepts, fragments, f"{where}.{name}") for name, raw in data.items()}


def _read(path: Path, where: str) -> dict[str, Any]:
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except tomllib.TOMLDecodeError as exc:
        raise _fail(where, f"not TOML: {exc}") from None


def _check_sections(name: str, data: Mapping[str, Any]) -> None:
    unknown = set(data) - _SECTIONS[name]
    missing = _SECTIONS[name] - set(data)
    if unknown or missing:
        raise _fail(name, f"tables {sorted(data)}; expected {sorted(_SECTIONS[name])}")
    for (file, table), keys in _REGEXES.items():
        if file == name:
            for key in keys:
                flags = 0 if key == "bare_age_sex" else re.IGNORECASE
                _regex(data[table].get(key), f"{name}.{table}.{key}", flags)


def _check_context(rules: Any) -> None:
    if not isinstance(rules, list):
        raise _fail("cues.toml.context", "expected an array of tables ([[context]])")
    for i, rule in enumerate(rules):
        where = f"cues.toml.context[{i}]"
        if not isinstance(rule, dict) or set(rule) - _CONTEXT_KEYS or not {"literal", "category", "direction"} <= set(rule):
            raise _fail(where, f"expected the keys literal, category, direction (and seen, max_scope, pattern); got {rule!r}")


def load(directory: Path = HERE) -> Lexicon:
    """Read and check the lexicon in `directory` (LexiconError names what is wrong)."""
    data = {name: _read(directory / name, name) for name in _SECTIONS}
    for name, content in data.items():
        _check_sections(name, content)
    _check_context(data["cues.toml"]["context"])
    raw_concepts = data["concepts.toml"]["concepts"]
    listed = {k: _strings(v, f"concepts.toml.concepts.{k}") for k, v in raw_concepts.items()}
    concepts = {k: _expand(v, listed, f"concepts.toml.concepts.{k}", (k,)) for k, v in listed.items()}
    paths = sorted((directory / "calculators").glob("*.toml"))
    calculators = {p.stem: _calculator(p, listed) for p in paths}
    files = [*(directory / n for n in sorted(_SECTIONS)), *paths]
    digest = hashlib.sha256()
    for p in files:
        digest.update(str(p.relative_to(directory)).encode() + b"\x1e" + p.read_bytes() + b"\x1e")
    return Lexicon(concepts=concepts, calculators=calculators, cues=data["cues.toml"], units=data["units.toml"]["units"],
                   names=data["names.toml"], fingerprint=digest.hexdigest(),
                   files=tuple(str(p.relative_to(directory)) for p in files))


@functools.cache
def lexicon() -> Lexicon:
    """The package's lexicon, read once."""
    return load()


__all__ = ["Entry", "Lexicon", "LexiconError", "Phrases", "lexicon", "load"]
