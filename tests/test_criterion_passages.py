"""The criterion passage generator (medreckon.env.criteria): labels right by construction (every
passage's label recomputed from its parts), held-out phrasing families and calculators truly absent
from training, near misses that never name the criterion, choice targets, and determinism."""

from __future__ import annotations

import re

import pytest

from medreckon.calculators.registry import all_calculators, get
from medreckon.env.criteria.dataset import dataset
from medreckon.env.criteria.labels import LABELS, Parts, label_of
from medreckon.env.criteria.near_misses import assertions, near_misses, too_broad
from medreckon.env.criteria.passages import PassageGenerator, choice_target, held_out_calculator
from medreckon.env.criteria.phrases import option_samples, read_as, sample
from medreckon.env.criteria.templates import FAMILIES
from medreckon.reading.learned.criteria import Threshold, criteria

GEN = PassageGenerator(seed=3, scale=0.5)
FINDINGS = list(GEN.findings())
CHOICES = list(GEN.choices())
BY_ID = {c.id: c for c in GEN.criteria.findings}
CHOICE_BY_ID = {c.id: c for c in GEN.criteria.choices}
HELD_FAMILIES = {f.id for f in FAMILIES if f.held_out}


def test_every_finding_and_choice_of_every_calculator_has_passages():
    found = criteria()
    with_findings = {p.criterion for p in FINDINGS}
    assert {c.id for c in found.findings if assertions(c)} <= with_findings
    # a criterion with no words to assert it by has none (MRS-9Q's questions, ASPECTS' regions)
    wordless = {c.id for c in found.findings if not assertions(c)}
    assert not wordless & with_findings and len(wordless) <= 20, wordless
    assert {c.id for c in found.choices} <= {p.choice for p in CHOICES}
    # every calculator with a yes/no input is covered, none by a list of names
    declared = {f"{calc.id}:{name}" for calc in all_calculators() for name, f in calc.inputs.model_fields.items()
                if f.annotation in (bool, bool | None)}
    assert declared <= {c.id for c in found.findings}


def test_every_label_is_recomputed_from_its_parts():
    assert {p.label for p in FINDINGS} == set(LABELS)
    for p in FINDINGS:
        c = BY_ID[p.criterion]
        assert label_of(c, p.parts) == p.label, (p.criterion, p.text, p.parts)
        assert p.statement == c.statement
        # the thing said is in the passage as written (or capitalised at a sentence start)
        assert p.parts.text.lower() in p.text.lower(), (p.text, p.parts.text)


def test_choice_targets_are_recomputed_from_the_options_stated():
    for p in CHOICES:
        ch = CHOICE_BY_ID[p.choice]
        assert p.target == choice_target(ch, p.stated)
        assert len(p.statements) == len(ch.options)
    pairs = [p for p in CHOICES if len(p.stated) == 2]
    assert pairs, "ranked choices get passages that state two options"
    for p in pairs:  # the most severe stated wins: the one whose phrases come first
        ch = CHOICE_BY_ID[p.choice]
        order = [o for o, _ in ch.phrases.patterns]
        assert order.index(ch.options[p.target].value) == min(order.index(ch.options[i].value) for i in p.stated)


@pytest.mark.parametrize(("days", "label"), [(7, "asserted"), (21, "asserted"), (25, None), (45, None), (60, "out_of_time"),
                                             (3650, "out_of_time")])
def test_a_recent_criterion_is_asserted_inside_its_window_and_out_of_time_well_outside(days, label):
    c = BY_ID["caprini:recent_fracture"]  # in the last month: 30 days
    assert c.when == "recent" and c.window.days == 30
    assert label_of(c, Parts("assert.ago", "assert", "timed", "name", "hip fracture", days=days)) == label


