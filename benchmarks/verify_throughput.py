"""Step-verification throughput: exact step verdicts (`analysis.steps.Verifier`) for 10,000
synthetic traced attempts, no judge. Target: under 10 s. Prints the median of several repeats
(the machine is shared and noisy); each repeat starts with a fresh Verifier, so gold entities,
note numbers and calculator lookups are computed inside the timing.

    python benchmarks/verify_throughput.py [--attempts 10000] [--cases 500] [--repeats 3] [--seed 0]

The cases are synthetic notes for six MedCalc-Bench calculators (BMI, MAP, CKD-EPI, MDRD,
Cockcroft-Gault, CHA2DS2-VASc) with gold entities drawn at random; the attempts are traces the
way `extract` and `tools` record them, computed by the real calculators on the gold inputs or on
perturbed ones (another number of the note, a unit mislabelled, a finding flipped or left out,
a copy slip, another calculator).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from medreckon.bench.analysis.steps import Verifier
from medreckon.bench.calculation import calc_trace, case_options, compute
from medreckon.bench.trace import Repairs
from medreckon.bench.types import Case, Outcome
from medreckon.calculators.medcalc_bench import to_inputs
from medreckon.calculators.registry import by_medcalc_bench_id, get


def _entities(calc_id: int, rng: random.Random) -> tuple[dict, str]:
    """Gold entities of one calculator and a note that states them (with a decoy number)."""
    age, male = rng.randint(25, 90), rng.random() < 0.5
    who = f"A {age}-year-old {'man' if male else 'woman'}"
    sex = "Male" if male else "Female"
    if calc_id == 6:
        w, h = rng.randint(45, 130), rng.randint(150, 195)
        return {"weight": [w, "kg"], "height": [h, "cm"]}, f"{who}, {h} cm tall, weighs {w} kg (was {w + 6} kg)."
    if calc_id == 5:
        s, d = rng.randint(95, 180), rng.randint(50, 100)
        return ({"Systolic Blood Pressure": [s, "mm Hg"], "Diastolic Blood Pressure": [d, "mm Hg"]},
                f"{who}; blood pressure {s}/{d} mm Hg, earlier {s + 20}/{d + 10} mm Hg.")
    if calc_id in (3, 9, 2):
        cr, first = round(rng.uniform(0.6, 3.5), 2), round(rng.uniform(0.6, 3.5), 2)
        ent = {"age": [age, "years"], "sex": sex, "creatinine": [cr, "mg/dL"]}
        note = f"{who}. Creatinine {first} mg/dL on admission and {cr} mg/dL at discharge."
        if calc_id == 2:
            w, h = rng.randint(50, 120), rng.randint(150, 195)
            ent |= {"weight": [w, "kg"], "height": [h, "cm"]}
            note += f" Height {h} cm, weight {w} kg."
        if calc_id == 9 and rng.random() < 0.3:
            ent["Race"] = "Black"
            note += " He identifies as Black." if male else " She identifies as Black."
        return ent, note
    findings = {"Hypertension history": rng.random() < 0.6, "Diabetes history": rng.random() < 0.3,
                "Congestive Heart Faliure": rng.random() < 0.2, "Stroke": rng.random() < 0.1}
    said = ", ".join(k.split()[0].lower() for k, v in findings.items() if v) or "no history"
    return {"age": [age, "years"], "sex": sex, **findings}, f"{who} with atrial fibrillation; {said}."


def make_cases(n: int, rng: random.Random) -> list[Case]:
    cases = []
    for i in range(n):
        calc_id = (6, 5, 3, 9, 2, 4)[i % 6]
        calc = by_medcalc_bench_id(calc_id)
        entities, note = _entities(calc_id, rng)
        value = calc.calculate(to_inputs(calc, entities)).value
        out = calc.output.type
        truth = round(value) if out == "integer" else round(value, 3)
        lo, hi = (round(truth * 0.95, 3), round(truth * 1.05, 3)) if out == "decimal" else (truth, truth)
        cases.append(Case(id=str(i), calculator_id=calc_id, calculator_name=calc.name, note=note,
                          question="?", ground_truth=truth, lower=lo, upper=hi, output_type=out,
                          category="synthetic", entities=entities, dataset="synthetic",
                          dataset_version="1"))
    return cases


def _perturbed(reply: dict, rng: random.Random) -> tuple[dict, str]:
    kind = rng.choice(("gold", "gold", "gold", "value", "unit", "finding", "missing", "slip", "other"))
    quantities = [k for k, v in reply.items() if isinstance(v, dict)]
    findings = [k for k, v in reply.items() if isinstance(v, bool)]
    if kind == "value" and quantities:
        k = rng.choice(quantities)
        return reply | {k: {**reply[k], "value": round(reply[k]["value"] * rng.uniform(0.5, 1.5), 2)}}, kind
    if kind == "unit" and "creatinine" in reply:
        return reply | {"creatinine": {**reply["creatinine"], "unit": "umol/L"}}, kind
    if kind == "finding" and findings:
        k = rng.choice(findings)
        return reply | {k: not reply[k]}, kind
    if kind == "missing" and findings:
        return reply | {rng.choice(findings): None}, kind
    return reply, kind if kind in ("slip", "other") else "gold"


def make_attempts(cases: list[Case], n: int, rng: random.Random) -> list[tuple[Case, Outcome]]:
    rows = []
    for i in range(n):
        case = cases[i % len(cases)]
        calc = by_medcalc_bench_id(case.calculator_id)
        gold = {k: v for k, v in to_inputs(calc, case.entities).items() if k not in calc.medcalc_bench.options}
        reply, kind = _perturbed(gold, rng)
        used = get("ckd-epi-2021") if kind == "other" and calc.id == "mdrd-gfr" else calc
        if used is not calc:
            reply = {k: reply[k] for k in ("age", "sex", "creatinine")}
        done = compute(used, reply, case_options(used, case))
        if done.result is None:
            rows.append((case, Outcome(raw="", answer=None, status="unparsed")))
            continue
        answer = done.result.rounded * (1.3 if kind == "slip" else 1)
        answer = int(answer) if case.output_type == "integer" else float(answer)
        chosen = "model" if kind in ("slip", "other") else "case"
        trace = calc_trace(used, chosen, done.result, reply, answer, kind != "slip", Repairs())
        rows.append((case, Outcome(raw=str(answer), answer=answer, status="ok", calc=trace,
                                   trace={"answer_decimals": 1})))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--attempts", type=int, default=10_000)
    ap.add_argument("--cases", type=int, default=500)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    rows = make_attempts(make_cases(args.cases, rng), args.attempts, rng)
    times, statuses, firsts = [], Counter(), Counter()
    for _ in range(args.repeats):
        verifier = Verifier("medcalc_bench")
        start = time.perf_counter()
        verdicts = [verifier.verify(c, o) for c, o in rows]
        times.append(time.perf_counter() - start)
    statuses.update(v.status for v in verdicts)
    firsts.update(v.first_error() or "none" for v in verdicts if v.status == "ok")
    median = statistics.median(times)
    print(f"verified {len(rows)} traced attempts of {args.cases} cases: median {median:.2f} s "
          f"({len(rows) / median:,.0f} attempts/s) over {args.repeats} repeats "
          f"[{', '.join(f'{t:.2f}' for t in times)}]; target < 10 s: {'met' if median < 10 else 'NOT met'}")
    print(f"statuses {dict(statuses)}; first errors {dict(firsts)}")


if __name__ == "__main__":
    main()
