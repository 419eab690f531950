"""Fuzz the Python API with hostile inputs: only the declared exceptions may come out, every
returned value must be finite and inside its calculator's output domain, and every error object
and result must stay small and encodable as JSON.

    python benchmarks/fuzz_calls.py --calls 1000000 --seed 1

Each call picks a calculator (round robin) and an entry point of the public API:
`Calculator.calculate` (most calls), `medreckon.calculate` (with hostile calculator names too),
`calculate_many`, `from_medcalc_bench` (entities as a dict or its literal text), `get_calculator`,
`tools.call_tool`, `tools.call_compact_tool`, `tools.search_calculators` and
`tools.describe_calculator`. Inputs are built field by field: left out, a plausible value (in a
random offered unit, as a number, text, `{value, unit}` or `[value, unit]`), or a hostile one
(1e308, 5e-324, NaN, 10**400, 10**5000, numpy numbers, lone surrogates, "5 ft -7 in", 0 as a date,
deep nesting, 10,000-character strings, unknown keys ...).

Declared exceptions: `CalculatorInputError` from the calculator API (the tools answer error
objects instead), and `TypeError` for a call of the wrong shape, whose message names the
argument (`argument 'calculator' takes ...`). Prints one JSON object: calls per entry point,
results, input errors, argument errors, foreign exceptions, non-finite or out-of-domain values
(each with up to 5 examples), and the largest error object and result in bytes (JSON, what REST
and MCP answer). tests/hostile/test_hostile_inputs.py runs a seeded sample of the same generator.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import random
import sys
import time
from typing import Any

import numpy as np

import medreckon
from medreckon.calculators import all_calculators
from medreckon.calculators.describe import describe_inputs
from medreckon.errors import CalculatorInputError
from medreckon.interfaces import tools

try:
    import orjson
except ImportError:  # pragma: no cover - the serve extra installs it
    orjson = None


def _nested(depth: int, leaf: Any) -> Any:
    for _ in range(depth):
        leaf = [leaf]
    return leaf


HOSTILE: list[Any] = [
    0, -0.0, -1, 1e308, -1e308, 5e-324, -5e-324, float("nan"), float("inf"), float("-inf"), 10**400, -(10**400),
    2**63, 2**1023, True, False, None, "", " ", "abc", "NaN", "inf", "-inf", "1e308", "1e-320", "5 ft -7 in",
    "-1 ft 20 in", "1e308 mg/dL", "70 parsecs", "70 kg kg", "1,025.2 mg", "x" * 5000, "7" * 400, [], [70], [70, 70],
    [70, None], [70, "kg", "extra"], {}, {"value": None}, {"value": "70", "unit": 5}, {"value": 70, "unit": "kg", "x": 1},
    {"value": float("nan")}, dt.date(2024, 1, 15), dt.datetime(2024, 1, 15, 12, 0), "2024-02-30", "0000-01-01",
    _nested(300, 70), _nested(5, {"value": 1}), np.float64(1e308), np.float32(70), np.int64(70), np.float64("nan"),
    {"a": _nested(50, 1)}, object(),
    # the probes of issue 29: lone surrogates, integers too long for str(), long literals
    "\ud800", "70 \udcff", {"value": 70, "unit": "k\ud800g"}, "\x00", 10**5000, "9" * 10000, "[" * 10000,
    "-" * 10000 + "1", "1" + "0" * 400 + " mg/dL",
]
NAMES: list[Any] = ["", "no-such-calculator", "x" * 100_000, "\ud800", "bmi\x00", 10**5000, -1, 0, 10**9, 2.5, None,
                    True, [], {}, b"bmi", object(), "BMI", " bmi ", "Body Mass Index (BMI)", "6"]


def _plausible(spec: Any, rng: random.Random) -> Any:
    if spec.kind == "quantity":
        lo, hi = spec.plausible or (0.01, 1000)
        x = rng.uniform(lo, hi)
        unit = rng.choice(spec.units or (spec.unit,))
        from medreckon.calculators import units as u

        try:
            x = u.convert(x, spec.unit, unit)
        except Exception:  # an analyte conversion needs the analyte; keep the canonical unit
            unit = spec.unit
        shape = rng.randrange(5)
        if shape == 0:
            return x if unit == spec.unit else f"{x:.4g} {unit}"
        if shape == 1:
            return f"{x:.6g} {unit}"
        if shape == 2:
            return {"value": x, "unit": unit}
        if shape == 3:
            return [x, unit]
        return np.float64(x) if unit == spec.unit else f"{x:g} {unit}"
    if spec.kind == "choice":
        return rng.choice(spec.choices)
    if spec.kind == "boolean":
        return rng.random() < 0.5
    if spec.kind == "date":
        day = dt.date(2000, 1, 1) + dt.timedelta(days=rng.randrange(10000))
        return day.isoformat() if rng.random() < 0.7 else day
    if spec.kind == "integer":
        return rng.randrange(0, 20)
    return rng.uniform(0, 100)


def random_inputs(calc: Any, specs: list[Any], rng: random.Random) -> dict[str, Any]:
    inputs: dict[str, Any] = {}
    for spec in specs:
        r = rng.random()
        if r < 0.15 and not spec.required or r < 0.03:
            continue
        inputs[spec.name] = _plausible(spec, rng) if r < 0.8 else rng.choice(HOSTILE)
    if rng.random() < 0.05:
        inputs[rng.choice(["wieght", "x" * 300, "", "__class__", "age ", "\ud800"])] = rng.choice(HOSTILE[:20])
    if rng.random() < 0.01:
        inputs.update({f"unknown_{i}": i for i in range(rng.randrange(100, 3000))})
    return inputs


def _entities(calc: Any, specs: list[Any], rng: random.Random) -> Any:
    """A MedCalc-Bench row's entities for `calc`: its entity names with plausible or hostile values,
    as a dict or its literal text, or something else entirely."""
    by_field = {s.name: s for s in specs}
    out: dict[Any, Any] = {}
    for entity, field in calc.medcalc_bench.entities.items():
        r = rng.random()
        if r < 0.1:
            continue
        spec = by_field.get(field or "")
        value = _plausible(spec, rng) if spec is not None and r < 0.8 else rng.choice(HOSTILE)
        if isinstance(value, dict) and set(value) == {"value", "unit"}:
            value = [value["value"], value["unit"]]
        out[entity] = value
    if rng.random() < 0.05:
        out[rng.choice(["Unknown entity", 1, ("a",), "\ud800"])] = 1
    r = rng.random()
    if r < 0.2:
        try:
            return repr(out)
        except Exception:
            return "{"
    if r < 0.25:
        return rng.choice(HOSTILE)
    return out


def _call(point: str, calc: Any, specs: list[Any], rng: random.Random) -> Any:
    """One call through the entry point `point`; returns what it returned."""
    inputs = random_inputs(calc, specs, rng)
    hostile_name = rng.random() < 0.2
    name = rng.choice(NAMES) if hostile_name else calc.id
    if point == "calculate":
        return calc.calculate(inputs)
    if point == "medreckon.calculate":
        if rng.random() < 0.5 and all(isinstance(k, str) for k in inputs):
            return medreckon.calculate(name, **inputs)
        return medreckon.calculate(name, inputs if rng.random() < 0.9 else rng.choice(HOSTILE))
    if point == "calculate_many":
        batch = [inputs, random_inputs(calc, specs, rng)] if rng.random() < 0.9 else rng.choice(HOSTILE)
        errors = "return" if rng.random() < 0.6 else rng.choice(["raise", "bogus", None, 1])
        return medreckon.calculate_many(name, batch, errors=errors)
    if point == "from_medcalc_bench":
        cid: Any = calc.medcalc_bench.id if calc.medcalc_bench and not hostile_name else rng.choice(
            [*NAMES, "2", " 24 ", "²", "999"])
        entities = _entities(calc, specs, rng) if calc.medcalc_bench else rng.choice(HOSTILE)
        return medreckon.from_medcalc_bench(cid, entities)
    if point == "get_calculator":
        return medreckon.get_calculator(name)
    if point == "call_tool":
        tool = tools.tool_name(calc) if not hostile_name else name
        args: Any = inputs
        if rng.random() < 0.3:
            try:
                args = json.dumps(inputs, default=str)
            except (ValueError, RecursionError):
                args = "{"
        elif rng.random() < 0.05:
            args = rng.choice(HOSTILE)
        return tools.call_tool(tool, args)
    if point == "call_compact_tool":
        which = rng.choice(["search_calculators", "describe_calculator", "calculate", *NAMES[:6]])
        args = {"calculator": name, "inputs": inputs, "query": rng.choice([calc.name, *HOSTILE[:30], *NAMES]),
                "specialty": rng.choice([None, calc.specialty, *HOSTILE[:25]]), "limit": rng.choice([None, 3, *HOSTILE[:20]])}
        return tools.call_compact_tool(which, args if rng.random() < 0.9 else rng.choice(HOSTILE))
    if point == "search_calculators":
        return tools.search_calculators(rng.choice([calc.name, "creatinine " * 50, *HOSTILE, *NAMES]),
                                        specialty=rng.choice([None, calc.specialty, *HOSTILE[:25]]),
                                        kind=rng.choice([None, "score", "equation", *HOSTILE[:20]]),
                                        limit=rng.choice([10, 1, *HOSTILE[:20]]))
    if point == "describe_calculator":
        return tools.describe_calculator(name)
    raise AssertionError(point)


POINTS = [("calculate", 0.55), ("medreckon.calculate", 0.08), ("calculate_many", 0.05), ("from_medcalc_bench", 0.08),
          ("get_calculator", 0.02), ("call_tool", 0.10), ("call_compact_tool", 0.08), ("search_calculators", 0.02),
          ("describe_calculator", 0.02)]
NEVER_RAISE = {"call_tool", "call_compact_tool"}  # tool calls answer an error object instead


def _finite(v: Any) -> bool:
    if isinstance(v, float):
        return math.isfinite(v)
    if isinstance(v, int) and not isinstance(v, bool):
        return abs(v) < 2**53
    if isinstance(v, tuple | list):
        return all(_finite(x) for x in v)
    return True


def inside_domain(calc: Any, value: Any) -> bool:
    """The value is one the calculator may answer: inside its declared output domain (equations
    whose formula can leave it declare one; a score's points range is its domain)."""
    domain = calc.output.domain
    if domain is not None:
        return domain.holds(value)
    if calc.output.type == "integer" and calc.output.range and isinstance(value, int | float):
        return calc.output.range[0] <= value <= calc.output.range[1]
    return True


def _encoded_size(obj: Any) -> int:
    """Bytes of `obj` as the servers write it (orjson refuses NaN and lone surrogates: ValueError)."""
    text = json.dumps(obj, allow_nan=False, ensure_ascii=False).encode("utf-8")  # UnicodeEncodeError is a ValueError
    if orjson is not None:
        orjson.dumps(obj)
    return len(text)


class Tally:
    def __init__(self) -> None:
        self.counts: dict[str, int] = {"results": 0, "input_errors": 0, "argument_errors": 0}
        self.per_point: dict[str, int] = {}
        self.problems: dict[str, list[str]] = {"foreign": [], "nonfinite": [], "outside_domain": [], "unencodable": [],
                                                "oversized": []}
        self.largest_error = self.largest_result = 0

    def problem(self, kind: str, text: str) -> None:
        self.problems[kind].append(text[:300])


def _check_result(t: Tally, calc: Any, result: Any, label: str) -> None:
    values = [result.value, result.rounded, *(s.value for s in result.steps)]
    if not all(_finite(v) for v in values):
        t.problem("nonfinite", f"{label}: {result.value!r}")
        return
    if not inside_domain(result_calc(result, calc), result.value):
        t.problem("outside_domain", f"{label}: {result.value!r} from {result.inputs}")
    try:
        t.largest_result = max(t.largest_result, _encoded_size(result.to_dict()))
    except (ValueError, TypeError) as exc:
        t.problem("unencodable", f"{label}: {type(exc).__name__}: {exc}")


def result_calc(result: Any, fallback: Any) -> Any:
    try:
        return medreckon.get_calculator(result.calculator)
    except CalculatorInputError:
        return fallback


def _check_outcome(t: Tally, calc: Any, point: str, out: Any) -> None:
    label = f"{point} {calc.id}"
    if isinstance(out, list):  # calculate_many
        for item in out:
            _check_outcome(t, calc, point, item)
        return
    if isinstance(out, CalculatorInputError):
        _check_error(t, calc, label, out)
        return
    if isinstance(out, medreckon.Result):
        t.counts["results"] += 1
        _check_result(t, calc, out, label)
        return
    if isinstance(out, dict):  # a tool's answer: a result, an error object or search results
        try:
            size = _encoded_size(out)
        except (ValueError, TypeError) as exc:
            t.problem("unencodable", f"{label}: {type(exc).__name__}: {exc}")
            return
        if "error" in out:
            t.counts["input_errors"] += 1
            t.largest_error = max(t.largest_error, size)
            if size > 64 * 1024:
                t.problem("oversized", f"{label}: {size} bytes")
        else:
            t.counts["results"] += 1
            t.largest_result = max(t.largest_result, size)
            if "value" in out and not _finite(out["value"]):
                t.problem("nonfinite", f"{label}: {out['value']!r}")
            elif "value" in out and isinstance(out.get("calculator"), str) and not inside_domain(
                    medreckon.get_calculator(out["calculator"]), out["value"]):
                t.problem("outside_domain", f"{label}: {out['value']!r} from {out.get('inputs')}")
        return
    t.counts["results"] += 1  # a Calculator, a list of summaries


def _check_error(t: Tally, calc: Any, label: str, exc: CalculatorInputError) -> None:
    t.counts["input_errors"] += 1
    try:
        size = _encoded_size(tools.error_object(exc, calc))
        str(exc).encode("utf-8")
    except (ValueError, TypeError) as e:
        t.problem("unencodable", f"{label}: {type(e).__name__}: {e}")
        return
    t.largest_error = max(t.largest_error, size)
    if size > 64 * 1024:
        t.problem("oversized", f"{label}: {size} bytes")


def fuzz(calls: int, seed: int = 1) -> dict[str, Any]:
    rng = random.Random(seed)
    calcs = [(c, describe_inputs(c)) for c in all_calculators()]
    points, weights = zip(*POINTS, strict=True)
    t = Tally()
    for i in range(calls):
        calc, specs = calcs[i % len(calcs)]
        point = rng.choices(points, weights)[0]
        t.per_point[point] = t.per_point.get(point, 0) + 1
        try:
            out = _call(point, calc, specs, rng)
        except CalculatorInputError as exc:
            if point in NEVER_RAISE:
                t.problem("foreign", f"{point} {calc.id}: raised CalculatorInputError: {str(exc)[:150]}")
            else:
                _check_error(t, calc, f"{point} {calc.id}", exc)
            continue
        except TypeError as exc:  # allowed for a call of the wrong shape, naming the argument
            if str(exc).startswith("argument '"):
                t.counts["argument_errors"] += 1
            else:
                t.problem("foreign", f"{point} {calc.id}: TypeError: {str(exc)[:200]}")
            continue
        except Exception as exc:  # the thing this benchmark looks for
            t.problem("foreign", f"{point} {calc.id}: {type(exc).__name__}: {str(exc)[:200]}")
            continue
        _check_outcome(t, calc, point, out)
    p = t.problems
    return {"calls": calls, "seed": seed, "per_entry_point": t.per_point, **t.counts,
            "foreign_exceptions": len(p["foreign"]), "foreign_examples": p["foreign"][:5],
            "nonfinite_results": len(p["nonfinite"]), "nonfinite_examples": p["nonfinite"][:5],
            "outside_domain": len(p["outside_domain"]), "outside_domain_examples": p["outside_domain"][:5],
            "outside_domain_calculators": sorted({e.split(" ")[1].rstrip(":") for e in p["outside_domain"]}),
            "unencodable": len(p["unencodable"]), "unencodable_examples": p["unencodable"][:5],
            "oversized_errors": len(p["oversized"]), "oversized_examples": p["oversized"][:5],
            "largest_error_bytes": t.largest_error, "largest_result_bytes": t.largest_result}


FAILURES = ("foreign_exceptions", "nonfinite_results", "outside_domain", "unencodable", "oversized_errors")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--calls", type=int, default=1_000_000)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    start = time.perf_counter()
    out = fuzz(a.calls, a.seed)
    out["wall_s"] = round(time.perf_counter() - start, 1)
    print(json.dumps(out, indent=1, ensure_ascii=False))
    sys.exit(1 if any(out[k] for k in FAILURES) else 0)


if __name__ == "__main__":
    main()
