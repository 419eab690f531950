"""Bench data path throughput: load MedCalc-Bench v1.0 (1,047 cases, checksum included), parse
1,047 synthetic model outputs, score them under all four rules, and build the text and HTML
reports. Target: under 1 s for the whole path. Prints the median of several repeats (the
machine is shared and noisy); loading is timed cold (the in-process cache is cleared).

    python benchmarks/bench_scoring.py [--repeats 7] [--seed 0]

The synthetic outputs imitate what models write: JSON with step-by-step reasoning (either key
order), free-text chains of thought ending in an answer sentence, reasoning blocks, outputs cut
off at the token limit, refusals and unreadable text; answers are right or perturbed.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from medreckon.bench import datasets
from medreckon.bench.analysis.scoring import RULES
from medreckon.bench.analysis.summary import summarise
from medreckon.bench.answers import format_answer, parse_answer
from medreckon.bench.render.summary import render_html, render_text
from medreckon.bench.types import Case, Outcome

REASONING = (
    "First, identify the values the calculator needs from the note: the patient is {age} years old, "
    "weighs {w} kg and is {h} cm tall; serum creatinine {cr} mg/dL, sodium {na} mmol/L, chloride "
    "{cl} mmol/L, bicarbonate {hco3} mmol/L. Convert units where needed: {h} cm is {m:.2f} m. "
    "Then apply the formula step by step, keeping four significant figures in the intermediate "
    "results: {w} / ({m:.2f} × {m:.2f}) = {bmi:.2f}; ({na} − ({cl} + {hco3})) = {ag}. "
)


def _perturbed(case: Case, rng: random.Random):
    truth = case.ground_truth
    if rng.random() < 0.55:
        return truth
    if case.output_type == "decimal":
        return round(truth * rng.uniform(0.7, 1.3) + rng.uniform(-1, 1), rng.choice((1, 2, 3)))
    if case.output_type == "integer":
        return truth + rng.choice((-2, -1, 1, 2))
    if case.output_type == "date":
        import datetime as dt

        return truth + dt.timedelta(days=rng.choice((-7, -1, 1, 14)))
    weeks, days = truth
    return (weeks + rng.choice((-1, 1)) if weeks else 1, days)


def synthetic_output(case: Case, rng: random.Random) -> tuple[str, str]:
    """(model text, finish reason) for one case."""
    age, w, h = rng.randint(18, 90), rng.randint(45, 120), rng.randint(150, 195)
    m = h / 100
    reasoning = REASONING.format(age=age, w=w, h=h, m=m, bmi=w / (m * m), cr=round(rng.uniform(0.5, 3), 1),
                                 na=rng.randint(128, 148), cl=rng.randint(95, 110), hco3=rng.randint(15, 28),
                                 ag=rng.randint(5, 20)) * rng.randint(1, 4)
    answer = format_answer(_perturbed(case, rng), case.output_type)
    kind = rng.random()
    if kind < 0.45:
        return json.dumps({"step_by_step_thinking": reasoning, "answer": answer}), "stop"
    if kind < 0.60:
        return json.dumps({"answer": answer, "step_by_step_thinking": reasoning}, indent=2), "stop"
    if kind < 0.80:
        return f"{reasoning}\n\nTherefore, the answer is {answer}.", "stop"
    if kind < 0.90:
        return f"<think>\n{reasoning}\n</think>\n\n```json\n{json.dumps({'answer': answer})}\n```", "stop"
    if kind < 0.95:
        return json.dumps({"step_by_step_thinking": reasoning})[: len(reasoning) // 2], "length"
    if kind < 0.98:
        return "I'm sorry, but I cannot determine this from the information given.", "stop"
    return "The patient should be evaluated further by their physician.", "stop"


def run_once(seed: int) -> dict[str, float]:
    t: dict[str, float] = {}
    start = time.perf_counter()
    datasets.medcalc_bench._CACHE.clear()  # time the load cold: read, checksum, parse 1,047 rows
    cases = datasets.load_cases()
    t["load 1,047 cases"] = time.perf_counter() - start

    rng = random.Random(seed)
    outputs = [synthetic_output(c, rng) for c in cases]  # not timed: stands in for the model

    s = time.perf_counter()
    rows = []
    for case, (text, finish) in zip(cases, outputs, strict=True):
        p = parse_answer(text, case.output_type, finish)
        rows.append((case, Outcome(raw=text, answer=p.answer, status=p.status, explanation=p.explanation,
                                   trace={"answer_decimals": p.decimals, "parse_method": p.method})))
    t["parse 1,047 outputs"] = time.perf_counter() - s

    s = time.perf_counter()
    summaries = [summarise(rows, rule) for rule in RULES]
    t["score + summarise, 4 rules"] = time.perf_counter() - s

    s = time.perf_counter()
    text = render_text(summaries[0])
    page = render_html(summaries[0], "synthetic run")
    t["render text + HTML"] = time.perf_counter() - s
    assert text and page
    t["total"] = time.perf_counter() - start
    t["_accuracy"] = summaries[0].overall.accuracy or 0.0
    return t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    try:
        datasets.locate("medcalc-bench")
    except datasets.DatasetNotFound as exc:
        raise SystemExit(f"error: {exc}") from None
    runs = [run_once(args.seed) for _ in range(args.repeats)]
    for key in runs[0]:
        if key.startswith("_"):
            continue
        values = [r[key] for r in runs]
        print(f"{key:<28} {1000 * statistics.median(values):>8.1f} ms  (median of {args.repeats}; "
              f"min {1000 * min(values):.1f}, max {1000 * max(values):.1f})")
    total = statistics.median(r["total"] for r in runs)
    print(f"{'target < 1 s':<28} {'met' if total < 1.0 else 'NOT MET'}")
    print(f"(synthetic accuracy under medcalc_bench: {100 * runs[0]['_accuracy']:.1f}%)")


if __name__ == "__main__":
    main()
