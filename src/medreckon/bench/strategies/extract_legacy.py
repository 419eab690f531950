"""`extract`'s configurations before reading became a pipeline (issue 17's flags), kept so old run
directories keep their attempt keys and old configurations run again by name.

A spec that sets any of `FLAGS` (`extract:context=alone,candidates=first,...`, `extract:max_repairs=2`)
or names a configuration (`extract:configuration=issue17`) is an old configuration: its pipeline is
composed from the flags (`legacy_pipeline`) out of today's stages, and its version is the one the
flags had (`legacy_version`, frozen: never edit it; new behaviour is a new pipeline, whose version
is derived). `CONFIGURATIONS` names the ones the docs and scripts used; a test pins their versions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...reading.pipeline import Pipeline, Stage
from ...reading.prompts import LEGACY_PROMPT_VERSION
from ...reading.stages.choices import ChoicePhrases, ChoiceQuestions, Demographics
from ...reading.stages.decide import Decide
from ...reading.stages.findings import FindingQuestions, RuleFindings
from ...reading.stages.fixes import Hints
from ...reading.stages.locate import Locate
from ...reading.stages.model import AskModel
from ...reading.stages.quantities import CandidateMentions, ItemLists, NamedQuantities

# every flag `extract` took, with its default then
FLAGS: dict[str, Any] = {
    "max_repairs": 2, "repair_implausible": True, "evidence": False, "split_findings": True, "finding_quotes": True,
    "fix_units": True, "context": "off", "decide": "generate", "threshold": 0.5, "candidates": "false",
    "apply_hints": False, "item_lists": False, "abstain": False, "choices": "generate",
}
CHOICES = {"context": ("off", "alone", "with_model", "veto"), "candidates": ("false", "true", "first"),
           "decide": ("generate", "logprob"), "choices": ("generate", "logprob")}

# named old configurations: their flags and the version their attempts carry
ISSUE17 = {"context": "alone", "choices": "logprob", "candidates": "first", "apply_hints": True, "item_lists": True,
           "abstain": True, "max_repairs": 1}
CONFIGURATIONS: dict[str, tuple[dict[str, Any], str]] = {
    "plain": ({}, "1+e3+r2+splitq+fix"),  # `extract` before issue 28
    "issue17": (ISSUE17, "1+e3+r1+splitq+fix+ctx9-alone+chlp3+cand1st5+hints3+items+abst"),  # the best measured
}


def check_flags(given: Mapping[str, Any]) -> dict[str, Any]:
    """The flags with their old defaults filled in; ValueError naming a flag out of range."""
    flags = {**FLAGS, **given}
    for name, allowed in CHOICES.items():
        flags[name] = str(flags[name]).lower() if name == "candidates" else flags[name]
        if flags[name] not in allowed:
            raise ValueError(f"extract parameter {name}: got {flags[name]!r}; expected one of {', '.join(allowed)}")
    if not 0 <= flags["max_repairs"] <= 5:
        raise ValueError(f"max_repairs must be between 0 and 5, got {flags['max_repairs']}")
    if not 0.0 < flags["threshold"] < 1.0:
        raise ValueError(f"extract parameter threshold: got {flags['threshold']}; expected a probability "
                         "between 0 and 1 (calibrate it with reading.decisions.calibrate)")
    return flags


def legacy_version(f: Mapping[str, Any]) -> str:
    """The version these flags gave `extract`'s attempts (frozen with the code of dd83335)."""
    ev, split = f["evidence"], f["split_findings"]
    flags = (("" if f["repair_implausible"] else "-noimpl") + ("+q" if ev else "")
             + ("+split" if split and not ev else "") + ("q" if split and f["finding_quotes"] and not ev else "")
             + ("+fix" if f["fix_units"] else ""))
    reading = (("" if f["context"] == "off" else f"+ctx9-{f['context']}")
               + ("" if f["decide"] == "generate" else "+lp2") + ("" if f["choices"] == "generate" else "+chlp3")
               + ("" if f["threshold"] == 0.5 else f"+t{f['threshold']:g}")
               + {"false": "", "true": "+cand7", "first": "+cand1st5"}[f["candidates"]]
               + ("+hints3" if f["apply_hints"] else "") + ("+items" if f["item_lists"] else "")
               + ("+abst" if f["abstain"] else ""))
    return f"1+e{LEGACY_PROMPT_VERSION}+r{f['max_repairs']}{flags}{reading}"


def legacy_pipeline(f: Mapping[str, Any]) -> Pipeline:
    """Today's stages composed as the flags composed `extract`'s mechanisms."""
    ev = f["evidence"]
    context = "off" if ev else f["context"]
    split, graded = f["split_findings"] and not ev, f["choices"] == "logprob" and not ev
    candidates = "false" if ev else f["candidates"]
    stages: list[Stage] = [Locate(findings=context != "off", choices=graded)]
    if context != "off":
        stages += [RuleFindings(mode=context), Demographics(), ChoicePhrases()]
    if f["item_lists"] and not ev:
        stages.append(ItemLists())
    if candidates == "first":
        stages.append(NamedQuantities())
    if candidates != "false":
        stages.append(CandidateMentions())
    if split:
        stages.append(FindingQuestions(decide=f["decide"], quotes=f["finding_quotes"], threshold=f["threshold"],
                                       veto=context == "veto"))
    if graded:
        stages.append(ChoiceQuestions())
    stages.append(AskModel(max_repairs=f["max_repairs"], repair_implausible=f["repair_implausible"], evidence=ev,
                           nullable=f["abstain"] and not ev, veto=context == "veto"))
    if f["apply_hints"]:
        stages.append(Hints())
    stages.append(Decide(abstain=f["abstain"], fix_units=f["fix_units"]))
    return Pipeline("extract-flags", tuple(stages))
