"""Near misses of a criterion: the ones its declaration writes ("a former smoker is not"), the ones
`near_misses.toml` lists for it, and siblings from a concept family (another fracture site,
another stage of kidney disease, another drug class). See near_misses.toml."""

from __future__ import annotations

import hashlib
import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from ...reading.learned.criteria import Criterion

FILE = Path(__file__).with_name("near_misses.toml")


@cache
def _table() -> dict[str, Any]:
    return tomllib.loads(FILE.read_text(encoding="utf-8"))


def fingerprint() -> str:
    return hashlib.sha256(FILE.read_bytes()).hexdigest()[:16]


def _mentions(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE) is not None


def listed(c: Criterion) -> list[str]:
    """The near misses near_misses.toml lists for this input."""
    return list(_table().get("inputs", {}).get(c.calculator, {}).get(c.field, {}).get("near", []))


def too_broad(c: Criterion) -> set[str]:
    """Names of the criterion that one of its near misses contains ("CKD" in "CKD stage 3a"): a
    passage that says only that does not meet it."""
    near = [*listed(c), *c.exclusions]
    return {n for n in c.names if any(_mentions(m, n) for m in near)}


def siblings(c: Criterion) -> list[str]:
    """Members of the other groups of a concept family one of whose groups holds the criterion's
    names, where no name of the criterion falls in those other groups."""
    names = assertions(c)
    out: list[str] = []
    for family in _table().get("families", []):
        groups = family["groups"]
        mine = [i for i, g in enumerate(groups) if any(_mentions(m, n) or _mentions(n, m) for m in g for n in names)]
        if len(mine) != 1:
            continue
        for i, group in enumerate(groups):
            if i != mine[0] and not any(_mentions(m, n) for m in group for n in names):
                out += group
    return out


def near_misses(c: Criterion) -> list[str]:
    """Every near miss of the criterion, none of which names the criterion itself."""
    names = assertions(c) + list(c.instances)
    found = [*c.exclusions, *listed(c), *siblings(c)]
    return [m for m in dict.fromkeys(found) if not any(_mentions(m, n) for n in names)]


# ---------------------------------------------------------------- names that assert a criterion

_FUNCTION_WORDS = {"previous", "prior", "or", "and", "of", "the", "a", "an", "history", "present", "current", "recent",
                   "known", "any", "with", "new", "diagnosed", "positive", "clinical"}
_QUALIFIER = re.compile(r"\b(?:uncontrolled|poorly controlled|active|moderate to severe|moderate|severe|acute|new|"
                        r"labile|premature|unilateral|entire|elevated|abnormal|major|multiple|recurrent)\b\s*", re.I)


def _qualified_word(name: str, statement: str) -> bool:
    """A one-word name the statement qualifies ("fracture" in "Hip, pelvis or leg fracture",
    "effusion" in "Pleural effusion"): a rule reader wants the short word for recall, but a passage
    that says only "a fracture" does not state a hip fracture."""
    if len(name.split()) != 1 or name.isupper() or re.match(rf"{re.escape(name)}\b", statement, re.I):
        return False
    m = re.search(rf"(\w+)[\s-]+{re.escape(name)}\b", statement, re.I)
    return bool(m and m.group(1).lower() not in _FUNCTION_WORDS)


def _bare(name: str, statement: str) -> bool:
    """The bare form of a qualified head: "uncontrolled hypertension" is no "hypertension",
    "moderate to severe chronic kidney disease" no "CKD", "active cancer" no "cancer"."""
    head = re.split(r"[,:;(.]", statement, maxsplit=1)[0]
    if not _QUALIFIER.search(head):
        return False
    bare = _QUALIFIER.sub("", re.sub(r"\bthat is\b.*", "", head)).strip().lower()
    initials = "".join(w[0] for w in bare.split()).upper()
    return name.lower() == bare or (len(initials) > 1 and name == initials)


def assertions(c: Criterion) -> list[str]:
    """The names that state the criterion by themselves: all its names but the broad ones (a
    qualified word alone, a qualified head's bare form, one a near miss contains)."""
    broad = too_broad(c)
    keep = [n for n in c.names if n not in broad and not _qualified_word(n, c.statement) and not _bare(n, c.statement)]
    return keep or list(c.names)