def test_a_previous_criterion_is_not_the_present_episode():
    c = BY_ID["wells-pe:previous_dvt"]
    assert label_of(c, Parts("assert.presents", "assert", "now", "name", "DVT")) == "out_of_time"
    assert label_of(c, Parts("assert.background", "assert", "history", "name", "DVT")) == "asserted"
    assert label_of(c, Parts("assert.ago", "assert", "timed", "name", "DVT", days=1825)) == "asserted"
    assert label_of(c, Parts("assert.ago", "assert", "timed", "name", "DVT", days=14)) is None


@pytest.mark.parametrize(("age", "label"), [(64, "other_person"), (65, "not_about_it"), (72, "not_about_it"), (40, "other_person")])
def test_a_relatives_disease_counts_only_before_the_age_the_criterion_names(age, label):
    c = BY_ID["heart-score:family_history"]
    assert c.whose == "relative" and c.relative_age == Threshold("age", "<", 65.0)
    assert label_of(c, Parts("relative.fh", "relative", "none", "name", "MI", age=age)) == label


def test_a_patients_criterion_given_to_a_relative_is_another_persons_and_a_denial_is_a_denial():
    c = BY_ID["has-bled:stroke"]
    assert label_of(c, Parts("relative.fh", "relative", "none", "name", "stroke", age=80)) == "other_person"
    assert label_of(c, Parts("deny.no", "deny", "none", "name", "stroke")) == "denied"
    assert label_of(c, Parts("hyp.risk", "hypothetical", "none", "name", "stroke")) == "hypothetical"
    assert label_of(c, Parts("assert.has", "assert", "now", "near", "a TIA")) == "not_about_it"


def test_held_out_families_and_calculators_never_reach_training():
    train = [p for p in FINDINGS + CHOICES if p.split == "train"]
    assert train and any(p.split == "validation" for p in FINDINGS)
    assert not {p.parts.family for p in train} & HELD_FAMILIES
    calc_of = {**{p.criterion: p.criterion.split(":")[0] for p in FINDINGS}, **{p.choice: p.choice.split(":")[0] for p in CHOICES}}
    held_calcs = {c for c in calc_of.values() if held_out_calculator(c)}
    assert held_calcs, "some calculators are held out"
    assert all(get(c).medcalc_bench is None for c in held_calcs)
    assert not {calc_of[getattr(p, "criterion", None) or p.choice] for p in train} & held_calcs
    # no training passage holds a held-out template's own words (its literal parts of 12+ characters)
    fragments = {frag.strip() for f in FAMILIES if f.held_out for t in f.templates
                 for frag in re.split(r"\{\w+\}", t) if len(frag.strip()) >= 12}
    seen = " | ".join(t for f in FAMILIES if not f.held_out for t in f.templates)
    fragments = {frag for frag in fragments if frag not in seen}  # words a training family also has
    assert len(fragments) >= 10
    offending = [p.text for p in train if any(frag in p.text for frag in fragments)]
    # a fragment made by a criterion's own words ("No " + "evidence of increased filling pressures")
    # is no template's: the words are taken out before looking again
    names = sorted({n for c in criteria().findings for n in (*c.names, *c.instances) if len(n) > 3}, key=len,
                   reverse=True)
    for name in names:
        offending = [re.sub(re.escape(name), " ", t, flags=re.I) for t in offending]
    assert not [t for t in offending if any(frag in t for frag in fragments)]


def test_near_misses_never_name_the_criterion_and_broad_names_are_never_assertions():
    for c in GEN.criteria.findings:
        names = [n.lower() for n in assertions(c)]
        for m in near_misses(c):
            assert not any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", m.lower()) for n in names), (c.id, m)
    renal = BY_ID["has-bled:renal_disease"]
    assert "CKD" in too_broad(renal) and "CKD stage 3a" in near_misses(renal)
    asserted = [p for p in FINDINGS if p.criterion == renal.id and p.label == "asserted"]
    assert asserted and not [p for p in asserted if re.search(r"\bCKD\b", p.parts.text)]
    # a word the statement qualifies, or a qualified head's bare form, asserts nothing by itself
    assert "hip fracture" in assertions(BY_ID["caprini:recent_fracture"])
    assert "effusion" in BY_ID["psi:pleural_effusion"].names and "effusion" not in assertions(BY_ID["psi:pleural_effusion"])
    assert "stroke" in assertions(BY_ID["psi:cerebrovascular_disease"])
    cancer = BY_ID["wells-dvt:active_cancer"]
    assert "cancer" in cancer.names and "cancer" not in assertions(cancer)


def test_phrase_samples_are_read_back_as_their_option():
    gcs = CHOICE_BY_ID["glasgow-coma-scale:eye"]
    import random

    rng = random.Random(0)
    for option in ("eye opening to pain", "no eye opening"):
        texts = option_samples(gcs.phrases, option, rng, GEN.vocabulary(gcs.calculator))
        assert texts
        assert all(read_as(gcs.phrases, t) == option for t in texts)
    assert sample(r"\bE2\b", rng) == "E2"
    assert sample(r"(?:eyes?) (?:open(?:ed|s)?) to (?:voice|speech)", rng) in {
        f"{e} {o} to {w}" for e in ("eye", "eyes") for o in ("open", "opened", "opens") for w in ("voice", "speech")}
    assert sample(r"\d+(?<=x)[^.]", rng) is None  # a class that must match something: no plain sample


def test_generation_is_deterministic_and_a_calculators_passages_ignore_the_others():
    a = dataset(generator=PassageGenerator(seed=5, scale=0.2, found=criteria([get("curb-65"), get("perc")])))
    b = dataset(generator=PassageGenerator(seed=5, scale=0.2, found=criteria([get("curb-65"), get("perc")])))
    assert a.fingerprint == b.fingerprint and a.counts() == b.counts()
    alone = PassageGenerator(seed=5, scale=0.2, found=criteria([get("perc")]))
    perc = [r["text"] for r in a.train_findings + a.validation_findings if r["criterion"].startswith("perc:")]
    assert sorted(perc) == sorted(p.text for p in alone.findings())
    other_seed = dataset(generator=PassageGenerator(seed=6, scale=0.2, found=criteria([get("curb-65"), get("perc")])))
    assert other_seed.fingerprint != a.fingerprint


def _passage(criterion: str, kind: str, said: str = "name") -> object:
    return next(p for p in FINDINGS if p.criterion == criterion and p.parts.kind == kind and p.parts.said == said
                and not re.search(r"\d", p.text) or p.criterion == criterion and kind == "relative" == p.parts.kind
                and re.findall(r"\d+", p.text) == [str(p.parts.age)])


def test_a_paraphrase_is_kept_only_when_it_keeps_what_the_label_was_made_of():
    from medreckon.env.criteria.paraphrase import paraphrase
    from scripted import Scripted

    denial = _passage("has-bled:stroke", "deny")
    x = denial.parts.text
    kept, why = paraphrase(denial, Scripted(f"There is no record of {x} in the past."))
    assert why == "ok" and kept.label == "denied" and x in kept.text
    assert label_of(BY_ID[denial.criterion], kept.parts) == "denied"
    assert paraphrase(denial, Scripted(f"She has had {x}."))[1] == "lost the deny cue"
    assert paraphrase(denial, Scripted("No history of cerebrovascular disease."))[1].startswith("lost")
    assertion = _passage("has-bled:stroke", "assert")
    y = assertion.parts.text
    assert paraphrase(assertion, Scripted(f"It is possible that {y} occurred."))[1] == "added a hypothetical cue"
    relative = _passage("caprini:family_history_of_thrombosis", "relative")
    z = relative.parts.text
    assert paraphrase(relative, Scripted(f"{z} in a relative, aged 99."))[1] == "changed a number"
    assert paraphrase(relative, Scripted(""))[1] == "empty paraphrase"
